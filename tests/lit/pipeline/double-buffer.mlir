// A pipeline inside a loop gets modulo 2 and two copies of each LX buffer
// it fills and drains, each with a buffer-free token FIFO that starts with
// two tokens: the filling unit waits for one before the transfer into the
// buffer, the draining unit gives it back after the transfer out. The
// hoisted bias buffer (persistent) keeps one copy and no tokens.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --hoist-invariant-transfers --double-buffer | FileCheck %s

// CHECK:       sched.alloc {persistent} : memref<2x64xf16, "lx">
// CHECK-NEXT:  sched.pipeline {
// CHECK:       scf.for
// CHECK:         sched.pipeline attributes {modulo = 2 : i64} {
// CHECK:           %[[X:.*]] = sched.alloc {copies = 2 : i64} : memref<2x64xf16, "lx">
// CHECK-NEXT:      %[[XFREE:.*]] = sched.fifo depth 2 {initial = 2 : i64} : <none>
// CHECK:           %[[Y:.*]] = sched.alloc {copies = 2 : i64} : memref<2x64xf16, "lx">
// CHECK-NEXT:      %[[YFREE:.*]] = sched.fifo depth 2 {initial = 2 : i64} : <none>
// CHECK-NOT:       sched.alloc
// CHECK:           sched.stage "mnilu" {
// CHECK-NEXT:        sched.wait %[[XFREE]]
// CHECK-NEXT:        sched.transfer %{{.*}} -> %[[X]]
// CHECK:           sched.stage "l1lu" {
// CHECK:             sched.transfer %[[X]] -> %{{.*}}
// CHECK-NEXT:        sched.signal %[[XFREE]]
// CHECK:           sched.stage "l1su" {
// CHECK-NEXT:        sched.wait %[[YFREE]]
// CHECK-NEXT:        sched.transfer %{{.*}} -> %[[Y]]
// CHECK:           sched.stage "mnisu" {
// CHECK:             sched.transfer %[[Y]] -> %{{.*}}
// CHECK-NEXT:        sched.signal %[[YFREE]]
