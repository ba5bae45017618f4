// gather_rows: a data-dependent row gather (indirect access tile through
// IDX) of 4 table rows, one 128-byte stick each, stored to a 4x64 block.
// RUN: spyre-opt %samples/gather_rows.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// Gathered rows at 0, result at 512 (512 bytes each): peak 1024.
// CHECK: func.func @gather_rows({{.*}}dflow.lx_peak = 1024 : i64
// CHECK-DAG: [[TI:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TO:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VI:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VO:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// The gather is a DMA of the indirect access tile, one stick per row.
// CHECK-LABEL: dflow.program "mnilu" instances 32
// CHECK: [[AT:%[0-9]+]] = ktdp.construct_indirect_access_tile
// CHECK: [[LI:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<4x64xf16, "lx">
// CHECK: dflow.dma [[AT]] -> [[LI]] {hops = 16 : i64, sticks = 4 : i64}
// CHECK-NEXT: dflow.signal [[TI]]

// One stick per iteration, 4 iterations like the sfu loop.
// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: [[SI:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<4x64xf16, "lx">
// CHECK-NOT: dflow.stream
// CHECK: dflow.wait [[TI]]
// CHECK-NOT: dflow.stream
// CHECK: scf.for [[IL:%[a-z0-9_]+]] = %c0{{(_[0-9]+)?}} to %c4{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: dflow.stream [[SI]] -> [[VI]] at stick [[IL]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NOT: dflow.stream

// Nothing to compute: the sfu forwards the 4 rows one stick at a time.
// CHECK-LABEL: dflow.program "sfu" instances 32
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c4{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: [[R:%[0-9]+]] = dflow.receive [[VI]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: dflow.send [[R]] -> [[VO]] {sticks = 1 : i64} : vector<64xf16> -> <vector<64xf16>>
// CHECK-NEXT: } {dflow.vector_loop}

// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK: [[LO:%[0-9]+]] = dflow.lx_view[%c512] : memref<4x64xf16, "lx">
// CHECK-NOT: dflow.collect
// CHECK: scf.for [[IS:%[a-z0-9_]+]] = %c0{{(_[0-9]+)?}} to %c4{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: dflow.collect [[VO]] -> [[LO]] at stick [[IS]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: dflow.signal [[TO]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK: [[LO2:%[0-9]+]] = dflow.lx_view[%c512]
// CHECK: dflow.wait [[TO]]
// CHECK-NEXT: dflow.dma [[LO2]] -> %{{[0-9]+}} {hops = 16 : i64, sticks = 4 : i64}
