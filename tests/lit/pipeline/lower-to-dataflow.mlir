// One program per unit, instantiated on every tile's core; FIFOs become
// channels between units, tokens signal / wait, LX buffers views at their
// addresses (the copy picked from the loop counter when double-buffered),
// device transfers DMA, LX <-> FIFO transfers streams; loop-carried values
// only the compute unit uses are gone from the other programs.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --ktir-to-dataflow | FileCheck %s
// RUN: spyre-opt %samples/matmul_kloop.mlir --ktir-to-dataflow | FileCheck %s --check-prefix=MATMUL
// RUN: spyre-opt %s --lower-to-dataflow -verify-diagnostics -split-input-file
// RUN: spyre-opt %S/../../kernels/rmsnorm_loops.mlir --ktir-to-dataflow | FileCheck %s --check-prefix=REMAT
// RUN: spyre-opt %S/../../kernels/row_recurrence.mlir --ktir-to-dataflow | FileCheck %s --check-prefix=ORDER
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --ktir-to-dataflow | FileCheck %s --check-prefix=NOORDER

// Row r of y is computed from row r - 1, stored by the previous iteration:
// every unit's iteration ends at a barrier, so the load unit's next load of
// y cannot overtake the store unit's store of the row before.
// ORDER-LABEL: dflow.program "mnilu"
// ORDER:         scf.for
// ORDER:           dflow.dma %{{.*}} -> %{{.*}} {hops
// ORDER:           dflow.dma %{{.*}} -> %{{.*}} {hops
// ORDER:           dflow.barrier
// ORDER-NEXT:    }
// ORDER-LABEL: dflow.program "mnisu"
// ORDER:         scf.for
// ORDER:           dflow.dma
// ORDER:           dflow.barrier
// ORDER-NEXT:    }
// A loop that loads x and stores y (different arguments) keeps its
// iterations overlapping.
// NOORDER-NOT: dflow.barrier

// The rows a norm's second loop loads are addressed from the tile id and
// a memory view the compute stage computed: the load program computes them
// itself.
// REMAT-NOT:   dflow.remote
// REMAT-LABEL: dflow.program "mnilu"
// REMAT:         %[[ID:.*]] = ktdp.get_compute_tile_id : index
// REMAT-NEXT:    %[[ROW:.*]] = arith.muli %[[ID]], %{{.*}} : index
// REMAT-NEXT:    %[[X:.*]] = ktdp.construct_memory_view %arg0
// REMAT:         ktdp.construct_access_tile %[[X]][%[[ROW]], %{{.*}}]
// REMAT-NOT:   dflow.remote

// CHECK:       func.func @bias_loop{{.*}}dflow.lx_peak = 1280 : i64, dflow.placement = array<i64: 0, 1>
// CHECK-NOT:   sched.
// CHECK-DAG:   %[[XFREE:.*]] = dflow.channel "l1lu" -> "mnilu" depth 2 {initial = 2 : i64} : <none>
// CHECK-DAG:   %[[YFREE:.*]] = dflow.channel "mnisu" -> "l1su" depth 2 {initial = 2 : i64} : <none>
// CHECK-DAG:   %[[YT:.*]] = dflow.channel "l1su" -> "mnisu" depth 16 : <none>
// CHECK-DAG:   %[[XQ:.*]] = dflow.channel "l1lu" -> "sfu" depth 16 : <vector<64xf16>>
// CHECK-DAG:   %[[BQ:.*]] = dflow.channel "l1lu" -> "sfu" depth 16 : <vector<64xf16>>
// CHECK-DAG:   %[[YQ:.*]] = dflow.channel "sfu" -> "l1su" depth 16 : <vector<64xf16>>
// CHECK-LABEL: dflow.program "mnilu" instances 2 {
// CHECK:         %[[BIAS:.*]] = dflow.lx_view[%{{.*}}] : memref<2x64xf16, "lx">
// CHECK-NEXT:    dflow.dma %{{.*}} -> %[[BIAS]] {hops = 1 : i64, sticks = 2 : i64}
// CHECK:         scf.for %[[IV:.*]] = %[[LB:.*]] to %{{.*}} step %[[STEP:[^ ]*]]
// CHECK:           %[[OFF:.*]] = arith.subi %[[IV]], %[[LB]]
// CHECK-NEXT:      %[[ITER:.*]] = arith.divui %[[OFF]], %[[STEP]]
// CHECK:           %[[COPY:.*]] = arith.remui %[[ITER]]
// CHECK:           %[[DELTA:.*]] = arith.muli %[[COPY]]
// CHECK-NEXT:      %[[ADDR:.*]] = arith.addi %{{.*}}, %[[DELTA]]
// CHECK-NEXT:      %[[X:.*]] = dflow.lx_view[%[[ADDR]]] : memref<2x64xf16, "lx">
// CHECK-NEXT:      dflow.wait %[[XFREE]]
// CHECK-NEXT:      dflow.dma %{{.*}} -> %[[X]] {hops = 1 : i64, sticks = 2 : i64}
// CHECK-NEXT:      dflow.signal %[[XT:[^ ]*]]
// CHECK-NEXT:      dflow.signal %[[BT:[^ ]*]]
// The feeding unit interleaves the two inputs stick by stick, as the
// compute unit takes them.
// CHECK-LABEL: dflow.program "l1lu" instances 2 {
// CHECK:           dflow.wait %[[XT]]
// CHECK-NEXT:      dflow.wait %[[BT]]
// CHECK:           scf.for %[[S:[^ ]*]] =
// CHECK-NEXT:        dflow.stream %{{.*}} -> %[[XQ]] at stick %[[S]] {sticks = 1 : i64}
// CHECK-NEXT:        dflow.stream %{{.*}} -> %[[BQ]] at stick %[[S]] {sticks = 1 : i64}
// CHECK-NEXT:      } {dflow.vector_loop}
// CHECK-NEXT:      dflow.signal %[[XFREE]]
// The compute unit works one stick (one vector) at a time.
// CHECK-LABEL: dflow.program "sfu" instances 2 {
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK-NEXT:        %[[A:.*]] = dflow.receive %[[XQ]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:        %[[B:.*]] = dflow.receive %[[BQ]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<64xf16>
// CHECK-NEXT:        dflow.send %[[S]] -> %[[YQ]] {sticks = 1 : i64}
// CHECK-LABEL: dflow.program "l1su" instances 2 {
// CHECK:           dflow.wait %[[YFREE]]
// CHECK:           scf.for %[[S2:[^ ]*]] =
// CHECK-NEXT:        dflow.collect %[[YQ]] -> %{{.*}} at stick %[[S2]] {sticks = 1 : i64}
// CHECK-NEXT:      } {dflow.vector_loop}
// CHECK-NEXT:      dflow.signal %[[YT]]
// CHECK-LABEL: dflow.program "mnisu" instances 2 {
// CHECK:           dflow.wait %[[YT]]
// CHECK-NEXT:      dflow.dma %{{.*}} -> %{{.*}} {hops = 1 : i64, sticks = 2 : i64} : memref<2x64xf16, "lx"> -> !ktdp.access_tile<2x64xindex>
// CHECK-NEXT:      dflow.signal %[[YFREE]]

// The K loop's accumulator lives in LX (build-pipelines): no program
// carries it through the loop. The compute program zeroes it a stick at
// a time (one splat), then in each iteration (behind a barrier: the store unit's write
// of the last one is done) receives row i of it and of A, B stick by
// stick, and sends the row back; after the loop it receives the result
// again, two f32 sticks per vector of f16's 64 lanes, and rounds it to f16.
// MATMUL-LABEL: dflow.program "mnilu"
// MATMUL:         scf.for
// MATMUL-NOT:     iter_args
// MATMUL-LABEL: dflow.program "sfu"
// MATMUL:         dflow.send {{.*}} {sticks = 1 : i64} : vector<32xf32>
// MATMUL:         scf.for
// MATMUL-NOT:       iter_args({{.*}}tensor<16x64xf32>
// MATMUL:           dflow.barrier
// MATMUL:             dflow.receive {{.*}} {sticks = 2 : i64} : <vector<32xf32>> -> tensor<1x64xf32>
// MATMUL-NEXT:        %[[A:[^ ,]*]] = dflow.receive {{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// MATMUL:               vector.extract %[[A]][%{{.*}}] : f16 from vector<64xf16>
// MATMUL-NEXT:          dflow.receive {{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// MATMUL:               arith.mulf {{.*}} : vector<64xf32>
// MATMUL:             dflow.send {{.*}} {sticks = 2 : i64} : tensor<1x64xf32>
// MATMUL:         dflow.barrier
// MATMUL:         scf.for
// MATMUL-NEXT:      dflow.receive {{.*}} {sticks = 2 : i64} : <vector<32xf32>> -> vector<64xf32>
// MATMUL-NEXT:      arith.truncf {{.*}} : vector<64xf32> to vector<64xf16>
// MATMUL-NEXT:      dflow.send {{.*}} {sticks = 1 : i64} : vector<64xf16> -> <vector<64xf16>>
// MATMUL-LABEL: dflow.program "l1su"
// MATMUL-NOT:     iter_args
// MATMUL:         dflow.barrier
// MATMUL-LABEL: dflow.program "mnisu"
// MATMUL:         dflow.barrier
// MATMUL:         dflow.dma

// -----

func.func @k() {
  // expected-error @+1 {{LX buffer without an address: run assign-addresses before lower-to-dataflow}}
  %b = sched.alloc : memref<4xf16, "lx">
  return
}

// -----

func.func @k(%x: memref<4xf16, "lx">) {
  sched.pipeline {
    sched.stage "sfu" {
      // expected-error @+1 {{the compute unit reads LX directly: run route-transfers before lower-to-dataflow}}
      %t = sched.read %x : memref<4xf16, "lx"> -> tensor<4xf16>
    }
  }
  return
}

// -----

func.func @returns_tile() -> tensor<4xf16> {
  // expected-error @+1 {{the kernel returns a computed tile; a kernel hands results back through ktdp.store}}
  %r = sched.pipeline -> tensor<4xf16> {
    %t = sched.stage "sfu" -> tensor<4xf16> {
      %e = tensor.empty() : tensor<4xf16>
      sched.yield %e : tensor<4xf16>
    }
    sched.yield %t : tensor<4xf16>
  }
  return %r : tensor<4xf16>
}
