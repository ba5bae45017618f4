// rmsnorm_ring: a 2-D grid [4, 2] normalised to 8 tiles; each loads a 64x128
// f16 block (256-byte rows = 128 sticks) and a 128-element W slice (2 sticks).
// RUN: spyre-opt %samples/rmsnorm_ring.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// The ring staging buffer (64 x f32, 256 bytes) at 0, X 16384 bytes at
// 256, W 256 at 16640, Y 16384 at 16896: peak 33280.
// CHECK: func.func @rmsnorm_ring({{.*}}dflow.lx_peak = 33280 : i64, dflow.placement = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, grid = [8]}
// CHECK-DAG: [[TX:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TW:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TY:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VX:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VW:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VY:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// Tile coordinates come back from the linear id: lane = id mod 4, rb = id / 4.
// CHECK-LABEL: dflow.program "mnilu" instances 8
// CHECK: arith.remui %{{[0-9]+}}, %c4
// CHECK: arith.divui %{{[0-9]+}}, %c4
// CHECK: [[LX:%[0-9]+]] = dflow.lx_view[%c256] : memref<64x128xf16, "lx">
// CHECK: [[LW:%[0-9]+]] = dflow.lx_view[%c16640] : memref<128xf16, "lx">
// CHECK: dflow.dma %{{[0-9]+}} -> [[LX]] {hops = 7 : i64, sticks = 128 : i64}
// CHECK-NEXT: dflow.signal [[TX]]
// CHECK: dflow.dma %{{[0-9]+}} -> [[LW]] {hops = 7 : i64, sticks = 2 : i64}
// CHECK-NEXT: dflow.signal [[TW]]

// X is streamed twice (the sum of squares, then the normalisation); W once,
// with the second pass, its stick i mod 2 next to X's stick i.
// CHECK-LABEL: dflow.program "l1lu" instances 8
// CHECK: [[SX:%[0-9]+]] = dflow.lx_view[%c256] : memref<64x128xf16, "lx">
// CHECK: [[SW:%[0-9]+]] = dflow.lx_view[%c16640] : memref<128xf16, "lx">
// CHECK-DAG: dflow.wait [[TX]]
// CHECK-DAG: dflow.wait [[TW]]
// CHECK: scf.for [[I:%arg[0-9]+]] = %{{.*}} to %c128
// CHECK-NEXT: dflow.stream [[SX]] -> [[VX]] at stick [[I]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK: scf.for [[I:%arg[0-9]+]] = %{{.*}} to %c128
// CHECK-NEXT: dflow.stream [[SX]] -> [[VX]] at stick [[I]] {sticks = 1 : i64}
// CHECK: [[IW:%[0-9]+]] = arith.remui [[I]], %c2 : index
// CHECK-NEXT: dflow.stream [[SW]] -> [[VW]] at stick [[IW]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}

// The compute unit holds no block: pass 1 receives X a stick at a time,
// widens and squares it and sums each row (2 sticks) into one 64-lane f32
// vector, then its lanes.
// CHECK-LABEL: dflow.program "sfu" instances 8
// CHECK-DAG: [[STAGING:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<64xf32, "lx">
// CHECK: [[OWN:%[0-9]+]] = scf.for [[ROW:%arg[0-9]+]] = %{{.*}} to %c64{{[_0-9]*}} step %c1{{[_0-9]*}} iter_args([[ACC0:%arg[0-9]+]] = %{{[0-9]+}}) -> (tensor<64xf32>) {
// CHECK-NEXT: [[X0:%[0-9]+]] = dflow.receive [[VX]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[W0:%[0-9]+]] = arith.extf [[X0]] : vector<64xf16> to vector<64xf32>
// CHECK-NEXT: [[Q0:%[0-9]+]] = arith.mulf [[W0]], [[W0]] : vector<64xf32>
// CHECK: vector.reduction <add>, %{{[0-9]+}}, %{{.*}} : vector<64xf32> into f32
// The row sums are all-reduced within each group of 4 tiles over the ring:
// 3 steps of 256 bytes, at most 3 hops, received at LX 0.
// CHECK: dflow.ring_exchange "allreduce" [[STAGING]] : memref<64xf32, "lx"> {bytes = 256 : i64, groups = 2 : i64, hops = 3 : i64, members = 4 : i64, steps = 3 : i64, tile_groups = [array<i64: 0, 1, 2, 3>, array<i64: 4, 5, 6, 7>]}
// Each core sends what it holds last to the next member of its group and
// folds in what the previous one sends, 3 times.
// CHECK: [[NEXT:%.*]] = tensor.extract {{.*}} : tensor<8xindex>
// CHECK: [[PREV:%.*]] = tensor.extract {{.*}} : tensor<8xindex>
// CHECK: [[SUM:%[0-9]+]]:2 = scf.for {{.*}} = %c1{{.*}} to %c4{{.*}} step %c1{{.*}} iter_args([[ACC:%arg[0-9]+]] = [[OWN]], [[SEND:%arg[0-9]+]] = [[OWN]])
// CHECK-NEXT: dflow.ring_send [[SEND]] to core [[NEXT]] {bytes = 256 : i64} : tensor<64xf32>
// CHECK-NEXT: [[IN:%[0-9]+]] = dflow.ring_receive from core [[PREV]] into [[STAGING]] : memref<64xf32, "lx"> -> tensor<64xf32>
// The fold is two 32-lane f32 vector adds.
// CHECK: [[F:%[0-9]+]] = scf.for [[I:%arg[0-9]+]] = {{.*}} step %c32{{.*}} -> (tensor<64xf32>)
// CHECK-NEXT: [[VA:%[0-9]+]] = vector.transfer_read [[ACC]][[[I]]]
// CHECK-NEXT: [[VB:%[0-9]+]] = vector.transfer_read [[IN]][[[I]]]
// CHECK-NEXT: arith.addf [[VA]], [[VB]] : vector<32xf32>
// CHECK: scf.yield [[F]], [[IN]]
// CHECK-NOT: ktdp.inter_tile
// rstd = rsqrt(sum / 512 + eps) on vectors, the constants splat.
// CHECK: [[RSTD:%[0-9]+]] = scf.for {{.*}} -> (tensor<64xf32>)
// CHECK: math.rsqrt {{.*}} : vector<32xf32>
// Pass 2: y = x * rstd[row] * w, a stick at a time: rstd read once per
// row and broadcast, the stick of W received next to X's.
// CHECK: scf.for [[R:%arg[0-9]+]] = %{{.*}} to %c64
// CHECK-NEXT: scf.for
// CHECK-NEXT: [[XS:%[0-9]+]] = dflow.receive [[VX]] {sticks = 1 : i64}
// CHECK-NEXT: [[WS:%[0-9]+]] = dflow.receive [[VW]] {sticks = 1 : i64}
// CHECK: tensor.extract [[RSTD]][[[R]]] : tensor<64xf32>
// CHECK: arith.truncf {{.*}} : vector<64xf32> to vector<64xf16>
// CHECK-NEXT: dflow.send {{.*}} -> [[VY]] {sticks = 1 : i64}
// CHECK-NOT: linalg.
// CHECK-NOT: tensor<64x128x

// CHECK-LABEL: dflow.program "l1su" instances 8
// CHECK: [[LY:%[0-9]+]] = dflow.lx_view[%c16896] : memref<64x128xf16, "lx">
// CHECK: scf.for [[I:%arg[0-9]+]] =
// CHECK-NEXT: dflow.collect [[VY]] -> [[LY]] at stick [[I]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: dflow.signal [[TY]]

// CHECK-LABEL: dflow.program "mnisu" instances 8
// CHECK: [[LY2:%[0-9]+]] = dflow.lx_view[%c16896]
// CHECK: dflow.wait [[TY]]
// CHECK-NEXT: dflow.dma [[LY2]] -> %{{[0-9]+}} {hops = 7 : i64, sticks = 128 : i64}
