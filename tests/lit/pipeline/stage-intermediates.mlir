// A compute stage whose tiles crossing from one part to a later one add up
// to more than the compute engine holds (2 KiB) is split into one pipeline
// per part: each matmul, each inter-tile exchange, each run of other ops.
// Intermediates go through persistent LX buffers (written by the part that
// computes them, read by each later part behind a barrier); a tile loaded
// for several parts is loaded once into a persistent buffer; a result that
// later pipelines read goes to LX too. A small chain stays one stage.
// RUN: spyre-opt %S/../../kernels/residual_mlp.mlir --extract-compute-groups --build-pipelines --stage-intermediates | FileCheck %s
// RUN: spyre-opt %S/../../kernels/ksplit_matmul_ring.mlir --normalize-grid --extract-compute-groups --build-pipelines --stage-intermediates | FileCheck %s --check-prefix=RING
// RUN: spyre-opt %S/../../kernels/ffn_relu_chain.mlir --extract-compute-groups --build-pipelines --stage-intermediates | FileCheck %s --check-prefix=SMALL

// y = x + max(x @ W1, 0) @ W2: x (read by the first matmul and the add),
// the matmul's result, the ReLU's and the second matmul's, each 8x128 f16.
// CHECK-LABEL: func.func @residual_mlp
// CHECK:         %[[X:.*]] = sched.alloc {persistent} : memref<8x128xf16, "lx">
// CHECK-NEXT:    %[[H:.*]] = sched.alloc {persistent} : memref<8x128xf16, "lx">
// CHECK-NEXT:    %[[R:.*]] = sched.alloc {persistent} : memref<8x128xf16, "lx">
// CHECK-NEXT:    %[[O:.*]] = sched.alloc {persistent} : memref<8x128xf16, "lx">
// The first matmul loads x into its persistent buffer, and W1.
// CHECK-NEXT:    sched.pipeline {
// CHECK:           sched.stage "load" {
// CHECK-NEXT:        sched.transfer %{{.*}} -> %[[X]]
// CHECK:           sched.stage "compute" {
// CHECK-NEXT:        sched.wait
// CHECK-NEXT:        %[[XA:.*]] = sched.read %[[X]]
// CHECK-NEXT:        sched.wait
// CHECK-NEXT:        %[[W1:.*]] = sched.read
// CHECK-NEXT:        %[[E:.*]] = tensor.empty() : tensor<8x128xf16>
// CHECK-NEXT:        %[[M:.*]] = linalg.matmul ins(%[[XA]], %[[W1]] : {{.*}}) outs(%[[E]] : tensor<8x128xf16>)
// CHECK-NEXT:        sched.write %[[M]] -> %[[H]]
// CHECK-NEXT:      }
// CHECK-NOT:       sched.stage "store"
// CHECK:         }
// The ReLU: no transfer of its own, the matmul's result from LX.
// CHECK-NEXT:    sched.barrier
// CHECK-NEXT:    sched.pipeline {
// CHECK-NEXT:      sched.stage "compute" {
// CHECK-NEXT:        %[[HR:.*]] = sched.read %[[H]]
// CHECK-NEXT:        %[[Z:.*]] = arith.constant dense<0.000000e+00>
// CHECK-NEXT:        %[[RELU:.*]] = arith.maximumf %[[HR]], %[[Z]]
// CHECK-NEXT:        sched.write %[[RELU]] -> %[[R]]
// The second matmul: the ReLU's result from LX, W2 loaded.
// CHECK:         sched.barrier
// CHECK-NEXT:    sched.pipeline {
// CHECK:           sched.stage "load" {
// CHECK:           sched.stage "compute" {
// CHECK-NEXT:        %[[RR:.*]] = sched.read %[[R]]
// CHECK-NEXT:        sched.wait
// CHECK-NEXT:        %[[W2:.*]] = sched.read
// CHECK-NEXT:        tensor.empty
// CHECK-NEXT:        %[[M2:.*]] = linalg.matmul ins(%[[RR]], %[[W2]]
// CHECK-NEXT:        sched.write %[[M2]] -> %[[O]]
// The add reads x again from its buffer (no second load) and stores.
// CHECK:         sched.barrier
// CHECK-NEXT:    sched.pipeline {
// CHECK-NOT:       sched.stage "load"
// CHECK:           sched.stage "compute" {
// CHECK-NEXT:        %[[OR:.*]] = sched.read %[[O]]
// CHECK-NEXT:        %[[XR:.*]] = sched.read %[[X]]
// CHECK-NEXT:        %[[Y:.*]] = arith.addf %[[XR]], %[[OR]]
// CHECK-NEXT:        sched.write %[[Y]] -> %[[OUT:.*]] :
// CHECK-NEXT:        sched.signal
// CHECK:           sched.stage "store" {
// CHECK-NEXT:        sched.wait
// CHECK-NEXT:        sched.transfer %[[OUT]] -> %{{.*}}
// CHECK-NOT:     sched.pipeline
// CHECK:         return

// A matmul's partial product, all-reduced over the ring, stored by tile 0:
// the exchange is a part of its own; its result goes to LX and the
// writer's pipeline reads it there.
// RING-LABEL: func.func @ksplit_matmul_ring
// RING:         %[[P:.*]] = sched.alloc {persistent} : memref<16x128xf16, "lx">
// RING-NEXT:    %[[S:.*]] = sched.alloc {persistent} : memref<16x128xf16, "lx">
// RING-NEXT:    sched.pipeline {
// RING:           linalg.matmul
// RING-NEXT:      sched.write %{{.*}} -> %[[P]]
// RING:         sched.barrier
// RING-NEXT:    sched.pipeline {
// RING-NEXT:      sched.stage "compute" {
// RING-NEXT:        %[[PR:.*]] = sched.read %[[P]]
// RING:             ktdp.inter_tile_produce
// RING:               ktdp.yield_partial %[[PR]]
// RING:             %[[SUM:.*]] = ktdp.inter_tile_reduce
// RING:             sched.write %[[SUM]] -> %[[S]]
// RING:         scf.if
// RING:           sched.barrier
// RING-NEXT:      sched.pipeline {
// RING:             sched.stage "compute" {
// RING-NEXT:          %[[SR:.*]] = sched.read %[[S]]
// RING-NEXT:          sched.write %[[SR]] -> %{{.*}}

// Two matmuls with a ReLU between on 2x128 tiles: 1 KiB crosses, the
// stage stays whole.
// SMALL-LABEL: func.func @ffn_relu_chain
// SMALL-NOT:     persistent
// SMALL:         sched.pipeline {
// SMALL:           linalg.matmul
// SMALL:           arith.maximumf
// SMALL:           linalg.matmul
// SMALL-NOT:     sched.pipeline
