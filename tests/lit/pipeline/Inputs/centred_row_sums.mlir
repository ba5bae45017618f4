// Per-chunk row sums of squared deviations from a tile computed before the
// loop (held by the compute unit), each chunk's sums stored: the loop's
// compute stage reduces a streamed tile whose elementwise prefix reads the
// held tile. The tile is the first chunk scaled by a scale read from memory
// (a splat of a scalar: extract-compute-groups makes again in the loop only
// elementwise ops on loaded tiles and one-value constants, so this one stays
// held).
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#y_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#y_row = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @centred(%x_ptr: index, %s_ptr: index, %y_ptr: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : tensor<8xf16>
  %x_view = ktdp.construct_memory_view %x_ptr, sizes: [8, 512], strides: [512, 1] {coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
  %y_view = ktdp.construct_memory_view %y_ptr, sizes: [4, 8], strides: [8, 1] {coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>} : memref<4x8xf16>
  %first = ktdp.construct_access_tile %x_view[%c0, %c0] {access_tile_set = #chunk, access_tile_order = #id2} : memref<8x512xf16> -> !ktdp.access_tile<8x128xindex>
  %x0 = ktdp.load %first : <8x128xindex> -> tensor<8x128xf16>
  %s_view = ktdp.construct_memory_view %s_ptr, sizes: [1], strides: [1] {coordinate_set = #one, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
  %st = ktdp.construct_access_tile %s_view[%c0] {access_tile_set = #one, access_tile_order = #id1} : memref<1xf16> -> !ktdp.access_tile<1xindex>
  %s1 = ktdp.load %st : <1xindex> -> tensor<1xf16>
  %s = tensor.extract %s1[%c0] : tensor<1xf16>
  %scale = tensor.splat %s : tensor<8x128xf16>
  %m = arith.mulf %x0, %scale : tensor<8x128xf16>
  scf.for %j = %c0 to %c4 step %c1 {
    %col = arith.muli %j, %c128 : index
    %t = ktdp.construct_access_tile %x_view[%c0, %col] {access_tile_set = #chunk, access_tile_order = #id2} : memref<8x512xf16> -> !ktdp.access_tile<8x128xindex>
    %x = ktdp.load %t : <8x128xindex> -> tensor<8x128xf16>
    %d = arith.subf %x, %m : tensor<8x128xf16>
    %sq = arith.mulf %d, %d : tensor<8x128xf16>
    %r = linalg.reduce { arith.addf } ins(%sq : tensor<8x128xf16>) outs(%zero : tensor<8xf16>) dimensions = [1]
    %u = ktdp.construct_access_tile %y_view[%j, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 7 >= 0)>, access_tile_order = #id2} : memref<4x8xf16> -> !ktdp.access_tile<1x8xindex>
    %r2 = tensor.expand_shape %r [[0, 1]] output_shape [1, 8] : tensor<8xf16> into tensor<1x8xf16>
    ktdp.store %r2, %u : tensor<1x8xf16>, <1x8xindex>
  }
  return
}
