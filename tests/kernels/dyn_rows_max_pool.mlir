// dyn_rows_max_pool.mlir -- max pooling of a sentence embedding over its n
// tokens (n <= 512 known at launch; hidden 2048, f32), as torch-mlir writes
// torch.amax over a dynamic token dimension: a linalg.reduce over dimension
// 0 of a tile !ktdp.access_tile<?x64xindex> with symbols(%n). It becomes a
// loop over the rows carrying the running maximum (a maximum does not
// depend on the order it folds in: exact).
// RUN-ARGS: --arg n=203
//
// What it computes
//   x : 512x2048 f32, out : 1x2048 f32.
//   grid = [32]: tile t computes out[0, 64t + j] = max_{i < n} x[i, 64t + j].
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#o = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2047 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#orow = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dyn_max_pool(%x_ptr: index, %out_ptr: index, %n: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %t = ktdp.get_compute_tile_id : index
    %col = arith.muli %t, %c64 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [512, 2048], strides: [2048, 1] {
      coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf32>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [1, 2048], strides: [2048, 1] {
      coordinate_set = #o, memory_space = #ktdp.memory_space<global>} : memref<1x2048xf32>
    %xa = ktdp.construct_access_tile %xv[%c0, %col] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2}
        : memref<512x2048xf32> -> !ktdp.access_tile<?x64xindex>
    %x = ktdp.load %xa : <?x64xindex> -> tensor<?x64xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %e = tensor.empty() : tensor<64xf32>
    %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
    %m = linalg.reduce { arith.maximumf } ins(%x : tensor<?x64xf32>) outs(%init : tensor<64xf32>) dimensions = [0]
    %m2 = tensor.expand_shape %m [[0, 1]] output_shape [1, 64] : tensor<64xf32> into tensor<1x64xf32>
    %oa = ktdp.construct_access_tile %ov[%c0, %col] {access_tile_set = #orow, access_tile_order = #id2}
        : memref<1x2048xf32> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %m2, %oa : tensor<1x64xf32>, !ktdp.access_tile<1x64xindex>
    return
  }
}
