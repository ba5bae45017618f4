// Every transfer goes through the memory hierarchy on the architecture's
// units: device -> LX (mnilu), LX -> FIFO (l1lu), compute (sfu), FIFO -> LX
// (l1su), LX -> device (mnisu). The compute stage's reads and writes of LX
// become pops and pushes of data FIFOs.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers | FileCheck %s

// CHECK:       sched.pipeline {
// CHECK:         %[[XB:.*]] = sched.alloc
// CHECK-NEXT:    %[[XT:.*]] = sched.fifo depth 16 : <none>
// CHECK-NEXT:    sched.alloc
// CHECK-NEXT:    sched.fifo depth 16 : <none>
// CHECK-NEXT:    %[[YB:.*]] = sched.alloc
// CHECK-NEXT:    %[[YT:.*]] = sched.fifo depth 16 : <none>
// CHECK-NEXT:    %[[XQ:.*]] = sched.fifo depth 16 : <tensor<2x64xf16>>
// CHECK-NEXT:    %[[BQ:.*]] = sched.fifo depth 16 : <tensor<2x64xf16>>
// CHECK-NEXT:    %[[YQ:.*]] = sched.fifo depth 16 : <tensor<2x64xf16>>
// CHECK-NEXT:    sched.stage "mnilu" {
// CHECK-NEXT:      sched.transfer %{{.*}} -> %[[XB]] {route = ["hbm", "ring", "lx"], unit = "mnilu"}
// CHECK-NEXT:      sched.signal %[[XT]]
// CHECK:         sched.stage "l1lu" {
// CHECK-NEXT:      sched.wait %[[XT]]
// CHECK-NEXT:      sched.transfer %[[XB]] -> %[[XQ]] {route = ["lx", "fifo"], unit = "l1lu"}
// CHECK:         sched.stage "sfu" {
// CHECK-NEXT:      %[[X:.*]] = sched.pop %[[XQ]]
// CHECK-NEXT:      %[[B:.*]] = sched.pop %[[BQ]]
// CHECK-NOT:       sched.read
// CHECK:           %[[S:.*]] = linalg.add ins(%[[X]], %[[B]]
// CHECK-NEXT:      sched.push %[[S]] -> %[[YQ]]
// CHECK-NEXT:    }
// CHECK-NEXT:    sched.stage "l1su" {
// CHECK-NEXT:      sched.transfer %[[YQ]] -> %[[YB]] {route = ["fifo", "lx"], unit = "l1su"}
// CHECK-NEXT:      sched.signal %[[YT]]
// CHECK-NEXT:    }
// CHECK-NEXT:    sched.stage "mnisu" {
// CHECK-NEXT:      sched.wait %[[YT]]
// CHECK-NEXT:      sched.transfer %[[YB]] -> %{{.*}} {route = ["lx", "ring", "hbm"], unit = "mnisu"}
