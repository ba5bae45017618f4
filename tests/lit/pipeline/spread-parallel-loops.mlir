// With two instances of every unit per core, the row loop (independent
// iterations: x and bias read, y written) is spread: instance j runs
// iterations j, j + 2, ... (lower bound + j * step, step * 2), each with its
// own buffers (instance j's copies at + j * 512 bytes). With one instance
// of each unit (the Spyre default) nothing changes; nor does a loop that
// writes the view it reads.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --spread-parallel-loops=arch=%S/Inputs/two-corelets.toml | FileCheck %s
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --spread-parallel-loops | FileCheck %s --check-prefix=ONE
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --ktir-to-dataflow=arch=%S/Inputs/two-corelets.toml | FileCheck %s --check-prefix=LOWERED
// RUN: spyre-opt %S/hoist-invariant-transfers.mlir --extract-compute-groups --build-pipelines --route-transfers --spread-parallel-loops=arch=%S/Inputs/two-corelets.toml | FileCheck %s --check-prefix=INPLACE

// CHECK:       func.func @bias_loop{{.*}}sched.instances_per_core = 2 : i64
// CHECK:       %[[J:.*]] = sched.instance of 2
// CHECK-NEXT:  %[[OFF:.*]] = arith.muli %[[J]], %[[STEP:[^ ]*]] : index
// CHECK-NEXT:  %[[LB:.*]] = arith.addi %[[LB0:[^ ]*]], %[[OFF]] : index
// CHECK:       %[[STRIDE:.*]] = arith.muli %[[STEP]], %{{.*}} : index
// CHECK-NEXT:  scf.for %{{.*}} = %[[LB]] to %{{.*}} step %[[STRIDE]] {
// CHECK:       } {sched.spread = 2 : i64}

// ONE-NOT:     sched.instance
// ONE-NOT:     sched.spread

// LOWERED:       dflow.lx_peak = 3072 : i64
// LOWERED-LABEL: dflow.program "mnilu" instances 2 attributes {per_core = 2 : i64} {
// LOWERED:         %[[J:.*]] = dflow.instance of 2
// LOWERED:         scf.for
// LOWERED:           %[[MINE:.*]] = arith.muli %[[J]], %c512{{.*}} : index
// LOWERED-NEXT:      %[[ADDR:.*]] = arith.addi %{{.*}}, %[[MINE]] : index
// LOWERED-NEXT:      dflow.lx_view[%[[ADDR]]] : memref<2x64xf16, "lx">
// LOWERED:         } {dflow.spread = 2 : i64}
// LOWERED-LABEL: dflow.program "sfu" instances 2 attributes {per_core = 2 : i64} {

// INPLACE-NOT: sched.spread
