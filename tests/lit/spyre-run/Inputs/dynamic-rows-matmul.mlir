// A matmul of the first n rows of x (a tile of a run-time extent) by w:
// refused by the legality check on the access tile's line (RUN lines in
// ../dynamic-rows.mlir).
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dyn_matmul(%x_ptr: index, %w_ptr: index, %y_ptr: index, %n: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
    %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #v, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<128x128xindex>
    %x = ktdp.load %xa : <?x128xindex> -> tensor<?x128xf16>
    %w = ktdp.load %wa : <128x128xindex> -> tensor<128x128xf16>
    %e = tensor.empty(%n) : tensor<?x128xf16>
    %y = linalg.matmul ins(%x, %w : tensor<?x128xf16>, tensor<128x128xf16>) outs(%e : tensor<?x128xf16>) -> tensor<?x128xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
    ktdp.store %y, %ya : tensor<?x128xf16>, !ktdp.access_tile<?x128xindex>
    return
  }
}
