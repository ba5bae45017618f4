// dequant_w8_rows_f16.mlir -- a W8A16 weight dequantisation as torch-mlir
// writes vLLM's per-output-channel scheme: w[n, k] = f16(float(q[n, k]) *
// scale[n]) for a 128 x 4096 slice of Llama-3-8B's q_proj (4 output
// channels per core, 32 cores). The i8 rows set the stick loop's lanes
// (128), the f16 output moves two sticks per vector, and the four f32
// scales are popped once, before the sticks, one per row.
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#s_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#four = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#r = affine_map<(d0, d1) -> (d0)>
module {
  func.func @dequant_w8_rows(%q_ptr: index, %s_ptr: index, %w_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %t = ktdp.get_compute_tile_id : index
    %n = arith.muli %t, %c4 : index
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [128, 4096], strides: [4096, 1] {coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>} : memref<128x4096xi8>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [128], strides: [1] {coordinate_set = #s_set, memory_space = #ktdp.memory_space<global>} : memref<128xf32>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [128, 4096], strides: [4096, 1] {coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>} : memref<128x4096xf16>
    %qa = ktdp.construct_access_tile %qv[%n, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<128x4096xi8> -> !ktdp.access_tile<4x4096xindex>
    %q = ktdp.load %qa : !ktdp.access_tile<4x4096xindex> -> tensor<4x4096xi8>
    %sa = ktdp.construct_access_tile %sv[%n] {access_tile_set = #four, access_tile_order = #id1} : memref<128xf32> -> !ktdp.access_tile<4xindex>
    %s = ktdp.load %sa : !ktdp.access_tile<4xindex> -> tensor<4xf32>
    %e = tensor.empty() : tensor<4x4096xf16>
    %w = linalg.generic {indexing_maps = [#id2, #r, #id2], iterator_types = ["parallel", "parallel"]} ins(%q, %s : tensor<4x4096xi8>, tensor<4xf32>) outs(%e : tensor<4x4096xf16>) {
    ^bb0(%in: i8, %sc: f32, %out: f16):
      %0 = arith.sitofp %in : i8 to f32
      %1 = arith.mulf %0, %sc : f32
      %2 = arith.truncf %1 : f32 to f16
      linalg.yield %2 : f16
    } -> tensor<4x4096xf16>
    %wa = ktdp.construct_access_tile %wv[%n, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<128x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    ktdp.store %w, %wa : tensor<4x4096xf16>, !ktdp.access_tile<4x4096xindex>
    return
  }
}
