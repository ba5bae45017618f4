// silu_gelu_chain: two 8x128 f16 loads (2 KiB = 16 sticks each) feeding one
// fused compute stage (spyreop.silu on a tensor, spyreop.gelu in a generic).
// RUN: spyre-opt %samples/silu_gelu_chain.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// X at 0, G at 2048, Y at 4096, 2048 bytes each: peak 6144.
// CHECK: func.func @silu_gelu_chain({{.*}}dflow.lx_peak = 6144 : i64
// CHECK-DAG: [[TX:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TG:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TY:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VX:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VG:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VY:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// CHECK-LABEL: dflow.program "mnilu" instances 32
// CHECK: [[LX:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<8x128xf16, "lx">
// CHECK: [[LG:%[0-9]+]] = dflow.lx_view[%c2048] : memref<8x128xf16, "lx">
// CHECK: dflow.dma %{{[0-9]+}} -> [[LX]] {hops = 16 : i64, sticks = 16 : i64}
// CHECK-NEXT: dflow.signal [[TX]]
// CHECK: dflow.dma %{{[0-9]+}} -> [[LG]] {hops = 16 : i64, sticks = 16 : i64}
// CHECK-NEXT: dflow.signal [[TG]]

// Both inputs ready first, then stick s of X, stick s of G per iteration, in
// the sfu's receive order, 16 iterations like the sfu loop (streaming all 16
// sticks of X before G would fill the depth-16 channel while the sfu waits
// for G).
// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: [[SX:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<8x128xf16, "lx">
// CHECK: [[SG:%[0-9]+]] = dflow.lx_view[%c2048] : memref<8x128xf16, "lx">
// CHECK-NOT: dflow.stream
// CHECK-DAG: dflow.wait [[TX]]
// CHECK-DAG: dflow.wait [[TG]]
// CHECK-NOT: dflow.stream
// CHECK: scf.for [[IL:%[a-z0-9_]+]] = %c0{{(_[0-9]+)?}} to %c16{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: dflow.stream [[SX]] -> [[VX]] at stick [[IL]] {sticks = 1 : i64}
// CHECK-NEXT: dflow.stream [[SG]] -> [[VG]] at stick [[IL]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NOT: dflow.stream

// The whole chain is elementwise: the sfu loops over the 16 sticks, silu(g),
// gelu(x), the multiply and the add all on one vector<64xf16> per input.
// CHECK-LABEL: dflow.program "sfu" instances 32
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c16{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: [[X:%[0-9]+]] = dflow.receive [[VX]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[G:%[0-9]+]] = dflow.receive [[VG]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[S:%[0-9]+]] = spyreop.silu [[G]] : vector<64xf16>
// CHECK-NEXT: [[GX:%[0-9]+]] = spyreop.gelu [[X]] : vector<64xf16>
// CHECK-NEXT: [[M:%[0-9]+]] = arith.mulf [[GX]], [[S]] : vector<64xf16>
// CHECK-NEXT: [[Y:%[0-9]+]] = arith.addf [[X]], [[M]] : vector<64xf16>
// CHECK-NEXT: dflow.send [[Y]] -> [[VY]] {sticks = 1 : i64} : vector<64xf16> -> <vector<64xf16>>
// CHECK-NEXT: } {dflow.vector_loop}

// Stick s of Y back to LX per iteration, then Y is ready for mnisu.
// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK: [[LY:%[0-9]+]] = dflow.lx_view[%c4096] : memref<8x128xf16, "lx">
// CHECK-NOT: dflow.collect
// CHECK: scf.for [[IS:%[a-z0-9_]+]] = %c0{{(_[0-9]+)?}} to %c16{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT: dflow.collect [[VY]] -> [[LY]] at stick [[IS]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: dflow.signal [[TY]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK: [[LY2:%[0-9]+]] = dflow.lx_view[%c4096]
// CHECK: dflow.wait [[TY]]
// CHECK-NEXT: dflow.dma [[LY2]] -> %{{[0-9]+}} {hops = 16 : i64, sticks = 16 : i64}
