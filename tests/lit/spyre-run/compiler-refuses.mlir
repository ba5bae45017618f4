// When the compiler refuses a kernel, --engine both still says whether
// the interpreter runs it, so that a limit of the backend is not taken for
// a fault of the kernel: a prefix over tiles (a dependency set naming a
// subset of the group) runs on the interpreter; a kernel the interpreter
// refuses too says so, with its reason, once (not once per core of the
// threaded run that stopped on it).
// RUN: not spyre-run %s --function prefix --seed 0 --engine both 2>&1 | FileCheck %s --check-prefix=PREFIX
// RUN: not spyre-run %s --function prefix_atan --seed 0 --engine both 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not spyre-run %s --function prefix_atan --seed 0 --engine interp 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: not spyre-run %S/Inputs/undeclared-value.mlir --engine both 2>&1 | FileCheck %s --check-prefix=PARSE

// PREFIX: error: inter-tile reduce: producer_dependency_per_consumer gives tile 0 a reduction over 1 of the 4 producers of group 0
// PREFIX: spyre-run: the kernel did not compile to SpyreCode
// PREFIX-NEXT: spyre-run: the interpreter runs it (--engine interp shows its outputs)
// BOTH: spyre-run: the kernel did not compile to SpyreCode
// BOTH-NEXT: compiler-refuses.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the interpreter does not support 'math.atan'
// BOTH-NEXT: spyre-run: the interpreter does not run it either
// ONCE: error: the interpreter does not support 'math.atan'
// ONCE-NOT: error:
// A kernel that does not parse: its error once, then that the interpreter
// stops on the same.
// PARSE: undeclared-value.mlir:3:23: error: use of undeclared SSA value name
// PARSE-NEXT: spyre-run: the kernel did not compile to SpyreCode
// PARSE-NEXT: spyre-run: the interpreter does not run it either (the same error)

#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0, g == 0)>
#upto = affine_set<(p)[c] : (p >= 0, c - p >= 0)>
#g0 = affine_set<(g) : (g == 0)>
func.func @prefix(%x_ptr: index, %y_ptr: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 64], strides: [64, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<4x64xf32>
  %yv = ktdp.construct_memory_view %y_ptr, sizes: [4, 64], strides: [64, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<4x64xf32>
  %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<4x64xf32> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %xa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf32>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x64xf32>), groups = #g0> {
  ^bb0(%g: index):
    ktdp.yield_partial %x : tensor<1x64xf32>
  }
  %z = arith.constant dense<0.0> : tensor<1x64xf32>
  %s = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #all, producer_dependency_per_consumer = #upto, identity(%z : tensor<1x64xf32>) : !ktdp.tile_future<(tensor<1x64xf32>), groups = #g0> -> tensor<1x64xf32> {
  ^bb0(%a: tensor<1x64xf32>, %b: tensor<1x64xf32>):
    %r = arith.addf %a, %b : tensor<1x64xf32>
    ktdp.yield_reduced %r : tensor<1x64xf32>
  }
  %ya = ktdp.construct_access_tile %yv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<4x64xf32> -> !ktdp.access_tile<1x64xindex>
  ktdp.store %s, %ya : tensor<1x64xf32>, !ktdp.access_tile<1x64xindex>
  return
}

// The same with an arc tangent the interpreter does not compute either.
func.func @prefix_atan(%x_ptr: index, %y_ptr: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 64], strides: [64, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<4x64xf32>
  %yv = ktdp.construct_memory_view %y_ptr, sizes: [4, 64], strides: [64, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<4x64xf32>
  %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<4x64xf32> -> !ktdp.access_tile<1x64xindex>
  %x0 = ktdp.load %xa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf32>
  %x = math.atan %x0 : tensor<1x64xf32>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x64xf32>), groups = #g0> {
  ^bb0(%g: index):
    ktdp.yield_partial %x : tensor<1x64xf32>
  }
  %z = arith.constant dense<0.0> : tensor<1x64xf32>
  %s = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #all, producer_dependency_per_consumer = #upto, identity(%z : tensor<1x64xf32>) : !ktdp.tile_future<(tensor<1x64xf32>), groups = #g0> -> tensor<1x64xf32> {
  ^bb0(%a: tensor<1x64xf32>, %b: tensor<1x64xf32>):
    %r = arith.addf %a, %b : tensor<1x64xf32>
    ktdp.yield_reduced %r : tensor<1x64xf32>
  }
  %ya = ktdp.construct_access_tile %yv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<4x64xf32> -> !ktdp.access_tile<1x64xindex>
  ktdp.store %s, %ya : tensor<1x64xf32>, !ktdp.access_tile<1x64xindex>
  return
}
