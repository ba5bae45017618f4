// token_quant_stats_i8.mlir -- dynamic per-token int8 quantisation of
// Llama-3-8B activations (32 tokens x 4096, f32; vLLM's
// scaled_int8_quant) as torch-mlir writes it: the row's scale, a scalar,
// is made a 0-d tensor with tensor.from_elements (prim.NumToTensor) and
// broadcast by a linalg.generic; the row's statistics (minimum, maximum,
// scale) are scalars packed into one row with tensor.from_elements.
//
// What it computes
//   x : 32x4096 f32. grid = [32]: tile t computes, for row t,
//   mn = min(x), mx = max(x), scale = max(mx, -mn) / 127,
//   q[t, :] = x / scale (f32, before rounding to i8, which a later kernel
//   does), stats[t, :] = [mn, mx, scale, 127].
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#st_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#st_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 3 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
module {
  func.func @token_quant(%x_ptr: index, %q_ptr: index, %stats_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf32>
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf32>
    %stv = ktdp.construct_memory_view %stats_ptr, sizes: [32, 4], strides: [4, 1] {
      coordinate_set = #st_set, memory_space = #ktdp.memory_space<global>} : memref<32x4xf32>
    %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2}
        : memref<32x4096xf32> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : <1x4096xindex> -> tensor<1x4096xf32>
    %inf = arith.constant 0x7F800000 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %c127 = arith.constant 127.0 : f32
    %e1 = tensor.empty() : tensor<1xf32>
    %mn0 = linalg.fill ins(%inf : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
    %mnt = linalg.reduce { arith.minimumf } ins(%x : tensor<1x4096xf32>) outs(%mn0 : tensor<1xf32>) dimensions = [1]
    %mx0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
    %mxt = linalg.reduce { arith.maximumf } ins(%x : tensor<1x4096xf32>) outs(%mx0 : tensor<1xf32>) dimensions = [1]
    %mn = tensor.extract %mnt[%c0] : tensor<1xf32>
    %mx = tensor.extract %mxt[%c0] : tensor<1xf32>
    %neg = arith.negf %mn : f32
    %amax = arith.maximumf %mx, %neg : f32
    %scale = arith.divf %amax, %c127 : f32
    %scale_t = tensor.from_elements %scale : tensor<f32>
    %empty = tensor.empty() : tensor<1x4096xf32>
    %q = linalg.generic {indexing_maps = [#id2, #scalar, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x, %scale_t : tensor<1x4096xf32>, tensor<f32>) outs(%empty : tensor<1x4096xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %y = arith.divf %v, %s : f32
      linalg.yield %y : f32
    } -> tensor<1x4096xf32>
    %stats = tensor.from_elements %mn, %mx, %scale, %c127 : tensor<1x4xf32>
    %qa = ktdp.construct_access_tile %qv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2}
        : memref<32x4096xf32> -> !ktdp.access_tile<1x4096xindex>
    ktdp.store %q, %qa : tensor<1x4096xf32>, !ktdp.access_tile<1x4096xindex>
    %sta = ktdp.construct_access_tile %stv[%t, %c0] {access_tile_set = #st_row, access_tile_order = #id2}
        : memref<32x4xf32> -> !ktdp.access_tile<1x4xindex>
    ktdp.store %stats, %sta : tensor<1x4xf32>, !ktdp.access_tile<1x4xindex>
    return
  }
}
