// A load of an access tile whose type has a run-time extent (symbols(%n):
// the first n rows), with what it feeds, becomes loops over its rows:
// chunks of as many rows as take 8 KiB (64 rows of 64 f16), then of 32,
// 16, ..., 1 (each of those runs at most once); one row at a time when it
// feeds a reduction over the rows (a leading dimension), which carries its
// accumulator; chunks of columns when the dynamic dimension is the last.
// RUN: spyre-opt %s --normalize-tensor-ops | FileCheck %s

#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @add_rows
// CHECK:      %[[C64:.*]] = arith.constant 64 : index
// CHECK:      %[[Q:.*]] = arith.divsi %{{.*}}, %[[C64]] : index
// CHECK:      scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:        %[[T:.*]] = ktdp.construct_access_tile %{{.*}}[%c0 + %[[I]], %{{.*}}] {{.*}} -> !ktdp.access_tile<64x64xindex>
// CHECK:        ktdp.load %[[T]] : <64x64xindex> -> tensor<64x64xf16>
// CHECK:        ktdp.load %{{.*}} : <64x64xindex> -> tensor<64x64xf16>
// CHECK:        arith.addf %{{.*}}, %{{.*}} : tensor<64x64xf16>
// CHECK:        ktdp.store %{{.*}}, %{{.*}} : tensor<64x64xf16>, <64x64xindex>
// CHECK:      scf.for
// CHECK:        tensor<32x64xf16>
// CHECK:      scf.for
// CHECK:        tensor<16x64xf16>
// CHECK:      scf.for
// CHECK:        tensor<8x64xf16>
// CHECK:      scf.for
// CHECK:        tensor<4x64xf16>
// CHECK:      scf.for
// CHECK:        tensor<2x64xf16>
// CHECK:      scf.for %{{.*}} = %{{.*}} to %arg3 step %{{.*}} {
// CHECK:        arith.addf %{{.*}}, %{{.*}} : tensor<1x64xf16>
// CHECK-NOT:  tensor<?x64xf16>
func.func @add_rows(%x_ptr: index, %r_ptr: index, %y_ptr: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x_ptr, sizes: [512, 2048], strides: [2048, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf16>
  %rv = ktdp.construct_memory_view %r_ptr, sizes: [512, 2048], strides: [2048, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf16>
  %yv = ktdp.construct_memory_view %y_ptr, sizes: [512, 2048], strides: [2048, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<512x2048xf16> -> !ktdp.access_tile<?x64xindex>
  %ra = ktdp.construct_access_tile %rv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<512x2048xf16> -> !ktdp.access_tile<?x64xindex>
  %x = ktdp.load %xa : <?x64xindex> -> tensor<?x64xf16>
  %r = ktdp.load %ra : <?x64xindex> -> tensor<?x64xf16>
  %y = arith.addf %x, %r : tensor<?x64xf16>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<512x2048xf16> -> !ktdp.access_tile<?x64xindex>
  ktdp.store %y, %ya : tensor<?x64xf16>, !ktdp.access_tile<?x64xindex>
  return
}

// CHECK-LABEL: func.func @max_rows
// CHECK:      %[[INIT:.*]] = linalg.fill
// CHECK:      %[[M:.*]] = scf.for %[[I:.*]] = %{{.*}} to %arg1 step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<64xf32>) {
// CHECK:        %[[T:.*]] = ktdp.construct_access_tile %{{.*}}[%c0 + %[[I]], %c0] {{.*}} -> !ktdp.access_tile<1x64xindex>
// CHECK:        %[[X:.*]] = ktdp.load %[[T]] : <1x64xindex> -> tensor<1x64xf32>
// CHECK:        %[[R:.*]] = linalg.reduce { arith.maximumf } ins(%[[X]] : tensor<1x64xf32>) outs(%[[ACC]] : tensor<64xf32>) dimensions = [0]
// CHECK:        scf.yield %[[R]]
// CHECK:      return %[[M]]
func.func @max_rows(%x_ptr: index, %n: index) -> tensor<64xf32> attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x_ptr, sizes: [512, 2048], strides: [2048, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf32>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<512x2048xf32> -> !ktdp.access_tile<?x64xindex>
  %x = ktdp.load %xa : <?x64xindex> -> tensor<?x64xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %m = linalg.reduce { arith.maximumf } ins(%x : tensor<?x64xf32>) outs(%init : tensor<64xf32>) dimensions = [0]
  return %m : tensor<64xf32>
}

// The dynamic dimension is the last: chunks of 2048 f32 columns (8 KiB),
// then 1024, ..., then 1, each reducing its chunk into the maximum carried.
#cols = affine_set<(d0, d1)[s0] : (d0 == 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
// CHECK-LABEL: func.func @max_cols
// CHECK:      %[[INIT:.*]] = linalg.fill
// CHECK:      %[[M0:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<1xf32>) {
// CHECK:        %[[T:.*]] = ktdp.construct_access_tile %{{.*}}[%c0, %c0 + %[[I]]] {{.*}} -> !ktdp.access_tile<1x2048xindex>
// CHECK:        %[[X:.*]] = ktdp.load %[[T]] : <1x2048xindex> -> tensor<1x2048xf32>
// CHECK:        linalg.reduce { arith.maximumf } ins(%[[X]] : tensor<1x2048xf32>) outs(%[[ACC]] : tensor<1xf32>) dimensions = [1]
// CHECK:      scf.for {{.*}} iter_args(%{{.*}} = %[[M0]]) -> (tensor<1xf32>) {
// CHECK:        tensor<1x1024xf32>
// CHECK:      %[[M:.*]] = scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} iter_args
// CHECK:        tensor<1x1xf32>
// CHECK:      return %[[M]]
func.func @max_cols(%x_ptr: index, %n: index) -> tensor<1xf32> attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x_ptr, sizes: [512, 2048], strides: [2048, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf32>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] symbols(%n) {access_tile_set = #cols, access_tile_order = #id2} : memref<512x2048xf32> -> !ktdp.access_tile<1x?xindex>
  %x = ktdp.load %xa : <1x?xindex> -> tensor<1x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %m = linalg.reduce { arith.maximumf } ins(%x : tensor<1x?xf32>) outs(%init : tensor<1xf32>) dimensions = [1]
  return %m : tensor<1xf32>
}
