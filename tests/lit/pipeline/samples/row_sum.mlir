// row_sum: a reduction that shrinks the tile: 8x128 f16 in (16 sticks),
// 8 f16 out (16 bytes, one partial stick), fp32 accumulation on the sfu.
// RUN: spyre-opt %samples/row_sum.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// X 2048 bytes at 0; the 16-byte result rounds up to one stick at 2048.
// CHECK: func.func @row_sum({{.*}}dflow.lx_peak = 2176 : i64
// CHECK-DAG: [[TX:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TO:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VX:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VO:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// CHECK-LABEL: dflow.program "mnilu" instances 32
// CHECK: [[LX:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<8x128xf16, "lx">
// CHECK: dflow.dma %{{[0-9]+}} -> [[LX]] {hops = 16 : i64, sticks = 16 : i64} : !ktdp.access_tile<8x128xindex>
// CHECK-NEXT: dflow.signal [[TX]]

// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: dflow.wait [[TX]]
// CHECK-NEXT: dflow.stream %{{[0-9]+}} -> [[VX]] {sticks = 16 : i64}

// CHECK-LABEL: dflow.program "sfu" instances 32
// Chunked: per row, the 2 sticks arrive one at a time, widen to f32 and
// add into one vector accumulator whose lanes are summed with the row's
// init (the 2-stick loop is folded away: first stick + one more).
// The zero init is written as vectors (one 32-lane f32 vector covers the
// 8 sums; the lanes past them are not written).
// CHECK: [[Z:%cst[_0-9]*]] = arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK: [[E:%[0-9]+]] = tensor.empty() : tensor<8xf32>
// CHECK-NEXT: [[INIT:%[0-9]+]] = vector.transfer_write [[Z]], [[E]][%c0{{(_[0-9]+)?}}] : vector<32xf32>, tensor<8xf32>
// CHECK: [[OUT:%[0-9]+]] = scf.for [[ROW:%arg[0-9]+]] = %c0 to %c8 step %c1 iter_args([[ACC:%arg[0-9]+]] = [[INIT]]) -> (tensor<8xf32>) {
// CHECK-NEXT: [[A:%[0-9]+]] = dflow.receive [[VX]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[A32:%[0-9]+]] = arith.extf [[A]] : vector<64xf16> to vector<64xf32>
// CHECK-NEXT: [[B:%[0-9]+]] = dflow.receive [[VX]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[B32:%[0-9]+]] = arith.extf [[B]] : vector<64xf16> to vector<64xf32>
// CHECK-NEXT: [[SUM:%[0-9]+]] = arith.addf [[A32]], [[B32]] : vector<64xf32>
// CHECK-NEXT: [[START:%.*]] = tensor.extract [[ACC]][[[ROW]]] : tensor<8xf32>
// CHECK-NEXT: [[TOTAL:%[0-9]+]] = vector.reduction <add>, [[SUM]], [[START]] : vector<64xf32> into f32
// CHECK-NEXT: [[NEXT:%.*]] = tensor.insert [[TOTAL]] into [[ACC]][[[ROW]]] : tensor<8xf32>
// CHECK-NEXT: scf.yield [[NEXT]]
// CHECK-NEXT: } {dflow.vector_loop}
// Narrowed to f16 a vector at a time.
// CHECK-NEXT: [[E16:%[0-9]+]] = tensor.empty() : tensor<8xf16>
// CHECK-NEXT: [[V:%[0-9]+]] = vector.transfer_read [[OUT]][%c0{{(_[0-9]+)?}}], %{{.*}} : tensor<8xf32>, vector<32xf32>
// CHECK-NEXT: [[H:%[0-9]+]] = arith.truncf [[V]] : vector<32xf32> to vector<32xf16>
// CHECK-NEXT: [[S:%[0-9]+]] = vector.transfer_write [[H]], [[E16]][%c0{{(_[0-9]+)?}}] : vector<32xf16>, tensor<8xf16>
// CHECK-NEXT: dflow.send [[S]] -> [[VO]] {sticks = 1 : i64} : tensor<8xf16>

// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK: [[LO:%[0-9]+]] = dflow.lx_view[%c2048] : memref<8xf16, "lx">
// CHECK: dflow.collect [[VO]] -> [[LO]] {sticks = 1 : i64}
// CHECK-NEXT: dflow.signal [[TO]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK: [[LO2:%[0-9]+]] = dflow.lx_view[%c2048] : memref<8xf16, "lx">
// CHECK: dflow.wait [[TO]]
// CHECK-NEXT: dflow.dma [[LO2]] -> %{{[0-9]+}} {hops = 16 : i64, sticks = 1 : i64} : memref<8xf16, "lx"> -> !ktdp.access_tile<8xindex>
