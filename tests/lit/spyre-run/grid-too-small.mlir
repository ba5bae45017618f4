// A grid given on the command line that is not the one the kernel divides
// its work by is refused on the line that declares the kernel's grid,
// saying what was given, what the kernel needs and the --grid to give:
// never a silent partial answer (fewer tiles leave the others' parts of
// the outputs unwritten) nor an internal error. Both engines refuse it
// (--engine emu compiles with the grid given). Trailing 1s do not count,
// and 4x2 is 4,2. A kernel without a grid needs the cores its ct_local
// views name.
// RUN: not spyre-run %s --seed 0 --grid 1x1 2>&1 | FileCheck %s --check-prefix=FEWER
// RUN: not spyre-run %s --seed 0 --grid 2,1 --engine emu 2>&1 | FileCheck %s --check-prefix=EMU
// RUN: not spyre-run %s --seed 0 --grid 4,2 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: spyre-run %s --seed 0 --grid 2x2,1 --engine both 2>&1 | FileCheck %s --check-prefix=OWN
// RUN: not spyre-run %s --function gather_from_core2 --seed 0 --grid 2 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: spyre-run %s --function gather_from_core2 --grid 3 2>&1 | FileCheck %s --check-prefix=NAMED-OK

// FEWER: grid-too-small.mlir:[[@LINE+13]]:1: error: --grid 1,1 gives 1 tile, fewer than it needs: the kernel's grid [2, 2] divides its work among 4 tiles (dimension 0: 1 of 2), so the missing tiles' parts of its outputs would never be written; run it with --grid 2,2 or without --grid
// EMU: grid-too-small.mlir:[[@LINE+12]]:1: error: --grid 2,1 gives 2 tiles, fewer than it needs: the kernel's grid [2, 2] divides its work among 4 tiles (dimension 1: 1 of 2)
// EMU: spyre-run: the kernel did not compile to SpyreCode
// OTHER: grid-too-small.mlir:[[@LINE+10]]:1: error: --grid 4,2 gives 8 tiles, not the grid it needs: the kernel's grid [2, 2] divides its work among 4 tiles, and tiles past it would address outside their part; run it with --grid 2,2 or without --grid
// OWN: x: exact
// OWN: y: exact
// OWN: tiles2d: {{.*}} on the emulator
// NAMED: grid-too-small.mlir:[[@LINE+30]]:1: error: --grid 2 gives 2 tiles, fewer than it needs: the kernel has no grid and its ct_local memory views name cores 0 to 2; run it with --grid 3 or without --grid
// NAMED-OK: gather_from_core2: {{.*}} 3 cores

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#half = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @tiles2d(%x: index, %y: index) attributes {grid = [2, 2]} {
  %c64 = arith.constant 64 : index
  %i, %j = ktdp.get_compute_tile_id : index, index
  %col = arith.muli %j, %c64 : index
  %xv = ktdp.construct_memory_view %x, sizes: [2, 128], strides: [128, 1] {
    coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
  } : memref<2x128xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 128], strides: [128, 1] {
    coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
  } : memref<2x128xf16>
  %xa = ktdp.construct_access_tile %xv[%i, %col] {
    access_tile_set = #half, access_tile_order = #id2
  } : memref<2x128xf16> -> !ktdp.access_tile<1x64xindex>
  %t = ktdp.load %xa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %d = arith.addf %t, %t : tensor<1x64xf16>
  %ya = ktdp.construct_access_tile %yv[%i, %col] {
    access_tile_set = #half, access_tile_order = #id2
  } : memref<2x128xf16> -> !ktdp.access_tile<1x64xindex>
  ktdp.store %d, %ya : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}

#four = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @gather_from_core2(%p: index, %q: index) {
  %c0 = arith.constant 0 : index
  %src = ktdp.construct_memory_view %p, sizes: [4], strides: [1] {
    coordinate_set = #four, memory_space = #ktdp.memory_space<ct_local, ct_id = 2>
  } : memref<4xf16>
  %dst = ktdp.construct_memory_view %q, sizes: [4], strides: [1] {
    coordinate_set = #four, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>
  } : memref<4xf16>
  %sa = ktdp.construct_access_tile %src[%c0] {
    access_tile_set = #four, access_tile_order = #id1
  } : memref<4xf16> -> !ktdp.access_tile<4xindex>
  %v = ktdp.load %sa : !ktdp.access_tile<4xindex> -> tensor<4xf16>
  %da = ktdp.construct_access_tile %dst[%c0] {
    access_tile_set = #four, access_tile_order = #id1
  } : memref<4xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %v, %da : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
