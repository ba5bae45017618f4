// box3d_partial_stick_f16.mlir -- a 3-D box whose rows end in a partial
// stick, split over three cores: y = x * x - 1.
//
// What it computes
//   X, Y : 3x5x70 fp16 (70 halves = 140 bytes per row: one whole stick and
//   12 bytes of a second), grid [3]: core t loads the 1x5x70 slab
//   X[t, :, :], computes x * x - 1 and stores it into Y[t, :, :].

#view = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 4 >= 0, d2 >= 0, -d2 + 69 >= 0)>
#slab = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 4 >= 0, d2 >= 0, -d2 + 69 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

module {
  func.func @box3d_partial_stick_f16(%x_ptr: index, %y_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %one = arith.constant dense<1.0> : tensor<1x5x70xf16>
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [3, 5, 70], strides: [350, 70, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<3x5x70xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [3, 5, 70], strides: [350, 70, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<3x5x70xf16>
    %xa = ktdp.construct_access_tile %xv[%t, %c0, %c0] {
      access_tile_set = #slab, access_tile_order = #id3
    } : memref<3x5x70xf16> -> !ktdp.access_tile<1x5x70xindex>
    %x = ktdp.load %xa : <1x5x70xindex> -> tensor<1x5x70xf16>
    %sq = arith.mulf %x, %x : tensor<1x5x70xf16>
    %y = arith.subf %sq, %one : tensor<1x5x70xf16>
    %ya = ktdp.construct_access_tile %yv[%t, %c0, %c0] {
      access_tile_set = #slab, access_tile_order = #id3
    } : memref<3x5x70xf16> -> !ktdp.access_tile<1x5x70xindex>
    ktdp.store %y, %ya : tensor<1x5x70xf16>, <1x5x70xindex>
    return
  }
}
