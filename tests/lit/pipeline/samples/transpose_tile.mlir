// transpose_tile: layout set by access tiles alone: a transposed 128x16 load
// and a column-strided (d1 mod 2 == 0) 16x64 load, each copied back to HBM.
// RUN: spyre-opt %samples/transpose_tile.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// A 128x16 f16 tile takes one stick per row: 128 sticks = 16384 bytes; 16x64 is
// 16 sticks = 2048. XT at 0, Y at 16384, XS at 32768, E at 34816: peak 36864.
// CHECK-DAG: [[TR:#map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: [[EVEN:#set[0-9]*]] = affine_set<(d0, d1) : ({{.*}}d1 mod 2 == 0)>
// CHECK: func.func @transpose_tile({{.*}}dflow.lx_peak = 36864 : i64{{.*}}grid = [4]}
// CHECK-DAG: [[TT:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TS:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VT:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VS:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[WT:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[WS:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[YT:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[YS:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>

// CHECK-LABEL: dflow.program "mnilu" instances 4
// CHECK: [[AT:%[0-9]+]] = ktdp.construct_access_tile {{.*}}access_tile_order = [[TR]]{{.*}} -> !ktdp.access_tile<128x16xindex>
// CHECK: [[AS:%[0-9]+]] = ktdp.construct_access_tile {{.*}}access_tile_set = [[EVEN]]{{.*}} -> !ktdp.access_tile<16x64xindex>
// CHECK: [[LT:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<128x16xf16, "lx">
// CHECK: [[LS:%[0-9]+]] = dflow.lx_view[%c32768] : memref<16x64xf16, "lx">
// CHECK: dflow.dma [[AT]] -> [[LT]] {hops = 3 : i64, sticks = 128 : i64}
// CHECK-NEXT: dflow.signal [[TT]]
// The even columns (d1 mod 2 == 0) packed into 16x64: a gather DMA.
// CHECK: dflow.dma [[AS]] -> [[LS]] {hops = 3 : i64, packed, sticks = 16 : i64}
// CHECK-NEXT: dflow.signal [[TS]]

// CHECK-LABEL: dflow.program "l1lu" instances 4
// CHECK: dflow.wait [[TT]]
// CHECK-NEXT: dflow.stream %{{[0-9]+}} -> [[VT]] {sticks = 128 : i64} : memref<128x16xf16, "lx">
// CHECK: dflow.wait [[TS]]
// CHECK-NEXT: dflow.stream %{{[0-9]+}} -> [[VS]] {sticks = 16 : i64} : memref<16x64xf16, "lx">

// No compute: the sfu passes each tile through a stick at a time (128
// sticks, then 16), holding one vector, never a tile.
// CHECK-LABEL: dflow.program "sfu" instances 4
// CHECK: scf.for
// CHECK-NEXT: [[T:%[0-9]+]] = dflow.receive [[VT]] {sticks = 1 : i64} {{.*}} -> vector<64xf16>
// CHECK-NEXT: dflow.send [[T]] -> [[WT]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK: scf.for
// CHECK-NEXT: [[S:%[0-9]+]] = dflow.receive [[VS]] {sticks = 1 : i64} {{.*}} -> vector<64xf16>
// CHECK-NEXT: dflow.send [[S]] -> [[WS]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NOT: tensor<

// CHECK-LABEL: dflow.program "l1su" instances 4
// CHECK: [[LY:%[0-9]+]] = dflow.lx_view[%c16384] : memref<128x16xf16, "lx">
// CHECK: [[LE:%[0-9]+]] = dflow.lx_view[%c34816] : memref<16x64xf16, "lx">
// CHECK: dflow.collect [[WT]] -> [[LY]] {sticks = 128 : i64}
// CHECK-NEXT: dflow.signal [[YT]]
// CHECK-NEXT: dflow.collect [[WS]] -> [[LE]] {sticks = 16 : i64}
// CHECK-NEXT: dflow.signal [[YS]]

// CHECK-LABEL: dflow.program "mnisu" instances 4
// CHECK: [[LY2:%[0-9]+]] = dflow.lx_view[%c16384] : memref<128x16xf16, "lx">
// CHECK: [[LE2:%[0-9]+]] = dflow.lx_view[%c34816] : memref<16x64xf16, "lx">
// CHECK: dflow.wait [[YT]]
// CHECK-NEXT: dflow.dma [[LY2]] -> %{{[0-9]+}} {hops = 3 : i64, sticks = 128 : i64} {{.*}} -> !ktdp.access_tile<128x16xindex>
// CHECK-NEXT: dflow.wait [[YS]]
// CHECK-NEXT: dflow.dma [[LE2]] -> %{{[0-9]+}} {hops = 3 : i64, sticks = 16 : i64} {{.*}} -> !ktdp.access_tile<16x64xindex>
