// triangle_copy.mlir -- copies the lower triangle of a matrix through an
// access tile whose set is a triangle (d0 - d1 >= 0).
//
// What it computes
//   X, Y, L : 64x64 fp16, one tile. The set {(i, j) : 0 <= j <= i <= 63}
//   has 2080 points; the tile's type is the set's bounding box, 64x64
//   (anchored at the set's lowest point, (0, 0)):
//     L = load(X) through the triangle: positions above the diagonal are
//         masked lanes and load as 0 (L is X's lower triangle, zeros above)
//     L is stored whole into the L view (a box tile);
//     L is stored into Y through the triangle: masked lanes are not
//         written, so Y keeps what it held above the diagonal.

#full = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#tri  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, d0 - d1 >= 0)>
#id2  = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @triangle_copy(%x_ptr: index, %y_ptr: index, %l_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #full, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #full, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    %l_view = ktdp.construct_memory_view %l_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #full, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #tri, access_tile_order = #id2
    } : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
    %l = ktdp.load %x_acc : <64x64xindex> -> tensor<64x64xf16>
    %l_acc = ktdp.construct_access_tile %l_view[%c0, %c0] {
      access_tile_set = #full, access_tile_order = #id2
    } : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
    ktdp.store %l, %l_acc : tensor<64x64xf16>, <64x64xindex>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #tri, access_tile_order = #id2
    } : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
    ktdp.store %l, %y_acc : tensor<64x64xf16>, <64x64xindex>
    return
  }
}
