// checker_f16.mlir -- a checkerboard set ((d0 + d1) mod 2 == 0): which
// columns a row keeps depends on the row, so no single stride describes
// the set. Loaded with masked lanes, doubled, stored back through it.
//
// What it computes
//   X, Y : 8x40 fp16, one tile. The set {(i, j) : 0 <= i <= 7,
//   0 <= j <= 35, (i + j) mod 2 == 0} has 18 points per row, 144 in all,
//   in a bounding box of 8x36 (anchored at (0, 0)):
//     S = load(X) with type 8x36: S[i, j] = X[i, j] on the points, else 0;
//     Y receives S + S through the same tile: only the points are written
//       (columns 36..39 and the other colour keep what Y held).

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#checker = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 35 >= 0, (d0 + d1) mod 2 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @checker_f16(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [8, 40], strides: [40, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x40xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [8, 40], strides: [40, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x40xf16>
    %s_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #checker, access_tile_order = #id2
    } : memref<8x40xf16> -> !ktdp.access_tile<8x36xindex>
    %s = ktdp.load %s_acc : <8x36xindex> -> tensor<8x36xf16>
    %d = arith.addf %s, %s : tensor<8x36xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #checker, access_tile_order = #id2
    } : memref<8x40xf16> -> !ktdp.access_tile<8x36xindex>
    ktdp.store %d, %y_acc : tensor<8x36xf16>, <8x36xindex>
    return
  }
}
