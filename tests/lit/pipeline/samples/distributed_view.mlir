// distributed_view: one 32x64 f16 load (4 KiB = 32 sticks) through a view
// spread over HBM and two cores' LX, copied to HBM; 4 cores, hops <= 3.
// RUN: spyre-opt %samples/distributed_view.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// In-band at 0, out-band at 4096: peak 8192, clear of the LX partitions at 1 MiB.
// CHECK: func.func @distributed_view({{.*}}dflow.lx_peak = 8192 : i64
// CHECK-DAG: [[TI:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TO:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VI:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VO:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// The DMA source is the access tile over the distributed view.
// CHECK-LABEL: dflow.program "mnilu" instances 4
// CHECK: [[DV:%[0-9]+]] = ktdp.construct_distributed_memory_view
// CHECK: [[AT:%[0-9]+]] = ktdp.construct_access_tile [[DV]]
// CHECK: [[LI:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<32x64xf16, "lx">
// CHECK: dflow.dma [[AT]] -> [[LI]] {hops = 3 : i64, sticks = 32 : i64}
// CHECK-NEXT: dflow.signal [[TI]]

// One stick per iteration, 32 iterations like the sfu loop.
// CHECK-LABEL: dflow.program "l1lu" instances 4
// CHECK: [[SI:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<32x64xf16, "lx">
// CHECK-NOT: dflow.stream
// CHECK: dflow.wait [[TI]]
// CHECK-NOT: dflow.stream
// CHECK: scf.for [[IL:%[a-z0-9_]+]] = %c0{{(_[0-9]+)?}} to %c32{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: dflow.stream [[SI]] -> [[VI]] at stick [[IL]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NOT: dflow.stream

// Nothing to compute: the sfu forwards the 32 sticks one vector at a time.
// CHECK-LABEL: dflow.program "sfu" instances 4
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c32{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: [[B:%[0-9]+]] = dflow.receive [[VI]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: dflow.send [[B]] -> [[VO]] {sticks = 1 : i64} : vector<64xf16> -> <vector<64xf16>>
// CHECK-NEXT: } {dflow.vector_loop}

// CHECK-LABEL: dflow.program "l1su" instances 4
// CHECK: [[LO:%[0-9]+]] = dflow.lx_view[%c4096] : memref<32x64xf16, "lx">
// CHECK-NOT: dflow.collect
// CHECK: scf.for [[IS:%[a-z0-9_]+]] = %c0{{(_[0-9]+)?}} to %c32{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: dflow.collect [[VO]] -> [[LO]] at stick [[IS]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: dflow.signal [[TO]]

// CHECK-LABEL: dflow.program "mnisu" instances 4
// CHECK: [[LO2:%[0-9]+]] = dflow.lx_view[%c4096]
// CHECK: dflow.wait [[TO]]
// CHECK-NEXT: dflow.dma [[LO2]] -> %{{[0-9]+}} {hops = 3 : i64, sticks = 32 : i64}
