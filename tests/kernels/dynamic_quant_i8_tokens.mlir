// dynamic_quant_i8_tokens.mlir -- vLLM's dynamic per-token int8
// quantisation before a W8A8 matmul, for Llama-3-8B's 32-token prefill
// (4096 f16 per token, a token per core), as torch-mlir writes it: the
// token's absolute maximum widened to f32 (a reduction linalg.generic),
// its scale absmax / 127 stored as f32, then each element divided by the
// scale, rounded to even, clamped to [-128, 127] and converted to i8 (a
// parallel generic reading the scale through (d0, d1) -> (d0)). The f16 row
// streams in two passes (stream-row-passes), its vectors of 128 lanes (the
// i8 output's) each two f16 sticks, the scale pushed between the passes:
// 5,192 cycles. Before: an f16 row and an i8 one in one stage held the row
// whole, 28,680 bytes against the compute engine's 2,048, 7,170 cycles.
//
// What it computes
//   x : 32x4096 f16, q : 32x4096 i8, scale : 32 f32. grid = [32]:
//   scale[t] = max_c |f32(x[t, c])| / 127,
//   q[t, c] = i8(clamp(roundeven(f32(x[t, c]) / scale[t]), -128, 127)).
#x_all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#one_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#tokens = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#single = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#to_row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @dynamic_scaled_int8_quant(%x_ptr: index, %q_ptr: index, %scale_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.000000e+00 : f32
    %qmax = arith.constant 1.270000e+02 : f32
    %qmin = arith.constant -1.280000e+02 : f32
    %tok = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #x_all, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #x_all, memory_space = #ktdp.memory_space<global>} : memref<32x4096xi8>
    %sv = ktdp.construct_memory_view %scale_ptr, sizes: [32], strides: [1] {coordinate_set = #tokens, memory_space = #ktdp.memory_space<global>} : memref<32xf32>
    %xa = ktdp.construct_access_tile %xv[%tok, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %e1 = tensor.empty() : tensor<1xf32>
    %m0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
    %absmax = linalg.generic {indexing_maps = [#id2, #to_row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x4096xf16>) outs(%m0 : tensor<1xf32>) {
    ^bb0(%in: f16, %acc: f32):
      %w = arith.extf %in : f16 to f32
      %a = math.absf %w : f32
      %mx = arith.maximumf %a, %acc : f32
      linalg.yield %mx : f32
    } -> tensor<1xf32>
    %scale = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
        ins(%absmax : tensor<1xf32>) outs(%e1 : tensor<1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.divf %in, %qmax : f32
      linalg.yield %s : f32
    } -> tensor<1xf32>
    %eq = tensor.empty() : tensor<1x4096xi8>
    %q = linalg.generic {indexing_maps = [#id2, #to_row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x, %scale : tensor<1x4096xf16>, tensor<1xf32>) outs(%eq : tensor<1x4096xi8>) {
    ^bb0(%in: f16, %s: f32, %out: i8):
      %w = arith.extf %in : f16 to f32
      %d = arith.divf %w, %s : f32
      %r = math.roundeven %d : f32
      %lo = arith.maximumf %r, %qmin : f32
      %hi = arith.minimumf %lo, %qmax : f32
      %i = arith.fptosi %hi : f32 to i8
      linalg.yield %i : i8
    } -> tensor<1x4096xi8>
    %qa = ktdp.construct_access_tile %qv[%tok, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<32x4096xi8> -> !ktdp.access_tile<1x4096xindex>
    ktdp.store %q, %qa : tensor<1x4096xi8>, !ktdp.access_tile<1x4096xindex>
    %sa = ktdp.construct_access_tile %sv[%tok] {access_tile_set = #single, access_tile_order = #id1} : memref<32xf32> -> !ktdp.access_tile<1xindex>
    ktdp.store %scale, %sa : tensor<1xf32>, !ktdp.access_tile<1xindex>
    return
  }
}
