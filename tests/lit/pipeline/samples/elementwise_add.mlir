// elementwise_add: the smallest load -> compute -> store kernel on 32 cores;
// two 3x64 f16 operands and one result, each 384 bytes = 3 sticks, no loop.
// The add is elementwise, so the sfu runs it as a loop over the 3 sticks, and
// l1lu / l1su feed and drain it in the same order: one stick of A, one of B
// per iteration in, one stick of C out (streaming all of A before B could
// deadlock the depth-16 channels).
// RUN: spyre-opt %samples/elementwise_add.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// 3 buffers x 384 bytes, on stick boundaries: A at 0, B at 384, C at 768.
// CHECK: func.func @add({{.*}}dflow.lx_peak = 1152 : i64
// CHECK-DAG: [[TA:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TB:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TC:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VA:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VB:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VC:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// CHECK-LABEL: dflow.program "mnilu" instances 32
// CHECK: [[LA:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<3x64xf16, "lx">
// CHECK: [[LB:%[0-9]+]] = dflow.lx_view[%c384] : memref<3x64xf16, "lx">
// CHECK: dflow.dma %{{[0-9]+}} -> [[LA]] {hops = 16 : i64, sticks = 3 : i64}
// CHECK-NEXT: dflow.signal [[TA]]
// CHECK: dflow.dma %{{[0-9]+}} -> [[LB]] {hops = 16 : i64, sticks = 3 : i64}
// CHECK-NEXT: dflow.signal [[TB]]

// Both inputs ready first, then stick s of A, stick s of B, in the sfu's
// receive order, 3 iterations like the sfu loop.
// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: [[SA:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<3x64xf16, "lx">
// CHECK: [[SB:%[0-9]+]] = dflow.lx_view[%c384] : memref<3x64xf16, "lx">
// CHECK-NOT: dflow.stream
// CHECK-DAG: dflow.wait [[TA]]
// CHECK-DAG: dflow.wait [[TB]]
// CHECK-NOT: dflow.stream
// CHECK: scf.for [[IL:%[a-z0-9_]+]] = %c0{{(_[0-9]+)?}} to %c3{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: dflow.stream [[SA]] -> [[VA]] at stick [[IL]] {sticks = 1 : i64}
// CHECK-NEXT: dflow.stream [[SB]] -> [[VB]] at stick [[IL]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NOT: dflow.stream

// One stick of A and of B in, one stick of C out per iteration.
// CHECK-LABEL: dflow.program "sfu" instances 32
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c3{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: [[A:%[0-9]+]] = dflow.receive [[VA]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[B:%[0-9]+]] = dflow.receive [[VB]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[S:%[0-9]+]] = arith.addf [[A]], [[B]] : vector<64xf16>
// CHECK-NEXT: dflow.send [[S]] -> [[VC]] {sticks = 1 : i64} : vector<64xf16> -> <vector<64xf16>>
// CHECK-NEXT: } {dflow.vector_loop}

// Stick s of C back to LX per iteration, then C is ready for mnisu.
// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK: [[LC:%[0-9]+]] = dflow.lx_view[%c768] : memref<3x64xf16, "lx">
// CHECK-NOT: dflow.collect
// CHECK: scf.for [[IS:%[a-z0-9_]+]] = %c0{{(_[0-9]+)?}} to %c3{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: dflow.collect [[VC]] -> [[LC]] at stick [[IS]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: dflow.signal [[TC]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK: [[LC2:%[0-9]+]] = dflow.lx_view[%c768]
// CHECK: dflow.wait [[TC]]
// CHECK-NEXT: dflow.dma [[LC2]] -> %{{[0-9]+}} {hops = 16 : i64, sticks = 3 : i64}
