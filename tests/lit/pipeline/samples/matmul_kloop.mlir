// matmul_kloop: a K loop (0 to 256 step 64) with double-buffered 16x64 A and
// 64x64 B blocks, an fp32 accumulator carried on the sfu, one store after it.
// RUN: spyre-opt %samples/matmul_kloop.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// A: 2 x 2048 bytes (16 sticks) from 0, B: 2 x 8192 (64 sticks) from 4096: peak
// 20480. Free tokens, one per copy: mnilu waits before a fill, l1lu signals after
// the stream. C reuses address 0 after the loop: a barrier in every program.
// CHECK: func.func @matmul_kloop({{.*}}dflow.lx_peak = 20480 : i64{{.*}}grid = [32]}
// CHECK-DAG: [[FA:%[0-9]+]] = dflow.channel "l1lu" -> "mnilu" depth 2 {initial = 2 : i64} : <none>
// CHECK-DAG: [[FB:%[0-9]+]] = dflow.channel "l1lu" -> "mnilu" depth 2 {initial = 2 : i64} : <none>
// CHECK-DAG: [[TA:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TB:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VA:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VB:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[TC:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VC:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// CHECK-LABEL: dflow.program "mnilu" instances 32
// CHECK: scf.for %arg{{[0-9]+}} = %c0 to %c256 step %c64{{[_0-9]*}} {
// CHECK: [[CP:%[0-9]+]] = arith.remui %{{[0-9]+}}, %c2{{[_0-9]*}} : index
// CHECK: [[OA:%[0-9]+]] = arith.muli [[CP]], %c2048 : index
// CHECK-NEXT: [[AA:%[0-9]+]] = arith.addi %c0{{(_[0-9]+)?}}, [[OA]] : index
// CHECK-NEXT: [[LA:%[0-9]+]] = dflow.lx_view{{\[}}[[AA]]] : memref<16x64xf16, "lx">
// CHECK: [[OB:%[0-9]+]] = arith.muli %{{[0-9]+}}, %c8192 : index
// CHECK-NEXT: [[AB:%[0-9]+]] = arith.addi %c4096, [[OB]] : index
// CHECK-NEXT: [[LB2:%[0-9]+]] = dflow.lx_view{{\[}}[[AB]]] : memref<64x64xf16, "lx">
// CHECK-NEXT: dflow.wait [[FA]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> [[LA]] {hops = 16 : i64, sticks = 16 : i64}
// CHECK-NEXT: dflow.signal [[TA]]
// CHECK-NEXT: dflow.wait [[FB]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> [[LB2]] {hops = 16 : i64, sticks = 64 : i64}
// CHECK-NEXT: dflow.signal [[TB]]
// CHECK-NEXT: }
// CHECK-NEXT: dflow.barrier

// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: scf.for
// CHECK: dflow.wait [[TA]]
// CHECK-NEXT: dflow.stream %{{[0-9]+}} -> [[VA]] {sticks = 16 : i64}
// CHECK-NEXT: dflow.signal [[FA]]
// CHECK-NEXT: dflow.wait [[TB]]
// CHECK-NEXT: dflow.stream %{{[0-9]+}} -> [[VB]] {sticks = 64 : i64}
// CHECK-NEXT: dflow.signal [[FB]]
// CHECK-NEXT: }
// CHECK-NEXT: dflow.barrier

// CHECK-LABEL: dflow.program "sfu" instances 32
// C starts as zeros, written a vector at a time.
// CHECK: [[ZERO:%cst[_0-9]*]] = arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK: [[C0S:%[0-9]+]] = scf.for
// CHECK: vector.transfer_write [[ZERO]]
// CHECK: [[ACC:%[0-9]+]] = scf.for {{.*}} to %c256 step %c64 iter_args([[IT:%arg[0-9]+]] = [[C0S]]) -> (tensor<16x64xf32>)
// CHECK-NEXT: [[A:%[0-9]+]] = dflow.receive [[VA]] {sticks = 16 : i64} : <vector<64xf16>> -> tensor<16x64xf16>
// CHECK-NEXT: [[B:%[0-9]+]] = dflow.receive [[VB]] {sticks = 64 : i64} : <vector<64xf16>> -> tensor<64x64xf16>
// The block product on vectors: for each row m of C and each 32-lane f32
// vector of it, 64 multiply-adds over K, each A[m, k] broadcast times the
// vector of B's row k (half a stick of f16, widened).
// CHECK: scf.for [[M:%arg[0-9]+]] = {{.*}} iter_args({{.*}} = [[IT]]) -> (tensor<16x64xf32>)
// CHECK-NEXT: scf.for [[N:%arg[0-9]+]] = {{.*}} step [[C32:%c32[_0-9]*]] iter_args([[OUT:%arg[0-9]+]] = {{.*}}) -> (tensor<16x64xf32>)
// CHECK-NEXT: [[C0:%[0-9]+]] = vector.transfer_read [[IT]][[[M]], [[N]]], {{.*}} : tensor<16x64xf32>, vector<32xf32>
// CHECK-NEXT: [[CK:%[0-9]+]] = scf.for [[K:%arg[0-9]+]] = {{.*}} iter_args([[P:%arg[0-9]+]] = [[C0]]) -> (vector<32xf32>)
// CHECK-NEXT: [[AMK:%.*]] = tensor.extract [[A]][[[M]], [[K]]] : tensor<16x64xf16>
// CHECK-NEXT: [[BK:%[0-9]+]] = vector.transfer_read [[B]][[[K]], [[N]]], {{.*}} : tensor<64x64xf16>, vector<32xf16>
// CHECK-NEXT: [[AV:%[0-9]+]] = vector.broadcast [[AMK]] : f16 to vector<32xf16>
// CHECK-NEXT: [[AW:%[0-9]+]] = arith.extf [[AV]] : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: [[BW:%[0-9]+]] = arith.extf [[BK]] : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: [[PR:%[0-9]+]] = arith.mulf [[AW]], [[BW]] : vector<32xf32>
// CHECK-NEXT: [[SUM:%[0-9]+]] = arith.addf [[P]], [[PR]] : vector<32xf32>
// CHECK-NEXT: scf.yield [[SUM]]
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: vector.transfer_write [[CK]], [[OUT]][[[M]], [[N]]]
// CHECK-NOT: linalg.
// CHECK: dflow.barrier
// Narrowed to f16 a vector at a time after the K loop.
// CHECK: arith.truncf {{.*}} : vector<32xf32> to vector<32xf16>
// CHECK: dflow.send {{.*}} -> [[VC]] {sticks = 16 : i64}

// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK-NEXT: dflow.barrier
// CHECK: [[LC:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<16x64xf16, "lx">
// CHECK-NEXT: dflow.collect [[VC]] -> [[LC]] {sticks = 16 : i64}
// CHECK-NEXT: dflow.signal [[TC]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK-NOT: scf.for
// CHECK: dflow.barrier
// CHECK: dflow.wait [[TC]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> %{{[0-9]+}} {hops = 16 : i64, sticks = 16 : i64}
