// bias_cols_f32.mlir -- broadcasts along both axes on 10x40 f32:
//   y[i, j] = x[i, j] * s[i] + b[j]   (s broadcast along columns, b along rows)
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#rows = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>
#cols = affine_set<(d0) : (d0 >= 0, -d0 + 39 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @bias_cols_f32(%x_ptr: index, %s_ptr: index, %b_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [10, 40], strides: [40, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<10x40xf32>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [10], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<10xf32>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [40], strides: [1] {
      coordinate_set = #cols, memory_space = #ktdp.memory_space<global>
    } : memref<40xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [10, 40], strides: [40, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<10x40xf32>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<10x40xf32> -> !ktdp.access_tile<10x40xindex>
    %sa = ktdp.construct_access_tile %sv[%c0] {
      access_tile_set = #rows, access_tile_order = #id1
    } : memref<10xf32> -> !ktdp.access_tile<10xindex>
    %ba = ktdp.construct_access_tile %bv[%c0] {
      access_tile_set = #cols, access_tile_order = #id1
    } : memref<40xf32> -> !ktdp.access_tile<40xindex>
    %x = ktdp.load %xa : <10x40xindex> -> tensor<10x40xf32>
    %s = ktdp.load %sa : <10xindex> -> tensor<10xf32>
    %b = ktdp.load %ba : <40xindex> -> tensor<40xf32>
    %e1 = tensor.empty() : tensor<10x40xf32>
    %sb = linalg.broadcast ins(%s : tensor<10xf32>) outs(%e1 : tensor<10x40xf32>) dimensions = [1]
    %e2 = tensor.empty() : tensor<10x40xf32>
    %bb = linalg.broadcast ins(%b : tensor<40xf32>) outs(%e2 : tensor<10x40xf32>) dimensions = [0]
    %xs = arith.mulf %x, %sb : tensor<10x40xf32>
    %y = arith.addf %xs, %bb : tensor<10x40xf32>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<10x40xf32> -> !ktdp.access_tile<10x40xindex>
    ktdp.store %y, %ya : tensor<10x40xf32>, <10x40xindex>
    return
  }
}
