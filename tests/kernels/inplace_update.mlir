// inplace_update.mlir -- read-modify-write of the same view, twice: x is
// updated in place to x * 2 + 1, then the first 8 columns of each row are
// read back from memory (after the store) and negated in place.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#head = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @inplace_update(%x_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %two = arith.constant dense<2.0> : tensor<5x64xf16>
    %one = arith.constant dense<1.0> : tensor<5x64xf16>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [5, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<5x64xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<5x64xf16> -> !ktdp.access_tile<5x64xindex>
    %x = ktdp.load %xa : <5x64xindex> -> tensor<5x64xf16>
    %x2 = arith.mulf %x, %two : tensor<5x64xf16>
    %y = arith.addf %x2, %one : tensor<5x64xf16>
    ktdp.store %y, %xa : tensor<5x64xf16>, <5x64xindex>
    %ha = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #head, access_tile_order = #id2
    } : memref<5x64xf16> -> !ktdp.access_tile<5x8xindex>
    %h = ktdp.load %ha : <5x8xindex> -> tensor<5x8xf16>
    %n = arith.negf %h : tensor<5x8xf16>
    ktdp.store %n, %ha : tensor<5x8xf16>, <5x8xindex>
    return
  }
}
