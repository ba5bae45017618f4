// rmsnorm_generic_f32_acc.mlir -- Llama-3's RMSNorm over a 32-token prefill
// (32 x 4096 f16, four rows per core, weight 4096 f16) as a generator writes
// `x.float().pow(2).mean(-1)`: a reduction linalg.generic whose body widens
// each element to f32 and squares it before adding it to an f32
// accumulator, then one parallel generic reading the row's sum through the
// map (d0, d1) -> (d0) and the weight through (d0, d1) -> (d1). The
// reduction's body is split into an elementwise map and a reduce of one
// addition, which the row passes stream (held whole it was an internal
// compiler error: the held path folded f16 sticks into the f32 sum).
//
// What it computes
//   x, y : 32x4096 f16, w : 4096 f16. grid = [8]:
//   y[r, c] = f16(f32(x[r, c]) * rsqrt(sum_c f32(x)^2 / 4096 + 1e-5)) * w[c].
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#wset = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
module {
  func.func @gen_rmsnorm(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [4096], strides: [1] {
      coordinate_set = #wset, memory_space = #ktdp.memory_space<global>
    } : memref<4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    %wa = ktdp.construct_access_tile %wv[%c0] {
      access_tile_set = #wset, access_tile_order = #id1
    } : memref<4096xf16> -> !ktdp.access_tile<4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<4x4096xindex> -> tensor<4x4096xf16>
    %w = ktdp.load %wa : !ktdp.access_tile<4096xindex> -> tensor<4096xf16>
    %zero = arith.constant 0.0 : f32
    %e0 = tensor.empty() : tensor<4xf32>
    %sinit = linalg.fill ins(%zero : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
    %ss = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x4096xf16>) outs(%sinit : tensor<4xf32>) {
    ^bb0(%in: f16, %acc: f32):
      %f = arith.extf %in : f16 to f32
      %sq = arith.mulf %f, %f : f32
      %a = arith.addf %sq, %acc : f32
      linalg.yield %a : f32
    } -> tensor<4xf32>
    %n = arith.constant 4096.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e1 = tensor.empty() : tensor<4x4096xf16>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x, %ss, %w : tensor<4x4096xf16>, tensor<4xf32>, tensor<4096xf16>) outs(%e1 : tensor<4x4096xf16>) {
    ^bb0(%in: f16, %s: f32, %wt: f16, %out: f16):
      %mean = arith.divf %s, %n : f32
      %me = arith.addf %mean, %eps : f32
      %r = math.rsqrt %me : f32
      %xf = arith.extf %in : f16 to f32
      %xn = arith.mulf %xf, %r : f32
      %xh = arith.truncf %xn : f32 to f16
      %o = arith.mulf %xh, %wt : f16
      linalg.yield %o : f16
    } -> tensor<4x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    ktdp.store %y, %ya : tensor<4x4096xf16>, !ktdp.access_tile<4x4096xindex>
    return
  }
}
