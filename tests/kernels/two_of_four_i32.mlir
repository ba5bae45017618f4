// two_of_four_i32.mlir -- two columns of every four (1 - d1 mod 4 >= 0:
// columns 0, 1, 4, 5, ...) of an i32 matrix, packed and masked.
//
// What it computes
//   X : 4x64 i32, P : 4x32 i32, B : 4x62 i32, one tile. The set
//   {(i, j) : 0 <= i <= 3, 0 <= j <= 63, j mod 4 <= 1} has 4 x 32 points
//   in a bounding box of 4x62 (the last point of a row is column 61):
//     P = load(X) with type 4x32 (the points packed in order:
//         P[i, 2m + r] = X[i, 4m + r], r < 2), stored as a box;
//     B = load(X) with type 4x62 (X where j mod 4 <= 1, else 0, masked
//         lanes), stored as a box.

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#pairs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0, 1 - d1 mod 4 >= 0)>
#p_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#b_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 61 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @two_of_four_i32(%x_ptr: index, %p_ptr: index, %b_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xi32>
    %p_view = ktdp.construct_memory_view %p_ptr, sizes: [4, 32], strides: [32, 1] {
      coordinate_set = #p_set, memory_space = #ktdp.memory_space<global>
    } : memref<4x32xi32>
    %b_view = ktdp.construct_memory_view %b_ptr, sizes: [4, 62], strides: [62, 1] {
      coordinate_set = #b_set, memory_space = #ktdp.memory_space<global>
    } : memref<4x62xi32>
    %pk_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #pairs, access_tile_order = #id2
    } : memref<4x64xi32> -> !ktdp.access_tile<4x32xindex>
    %pk = ktdp.load %pk_acc : <4x32xindex> -> tensor<4x32xi32>
    %p_acc = ktdp.construct_access_tile %p_view[%c0, %c0] {
      access_tile_set = #p_set, access_tile_order = #id2
    } : memref<4x32xi32> -> !ktdp.access_tile<4x32xindex>
    ktdp.store %pk, %p_acc : tensor<4x32xi32>, <4x32xindex>
    %bx_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #pairs, access_tile_order = #id2
    } : memref<4x64xi32> -> !ktdp.access_tile<4x62xindex>
    %bx = ktdp.load %bx_acc : <4x62xindex> -> tensor<4x62xi32>
    %b_acc = ktdp.construct_access_tile %b_view[%c0, %c0] {
      access_tile_set = #b_set, access_tile_order = #id2
    } : memref<4x62xi32> -> !ktdp.access_tile<4x62xindex>
    ktdp.store %bx, %b_acc : tensor<4x62xi32>, <4x62xindex>
    return
  }
}
