// Given the scratchpad size, a load or store of a tile larger than a core's
// scratchpad is refused on its line.
// RUN: spyre-opt %s -verify-diagnostics -ktir-legality-check="lx-bytes=1000"

#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @k(%x: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %v = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  // expected-error @+1 {{this 'tensor<8x64xf16>' tile takes 1024 bytes but a core's scratchpad holds 1000}}
  %d = ktdp.load %t : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  return
}
