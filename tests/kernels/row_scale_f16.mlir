// row_scale_f16.mlir -- a per-row scale loaded next to the matrix, on
// rows of 100 f16 (one and about a half 64-element sticks), 12 rows, one
// tile:  y[i, j] = x[i, j] * s[i] - x[i, j]
// The compute unit pops s whole (12 values, one stick) before the loop over
// x's sticks and reads each stick's row value from it (nest-vector-pipelines).
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 99 >= 0)>
#rows = affine_set<(d0) : (d0 >= 0, -d0 + 11 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @row_scale_f16(%x_ptr: index, %s_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [12, 100], strides: [100, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<12x100xf16>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [12], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<12xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [12, 100], strides: [100, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<12x100xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<12x100xf16> -> !ktdp.access_tile<12x100xindex>
    %sa = ktdp.construct_access_tile %sv[%c0] {
      access_tile_set = #rows, access_tile_order = #id1
    } : memref<12xf16> -> !ktdp.access_tile<12xindex>
    %s = ktdp.load %sa : <12xindex> -> tensor<12xf16>
    %x = ktdp.load %xa : <12x100xindex> -> tensor<12x100xf16>
    %e = tensor.empty() : tensor<12x100xf16>
    %sb = linalg.broadcast ins(%s : tensor<12xf16>) outs(%e : tensor<12x100xf16>) dimensions = [1]
    %xs = arith.mulf %x, %sb : tensor<12x100xf16>
    %y = arith.subf %xs, %x : tensor<12x100xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<12x100xf16> -> !ktdp.access_tile<12x100xindex>
    ktdp.store %y, %ya : tensor<12x100xf16>, <12x100xindex>
    return
  }
}
