// antidiag_band_f16.mlir -- an anti-diagonal band: row i of the set covers
// columns 40 - i .. 55 - i (the band runs from the top right to the bottom
// left), loaded both masked and packed.
//
// What it computes
//   X, Y : 8x96 fp16, P : 8x16 fp16, one tile. The set {(i, j) :
//   0 <= i <= 7, 40 <= i + j <= 55} has 16 points per row, 128 in all,
//   in a bounding box of 8x23 (anchored at its lowest point, (0, 33)):
//     S = load(X) with type 8x23: S[i, k] = X[i, 33 + k] when
//         40 <= i + 33 + k <= 55, else 0 (masked lane);
//     Y receives 3 * S through the same tile: only the band is written;
//     Q = load(X) with type 8x16: the band's points packed row by row
//         (Q[i, k] = X[i, 40 - i + k]); stored into P (a box tile).

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 95 >= 0)>
#p_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#anti = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d0 + d1 - 40 >= 0, -d0 - d1 + 55 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @antidiag_band_f16(%x_ptr: index, %y_ptr: index, %p_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %three = arith.constant dense<3.0> : tensor<8x23xf16>
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [8, 96], strides: [96, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x96xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [8, 96], strides: [96, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x96xf16>
    %p_view = ktdp.construct_memory_view %p_ptr, sizes: [8, 16], strides: [16, 1] {
      coordinate_set = #p_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x16xf16>
    %s_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #anti, access_tile_order = #id2
    } : memref<8x96xf16> -> !ktdp.access_tile<8x23xindex>
    %s = ktdp.load %s_acc : <8x23xindex> -> tensor<8x23xf16>
    %t = arith.mulf %s, %three : tensor<8x23xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #anti, access_tile_order = #id2
    } : memref<8x96xf16> -> !ktdp.access_tile<8x23xindex>
    ktdp.store %t, %y_acc : tensor<8x23xf16>, <8x23xindex>
    %q_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #anti, access_tile_order = #id2
    } : memref<8x96xf16> -> !ktdp.access_tile<8x16xindex>
    %q = ktdp.load %q_acc : <8x16xindex> -> tensor<8x16xf16>
    %p_acc = ktdp.construct_access_tile %p_view[%c0, %c0] {
      access_tile_set = #p_set, access_tile_order = #id2
    } : memref<8x16xf16> -> !ktdp.access_tile<8x16xindex>
    ktdp.store %q, %p_acc : tensor<8x16xf16>, <8x16xindex>
    return
  }
}
