// --seed gives a kernel of integer views only values that are not all
// zero (below the smallest extent of its views: 64 here), so an integer
// kernel cannot pass vacuously; with a floating-point view the integers
// stay below its smallest extent, in range for a gather.
// RUN: spyre-run %s --seed 0 --engine interp --output x=%t.npy
// RUN: python3 -c "import struct,sys; b=open(sys.argv[1],'rb').read(); h=struct.unpack('<H',b[8:10])[0]; v=struct.unpack('<64i',b[10+h:10+h+256]); print('range', min(v), max(v), 'distinct', len(set(v)) > 8)" %t.npy | FileCheck %s
// CHECK: range 0 {{[1-9][0-9]*}} distinct True
#s = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @double_ints(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [64], strides: [1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<64xi32>
  %yv = ktdp.construct_memory_view %y, sizes: [64], strides: [1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<64xi32>
  %xa = ktdp.construct_access_tile %xv[%c0] {access_tile_set = #s, access_tile_order = #id1} : memref<64xi32> -> !ktdp.access_tile<64xindex>
  %t = ktdp.load %xa : !ktdp.access_tile<64xindex> -> tensor<64xi32>
  %d = arith.addi %t, %t : tensor<64xi32>
  %ya = ktdp.construct_access_tile %yv[%c0] {access_tile_set = #s, access_tile_order = #id1} : memref<64xi32> -> !ktdp.access_tile<64xindex>
  ktdp.store %d, %ya : tensor<64xi32>, !ktdp.access_tile<64xindex>
  return
}
