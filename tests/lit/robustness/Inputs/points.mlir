// An access tile whose set has POINTS rows of 64 but whose type says 4x64.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + LAST >= 0, d1 >= 0, -d1 + 63 >= 0)>
#odd = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d0 mod 2 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @points(%a: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %t = ktdp.construct_access_tile %A[%c0, %c0] {
    access_tile_set = #SET, access_tile_order = #id
  } : memref<4x64xf16> -> !ktdp.access_tile<TYPExindex>
  %x = ktdp.load %t : !ktdp.access_tile<TYPExindex> -> tensor<TYPExf16>
  return
}
