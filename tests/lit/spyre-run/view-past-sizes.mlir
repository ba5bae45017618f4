// A memory view whose coordinate_set names more rows than its static sizes
// hold is warned of on its line: the accesses to the extra rows are not
// masked (their points are in the set) and reach memory past the view, here
// the %y array that other cores write (the fifth tester's kernel gave
// "WRONG" under --engine both and nothing said why). A view whose set fits
// its sizes gets no warning.
// RUN: spyre-run %s --function past --seed 0 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: spyre-run %s --function fits --seed 0 2>&1 | FileCheck %s --check-prefix=FITS
// PAST: view-past-sizes.mlir:[[@LINE+12]]:8: warning: the coordinate_set names coordinates 0 to 63 of dimension 0, but the view has 32 there (sizes [32, 128]): an access to the others is not masked and reads or writes memory past the view
// PAST-NOT: warning
// FITS-NOT: warning
#rows64 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows32 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
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
