// A row reduction is cut into stick-sized chunks: per row, a one-vector
// partial accumulator starts with the row's first stick and combines each
// further stick (here 256 f16 = 4 sticks: 3 more); its lanes are then
// reduced together with the row's initial value. A stage that uses the
// input again after the reduction (softmax-like) stays at tile level.
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines --chunk-reductions | FileCheck %s
// A reduction along the rows (axis 0, pipeline/utils/ColumnReductions.h): one
// loop over the sticks of the popped tile; each stick goes through the
// elementwise ops, is pushed, and is folded into the accumulator row's
// stick at the same columns; the accumulator (96 f16) is pushed after.
// RUN: spyre-opt %S/../../kernels/column_max_f16.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines --chunk-reductions | FileCheck %s --check-prefix=COLS
// COLS:      sched.stage "sfu" {
// COLS:        %[[ACC:[^ ]*]] = scf.for %[[S:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:[^ ]*]] = %{{.*}}) -> (tensor<96xf16>) {
// COLS-NEXT:     %[[J:[^ ]*]] = arith.remui %[[S]], %{{.*}} : index
// COLS-NEXT:     %[[COL:[^ ]*]] = arith.muli %[[J]], %{{.*}} : index
// COLS-NEXT:     %[[X:[^ ]*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// COLS-NEXT:     %[[Y:[^ ]*]] = arith.addf %[[X]], %{{.*}} : vector<64xf16>
// COLS-NEXT:     sched.push %[[Y]] -> %{{.*}} {sticks = 1 : i64}
// COLS:          %[[OLD:[^ ]*]] = vector.transfer_read %[[A]][%[[COL]]], %{{.*}} : tensor<96xf16>, vector<64xf16>
// COLS-NEXT:     %[[M:[^ ]*]] = arith.maximumf %[[OLD]], %[[Y]] : vector<64xf16>
// COLS-NEXT:     %[[W:[^ ]*]] = vector.transfer_write %[[M]], %[[A]][%[[COL]]] : vector<64xf16>, tensor<96xf16>
// COLS-NEXT:     scf.yield %[[W]]
// COLS:        sched.push %[[ACC]] -> %{{.*}} {sticks = 2 : i64} : tensor<96xf16>
// COLS-NOT:    linalg.reduce
// The elementwise prefix may read a tile held from before the stage (a
// tile computed before the loop) at the row and stick being folded.
// RUN: spyre-opt %S/Inputs/centred_row_sums.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines --chunk-reductions | FileCheck %s --check-prefix=HELD
// A stage may yield what it computes from the reduced rows (a loop's
// running sums: rmsnorm_loops), and the prefix may read per-row values
// held from before the stage and broadcast along the rows (layernorm's
// mean) as one value per row, splat.
// RUN: spyre-opt %S/../../kernels/layernorm_loops.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines --chunk-reductions | FileCheck %s --check-prefix=ROWS
// ROWS:      %[[M:.*]] = tensor.extract %{{[0-9]+}}[%{{arg[0-9]+}}] : tensor<8xf16>
// ROWS-NEXT: %[[B:.*]] = vector.broadcast %[[M]] : f16 to vector<64xf16>
// ROWS-NEXT: arith.subf %{{.*}}, %[[B]] : vector<64xf16>
// ROWS:      vector.reduction <add>
// ROWS:      arith.addf %{{.*}}, %{{.*}} : tensor<8xf16>
// ROWS-NEXT: sched.yield %{{.*}} : tensor<8xf16>
// ROWS-NOT:  linalg.reduce
// HELD:      scf.for %[[ROW:arg[0-9]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// HELD:        vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<8x128xf16>, vector<64xf16>
// HELD-NEXT:   arith.subf %{{.*}}, %{{.*}} : vector<64xf16>
// HELD:        scf.for %[[STICK:arg[0-9]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// HELD:          arith.muli %[[STICK]], %{{.*}} : index
// HELD:          vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<8x128xf16>, vector<64xf16>
// HELD:        vector.reduction <add>

// CHECK-LABEL: func.func @row_max
// CHECK:       sched.stage "sfu" {
// CHECK:         %[[OUT:.*]] = scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<2xf16>) {
// CHECK-NEXT:      %[[FIRST:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:      %[[PART:.*]] = scf.for %{{.*}} = %[[ONE:.*]] to %[[FOUR:[^ ]*]] step %[[ONE]] iter_args(%[[P:.*]] = %[[FIRST]]) -> (vector<64xf16>) {
// CHECK-NEXT:        %[[NEXT:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:        %[[M:.*]] = arith.maximumf %[[P]], %[[NEXT]] : vector<64xf16>
// CHECK-NEXT:        scf.yield %[[M]] : vector<64xf16>
// CHECK-NEXT:      } {sched.vector_loop}
// CHECK-NEXT:      %[[START:.*]] = tensor.extract %[[ACC]][%[[ROW]]] : tensor<2xf16>
// CHECK-NEXT:      %[[TOTAL:.*]] = vector.reduction <maximumf>, %[[PART]], %[[START]] : vector<64xf16> into f16
// CHECK-NEXT:      %[[UPD:.*]] = tensor.insert %[[TOTAL]] into %[[ACC]][%[[ROW]]] : tensor<2xf16>
// CHECK-NEXT:      scf.yield %[[UPD]] : tensor<2xf16>
// CHECK-NEXT:    } {sched.vector_loop}
// CHECK-NEXT:    sched.push %[[OUT]]
// CHECK-NOT:     linalg.reduce

// CHECK-LABEL: func.func @subtract_max
// CHECK:       sched.stage "sfu" {
// CHECK-NEXT:    sched.pop %{{.*}} {sticks = 8 : i64} : <vector<64xf16>> -> tensor<2x256xf16>
// CHECK:         linalg.reduce
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#r = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @row_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2], strides: [1] {coordinate_set = #r, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0] {access_tile_set = #r, access_tile_order = #id1} : memref<2xf16> -> !ktdp.access_tile<2xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %init = tensor.splat %ninf : tensor<2xf16>
  %m = linalg.reduce { arith.maximumf } ins(%d : tensor<2x256xf16>) outs(%init : tensor<2xf16>) dimensions = [1]
  ktdp.store %m, %yt : tensor<2xf16>, !ktdp.access_tile<2xindex>
  return
}

func.func @subtract_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %init = tensor.splat %ninf : tensor<2xf16>
  %m = linalg.reduce { arith.maximumf } ins(%d : tensor<2x256xf16>) outs(%init : tensor<2xf16>) dimensions = [1]
  %e = tensor.empty() : tensor<2x256xf16>
  %b = linalg.broadcast ins(%m : tensor<2xf16>) outs(%e : tensor<2x256xf16>) dimensions = [1]
  %o = arith.subf %d, %b : tensor<2x256xf16>
  ktdp.store %o, %yt : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
  return
}

// Column sums a column of sticks at a time (pipeline/utils/ColumnSticks.h):
// var_mean over the tokens. The load unit sends stick c of each of the 64
// rows, twice; the compute unit sums them into one vector (the mean), then
// sums the squared distances to it (the variance), pushes a column-stick of
// each, and the store unit takes a column-stick of each in turn.
// RUN: spyre-opt %S/../../kernels/var_mean_tokens_llama3.mlir --pass-pipeline='builtin.module(ktir-to-dataflow{stop-after=chunk-reductions})' | FileCheck %s --check-prefix=STICKS
// STICKS:      sched.stage "l1lu" {
// STICKS:        scf.for %[[C:[^ ]*]] = %{{.*}} to %{{.*}} step
// STICKS:          scf.for %{{.*}} = %{{.*}} to %{{.*}} step
// STICKS:            scf.for %[[R:[^ ]*]] = %{{.*}} to %{{.*}} step
// STICKS:              %[[RS:[^ ]*]] = arith.muli %[[R]], %{{.*}} : index
// STICKS-NEXT:         %[[AT:[^ ]*]] = arith.addi %[[RS]], %[[C]] : index
// STICKS-NEXT:         sched.transfer %{{.*}} -> %{{.*}} at stick %[[AT]] {{.*}}sticks = 1 : i64{{.*}} : memref<64x128xf16, "lx">
// STICKS:      sched.stage "sfu" {
// STICKS-NOT:    tensor<
// STICKS:        scf.for
// STICKS-NEXT:     %[[SUM:[^ ]*]] = scf.for {{.*}} -> (vector<64xf32>) {
// STICKS-NEXT:       sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// STICKS:          %[[MEAN:[^ ]*]] = arith.mulf %[[SUM]], %{{.*}} : vector<64xf32>
// STICKS-NEXT:     %[[SQ:[^ ]*]] = scf.for {{.*}} -> (vector<64xf32>) {
// STICKS-NEXT:       sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// STICKS-NEXT:       arith.extf
// STICKS-NEXT:       arith.subf %{{.*}}, %[[MEAN]] : vector<64xf32>
// STICKS:          %[[VAR:[^ ]*]] = arith.mulf %[[SQ]], %{{.*}} : vector<64xf32>
// STICKS-NEXT:     sched.push %[[VAR]] -> %{{.*}} {sticks = 2 : i64}
// STICKS-NEXT:     sched.push %[[MEAN]] -> %{{.*}} {sticks = 2 : i64}
// STICKS:      sched.stage "l1su" {
// STICKS:        scf.for
// STICKS:          sched.transfer %{{.*}} -> %{{.*}} at stick %{{.*}} {{.*}}sticks = 2 : i64
// STICKS:          sched.transfer %{{.*}} -> %{{.*}} at stick %{{.*}} {{.*}}sticks = 2 : i64

// A row that ends mid-stick (3142 f32: 98 sticks and 6 lanes): the loop
// folds the whole sticks, then the last one with its lanes past the row's
// end set to -inf (a scratch tile of 6 read back with -inf as padding).
// RUN: spyre-opt %S/../../kernels/vocab_shard_max_gpt2.mlir --pass-pipeline='builtin.module(ktir-to-dataflow{stop-after=chunk-reductions})' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL:      sched.stage "sfu" {
// PARTIAL:        scf.for
// PARTIAL:          %[[WHOLE:[^ ]*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (vector<32xf32>) {
// PARTIAL:          sched.pop %{{.*}} {sticks = 1 : i64} : <vector<32xf32>> -> vector<32xf32>
// PARTIAL:          vector.transfer_write %{{.*}} : vector<32xf32>, tensor<6xf32>
// PARTIAL-NEXT:     %[[PAD:[^ ]*]] = vector.transfer_read %{{.*}} : tensor<6xf32>, vector<32xf32>
// PARTIAL-NEXT:     %[[ALL:[^ ]*]] = arith.maximumf %[[WHOLE]], %[[PAD]] : vector<32xf32>
// PARTIAL:          vector.reduction <maximumf>, %[[ALL]]
