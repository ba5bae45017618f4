// Runs of loads, compute and stores become sched.group ops; a loop with
// tile ops inside is a boundary and gets its own group inside; address
// arithmetic before the first tile op stays outside.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups | FileCheck %s
// A store of an scf.if's result moves into both branches (with the access
// tile it uses), so each branch's group stores what it computes instead of
// yielding the tile to a later group; the scf.if loses the result; splat
// constant tiles are made again in the branch that uses them.
// RUN: spyre-opt %S/../../kernels/branch_result_f32.mlir --extract-compute-groups | FileCheck %s --check-prefix=BRANCH
// BRANCH:      scf.if %{{[^ ]*}} {
// BRANCH-NEXT:   sched.group {
// BRANCH-NEXT:     arith.constant dense<5.000000e-01> : tensor<8x48xf32>
// BRANCH:          %[[A:[^ ]*]] = arith.addf
// BRANCH-NEXT:     %[[T:[^ ]*]] = ktdp.construct_access_tile
// BRANCH-NEXT:     ktdp.store %[[A]], %[[T]]
// BRANCH:        } else {
// BRANCH-NEXT:   sched.group {
// BRANCH:          %[[D:[^ ]*]] = arith.subf
// BRANCH-NEXT:     %[[U:[^ ]*]] = ktdp.construct_access_tile
// BRANCH-NEXT:     ktdp.store %[[D]], %[[U]]
// BRANCH-NOT:  scf.yield
// BRANCH-NOT:  ktdp.store
// RUN: spyre-opt %s --extract-compute-groups | FileCheck %s --check-prefix=RESULT
// Tables loaded before a loop and used in it (rope's cos and sin) are
// loaded again in the loop's group, next to its other operands.
// RUN: spyre-opt %S/../../kernels/rope_table_before_loop.mlir --extract-compute-groups | FileCheck %s --check-prefix=SINK

// SINK-LABEL: func.func @rope
// SINK:       %[[COS:.*]] = ktdp.construct_access_tile
// SINK:       %[[SIN:.*]] = ktdp.construct_access_tile
// SINK-NOT:   ktdp.load
// SINK:       scf.for
// SINK:         sched.group {
// SINK-DAG:       ktdp.load %[[COS]]
// SINK-DAG:       ktdp.load %[[SIN]]
// SINK:           arith.mulf

// CHECK-LABEL: func.func @bias_loop
// CHECK:       %[[BIAS:.*]] = ktdp.construct_access_tile
// CHECK:       scf.for
// CHECK:         %[[X:.*]] = ktdp.construct_access_tile
// CHECK-NEXT:    sched.group {
// CHECK-NEXT:      ktdp.load %[[X]]
// CHECK-NEXT:      ktdp.load %[[BIAS]]
// CHECK:           linalg.add
// CHECK:           ktdp.construct_access_tile
// CHECK-NEXT:      ktdp.store
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return

// A value used after the run is the group's result.
// RESULT-LABEL: func.func @escapes
// RESULT:       %[[R:.*]] = sched.group -> tensor<4xf32> {
// RESULT:         %[[S:.*]] = linalg.fill
// RESULT:         sched.yield %[[S]] : tensor<4xf32>
// RESULT:       }
// RESULT:       scf.for {{.*}} iter_args(%{{.*}} = %[[R]])
// RESULT:         sched.group -> tensor<4xf32> {
// RESULT:           arith.addf
#set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
func.func @escapes() -> tensor<4xf32> attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) {
    %n = arith.addf %acc, %acc : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// A load of memory the run stored to before (an in-place update read back,
// also through a second view of the same argument) starts a new group, so
// it runs after that store; a load of another argument does not.
// RUN: spyre-opt %S/../../kernels/inplace_update.mlir --extract-compute-groups | FileCheck %s --check-prefix=RAW
// RUN: spyre-opt %S/../../kernels/alias_two_views.mlir --extract-compute-groups | FileCheck %s --check-prefix=ALIAS

// RAW-LABEL: func.func @inplace_update
// RAW:       sched.group
// RAW:         ktdp.load
// RAW:         ktdp.store
// RAW-NEXT:    sched.yield
// RAW:       sched.group
// RAW:         ktdp.load
// RAW:         arith.negf
// RAW:         ktdp.store

// ALIAS-LABEL: func.func @alias_two_views
// ALIAS:       sched.group
// ALIAS:         ktdp.load
// ALIAS:         ktdp.store
// ALIAS-NEXT:    sched.yield
// ALIAS:       sched.group
// ALIAS:         ktdp.load
// ALIAS:         arith.mulf
// ALIAS:         ktdp.store

// A producer region that loads what it sends (a broadcast's source row)
// runs its body before the produce op, in the group, and only yields.
// RUN: spyre-opt %S/../../kernels/ring_broadcast.mlir --extract-compute-groups | FileCheck %s --check-prefix=PRODUCE

// PRODUCE-LABEL: func.func @ring_broadcast
// PRODUCE:       sched.group {
// PRODUCE:         %[[ROW:.*]] = ktdp.load
// PRODUCE:         %[[TWICE:.*]] = arith.mulf %[[ROW]]
// PRODUCE:         ktdp.inter_tile_produce
// PRODUCE-NEXT:    ^bb0
// PRODUCE-NEXT:      ktdp.yield_partial %[[TWICE]]
// PRODUCE:         ktdp.inter_tile_consume
