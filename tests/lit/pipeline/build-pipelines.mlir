// Each group becomes a load -> compute -> store pipeline: LX buffers and
// tokens in the pipeline body, device -> LX transfers in the load stage,
// reads and writes of the buffers in the compute stage, LX -> device in the
// store stage. A load whose address comes from computed data (a row number
// taken out of a loaded tile) starts the next pipeline: the first yields
// the row number, the second's load stage moves the row.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines | FileCheck %s
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines | FileCheck %s --check-prefix=GATHER
// RUN: spyre-opt %S/Inputs/k_loop_accumulator.mlir --extract-compute-groups --build-pipelines | FileCheck %s --check-prefix=ACC
// RUN: spyre-opt %S/../../kernels/flat_residual_scale_smollm2.mlir "--ktir-to-dataflow=stop-after=build-pipelines" | FileCheck %s --check-prefix=FLAT

// A generator's view(-1) of 3x576 f16 tiles (rows of whole sticks) and the
// view back are the same sticks: the tiles are read and written flat, no
// reshape is left in the compute stage (so that later passes stream it).
// FLAT:      sched.stage "compute" {
// FLAT:        %[[H:[0-9]+]] = sched.read %{{[0-9]+}} : memref<3x576xf16, "lx"> -> tensor<1728xf16>
// FLAT:        %[[R:[0-9]+]] = sched.read %{{[0-9]+}} : memref<3x576xf16, "lx"> -> tensor<1728xf16>
// FLAT-NOT:    tensor.
// FLAT:        %[[Y:[0-9]+]] = arith.addf %[[H]], %{{[0-9]+}} : tensor<1728xf16>
// FLAT-NEXT:   sched.write %[[Y]] -> %{{[0-9]+}} : tensor<1728xf16> -> memref<3x576xf16, "lx">

// A K loop's matmul accumulator stays in a persistent LX buffer: the zero
// fill is written there, each iteration reads it, accumulates and writes
// it back behind a barrier, and the store after the loop reads it. No
// loop or pipeline carries the tile.
// ACC-LABEL: func.func @k_loop
// ACC:         %[[SUM:.*]] = sched.alloc {persistent} : memref<8x64xf32, "lx">
// ACC-NEXT:    sched.pipeline {
// ACC-NEXT:      sched.stage "compute" {
// ACC-NEXT:        tensor.empty
// ACC-NEXT:        %[[Z:.*]] = linalg.fill
// ACC-NEXT:        sched.write %[[Z]] -> %[[SUM]]
// ACC:         scf.for %{{[^ ]*}} = %{{.*}} to %{{.*}} step %{{[^ ]*}} {
// ACC:           sched.barrier
// ACC-NEXT:      sched.pipeline {
// ACC:             sched.stage "compute" {
// ACC-NEXT:          %[[OLD:.*]] = sched.read %[[SUM]] : memref<8x64xf32, "lx"> -> tensor<8x64xf32>
// ACC:               %[[NEW:.*]] = linalg.matmul {{.*}} outs(%[[OLD]] : tensor<8x64xf32>)
// ACC-NEXT:          sched.write %[[NEW]] -> %[[SUM]]
// ACC:         sched.barrier
// ACC-NEXT:    sched.pipeline {
// ACC:           sched.stage "compute" {
// ACC-NEXT:        %[[FINAL:.*]] = sched.read %[[SUM]]
// ACC-NEXT:        arith.truncf %[[FINAL]]
// ACC-NOT:     iter_args

// CHECK-LABEL: func.func @bias_loop
// CHECK:       %[[BIAS:.*]] = ktdp.construct_access_tile
// CHECK:       scf.for
// CHECK:         %[[X:.*]] = ktdp.construct_access_tile
// CHECK:         sched.pipeline {
// CHECK:           %[[Y:.*]] = ktdp.construct_access_tile
// CHECK-NEXT:      %[[XB:.*]] = sched.alloc : memref<2x64xf16, "lx">
// CHECK-NEXT:      %[[XT:.*]] = sched.fifo depth 16 : <none>
// CHECK-NEXT:      %[[BB:.*]] = sched.alloc : memref<2x64xf16, "lx">
// CHECK-NEXT:      %[[BT:.*]] = sched.fifo depth 16 : <none>
// CHECK-NEXT:      %[[YB:.*]] = sched.alloc : memref<2x64xf16, "lx">
// CHECK-NEXT:      %[[YT:.*]] = sched.fifo depth 16 : <none>
// CHECK-NEXT:      sched.stage "load" {
// CHECK-NEXT:        sched.transfer %[[X]] -> %[[XB]]
// CHECK-NEXT:        sched.signal %[[XT]]
// CHECK-NEXT:        sched.transfer %[[BIAS]] -> %[[BB]]
// CHECK-NEXT:        sched.signal %[[BT]]
// CHECK-NEXT:      }
// CHECK-NEXT:      sched.stage "compute" {
// CHECK-NEXT:        sched.wait %[[XT]]
// CHECK-NEXT:        %[[XD:.*]] = sched.read %[[XB]]
// CHECK-NEXT:        sched.wait %[[BT]]
// CHECK-NEXT:        %[[BD:.*]] = sched.read %[[BB]]
// CHECK-NEXT:        tensor.empty
// CHECK-NEXT:        %[[S:.*]] = linalg.add ins(%[[XD]], %[[BD]]
// CHECK-NEXT:        sched.write %[[S]] -> %[[YB]]
// CHECK-NEXT:        sched.signal %[[YT]]
// CHECK-NEXT:      }
// CHECK-NEXT:      sched.stage "store" {
// CHECK-NEXT:        sched.wait %[[YT]]
// CHECK-NEXT:        sched.transfer %[[YB]] -> %[[Y]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }

// GATHER-LABEL: func.func @gather
// GATHER:       %[[ROW:.*]] = sched.pipeline -> index {
// GATHER:         sched.stage "load" {
// GATHER-NEXT:      sched.transfer
// GATHER-NEXT:      sched.signal
// GATHER-NEXT:    }
// GATHER-NEXT:    %[[R:.*]] = sched.stage "compute" -> index {
// GATHER:           %[[IDX:.*]] = sched.read
// GATHER-NEXT:      %[[E:.*]] = tensor.extract %[[IDX]]
// GATHER-NEXT:      sched.yield %[[E]] : index
// GATHER:         sched.yield %[[R]] : index
// GATHER-NEXT:  }
// GATHER-NEXT:  %[[T:.*]] = ktdp.construct_access_tile %{{.*}}[%[[ROW]], %c0]
// GATHER-NEXT:  sched.pipeline {
// GATHER:         sched.stage "load" {
// GATHER-NEXT:      sched.transfer %[[T]] ->
#i = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#r = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @gather(%idx: index, %table: index, %out: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %iv = ktdp.construct_memory_view %idx, sizes: [8], strides: [1] {coordinate_set = #i, memory_space = #ktdp.memory_space<global>} : memref<8xindex>
  %tv = ktdp.construct_memory_view %table, sizes: [64, 64], strides: [64, 1] {coordinate_set = #r, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [64, 64], strides: [64, 1] {coordinate_set = #r, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %it = ktdp.construct_access_tile %iv[%c0] {access_tile_set = #one, access_tile_order = #id1} : memref<8xindex> -> !ktdp.access_tile<1xindex>
  %ids = ktdp.load %it : !ktdp.access_tile<1xindex> -> tensor<1xindex>
  %r = tensor.extract %ids[%c0] : tensor<1xindex>
  %t = ktdp.construct_access_tile %tv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<64x64xf16> -> !ktdp.access_tile<1x64xindex>
  %d = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %o = ktdp.construct_access_tile %ov[%c0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<64x64xf16> -> !ktdp.access_tile<1x64xindex>
  ktdp.store %d, %o : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
