// broadcast_row: tile 0's row goes to all 8 tiles, passed along the ring
// from core to core; each tile adds it to its own row (1x256 f16 = 4 sticks).
// RUN: spyre-opt %samples/broadcast_row.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched. --implicit-check-not=ktdp.inter_tile

// LX: the ring staging row at 0, X's row at 512, Y's at 1024: peak 1536.
// CHECK: func.func @broadcast_row({{.*}}dflow.lx_peak = 1536 : i64, dflow.placement = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>
// CHECK-DAG: [[TX:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TY:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VX:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VY:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// CHECK-LABEL: dflow.program "mnilu" instances 8
// CHECK: [[LX:%[0-9]+]] = dflow.lx_view[%c512] : memref<1x256xf16, "lx">
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> [[LX]] {hops = {{[0-9]+}} : i64, sticks = 4 : i64}
// CHECK-NEXT: dflow.signal [[TX]]

// CHECK-LABEL: dflow.program "l1lu" instances 8
// CHECK: dflow.wait [[TX]]
// CHECK-NEXT: dflow.stream %{{[0-9]+}} -> [[VX]] {sticks = 4 : i64}

// The relay: core t receives the row from core t - 1 into the staging row
// (core 0 keeps its own) and passes it to core t + 1 (core 7 does not):
// 7 steps of 512 bytes, one hop each.
// CHECK-LABEL: dflow.program "sfu" instances 8
// CHECK: [[ST:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<1x256xf16, "lx">
// CHECK-NEXT: [[X:%[0-9]+]] = dflow.receive [[VX]] {sticks = 4 : i64} : <vector<64xf16>> -> tensor<1x256xf16>
// CHECK-NEXT: dflow.ring_exchange "broadcast" [[ST]] : memref<1x256xf16, "lx"> {bytes = 512 : i64, groups = 1 : i64, hops = 1 : i64, members = 8 : i64, steps = 7 : i64, tile_groups = [array<i64: 0, 1, 2, 3, 4, 5, 6, 7>]}
// CHECK-DAG: arith.constant dense<[-1, 0, 1, 2, 3, 4, 5, 6]> : tensor<8xindex>
// CHECK-DAG: arith.constant dense<[1, 2, 3, 4, 5, 6, 7, -1]> : tensor<8xindex>
// CHECK: [[LEAD:%[0-9]+]] = scf.if %{{[0-9]+}} -> (tensor<1x256xf16>) {
// CHECK-NEXT: [[IN:%[0-9]+]] = dflow.ring_receive from core %{{.*}} into [[ST]] : memref<1x256xf16, "lx"> -> tensor<1x256xf16>
// CHECK-NEXT: scf.yield [[IN]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield [[X]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %{{[0-9]+}} {
// CHECK-NEXT: dflow.ring_send [[LEAD]] to core %{{.*}} {bytes = 512 : i64} : tensor<1x256xf16>
// CHECK-NEXT: }
// Then the add, on vectors of both rows.
// CHECK: [[Y:%[0-9]+]] = scf.for {{.*}} -> (tensor<1x256xf16>) {
// CHECK-NEXT: [[A:%[0-9]+]] = vector.transfer_read [[X]]
// CHECK-NEXT: [[B:%[0-9]+]] = vector.transfer_read [[LEAD]]
// CHECK-NEXT: arith.addf [[A]], [[B]] : vector<64xf16>
// CHECK: dflow.send [[Y]] -> [[VY]] {sticks = 4 : i64}

// CHECK-LABEL: dflow.program "l1su" instances 8
// CHECK: [[LY:%[0-9]+]] = dflow.lx_view[%c1024] : memref<1x256xf16, "lx">
// CHECK-NEXT: dflow.collect [[VY]] -> [[LY]] {sticks = 4 : i64}
// CHECK-NEXT: dflow.signal [[TY]]

// CHECK-LABEL: dflow.program "mnisu" instances 8
// CHECK: dflow.wait [[TY]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> %{{[0-9]+}} {hops = {{[0-9]+}} : i64, sticks = 4 : i64}
