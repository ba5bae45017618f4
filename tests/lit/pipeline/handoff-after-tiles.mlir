// A scalar the compute unit takes out of a loaded tile (a loop bound read
// from memory) is handed over to the other units where the pipeline that
// made it ends: the compute unit sends it after the pipeline's tiles (the
// loop's 8 KiB running sum, zeros sent a stick at a time, never held),
// and the store unit receives it after it has collected those tiles. A
// receive before the collect waited for a send queued behind 64 sticks in
// a channel of 16: a deadlock (field probe of 2026-12-06).
// RUN: spyre-opt %S/../../kernels/mean_pool_lens_in_memory_llama1b.mlir --ktir-to-dataflow | FileCheck %s
// CHECK-LABEL: dflow.program "sfu"
// CHECK: %[[ZEROS:.*]] = vector.broadcast %{{.*}} : f32 to vector<32xf32>
// CHECK: scf.for
// CHECK-NEXT: dflow.send %[[ZEROS]] -> %[[SUM:[0-9]+]] {sticks = 1 : i64}
// CHECK: %[[BOUND:.*]] = vector.broadcast %{{.*}} : index to vector<1xindex>
// CHECK-NEXT: dflow.send %[[BOUND]] -> %{{[0-9]+}}
// CHECK-NEXT: dflow.send %[[BOUND]] -> %{{[0-9]+}}
// CHECK-NEXT: dflow.send %[[BOUND]] -> %[[TOSTORE:[0-9]+]]
// CHECK-LABEL: dflow.program "l1su"
// CHECK: dflow.collect %[[SUM]] -> %{{.*}} {sticks = 64 : i64}
// CHECK-NEXT: dflow.receive %[[TOSTORE]]
// CHECK: scf.for
