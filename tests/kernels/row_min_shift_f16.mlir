// row_min_shift_f16.mlir -- each row shifted by its minimum, on rows of 80
// f16 (one and a quarter 64-element sticks), 8 rows per tile on 2 tiles:
//   y[i, j] = x[i, j] - min_j x[i, j]
// The minimum comes back into the rows: the compute stage runs as passes
// over streamed rows (stream-row-passes); each row's partial last stick is
// padded with +inf, the minimum's identity, before it is folded in.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 79 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 79 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @row_min_shift_f16(%x_ptr: index, %y_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %inf = arith.constant 0x7C00 : f16
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c8 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [16, 80], strides: [80, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<16x80xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [16, 80], strides: [80, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<16x80xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<16x80xf16> -> !ktdp.access_tile<8x80xindex>
    %x = ktdp.load %xa : <8x80xindex> -> tensor<8x80xf16>
    %e0 = tensor.empty() : tensor<8xf16>
    %m0 = linalg.fill ins(%inf : f16) outs(%e0 : tensor<8xf16>) -> tensor<8xf16>
    %m = linalg.reduce { arith.minimumf } ins(%x : tensor<8x80xf16>) outs(%m0 : tensor<8xf16>) dimensions = [1]
    %e1 = tensor.empty() : tensor<8x80xf16>
    %mb = linalg.broadcast ins(%m : tensor<8xf16>) outs(%e1 : tensor<8x80xf16>) dimensions = [1]
    %y = arith.subf %x, %mb : tensor<8x80xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<16x80xf16> -> !ktdp.access_tile<8x80xindex>
    ktdp.store %y, %ya : tensor<8x80xf16>, <8x80xindex>
    return
  }
}
