// A one-tile kernel whose numbers the hostile-* tests replace with sed:
// 4294967296, 4294967296 (the grid), 3 (the access tile set's last row), 4 and 64
// (the view's rows and row stride). As written (4294967296, 4294967296=1, 3=3, 4=4,
// 64=64) it copies 4x64 f16 from %a to %b.
#view_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>
func.func @copy(%a: index, %b: index) attributes {grid = [4294967296, 4294967296]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #view_set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #view_set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {
    access_tile_set = #tile_set, access_tile_order = #identity
  } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {
    access_tile_set = #tile_set, access_tile_order = #identity
  } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  ktdp.store %x, %tb : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
