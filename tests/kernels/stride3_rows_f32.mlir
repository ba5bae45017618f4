// stride3_rows_f32.mlir -- every third row of an f32 matrix through a set
// with a stride (d0 mod 3 == 0) and an odd number of points along it, in
// both shapes such a tile may take.
//
// What it computes
//   X : 40x32 f32, P : 13x32 f32, B : 37x32 f32, one tile each. The set
//   {(i, j) : 0 <= i <= 36, i mod 3 == 0, 0 <= j <= 31} has 13 x 32
//   points (rows 0, 3, ..., 36) in a bounding box of 37x32:
//     P = load(X) with type 13x32: the points packed, P[r, j] = X[3r, j];
//     B = load(X) with type 37x32: row r is
//         X's row r when r mod 3 == 0, else 0 (masked lanes).

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 39 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#every3 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 36 >= 0, d0 mod 3 == 0, d1 >= 0, -d1 + 31 >= 0)>
#p_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 12 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#b_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 36 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @stride3_rows_f32(%x_ptr: index, %p_ptr: index, %b_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [40, 32], strides: [32, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<40x32xf32>
    %p_view = ktdp.construct_memory_view %p_ptr, sizes: [13, 32], strides: [32, 1] {
      coordinate_set = #p_set, memory_space = #ktdp.memory_space<global>
    } : memref<13x32xf32>
    %b_view = ktdp.construct_memory_view %b_ptr, sizes: [37, 32], strides: [32, 1] {
      coordinate_set = #b_set, memory_space = #ktdp.memory_space<global>
    } : memref<37x32xf32>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #every3, access_tile_order = #id2
    } : memref<40x32xf32> -> !ktdp.access_tile<13x32xindex>
    %x = ktdp.load %x_acc : <13x32xindex> -> tensor<13x32xf32>
    %p_acc = ktdp.construct_access_tile %p_view[%c0, %c0] {
      access_tile_set = #p_set, access_tile_order = #id2
    } : memref<13x32xf32> -> !ktdp.access_tile<13x32xindex>
    ktdp.store %x, %p_acc : tensor<13x32xf32>, <13x32xindex>
    %bx_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #every3, access_tile_order = #id2
    } : memref<40x32xf32> -> !ktdp.access_tile<37x32xindex>
    %bx = ktdp.load %bx_acc : <37x32xindex> -> tensor<37x32xf32>
    %b_acc = ktdp.construct_access_tile %b_view[%c0, %c0] {
      access_tile_set = #b_set, access_tile_order = #id2
    } : memref<37x32xf32> -> !ktdp.access_tile<37x32xindex>
    ktdp.store %bx, %b_acc : tensor<37x32xf32>, <37x32xindex>
    return
  }
}
