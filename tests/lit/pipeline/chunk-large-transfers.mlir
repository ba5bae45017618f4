// A 4 MiB copy-and-scale (twice the 2 MiB scratchpad) runs as a loop over
// 16 chunks of 256 rows: each device transfer moves one chunk's 2048 sticks
// (`at stick` c * 2048), the buffers and the compute tiles take the chunk's
// shape. A pipeline that fits is left alone.
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --chunk-large-transfers | FileCheck %s
// RUN: spyre-opt %s --ktir-to-dataflow | FileCheck %s --check-prefix=DFLOW

// CHECK-LABEL: func.func @big
// CHECK:       scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         sched.pipeline {
// CHECK-DAG:       sched.alloc : memref<256x512xf16, "lx">
// CHECK-DAG:       sched.alloc : memref<256x512xf16, "lx">
// CHECK:           sched.stage "load" {
// CHECK:             %[[F:.*]] = arith.muli %[[C]], %{{.*}} : index
// CHECK:             sched.transfer %{{.*}} -> %{{.*}} at stick %[[F]] :
// CHECK:           sched.stage "compute" {
// CHECK:             arith.mulf %{{.*}}, %{{.*}} : tensor<256x512xf16>
// CHECK:           sched.stage "store" {
// CHECK:             sched.transfer %{{.*}} -> %{{.*}} at stick %{{.*}} :
// CHECK:       } {sched.chunks}
// CHECK-LABEL: func.func @small
// CHECK-NOT:   sched.chunks

// A row of weights broadcast along the rows: its buffer is moved and read
// whole in every chunk, the broadcast takes the chunk's shape.
// CHECK-LABEL: func.func @weight_row
// CHECK:       scf.for
// CHECK:         sched.pipeline {
// CHECK:           sched.stage "load" {
// CHECK:             sched.transfer %{{.*}} -> %{{.*}} : !ktdp.access_tile<512xindex> -> memref<512xf16, "lx">
// CHECK:           sched.stage "compute" {
// CHECK:             linalg.broadcast ins(%{{.*}} : tensor<512xf16>) outs(%{{.*}} : tensor<128x512xf16>) dimensions = [0]
// CHECK:             arith.mulf %{{.*}}, %{{.*}} : tensor<128x512xf16>
// CHECK:       } {sched.chunks}

// Sixteen chunks, double-buffered, each DMA one chunk of 2048 sticks.
// DFLOW-LABEL: func.func @big
// DFLOW:       dflow.program "mnilu"
// DFLOW:         %[[C16:.*]] = arith.constant 16 : index
// DFLOW:         scf.for %{{.*}} = %{{.*}} to %[[C16]]
// DFLOW:           dflow.dma %{{.*}} -> %{{.*}} at stick %{{.*}} {hops = {{.*}}, sticks = 2048 : i64}
// DFLOW:         } {dflow.chunks}

#big = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#row = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#small = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @big(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %two = arith.constant dense<2.0> : tensor<4096x512xf16>
  %v = ktdp.construct_memory_view %x, sizes: [4096, 512], strides: [512, 1] {coordinate_set = #big, memory_space = #ktdp.memory_space<global>} : memref<4096x512xf16>
  %w = ktdp.construct_memory_view %y, sizes: [4096, 512], strides: [512, 1] {coordinate_set = #big, memory_space = #ktdp.memory_space<global>} : memref<4096x512xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #big, access_tile_order = #id} : memref<4096x512xf16> -> !ktdp.access_tile<4096x512xindex>
  %u = ktdp.construct_access_tile %w[%c0, %c0] {access_tile_set = #big, access_tile_order = #id} : memref<4096x512xf16> -> !ktdp.access_tile<4096x512xindex>
  %d = ktdp.load %t : !ktdp.access_tile<4096x512xindex> -> tensor<4096x512xf16>
  %e = arith.mulf %d, %two : tensor<4096x512xf16>
  ktdp.store %e, %u : tensor<4096x512xf16>, !ktdp.access_tile<4096x512xindex>
  return
}

func.func @small(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %v = ktdp.construct_memory_view %x, sizes: [8, 512], strides: [512, 1] {coordinate_set = #small, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #small, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<8x512xindex>
  %d = ktdp.load %t : !ktdp.access_tile<8x512xindex> -> tensor<8x512xf16>
  ktdp.store %d, %t : tensor<8x512xf16>, !ktdp.access_tile<8x512xindex>
  return
}

func.func @weight_row(%x: index, %g: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %v = ktdp.construct_memory_view %x, sizes: [4096, 512], strides: [512, 1] {coordinate_set = #big, memory_space = #ktdp.memory_space<global>} : memref<4096x512xf16>
  %gv = ktdp.construct_memory_view %g, sizes: [512], strides: [1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<512xf16>
  %w = ktdp.construct_memory_view %y, sizes: [4096, 512], strides: [512, 1] {coordinate_set = #big, memory_space = #ktdp.memory_space<global>} : memref<4096x512xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #big, access_tile_order = #id} : memref<4096x512xf16> -> !ktdp.access_tile<4096x512xindex>
  %gt = ktdp.construct_access_tile %gv[%c0] {access_tile_set = #row, access_tile_order = #id1} : memref<512xf16> -> !ktdp.access_tile<512xindex>
  %u = ktdp.construct_access_tile %w[%c0, %c0] {access_tile_set = #big, access_tile_order = #id} : memref<4096x512xf16> -> !ktdp.access_tile<4096x512xindex>
  %d = ktdp.load %t : !ktdp.access_tile<4096x512xindex> -> tensor<4096x512xf16>
  %r = ktdp.load %gt : !ktdp.access_tile<512xindex> -> tensor<512xf16>
  %empty = tensor.empty() : tensor<4096x512xf16>
  %b = linalg.broadcast ins(%r : tensor<512xf16>) outs(%empty : tensor<4096x512xf16>) dimensions = [0]
  %e = arith.mulf %d, %b : tensor<4096x512xf16>
  ktdp.store %e, %u : tensor<4096x512xf16>, !ktdp.access_tile<4096x512xindex>
  return
}
