// What a run warns of before it starts (driver/KernelHazards.h).
// A memory view whose coordinate_set names more rows than its static sizes
// hold is warned of on its line: the accesses to the extra rows are not
// masked (their points are in the set) and reach memory past the view, here
// the %y array that other cores write (the fifth tester's kernel gave
// "WRONG" under --engine both and nothing said why). A view whose set fits
// its sizes gets no warning.
// RUN: spyre-run %s --function past --seed 0 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: spyre-run %s --function fits --seed 0 2>&1 | FileCheck %s --check-prefix=FITS
// An inter-tile reduce whose consumer is not one of its group's producers
// (the spec's rule R13, which the compiler enforces) runs in the interpreter with a warning.
// RUN: spyre-run %s --function to_outsider --seed 0 2>&1 | FileCheck %s --check-prefix=R13
// RUN: not spyre-compile %s --function to_outsider -o %t.spyb 2>&1 | FileCheck %s --check-prefix=R13C
// R13: kernel-hazards.mlir:[[@LINE+55]]:8: warning: inter-tile reduce: a consumer that is not a producer of its group breaks the spec's rule R13 (the compiler refuses it); the interpreter gives it the group's reduction, as ktir-cpu does
// R13C: kernel-hazards.mlir:[[@LINE+54]]:8: error: inter-tile reduce: every consumer must be a producer of its group
// Two tile coordinates on a one-dimensional grid: the second is 0.
// RUN: spyre-run %s --function two_ids --seed 0 2>&1 | FileCheck %s --check-prefix=IDS
// IDS: kernel-hazards.mlir:[[@LINE+66]]:12: warning: asks for 2 tile coordinates but the grid has 1 dimension (the compiler refuses it); the interpreter gives the others 0
// PAST: kernel-hazards.mlir:[[@LINE+13]]:8: warning: the coordinate_set names coordinates 0 to 63 of dimension 0, but the view has 32 there (sizes [32, 128]): an access to the others is not masked and reads or writes memory past the view
// PAST-NOT: warning
// FITS-NOT: warning
#rows64 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows32 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#rows8 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @past(%x_ptr: index, %y_ptr: index) attributes {grid = [32]} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = ktdp.get_compute_tile_id : index
  %r = arith.muli %t, %c2 : index
  %x = ktdp.construct_memory_view %x_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #rows64, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
  %y = ktdp.construct_memory_view %y_ptr, sizes: [64, 128], strides: [128, 1] {coordinate_set = #rows64, memory_space = #ktdp.memory_space<global>} : memref<64x128xf16>
  %a = ktdp.construct_access_tile %x[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
  %v = ktdp.load %a : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
  %b = ktdp.construct_access_tile %y[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<64x128xf16> -> !ktdp.access_tile<1x128xindex>
  ktdp.store %v, %b : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
  return
}
func.func @fits(%x_ptr: index, %y_ptr: index) attributes {grid = [32]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %x = ktdp.construct_memory_view %x_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #rows32, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
  %y = ktdp.construct_memory_view %y_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #rows32, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
  %a = ktdp.construct_access_tile %x[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
  %v = ktdp.load %a : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
  %b = ktdp.construct_access_tile %y[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
  ktdp.store %v, %b : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
  return
}
#first4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#tile7 = affine_set<(i)[g] : (i - 7 == 0)>
#group0 = affine_set<(g) : (g == 0)>
#r0 = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
func.func @to_outsider(%x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %t = ktdp.get_compute_tile_id : index
  %x = ktdp.construct_memory_view %x_ptr, sizes: [8, 128], strides: [128, 1] {coordinate_set = #rows8, memory_space = #ktdp.memory_space<global>} : memref<8x128xf32>
  %y = ktdp.construct_memory_view %y_ptr, sizes: [1, 128], strides: [128, 1] {coordinate_set = #r0, memory_space = #ktdp.memory_space<global>} : memref<1x128xf32>
  %a = ktdp.construct_access_tile %x[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x128xf32> -> !ktdp.access_tile<1x128xindex>
  %v = ktdp.load %a : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf32>
  %e = tensor.empty() : tensor<1x128xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%e : tensor<1x128xf32>) -> tensor<1x128xf32>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #first4 -> !ktdp.tile_future<(tensor<1x128xf32>), groups = #group0> {
  ^bb0(%g: index):
    ktdp.yield_partial %v : tensor<1x128xf32>
  }
  %s = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #tile7, identity(%zeros : tensor<1x128xf32>) : !ktdp.tile_future<(tensor<1x128xf32>), groups = #group0> -> tensor<1x128xf32> {
  ^bb0(%l: tensor<1x128xf32>, %r: tensor<1x128xf32>):
    %sum = arith.addf %l, %r : tensor<1x128xf32>
    ktdp.yield_reduced %sum : tensor<1x128xf32>
  }
  %c7 = arith.constant 7 : index
  %last = arith.cmpi eq, %t, %c7 : index
  scf.if %last {
    %b = ktdp.construct_access_tile %y[%c0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<1x128xf32> -> !ktdp.access_tile<1x128xindex>
    ktdp.store %s, %b : tensor<1x128xf32>, !ktdp.access_tile<1x128xindex>
  }
  return
}
func.func @two_ids(%x_ptr: index, %y_ptr: index) attributes {grid = [32]} {
  %c0 = arith.constant 0 : index
  %t, %u = ktdp.get_compute_tile_id : index, index
  %r = arith.addi %t, %u : index
  %x = ktdp.construct_memory_view %x_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #rows32, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
  %y = ktdp.construct_memory_view %y_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #rows32, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
  %a = ktdp.construct_access_tile %x[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
  %v = ktdp.load %a : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
  %b = ktdp.construct_access_tile %y[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
  ktdp.store %v, %b : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
  return
}
