// The bias row does not depend on the loop: it is loaded once, before the
// loop, into a persistent LX buffer; the loop's pipeline only streams it.
// x depends on the loop and stays. A loop that stores to the view it
// loads from keeps its load (the data may change between iterations).
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --hoist-invariant-transfers | FileCheck %s
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --hoist-invariant-transfers | FileCheck %s --check-prefix=ALIAS

// CHECK:       %[[BIAS:.*]] = ktdp.construct_access_tile
// CHECK-NEXT:  %[[KEPT:.*]] = sched.alloc {persistent} : memref<2x64xf16, "lx">
// CHECK-NEXT:  sched.pipeline {
// CHECK-NEXT:    sched.stage "mnilu" {
// CHECK-NEXT:      sched.transfer %[[BIAS]] -> %[[KEPT]]
// CHECK-NEXT:    {{^ *}}}
// CHECK-NEXT:  {{^ *}}}
// CHECK-NEXT:  scf.for
// CHECK:         sched.stage "mnilu" {
// CHECK-NEXT:      sched.transfer %{{.*}} -> %{{.*}}
// CHECK-NOT:       sched.transfer
// CHECK:         sched.stage "l1lu" {
// CHECK:           sched.transfer %[[KEPT]] -> %{{.*}}

// ALIAS-LABEL: func.func @in_place
// ALIAS:       scf.for
// ALIAS:         sched.stage "mnilu" {
// ALIAS-NEXT:      sched.transfer
// ALIAS-NEXT:      sched.signal
// ALIAS-NEXT:    {{^ *}}}
// ALIAS-NOT:   persistent
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @in_place(%x: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %xv = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %t = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  scf.for %i = %c0 to %c4 step %c1 {
    %d = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %e = math.exp %d : tensor<1x64xf16>
    ktdp.store %e, %t : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
