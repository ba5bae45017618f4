// matmul_kloop: a K loop (0 to 256 step 64) with double-buffered 16x64 A and
// 64x64 B blocks and an fp32 accumulator kept in LX (the compute engine
// holds 2 KiB: issue 15), one store after it.
// RUN: spyre-opt %samples/matmul_kloop.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched.

// The accumulator: 4096 bytes (32 sticks of 32 f32) at 0 for the whole
// kernel; A: 2 x 2048 bytes (16 sticks) from 4096, B: 2 x 8192 (64 sticks)
// from 8192: peak 24576. Free tokens, one per copy: mnilu waits before a
// fill, l1lu signals after the stream. C reuses address 4096 after the loop.
// CHECK: func.func @matmul_kloop({{.*}}dflow.lx_peak = 24576 : i64{{.*}}grid = [32]}
// CHECK-DAG: [[Z:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<32xf32>>
// CHECK-DAG: [[FA:%[0-9]+]] = dflow.channel "l1lu" -> "mnilu" depth 2 {initial = 2 : i64} : <none>
// CHECK-DAG: [[FB:%[0-9]+]] = dflow.channel "l1lu" -> "mnilu" depth 2 {initial = 2 : i64} : <none>
// CHECK-DAG: [[TA:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TB:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VACC:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<32xf32>>
// CHECK-DAG: [[VA:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VB:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VSUM:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<32xf32>>
// CHECK-DAG: [[TC:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VOUT:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<32xf32>>
// CHECK-DAG: [[VC:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// CHECK-LABEL: dflow.program "mnilu" instances 32
// CHECK: scf.for %arg{{[0-9]+}} = %c0 to %c256 step %c64{{[_0-9]*}} {
// CHECK: dflow.barrier
// CHECK: [[CP:%[0-9]+]] = arith.remui %{{[0-9]+}}, %c2{{[_0-9]*}} : index
// CHECK: [[OA:%[0-9]+]] = arith.muli [[CP]], %c2048 : index
// CHECK-NEXT: [[AA:%[0-9]+]] = arith.addi %c4096, [[OA]] : index
// CHECK-NEXT: [[LA:%[0-9]+]] = dflow.lx_view{{\[}}[[AA]]] : memref<16x64xf16, "lx">
// CHECK: [[OB:%[0-9]+]] = arith.muli %{{[0-9]+}}, %c8192{{[_0-9]*}} : index
// CHECK-NEXT: [[AB:%[0-9]+]] = arith.addi %c8192, [[OB]] : index
// CHECK-NEXT: [[LB2:%[0-9]+]] = dflow.lx_view{{\[}}[[AB]]] : memref<64x64xf16, "lx">
// CHECK-NEXT: dflow.wait [[FA]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> [[LA]] {hops = 16 : i64, sticks = 16 : i64}
// CHECK-NEXT: dflow.signal [[TA]]
// CHECK-NEXT: dflow.wait [[FB]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> [[LB2]] {hops = 16 : i64, sticks = 64 : i64}
// CHECK-NEXT: dflow.signal [[TB]]
// CHECK-NEXT: }
// CHECK-NEXT: dflow.barrier

// Per row i of the block: row i of the accumulator (2 sticks) and of A
// (1 stick), then B again (64 sticks).
// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: [[LACC:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<16x64xf32, "lx">
// CHECK: scf.for
// CHECK-NEXT: dflow.barrier
// CHECK: dflow.wait [[TA]]
// CHECK-NEXT: dflow.wait [[TB]]
// CHECK: scf.for [[I:%arg[0-9]+]] = %{{.*}} to %c16{{(_[0-9]+)?}} step
// CHECK-NEXT: %{{.*}} = arith.constant 2 : index
// CHECK-NEXT: [[AT2:%[0-9]+]] = arith.muli [[I]], %{{.*}} : index
// CHECK-NEXT: dflow.stream [[LACC]] -> [[VACC]] at stick [[AT2]] {sticks = 2 : i64}
// CHECK: dflow.stream %{{[0-9]+}} -> [[VA]] at stick %{{[0-9]+}} {sticks = 1 : i64}
// CHECK-NEXT: dflow.stream %{{[0-9]+}} -> [[VB]] {sticks = 64 : i64}
// CHECK-NEXT: }
// CHECK-NEXT: dflow.signal [[FA]]
// CHECK-NEXT: dflow.signal [[FB]]
// CHECK-NEXT: }
// CHECK-NEXT: dflow.barrier
// The sum, two f32 sticks per iteration (one vector of f16's 64 lanes).
// CHECK: scf.for [[J:%arg[0-9]+]] = %{{.*}} to %c16{{(_[0-9]+)?}} step
// CHECK-NEXT: %{{.*}} = arith.constant 2 : index
// CHECK-NEXT: [[JT2:%[0-9]+]] = arith.muli [[J]], %{{.*}} : index
// CHECK-NEXT: dflow.stream [[LACC]] -> [[VOUT]] at stick [[JT2]] {sticks = 2 : i64}

// CHECK-LABEL: dflow.program "sfu" instances 32
// The accumulator starts as zeros, sent a stick at a time (one splat).
// CHECK: scf.for %{{.*}} to %c32 step
// CHECK-NEXT: [[ZERO:%cst[_0-9]*]] = arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK-NEXT: dflow.send [[ZERO]] -> [[Z]] {sticks = 1 : i64} : vector<32xf32>
// CHECK-NEXT: } {dflow.vector_loop}
// The K loop carries nothing: each row of the accumulator comes from LX,
// takes 64 multiply-adds (A[i, k] broadcast times B's row k, one stick of
// f16 widened to 64 f32 lanes) and goes back.
// CHECK: scf.for {{.*}} to %c256 step %c64 {
// CHECK-NEXT: dflow.barrier
// CHECK: scf.for
// CHECK-NEXT: [[ROW:%[0-9]+]] = dflow.receive [[VACC]] {sticks = 2 : i64} : <vector<32xf32>> -> tensor<1x64xf32>
// A's row (one stick) comes as a vector; A[i, k] is its lane k.
// CHECK-NEXT: [[A:%[0-9]+]] = dflow.receive [[VA]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK: [[SUM:%[0-9]+]] = scf.for [[K:%arg[0-9]+]] = {{.*}} iter_args([[P:%arg[0-9]+]] = [[ROW]]) -> (tensor<1x64xf32>)
// CHECK-NEXT: [[AK:%.*]] = vector.extract [[A]][[[K]]] : f16 from vector<64xf16>
// CHECK-NEXT: [[B:%[0-9]+]] = dflow.receive [[VB]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK: [[OLD:%[0-9]+]] = vector.transfer_read [[P]][{{.*}}], {{.*}} : tensor<1x64xf32>, vector<64xf32>
// CHECK-NEXT: [[AV:%[0-9]+]] = vector.broadcast [[AK]] : f16 to vector<64xf16>
// CHECK-NEXT: [[AW:%[0-9]+]] = arith.extf [[AV]] : vector<64xf16> to vector<64xf32>
// CHECK-NEXT: [[BW:%[0-9]+]] = arith.extf [[B]] : vector<64xf16> to vector<64xf32>
// CHECK-NEXT: [[PR:%[0-9]+]] = arith.mulf [[AW]], [[BW]] : vector<64xf32>
// CHECK-NEXT: [[NEW:%[0-9]+]] = arith.addf [[OLD]], [[PR]] : vector<64xf32>
// CHECK-NEXT: vector.transfer_write [[NEW]], [[P]]
// CHECK: dflow.send [[SUM]] -> [[VSUM]] {sticks = 2 : i64} : tensor<1x64xf32>
// CHECK-NOT: linalg.
// CHECK: dflow.barrier
// Narrowed to f16 a vector at a time after the K loop: two f32 sticks in,
// one f16 stick out.
// CHECK: dflow.receive [[VOUT]] {sticks = 2 : i64} : <vector<32xf32>> -> vector<64xf32>
// CHECK-NEXT: arith.truncf {{.*}} : vector<64xf32> to vector<64xf16>
// CHECK-NEXT: dflow.send {{.*}} -> [[VC]] {sticks = 1 : i64} : vector<64xf16>

// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK: [[LSUM:%[0-9]+]] = dflow.lx_view[%c0{{(_[0-9]+)?}}] : memref<16x64xf32, "lx">
// CHECK: scf.for [[SZ:%arg[0-9]+]] =
// CHECK-NEXT: dflow.collect [[Z]] -> [[LSUM]] at stick [[SZ]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK: dflow.barrier
// CHECK-NEXT: dflow.collect [[VSUM]] -> [[LSUM]] {sticks = 32 : i64}
// CHECK: dflow.barrier
// CHECK: [[LC:%[0-9]+]] = dflow.lx_view[%c4096] : memref<16x64xf16, "lx">
// CHECK: scf.for [[S:%arg[0-9]+]] =
// CHECK-NEXT: dflow.collect [[VC]] -> [[LC]] at stick [[S]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: dflow.signal [[TC]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK: dflow.barrier
// CHECK: dflow.wait [[TC]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> %{{[0-9]+}} {hops = 16 : i64, sticks = 16 : i64}
