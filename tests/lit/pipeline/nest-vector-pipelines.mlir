// An elementwise compute stage becomes a loop over sticks: one vector per
// input FIFO in, one per output out, the ops applied to vectors (linalg
// bodies inlined, scalars broadcast (constants as splat constants), Spyre intrinsics on vectors); the
// stages feeding and draining it move the same sticks in the same order.
// A popped row broadcast over leading dimensions is streamed again for
// each row (stick s mod its sticks). A stage with a reduction stays at
// tile level.
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines | FileCheck %s
// Per-row values popped in the stage (a scale per row, 12 f16: one stick)
// and used only broadcast along the rows: popped whole before the loop
// (the load unit sends them first) and read one value per row.
// RUN: spyre-opt %S/../../kernels/row_scale_f16.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines | FileCheck %s --check-prefix=ROWVAL
// ROWVAL:      sched.stage "l1lu" {
// ROWVAL:        sched.transfer %{{.*}} -> %[[SF:[^ ]*]] {{.*}}sticks = 1 : i64{{.*}} : memref<12xf16, "lx">
// ROWVAL:        scf.for %[[I:[^ ]*]] =
// ROWVAL-NEXT:     sched.transfer %{{.*}} -> %[[XF:[^ ]*]] at stick %[[I]] {{.*}}sticks = 1 : i64{{.*}} : memref<12x100xf16, "lx">
// ROWVAL:      sched.stage "sfu" {
// ROWVAL-NEXT:   %[[S:[^ ]*]] = sched.pop %[[SF]] {sticks = 1 : i64} : <vector<64xf16>> -> tensor<12xf16>
// ROWVAL:        scf.for %[[J:[^ ]*]] =
// ROWVAL-NEXT:     %[[X:[^ ]*]] = sched.pop %[[XF]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// ROWVAL:          %[[ROW:[^ ]*]] = arith.divui %[[J]], %{{.*}} : index
// ROWVAL-NEXT:     %[[V:[^ ]*]] = tensor.extract %[[S]][%[[ROW]]] : tensor<12xf16>
// ROWVAL-NEXT:     %[[B:[^ ]*]] = vector.broadcast %[[V]] : f16 to vector<64xf16>
// ROWVAL-NEXT:     arith.mulf %[[X]], %[[B]] : vector<64xf16>
// ROWVAL-NOT:  linalg.broadcast
// A transpose with elementwise ops after it (pipeline/utils/TransposedRows.h):
// the compute unit keeps the popped 12x40 tile and reads each stick of
// the transpose from it along its columns (a strided read); a tile the
// stage only passes through goes a stick at a time.
// RUN: spyre-opt %S/../../kernels/transpose_odd_f32.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines | FileCheck %s --check-prefix=TRANS
// TRANS:      sched.stage "sfu" {
// TRANS:        %[[X:[^ ]*]] = sched.pop %{{.*}} {sticks = 24 : i64} : <vector<32xf32>> -> tensor<12x40xf32>
// TRANS-NEXT:   scf.for %[[R:[^ ]*]] =
// TRANS-NEXT:     %[[COL:[^ ]*]] = vector.transfer_read %[[X]][%{{.*}}, %[[R]]], %{{.*}} {permutation_map = #{{.*}}} : tensor<12x40xf32>, vector<32xf32>
// TRANS-NEXT:     %[[Y:[^ ]*]] = arith.addf %[[COL]], %{{.*}} : vector<32xf32>
// TRANS-NEXT:     sched.push %[[Y]] -> %{{.*}} {sticks = 1 : i64}
// TRANS:        scf.for
// TRANS-NEXT:     %[[Z:[^ ]*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<32xf32>> -> vector<32xf32>
// TRANS-NEXT:     sched.push %[[Z]] -> %{{.*}} {sticks = 1 : i64}
// TRANS-NOT:    linalg.transpose
// Per-row values held from before the stage (rmsnorm's rstd, from an
// earlier loop) broadcast along the rows: the stage that computes them
// yields the 8 values, not their 8x128 broadcast, and the stick loop reads
// the row's value (row = stick / sticks per row) and splats it.
// RUN: spyre-opt %S/../../kernels/rmsnorm_loops.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines | FileCheck %s --check-prefix=HELD
// HELD:      %[[R:.*]] = math.rsqrt %{{.*}} : tensor<8xf16>
// HELD-NEXT: sched.yield %[[R]] : tensor<8xf16>
// HELD:      %[[Q:.*]] = arith.divui %[[S:arg[0-9]+]], %{{.*}} : index
// HELD:      %[[E:.*]] = tensor.extract %{{[0-9]+}}[%[[Q]]] : tensor<8xf16>
// HELD-NEXT: %[[B:.*]] = vector.broadcast %[[E]] : f16 to vector<64xf16>
// HELD-NEXT: arith.mulf %{{.*}}, %[[B]] : vector<64xf16>
// HELD:      } {sched.vector_loop}
// HELD-NOT:  linalg.broadcast
// A stage that only passes tiles of different shapes through (transpose_tile:
// the DMAs transpose) becomes one stick loop per tile, in the order popped.
// RUN: spyre-opt %samples/transpose_tile.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines | FileCheck %s --check-prefix=COPY
// COPY:      sched.stage "sfu" {
// COPY:        scf.for %{{.*}} = %{{.*}} to %c128 step
// COPY-NEXT:     %[[A:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// COPY-NEXT:     sched.push %[[A]] -> %{{.*}} {sticks = 1 : i64}
// COPY-NEXT:   } {sched.vector_loop}
// COPY:        scf.for %{{.*}} = %{{.*}} to %c16{{.*}} step
// COPY-NEXT:     %[[B:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// COPY-NEXT:     sched.push %[[B]] -> %{{.*}} {sticks = 1 : i64}
// COPY-NEXT:   } {sched.vector_loop}
// COPY-NOT:    tensor<
// COPY:      sched.stage "l1su"
// Tiles of several widths (i8 rows, f32 channel scales broadcast over the
// rows, an f32 token scale, f16 out): the i8 lanes (128) set the loop; a
// vector of f32 is four f32 sticks, of f16 two; the load unit sends sticks
// 4i .. 4i + 3 of the scales (periodic: i mod 32), the store unit takes
// sticks 2i, 2i + 1 of the output; the token's scale is popped whole first.
// RUN: spyre-opt %S/../../kernels/dequant_i8_token_channel_f16.mlir --ktir-to-dataflow="stop-after=nest-vector-pipelines" | FileCheck %s --check-prefix=MIXED
// MIXED:      sched.stage "l1lu" {
// MIXED:        scf.for %[[I:[^ ]*]] = %{{.*}} to %c32 step
// MIXED-NEXT:     sched.transfer %{{.*}} at stick %[[I]] {{{.*}}sticks = 1 : i64{{.*}} -> !sched.fifo<vector<128xi8>>
// MIXED-NEXT:     %[[M:.*]] = arith.constant 32 : index
// MIXED-NEXT:     %[[P:.*]] = arith.remui %[[I]], %[[M]] : index
// MIXED-NEXT:     %[[R:.*]] = arith.constant 4 : index
// MIXED-NEXT:     %[[F:.*]] = arith.muli %[[P]], %[[R]] : index
// MIXED-NEXT:     sched.transfer %{{.*}} at stick %[[F]] {{{.*}}sticks = 4 : i64{{.*}} -> !sched.fifo<vector<32xf32>>
// MIXED:      sched.stage "sfu" {
// MIXED-NEXT:   %[[T:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<32xf32>> -> tensor<1xf32>
// MIXED:        scf.for
// MIXED-NEXT:     %[[Q:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<128xi8>> -> vector<128xi8>
// MIXED-NEXT:     %[[C:.*]] = sched.pop %{{.*}} {sticks = 4 : i64} : <vector<32xf32>> -> vector<128xf32>
// MIXED:          arith.sitofp %[[Q]] : vector<128xi8> to vector<128xf32>
// MIXED:          %[[Y:.*]] = arith.truncf %{{.*}} : vector<128xf32> to vector<128xf16>
// MIXED-NEXT:     sched.push %[[Y]] -> %{{.*}} {sticks = 2 : i64} : vector<128xf16> -> <vector<64xf16>>
// MIXED:      sched.stage "l1su" {
// MIXED:        scf.for %[[J:[^ ]*]] =
// MIXED-NEXT:     %[[TWO:.*]] = arith.constant 2 : index
// MIXED-NEXT:     %[[G:.*]] = arith.muli %[[J]], %[[TWO]] : index
// MIXED-NEXT:     sched.transfer %{{.*}} at stick %[[G]] {{{.*}}sticks = 2 : i64
// A constant tile with one value (skewed_band's 2.0) is a splat vector
// constant in the stick loop; rows of partial sticks (71 f16 = 2 sticks).
// RUN: spyre-opt %S/../../kernels/skewed_band.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines | FileCheck %s --check-prefix=SPLAT
// SPLAT:      sched.stage "sfu" {
// SPLAT:        scf.for %{{.*}} = %{{.*}} to %c16 step
// SPLAT-NEXT:     %[[X:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// SPLAT-NEXT:     %[[C:.*]] = arith.constant dense<2.000000e+00> : vector<64xf16>
// SPLAT-NEXT:     %[[M:.*]] = arith.mulf %[[X]], %[[C]] : vector<64xf16>
// SPLAT-NEXT:     sched.push %[[M]]

// CHECK-LABEL: func.func @scale_silu
// CHECK:       sched.stage "l1lu" {
// CHECK-NEXT:    sched.wait
// CHECK:         scf.for %[[S:[^ ]*]] =
// CHECK-NEXT:      sched.transfer %{{.*}} -> %{{.*}} at stick %[[S]] {{{.*}}sticks = 1 : i64
// CHECK-NEXT:    } {sched.vector_loop}
// CHECK:       sched.stage "sfu" {
// CHECK-DAG:     %[[LB:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[UB:.*]] = arith.constant 8 : index
// CHECK:         scf.for %{{.*}} = %[[LB]] to %[[UB]] step
// CHECK-NEXT:      %[[X:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:      %[[S:.*]] = arith.constant dense<{{.*}}> : vector<64xf16>
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[X]], %[[S]] : vector<64xf16>
// CHECK-NEXT:      %[[Y:.*]] = spyreop.silu %[[M]] : vector<64xf16>
// CHECK-NEXT:      sched.push %[[Y]] -> %{{.*}} {sticks = 1 : i64} : vector<64xf16>
// CHECK-NEXT:    } {sched.vector_loop}
// CHECK:       sched.stage "l1su" {
// CHECK:         scf.for %[[S2:[^ ]*]] =
// CHECK-NEXT:      sched.transfer %{{.*}} -> %{{.*}} at stick %[[S2]] {{{.*}}sticks = 1 : i64
// CHECK-NEXT:    } {sched.vector_loop}
// CHECK-NEXT:    sched.signal

// CHECK-LABEL: func.func @row_max
// CHECK:       sched.stage "sfu" {
// CHECK-NEXT:    sched.pop %{{.*}} {sticks = 8 : i64} : <vector<64xf16>> -> tensor<2x256xf16>
// CHECK-NOT:     sched.vector_loop
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#r = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#row = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @scale_silu(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %e = tensor.empty() : tensor<2x256xf16>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<2x256xf16>) outs(%e : tensor<2x256xf16>) {
  ^bb0(%in: f16, %out: f16):
    %p = arith.mulf %in, %half : f16
    linalg.yield %p : f16
  } -> tensor<2x256xf16>
  %o = spyreop.silu %m : tensor<2x256xf16>
  ktdp.store %o, %yt : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
  return
}

func.func @row_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2], strides: [1] {coordinate_set = #r, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0] {access_tile_set = #r, access_tile_order = #id1} : memref<2xf16> -> !ktdp.access_tile<2xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %init = tensor.splat %ninf : tensor<2xf16>
  %r = linalg.reduce { arith.maximumf } ins(%d : tensor<2x256xf16>) outs(%init : tensor<2xf16>) dimensions = [1]
  ktdp.store %r, %yt : tensor<2xf16>, !ktdp.access_tile<2xindex>
  return
}

// CHECK-LABEL: func.func @add_row
// CHECK:       sched.stage "l1lu" {
// CHECK:         scf.for %[[S:[^ ]*]] =
// CHECK-NEXT:      sched.transfer %{{.*}} -> %{{.*}} at stick %[[S]] {{{.*}}sticks = 1 : i64
// CHECK-NEXT:      %[[M:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[Q:.*]] = arith.remui %[[S]], %[[M]] : index
// CHECK-NEXT:      sched.transfer %{{.*}} -> %{{.*}} at stick %[[Q]] {{{.*}}sticks = 1 : i64
// CHECK:       sched.stage "sfu" {
// CHECK:         scf.for
// CHECK-NEXT:      %[[X:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:      %[[R:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:      %[[Y:.*]] = arith.addf %[[X]], %[[R]] : vector<64xf16>
// CHECK-NOT:       linalg.broadcast
func.func @add_row(%x: index, %r: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %rv = ktdp.construct_memory_view %r, sizes: [256], strides: [1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %rt = ktdp.construct_access_tile %rv[%c0] {access_tile_set = #row, access_tile_order = #id1} : memref<256xf16> -> !ktdp.access_tile<256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %xd = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %rd = ktdp.load %rt : !ktdp.access_tile<256xindex> -> tensor<256xf16>
  %e = tensor.empty() : tensor<2x256xf16>
  %b = linalg.broadcast ins(%rd : tensor<256xf16>) outs(%e : tensor<2x256xf16>) dimensions = [0]
  %o = arith.addf %xd, %b : tensor<2x256xf16>
  ktdp.store %o, %yt : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
  return
}
