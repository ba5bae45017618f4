// strided_rows.mlir -- every fourth row of a matrix, through a set with a
// stride (d0 mod 4 == 0), in both shapes such a tile may take.
//
// What it computes
//   X : 64x64 fp16, P : 16x64 fp16, B : 61x64 fp16, one tile. The set
//   {(i, j) : 0 <= i <= 60, i mod 4 == 0, 0 <= j <= 63} has 16 x 64 points
//   in a bounding box of 61x64.
//     packed = load(X) with type 16x64: the points packed in order, i.e.
//              rows 0, 4, ..., 60 of X (the type holds exactly the points);
//              stored into P (a box tile);
//     boxed  = load(X) with type 61x64: the bounding box, row r of it is
//              X's row r when r mod 4 == 0 and 0 (masked lanes) otherwise;
//              stored into B (a box tile).

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#every4 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 60 >= 0, d0 mod 4 == 0, d1 >= 0, -d1 + 63 >= 0)>
#p_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 60 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @strided_rows(%x_ptr: index, %p_ptr: index, %b_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    %p_view = ktdp.construct_memory_view %p_ptr, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = #p_set, memory_space = #ktdp.memory_space<global>
    } : memref<16x64xf16>
    %b_view = ktdp.construct_memory_view %b_ptr, sizes: [61, 64], strides: [64, 1] {
      coordinate_set = #b_set, memory_space = #ktdp.memory_space<global>
    } : memref<61x64xf16>
    %packed_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #every4, access_tile_order = #id2
    } : memref<64x64xf16> -> !ktdp.access_tile<16x64xindex>
    %packed = ktdp.load %packed_acc : <16x64xindex> -> tensor<16x64xf16>
    %p_acc = ktdp.construct_access_tile %p_view[%c0, %c0] {
      access_tile_set = #p_set, access_tile_order = #id2
    } : memref<16x64xf16> -> !ktdp.access_tile<16x64xindex>
    ktdp.store %packed, %p_acc : tensor<16x64xf16>, <16x64xindex>
    %boxed_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #every4, access_tile_order = #id2
    } : memref<64x64xf16> -> !ktdp.access_tile<61x64xindex>
    %boxed = ktdp.load %boxed_acc : <61x64xindex> -> tensor<61x64xf16>
    %b_acc = ktdp.construct_access_tile %b_view[%c0, %c0] {
      access_tile_set = #b_set, access_tile_order = #id2
    } : memref<61x64xf16> -> !ktdp.access_tile<61x64xindex>
    ktdp.store %boxed, %b_acc : tensor<61x64xf16>, <61x64xindex>
    return
  }
}
