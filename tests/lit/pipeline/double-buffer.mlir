// A pipeline inside a loop gets modulo 2 and two copies of each LX buffer
// it owns; the hoisted bias buffer (persistent) keeps one copy, and the
// pipeline outside any loop is left alone.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --hoist-invariant-transfers --double-buffer | FileCheck %s

// CHECK:       sched.alloc {persistent} : memref<2x64xf16, "lx">
// CHECK-NEXT:  sched.pipeline {
// CHECK:       scf.for
// CHECK:         sched.pipeline attributes {modulo = 2 : i64} {
// CHECK:           sched.alloc {copies = 2 : i64} : memref<2x64xf16, "lx">
// CHECK:           sched.alloc {copies = 2 : i64} : memref<2x64xf16, "lx">
// CHECK-NOT:       sched.alloc
// CHECK:           sched.stage "mnilu"
