#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 65535 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @one_row(%a: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [65536, 65536], strides: [65536, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<65536x65536xf16>
  %t = ktdp.construct_access_tile %A[%c0, %c0] {
    access_tile_set = #row, access_tile_order = #id
  } : memref<65536x65536xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  return
}
