// --seed gives integers that are data (no value made from them is an index)
// signed values in [-16, 16), never all zero, so an integer kernel cannot
// pass vacuously and a quantised kernel's sign handling is exercised; an
// integer that indexes something (a gather's row here) stays below the
// smallest extent of the floating-point views but 1, in range. (Before,
// every integer was in [0, smallest extent): a row of scales [1, N] made
// that [0, 1), all zeros, and an i8 weight never negative.)
// RUN: spyre-run %s --function double_ints --seed 0 --engine interp --output x=%t.npy
// RUN: python3 -c "import struct,sys; b=open(sys.argv[1],'rb').read(); h=struct.unpack('<H',b[8:10])[0]; v=struct.unpack('<64i',b[10+h:10+h+256]); print('range', min(v), max(v), 'distinct', len(set(v)) > 8)" %t.npy | FileCheck %s --check-prefix=DATA
// DATA: range -{{1[0-6]|[1-9]}} {{1[0-5]|[1-9]}} distinct True
// RUN: spyre-run %s --function gather_rows --seed 0 --engine interp --output ids=%t.ids.npy
// RUN: python3 -c "import struct,sys; b=open(sys.argv[1],'rb').read(); h=struct.unpack('<H',b[8:10])[0]; v=struct.unpack('<8i',b[10+h:10+h+32]); print('in range', min(v) >= 0 and max(v) < 64, 'distinct', len(set(v)) > 2)" %t.ids.npy | FileCheck %s --check-prefix=INDEX
// INDEX: in range True distinct True
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
#eight = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#table = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#rows8 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @gather_rows(%ids: index, %table: index, %out: index) attributes {grid = [8]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %iv = ktdp.construct_memory_view %ids, sizes: [8], strides: [1] {coordinate_set = #eight, memory_space = #ktdp.memory_space<global>} : memref<8xi32>
  %tv = ktdp.construct_memory_view %table, sizes: [64, 64], strides: [64, 1] {coordinate_set = #table, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [8, 64], strides: [64, 1] {coordinate_set = #rows8, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %ia = ktdp.construct_access_tile %iv[%c0] {access_tile_set = #eight, access_tile_order = #id1} : memref<8xi32> -> !ktdp.access_tile<8xindex>
  %all = ktdp.load %ia : !ktdp.access_tile<8xindex> -> tensor<8xi32>
  %id = tensor.extract %all[%t] : tensor<8xi32>
  %r = arith.index_cast %id : i32 to index
  %ra = ktdp.construct_access_tile %tv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<64x64xf16> -> !ktdp.access_tile<1x64xindex>
  %v = ktdp.load %ra : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %oa = ktdp.construct_access_tile %ov[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
  ktdp.store %v, %oa : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
