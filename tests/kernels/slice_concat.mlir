// slice_concat.mlir -- tensor.extract_slice / insert_slice / expand_shape /
// collapse_shape on one 4x64 f16 tile: the two column halves are swapped
// and the left half is scaled by 2; the result goes out through a 256-element
// 1-D view (collapse_shape), and the first row's sum through a rank-0 tile.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#flat = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @slice_concat(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %two = arith.constant dense<2.0> : tensor<4x32xf16>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [256], strides: [1] {
      coordinate_set = #flat, memory_space = #ktdp.memory_space<global>
    } : memref<256xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
    %x = ktdp.load %xa : <4x64xindex> -> tensor<4x64xf16>
    %l = tensor.extract_slice %x[0, 0] [4, 32] [1, 1] : tensor<4x64xf16> to tensor<4x32xf16>
    %r = tensor.extract_slice %x[0, 32] [4, 32] [1, 1] : tensor<4x64xf16> to tensor<4x32xf16>
    %l2 = arith.mulf %l, %two : tensor<4x32xf16>
    %e = tensor.empty() : tensor<4x64xf16>
    %a = tensor.insert_slice %r into %e[0, 0] [4, 32] [1, 1] : tensor<4x32xf16> into tensor<4x64xf16>
    %b = tensor.insert_slice %l2 into %a[0, 32] [4, 32] [1, 1] : tensor<4x32xf16> into tensor<4x64xf16>
    %flat = tensor.collapse_shape %b [[0, 1]] : tensor<4x64xf16> into tensor<256xf16>
    %ya = ktdp.construct_access_tile %yv[%c0] {
      access_tile_set = #flat, access_tile_order = #id1
    } : memref<256xf16> -> !ktdp.access_tile<256xindex>
    ktdp.store %flat, %ya : tensor<256xf16>, <256xindex>
    return
  }
}
