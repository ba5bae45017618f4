// strided_columns.mlir -- a view that takes every third column of a 6x96
// f32 buffer (strides [96, 3]: 6x32 logical), and a view with padded rows
// (row stride 40 for 32 columns): y = x + 0.5 written to the padded view.
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @strided_columns(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %h = arith.constant dense<0.5> : tensor<6x32xf32>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [6, 32], strides: [96, 3] {
      coordinate_set = #xs, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [6, 32], strides: [40, 1] {
      coordinate_set = #xs, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf32>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #xs, access_tile_order = #id2
    } : memref<6x32xf32> -> !ktdp.access_tile<6x32xindex>
    %x = ktdp.load %xa : <6x32xindex> -> tensor<6x32xf32>
    %y = arith.addf %x, %h : tensor<6x32xf32>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #xs, access_tile_order = #id2
    } : memref<6x32xf32> -> !ktdp.access_tile<6x32xindex>
    ktdp.store %y, %ya : tensor<6x32xf32>, <6x32xindex>
    return
  }
}
