// A value given for a `!ktdp.runtime_arg` must respect what its type
// declares: at most its upper bound, a multiple of its granularity (the
// host would not pass another; a kernel may rely on it). Said on the
// kernel's line, naming the argument.
// RUN: not spyre-run %S/../../kernels/runtime_arg_valid_tokens.mlir --seed 0 --arg n_valid=33 2>&1 | FileCheck %s --check-prefix=ABOVE
// RUN: not spyre-run %s --seed 0 --arg n=6 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: spyre-run %s --seed 0 --arg n=8 --engine both 2>&1 | FileCheck %s --check-prefix=OK
// ABOVE: runtime_arg_valid_tokens.mlir:{{[0-9]+}}:3: error: argument %n_valid: its value 33 is above the upper bound 32 its type !ktdp.runtime_arg<index, granularity=1, upperbound=32> declares
// STEP: runtime-arg-bounds.mlir:[[@LINE+5]]:1: error: argument %n: its value 6 is not a multiple of the granularity 4 its type !ktdp.runtime_arg<index, granularity=4, upperbound=16> declares
// OK: outputs equal the interpreter's
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @rows(%n: !ktdp.runtime_arg<index, granularity=4, upperbound=16>, %x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = ktdp.runtime_arg_extract value from %n : <index, granularity=4, upperbound=16> -> index
  %xv = ktdp.construct_memory_view %x, sizes: [16, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [16, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
  scf.for %r = %c0 to %m step %c1 {
    %xa = ktdp.construct_access_tile %xv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<16x64xf16> -> !ktdp.access_tile<1x64xindex>
    %t = ktdp.load %xa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %ya = ktdp.construct_access_tile %yv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<16x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %t, %ya : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}

// A runtime argument as a view's size: --seed makes arrays of that size
// for the pointers, named as the arguments (they were left to automatic
// regions, so --output could not name them).
// RUN: spyre-run %s --function dyn_rows --seed 0 --arg n=12 --output y=%t.npy --engine both 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: test -s %t.npy
// DYN: y: exact (768 elements)
func.func @dyn_rows(%n: !ktdp.runtime_arg<index, upperbound=16>, %x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = ktdp.runtime_arg_extract value from %n : <index, upperbound=16> -> index
  %xv = ktdp.construct_memory_view %x, sizes: [%m, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?x64xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [%m, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?x64xf16>
  scf.for %r = %c0 to %m step %c1 {
    %xa = ktdp.construct_access_tile %xv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
    %t = ktdp.load %xa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %d = arith.addf %t, %t : tensor<1x64xf16>
    %ya = ktdp.construct_access_tile %yv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %d, %ya : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
