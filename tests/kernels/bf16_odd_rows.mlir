// bf16_odd_rows.mlir -- bf16 elementwise on 21 rows of 64 split over 3
// tiles (7 rows each, an odd count): y = x * x - x.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 20 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 6 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @bf16_odd_rows(%x_ptr: index, %y_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c7 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [21, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<21x64xbf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [21, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<21x64xbf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<21x64xbf16> -> !ktdp.access_tile<7x64xindex>
    %x = ktdp.load %xa : <7x64xindex> -> tensor<7x64xbf16>
    %sq = arith.mulf %x, %x : tensor<7x64xbf16>
    %y = arith.subf %sq, %x : tensor<7x64xbf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<21x64xbf16> -> !ktdp.access_tile<7x64xindex>
    ktdp.store %y, %ya : tensor<7x64xbf16>, <7x64xindex>
    return
  }
}
