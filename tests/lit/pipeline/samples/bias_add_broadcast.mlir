// bias_add_broadcast: a partitioned 4x256 f16 operand (16 sticks) plus a
// replicated rank-1 bias (256 f16 = 4 sticks) broadcast in the compute unit.
// RUN: spyre-opt %samples/bias_add_broadcast.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// X 2048 bytes at 0, bias 512 at 2048, OUT 2048 at 2560: peak 4608.
// CHECK: func.func @bias_add({{.*}}dflow.lx_peak = 4608 : i64
// CHECK-DAG: [[TX:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TW:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TO:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VX:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VW:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VO:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// CHECK-LABEL: dflow.program "mnilu" instances 32
// CHECK: [[LX:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<4x256xf16, "lx">
// CHECK: [[LW:%[0-9]+]] = dflow.lx_view[%c2048] : memref<256xf16, "lx">
// CHECK: dflow.dma %{{[0-9]+}} -> [[LX]] {hops = 16 : i64, sticks = 16 : i64} : !ktdp.access_tile<4x256xindex>
// CHECK-NEXT: dflow.signal [[TX]]
// CHECK: dflow.dma %{{[0-9]+}} -> [[LW]] {hops = 16 : i64, sticks = 4 : i64} : !ktdp.access_tile<256xindex>
// CHECK-NEXT: dflow.signal [[TW]]

// The broadcast row is streamed again for every row of x: x stick s (row
// s / 4, quarter s mod 4) meets bias stick s mod 4.
// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: [[LXX:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<4x256xf16, "lx">
// CHECK: [[LXW:%[0-9]+]] = dflow.lx_view[%c2048] : memref<256xf16, "lx">
// CHECK: dflow.wait [[TX]]
// CHECK-NEXT: dflow.wait [[TW]]
// CHECK: scf.for [[S:%arg[0-9]+]] = %c0{{(_[0-9]+)?}} to %c16 step %c1
// CHECK-NEXT: dflow.stream [[LXX]] -> [[VX]] at stick [[S]] {sticks = 1 : i64}
// CHECK-NEXT: [[M:%c4[_0-9]*]] = arith.constant 4 : index
// CHECK-NEXT: [[Q:%[0-9]+]] = arith.remui [[S]], [[M]]
// CHECK-NEXT: dflow.stream [[LXW]] -> [[VW]] at stick [[Q]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}

// CHECK-LABEL: dflow.program "sfu" instances 32
// CHECK: scf.for %arg{{[0-9]+}} = %c0 to %c16 step %c1
// CHECK-NEXT: [[X:%[0-9]+]] = dflow.receive [[VX]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[W:%[0-9]+]] = dflow.receive [[VW]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[Y:%[0-9]+]] = arith.addf [[X]], [[W]] : vector<64xf16>
// CHECK-NEXT: dflow.send [[Y]] -> [[VO]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}

// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK: [[LO:%[0-9]+]] = dflow.lx_view[%c2560] : memref<4x256xf16, "lx">
// CHECK: scf.for [[T:%arg[0-9]+]] = %c0 to %c16 step %c1
// CHECK-NEXT: dflow.collect [[VO]] -> [[LO]] at stick [[T]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: dflow.signal [[TO]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK: [[LO2:%[0-9]+]] = dflow.lx_view[%c2560]
// CHECK: dflow.wait [[TO]]
// CHECK-NEXT: dflow.dma [[LO2]] -> %{{[0-9]+}} {hops = 16 : i64, sticks = 16 : i64}
