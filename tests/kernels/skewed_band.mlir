// skewed_band.mlir -- a skewed (parallelogram) access tile: row i of the
// set covers columns i .. i + 63, and the result scaled by 2 is stored
// back through the same skewed tile.
//
// What it computes
//   X, Y : 8x128 fp16, one tile. The set {(i, j) : 0 <= i <= 7,
//   i <= j <= i + 63} has 512 points in a bounding box of 8x71 (anchored
//   at (0, 0)). S = load(X) is 8x71: S[i, j] = X[i, j] when i <= j <= i+63,
//   else 0 (masked lane). Y receives 2 * S through the same tile: only the
//   band is written; the rest of Y keeps what it held.

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 - d0 >= 0, d0 - d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @skewed_band(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %two = arith.constant dense<2.0> : tensor<8x71xf16>
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x128xf16> -> !ktdp.access_tile<8x71xindex>
    %s = ktdp.load %x_acc : <8x71xindex> -> tensor<8x71xf16>
    %d = arith.mulf %s, %two : tensor<8x71xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x128xf16> -> !ktdp.access_tile<8x71xindex>
    ktdp.store %d, %y_acc : tensor<8x71xf16>, <8x71xindex>
    return
  }
}
