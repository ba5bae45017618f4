// A pipeline inside a loop gets modulo 2 and two copies of each LX buffer
// it fills and drains, each with a buffer-free token FIFO that starts with
// two tokens: the filling unit waits for one before the transfer into the
// buffer, the draining unit gives it back after the transfer out. The
// hoisted bias buffer (persistent) keeps one copy and no tokens.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --hoist-invariant-transfers --double-buffer | FileCheck %s
// With `off` (what CompileRequest::doubleBuffer = false asks), each buffer
// keeps one copy but still gets its token FIFO, with one token: a loop
// never refills a buffer before the previous iteration has drained it.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --hoist-invariant-transfers --double-buffer=off | FileCheck %s --check-prefix=OFF

// OFF:         scf.for
// OFF:           sched.pipeline {
// OFF:             %[[X:.*]] = sched.alloc : memref<2x64xf16, "lx">
// OFF-NEXT:        %[[XFREE:.*]] = sched.fifo depth 1 {initial = 1 : i64} : <none>
// OFF:             %[[Y:.*]] = sched.alloc : memref<2x64xf16, "lx">
// OFF-NEXT:        %[[YFREE:.*]] = sched.fifo depth 1 {initial = 1 : i64} : <none>
// OFF:             sched.stage "mnilu" {
// OFF-NEXT:          sched.wait %[[XFREE]]
// OFF:             sched.stage "l1lu" {
// OFF:               sched.signal %[[XFREE]]

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
