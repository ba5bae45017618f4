// every4th_col_f16.mlir -- every fourth column of a matrix through a `mod`
// set (d1 mod 4 == 0), packed and masked; the masked rows end in a
// partial stick.
//
// What it computes
//   X : 8x128 fp16, P : 8x32 fp16, B : 8x125 fp16, one tile. The set
//   {(i, j) : 0 <= i <= 7, 0 <= j <= 124, j mod 4 == 0} has 8 x 32 points
//   in a bounding box of 8x125:
//     packed = load(X) with type 8x32: P[i, k] = X[i, 4k]; stored into P
//              (a box tile);
//     boxed  = load(X) with type 8x125: B[i, j] = X[i, j] when j mod 4 == 0,
//              else 0 (masked lanes); 125 halves (250 bytes) per row: two
//              sticks, the second partly used; stored into B (a box tile).

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#cols4 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 124 >= 0, d1 mod 4 == 0)>
#p_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#b_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 124 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @every4th_col_f16(%x_ptr: index, %p_ptr: index, %b_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %p_view = ktdp.construct_memory_view %p_ptr, sizes: [8, 32], strides: [32, 1] {
      coordinate_set = #p_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x32xf16>
    %b_view = ktdp.construct_memory_view %b_ptr, sizes: [8, 125], strides: [125, 1] {
      coordinate_set = #b_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x125xf16>
    %packed_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #cols4, access_tile_order = #id2
    } : memref<8x128xf16> -> !ktdp.access_tile<8x32xindex>
    %packed = ktdp.load %packed_acc : <8x32xindex> -> tensor<8x32xf16>
    %p_acc = ktdp.construct_access_tile %p_view[%c0, %c0] {
      access_tile_set = #p_set, access_tile_order = #id2
    } : memref<8x32xf16> -> !ktdp.access_tile<8x32xindex>
    ktdp.store %packed, %p_acc : tensor<8x32xf16>, <8x32xindex>
    %boxed_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #cols4, access_tile_order = #id2
    } : memref<8x128xf16> -> !ktdp.access_tile<8x125xindex>
    %boxed = ktdp.load %boxed_acc : <8x125xindex> -> tensor<8x125xf16>
    %b_acc = ktdp.construct_access_tile %b_view[%c0, %c0] {
      access_tile_set = #b_set, access_tile_order = #id2
    } : memref<8x125xf16> -> !ktdp.access_tile<8x125xindex>
    ktdp.store %boxed, %b_acc : tensor<8x125xf16>, <8x125xindex>
    return
  }
}
