// upper_triangle_f32.mlir -- copies the upper triangle of an f32 matrix
// through an access tile whose set is a triangle (d1 - d0 >= 0): the
// mirror of triangle_copy, in another size and element type.
//
// What it computes
//   X, Y, U : 40x40 f32, one tile. The set {(i, j) : 0 <= i <= j <= 39}
//   has 820 points; the tile's type is the set's bounding box, 40x40
//   (anchored at its lowest point, (0, 0)):
//     U = load(X) through the triangle: positions below the diagonal are
//         masked lanes and load as 0; U is stored whole (a box tile);
//     Y receives U through the triangle: masked lanes are not written, so
//         Y keeps what it held below the diagonal.

#full = affine_set<(d0, d1) : (d0 >= 0, -d0 + 39 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#upper = affine_set<(d0, d1) : (d0 >= 0, d1 - d0 >= 0, -d1 + 39 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @upper_triangle_f32(%x_ptr: index, %y_ptr: index, %u_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [40, 40], strides: [40, 1] {
      coordinate_set = #full, memory_space = #ktdp.memory_space<global>
    } : memref<40x40xf32>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [40, 40], strides: [40, 1] {
      coordinate_set = #full, memory_space = #ktdp.memory_space<global>
    } : memref<40x40xf32>
    %u_view = ktdp.construct_memory_view %u_ptr, sizes: [40, 40], strides: [40, 1] {
      coordinate_set = #full, memory_space = #ktdp.memory_space<global>
    } : memref<40x40xf32>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #upper, access_tile_order = #id2
    } : memref<40x40xf32> -> !ktdp.access_tile<40x40xindex>
    %u = ktdp.load %x_acc : <40x40xindex> -> tensor<40x40xf32>
    %u_acc = ktdp.construct_access_tile %u_view[%c0, %c0] {
      access_tile_set = #full, access_tile_order = #id2
    } : memref<40x40xf32> -> !ktdp.access_tile<40x40xindex>
    ktdp.store %u, %u_acc : tensor<40x40xf32>, <40x40xindex>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #upper, access_tile_order = #id2
    } : memref<40x40xf32> -> !ktdp.access_tile<40x40xindex>
    ktdp.store %u, %y_acc : tensor<40x40xf32>, <40x40xindex>
    return
  }
}
