// Tile i runs on core i; every device transfer records the most ring hops
// any placed core is from where device memory attaches (core 0): a 2-tile
// grid is 1 hop away, 32 tiles on the 32-core bidirectional ring 16 hops.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --place-tiles | FileCheck %s
// RUN: spyre-opt %samples/elementwise_add.mlir --extract-compute-groups --build-pipelines --route-transfers --place-tiles | FileCheck %s --check-prefix=RING

// CHECK:       func.func @bias_loop{{.*}}sched.placement = array<i64: 0, 1>
// CHECK-COUNT-3: sched.transfer {{.*}}hops = 1 : i64{{.*}}route = ["{{hbm|lx}}", "ring"
// CHECK-NOT:   hops

// RING:        sched.placement = array<i64: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31>
// RING-COUNT-3: hops = 16 : i64
