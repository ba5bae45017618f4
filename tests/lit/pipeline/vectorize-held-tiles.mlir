// What the streaming passes leave on whole tiles is computed on stick-wide
// vectors of the tiles the compute unit holds: each op a loop nest over
// the sticks of its result; elementwise ops in a row share one nest;
// splats, fills and broadcasts are read through (a broadcast scalar per
// row, a splat constant), never built; row reductions fold a row's sticks
// into one vector, then its lanes (padding a partial stick with the
// combiner's identity, or lane by lane for a combiner no lane-wise
// reduction names); a matmul accumulates each output vector over K with
// multiply-adds (f16 operands into f16: in one f32 vector, rounded once);
// a transposed operand is read with a strided map.
// (Run alone after the passes before it, so that stream-row-passes does not
// take @subtract_max first.)
// RUN: spyre-opt %s "--ktir-to-dataflow=stop-after=chunk-reductions" | spyre-opt --vectorize-held-tiles | FileCheck %s
// RUN: spyre-opt %S/../../kernels/ksplit_matmul_ring.mlir "--ktir-to-dataflow=stop-after=vectorize-held-tiles" | FileCheck %s --check-prefix=RING
// RUN: spyre-opt %S/../../kernels/gqa_scores_llama3_8b_decode.mlir "--ktir-to-dataflow=stop-after=vectorize-held-tiles" | FileCheck %s --check-prefix=DOT

// Q @ K^T with the keys as stored (512 x 128 f16, normalize-matmuls keeps
// the transposed map): dot products over the keys' rows. The load unit
// sends Q's row, then the keys in the order they are stored, once; the
// compute unit pops Q's row, and for each key its two sticks, multiplies
// them by Q's sticks into a 64-lane f32 accumulator (the body's extf,
// mulf, addf), reduces the lanes into the output element (starting from
// it) and inserts it into the output vector, scaled, rounded and pushed
// once 64 outputs are in it.
// DOT:         sched.stage "l1lu"
// DOT:           sched.transfer %{{.*}} -> %[[QF:[0-9]+]] at stick %{{.*}} {{{.*}}sticks = 2 : i64
// DOT-NEXT:      sched.transfer %{{.*}} -> %[[KF:[0-9]+]] {{{.*}}sticks = 1024 : i64
// DOT:         sched.stage "sfu"
// DOT:           %[[Q:[0-9]+]] = sched.pop %[[QF]] {sticks = 2 : i64} : <vector<64xf16>> -> tensor<1x128xf16>
// DOT:           scf.for %{{.*}} = %{{.*}} to %c8
// DOT:             scf.for %[[J:[^ ]+]] = {{.*}} iter_args(%[[OUT:[^ ]+]] = %{{.*}}) -> (vector<64xf32>)
// DOT:               scf.for {{.*}} to %c2 {{.*}} iter_args(%[[ACC:[^ ]+]] = %{{.*}}) -> (vector<64xf32>)
// DOT-NEXT:            sched.pop %[[KF]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// DOT:                 vector.transfer_read %[[Q]]
// DOT:                 arith.mulf
// DOT-NEXT:            arith.addf %[[ACC]]
// DOT:               %[[OLD:[0-9]+]] = vector.extract %[[OUT]][%[[J]]] : f32 from vector<64xf32>
// DOT-NEXT:          %[[SUM:[0-9]+]] = vector.reduction <add>, %{{.*}}, %[[OLD]] : vector<64xf32> into f32
// DOT-NEXT:          vector.insert %[[SUM]], %[[OUT]] [%[[J]]] : f32 into vector<64xf32>
// DOT:             arith.mulf %{{.*}} : vector<64xf32>
// DOT-NEXT:        arith.truncf %{{.*}} : vector<64xf32> to vector<64xf16>
// DOT-NEXT:        sched.push %{{.*}} {sticks = 1 : i64} : vector<64xf16>

// An all-reduce of a 16x128 f16 tile (4 KiB) popped whole runs a stick at
// a time (pipeline/utils/RingRows.h): its staging buffer and its messages are one
// stick; the load and store units move stick i in turn.
// RING:         sched.ring_exchange "allreduce" %[[ST:[0-9]+]] : memref<1x64xf16, "lx"> {bytes = 128 : i64
// RING:         scf.for %{{[^ ,]*}} = %{{.*}} to %c32 step
// RING-NEXT:      %[[P:[0-9]+]] = sched.pop %{{[0-9]+}} {sticks = 1 : i64} : <vector<64xf16>> -> tensor<1x64xf16>
// RING-NEXT:      %[[SUM:[0-9]+]]:2 = scf.for {{.*}} iter_args(%{{[^ ]*}} = %[[P]], %{{[^ ]*}} = %[[P]]) -> (tensor<1x64xf16>, tensor<1x64xf16>) {
// RING-NEXT:        sched.ring_send %{{.*}} {bytes = 128 : i64} : tensor<1x64xf16>
// RING-NEXT:        sched.ring_receive from core %{{.*}} into %[[ST]] : memref<1x64xf16, "lx"> -> tensor<1x64xf16>
// RING:           sched.push %[[SUM]]#0 -> %{{[0-9]+}} {sticks = 1 : i64} : tensor<1x64xf16>
// RING:         sched.stage "l1lu" {
// RING:           scf.for %{{[^ ,]*}} = %{{.*}} to %c32 step
// RING:             sched.transfer %{{[0-9]+}} -> %{{[0-9]+}} at stick %{{[0-9]+}} {{{.*}}sticks = 1 : i64
// RING:         sched.stage "l1su" {
// RING:           scf.for %{{[^ ,]*}} = %{{.*}} to %c32 step
// RING:             sched.transfer %{{[0-9]+}} -> %{{[0-9]+}} at stick %{{[0-9]+}} {{{.*}}sticks = 1 : i64

// B's rows of 72 f16 end in a partial stick: B still streams stick by
// stick; the last vector of each row of C is read and written without the
// in-bounds promise (only up to the row's end).
// RUN: spyre-opt %S/../../kernels/matmul_cols72_f16.mlir "--ktir-to-dataflow=stop-after=chunk-reductions" | spyre-opt --vectorize-held-tiles | FileCheck %s --check-prefix=PARTIAL
// PARTIAL:      sched.stage "sfu" {
// PARTIAL:          %[[B:[^ ]*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// PARTIAL-NEXT:     %[[COL:[^ ]*]] = arith.muli
// PARTIAL-NEXT:     %[[OLD:[^ ]*]] = vector.transfer_read %[[C:[^ ]*]][%{{.*}}, %[[COL]]], %{{.*}} : tensor<4x72xf32>, vector<64xf32>
// PARTIAL:          arith.addf %[[OLD]], %{{.*}} : vector<64xf32>
// PARTIAL-NEXT:     vector.transfer_write %{{.*}}, %[[C]][%{{.*}}, %[[COL]]] : vector<64xf32>, tensor<4x72xf32>
// PARTIAL-NOT:  linalg.matmul

// Attention scores of a 32-token prefill with head dim 64 (Llama-3.2-1B):
// the keys as stored, rows of one stick along K (normalize-matmuls keeps
// the transposed map), the output rows half a stick, and the scale after
// the matmul a splat constant on the batch-shaped tile. The keys stream
// once per query row; the query rows come one at a time; each output
// element is a dot product (f16 products summed in f32 lanes, the lanes
// reduced in f32, rounded once and added to the output's element, as the
// interpreter sums an f16 matmul), the output vector scaled (the constant
// taken for one stick, the batch reshape dropped) and pushed as one stick.
// RUN: spyre-opt %S/../../kernels/bmtb_llama1b_scores_prefill.mlir "--ktir-to-dataflow=stop-after=vectorize-held-tiles" | FileCheck %s --check-prefix=HALF
// HALF:         sched.stage "sfu" {
// HALF:           scf.for %{{[^ ]*}} = %{{.*}} to %c32 step
// HALF:             %[[A:[^ ]*]] = sched.pop %{{[0-9]+}} {sticks = 1 : i64} : <vector<64xf16>> -> tensor<1x64xf16>
// HALF:                 sched.pop %{{[0-9]+}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// HALF:                 vector.transfer_read %[[A]]
// HALF:                 arith.mulf %{{.*}} : vector<64xf32>
// HALF:               %[[OLD:[^ ]*]] = vector.extract
// HALF-NEXT:          %[[S32:[^ ]*]] = vector.reduction <add>, %{{.*}} : vector<64xf32> into f32
// HALF-NEXT:          %[[R:[^ ]*]] = arith.truncf %[[S32]] : f32 to f16
// HALF-NEXT:          arith.addf %[[OLD]], %[[R]] : f16
// HALF:             %[[S:[^ ]*]] = arith.mulf %{{.*}} : vector<64xf16>
// HALF-NEXT:        sched.push %[[S]] -> %{{[0-9]+}} {sticks = 1 : i64} : vector<64xf16>
// HALF-NOT:     linalg.matmul
// HALF-NOT:     tensor<32x64xf16>
// HALF-NOT:     tensor<1x32x32xf16>
// HALF:         sched.stage "l1su" {

// CHECK-LABEL: func.func @subtract_max
// CHECK:       sched.stage "sfu" {
// CHECK-NEXT:    %[[X:[^ ,]*]] = sched.pop %{{.*}} {sticks = 8 : i64} : <vector<64xf16>> -> tensor<2x256xf16>
// CHECK-DAG:     %[[C0:[^ ,]*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C64:[^ ,]*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C256:[^ ,]*]] = arith.constant 256 : index
// CHECK:         %[[MAX:[^ ,]*]] = scf.for %[[ROW:[^ ,]*]] = %[[C0]] to %{{.*}} step %{{.*}} iter_args(%[[M:[^ ,]*]] = %{{.*}}) -> (tensor<2xf16>) {
// CHECK-NEXT:      %[[FIRST:[^ ,]*]] = vector.transfer_read %[[X]][%[[ROW]], %[[C0]]], %{{.*}} {in_bounds = [true]} : tensor<2x256xf16>, vector<64xf16>
// CHECK-NEXT:      %[[PART:[^ ,]*]] = scf.for %[[S:[^ ,]*]] = %[[C64]] to %[[C256]] step %[[C64]] iter_args(%[[P:[^ ,]*]] = %[[FIRST]]) -> (vector<64xf16>) {
// CHECK-NEXT:        %[[NEXT:[^ ,]*]] = vector.transfer_read %[[X]][%[[ROW]], %[[S]]]
// CHECK-NEXT:        %[[MM:[^ ,]*]] = arith.maximumf %[[P]], %[[NEXT]] : vector<64xf16>
// CHECK-NEXT:        scf.yield %[[MM]]
// CHECK-NEXT:      } {sched.vector_loop}
// CHECK-NEXT:      %[[R:[^ ,]*]] = vector.reduction <maximumf>, %[[PART]], %{{.*}} : vector<64xf16> into f16
// CHECK-NEXT:      %[[UPD:[^ ,]*]] = tensor.insert %[[R]] into %[[M]][%[[ROW]]] : tensor<2xf16>
// CHECK-NEXT:      scf.yield %[[UPD]]
// CHECK-NEXT:    } {sched.vector_loop}
// The broadcast of the row max is read through: one element per row.
// CHECK-NEXT:    %[[E:[^ ,]*]] = tensor.empty() : tensor<2x256xf16>
// CHECK-NEXT:    %[[OUT:[^ ,]*]] = scf.for %[[ROW:[^ ,]*]] = %[[C0]] to %{{.*}} iter_args(%[[T:[^ ,]*]] = %[[E]])
// CHECK-NEXT:      scf.for %[[S:[^ ,]*]] = %[[C0]] to %[[C256]] step %[[C64]] iter_args(%[[T2:[^ ,]*]] = %[[T]])
// CHECK-NEXT:        %[[XS:[^ ,]*]] = vector.transfer_read %[[X]][%[[ROW]], %[[S]]]
// CHECK-NEXT:        %[[MR:[^ ,]*]] = tensor.extract %[[MAX]][%[[ROW]]] : tensor<2xf16>
// CHECK-NEXT:        %[[MB:[^ ,]*]] = vector.broadcast %[[MR]] : f16 to vector<64xf16>
// CHECK-NEXT:        %[[D:[^ ,]*]] = arith.subf %[[XS]], %[[MB]] : vector<64xf16>
// CHECK-NEXT:        vector.transfer_write %[[D]], %[[T2]][%[[ROW]], %[[S]]] {in_bounds = [true]}
// CHECK:         sched.push %[[OUT]]
// CHECK-NOT:     linalg.
// CHECK-NOT:     tensor.splat

// CHECK-LABEL: func.func @matmul
// B streams (its output is wider than its elements: one stick of B, 64 f16,
// meets a 64-lane f32 vector of the output). A (512 bytes) and the output
// (2048) together are more than the compute unit's 2048 bytes, so they come
// a row at a time: per row i the load unit sends row i of A (at stick i),
// then B again; the unit zero-fills one output row, accumulates into it
// over K and pushes it.
// CHECK:       sched.stage "l1lu" {
// CHECK:         scf.for %[[R:[^ ,]*]] = %{{.*}} to %c4 step
// CHECK:           sched.transfer %{{.*}} -> %[[AF:[0-9]+]] at stick %{{[0-9]+}} {{.*}}sticks = 1 : i64{{.*}} : memref<4x64xf16, "lx">
// CHECK-NEXT:      sched.transfer %{{.*}} -> %[[BF:[0-9]+]] {{.*}}sticks = 128 : i64{{.*}} : memref<64x128xf16, "lx">
// CHECK:       sched.stage "sfu" {
// CHECK-NOT:     tensor<64x128xf16>
// CHECK-NOT:     tensor<4x128xf32>
// CHECK:         scf.for %{{[^ ,]*}} = %{{.*}} to %c4 step
// CHECK-NOT:       tensor<1x64xf16>
// The zero fill is read through: one row of zero vectors.
// CHECK:           vector.transfer_write %{{.*}} : vector<32xf32>, tensor<1x128xf32>
// Row i of A comes a stick at a time (pipeline/utils/StickPops.h): one stick
// popped per 64 steps of K, A[i, k] its lane.
// CHECK:           %[[C:[^ ,]*]] = scf.for %{{[^ ,]*}} = {{.*}} -> (tensor<1x128xf32>) {
// CHECK-NEXT:        %[[A:[^ ,]*]] = sched.pop %[[AF]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:        scf.for %[[K:[^ ,]*]] = %{{.*}} to %c64 step {{.*}} -> (tensor<1x128xf32>) {
// CHECK-NEXT:        %[[AK:[^ ,]*]] = vector.extract %[[A]][%[[K]]] : f16 from vector<64xf16>
// CHECK-NEXT:        scf.for %[[S:[^ ,]*]] = %{{.*}} to %c2 step %{{.*}} iter_args(%[[T:[^ ,]*]] = %{{.*}}) -> (tensor<1x128xf32>) {
// CHECK-NEXT:          %[[B:[^ ,]*]] = sched.pop %[[BF]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:          %[[COL:[^ ,]*]] = arith.muli %[[S]], %c64 : index
// CHECK-NEXT:          %[[OLD:[^ ,]*]] = vector.transfer_read %[[T]][%{{.*}}, %[[COL]]], %{{.*}} {in_bounds = [true]} : tensor<1x128xf32>, vector<64xf32>
// CHECK-NEXT:          %[[AV:[^ ,]*]] = vector.broadcast %[[AK]] : f16 to vector<64xf16>
// CHECK-NEXT:          %[[AW:[^ ,]*]] = arith.extf %[[AV]] : vector<64xf16> to vector<64xf32>
// CHECK-NEXT:          %[[BW:[^ ,]*]] = arith.extf %[[B]] : vector<64xf16> to vector<64xf32>
// CHECK-NEXT:          %[[PR:[^ ,]*]] = arith.mulf %[[AW]], %[[BW]] : vector<64xf32>
// CHECK-NEXT:          %[[SUM:[^ ,]*]] = arith.addf %[[OLD]], %[[PR]] : vector<64xf32>
// CHECK-NEXT:          vector.transfer_write %[[SUM]], %[[T]][%{{.*}}, %[[COL]]] {in_bounds = [true]} : vector<64xf32>, tensor<1x128xf32>
// CHECK:           sched.push %[[C]] -> %{{.*}} {sticks = 4 : i64} : tensor<1x128xf32>
// CHECK-NOT:     linalg.

// CHECK-LABEL: func.func @matmul_streamed
// The load unit sends, for each row i of A and each stick s of C's row,
// A's row i (one stick) and B's stick s of each of its 64 rows, one
// transfer each (column by column).
// CHECK:       sched.stage "l1lu" {
// CHECK:         scf.for %[[LI:[^ ,]*]] = %{{.*}} to %c2 step
// CHECK:           scf.for %[[LS:[^ ,]*]] = %{{.*}} to %c2{{.*}} step
// CHECK:             sched.transfer %{{.*}} -> %[[AF:[0-9]+]] at stick %{{[0-9]+}} {{.*}}sticks = 1 : i64{{.*}} : memref<2x64xf16, "lx">
// CHECK:             scf.for %[[LK:[^ ,]*]] = %{{.*}} to %c64 step
// CHECK:               %[[ROW:[^ ,]*]] = arith.muli %[[LK]], %c2
// CHECK-NEXT:          %[[AT:[^ ,]*]] = arith.addi %[[ROW]], %[[LS]] : index
// CHECK-NEXT:          sched.transfer %{{.*}} -> %[[BF:[0-9]+]] at stick %[[AT]] {{.*}}sticks = 1 : i64{{.*}} : memref<64x128xf16, "lx">
// CHECK:       sched.stage "sfu" {
// CHECK-NOT:     tensor<64x128xf16>
// CHECK-NOT:     tensor<2x64xf16>
// The zero fill is a nest of its own (the output is a tile the unit holds).
// CHECK:         vector.transfer_write %{{.*}} : vector<64xf16>, tensor<2x128xf16>
// CHECK:         } {sched.vector_loop}
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:    } {sched.vector_loop}
// f16 operands into an f16 output: each output stick's 64 products summed
// in one f32 vector from zeros, rounded once, added to C's stick.
// CHECK-NEXT:    scf.for %[[I:[^ ,]*]] = %{{.*}} to %c2 step {{.*}} -> (tensor<2x128xf16>) {
// CHECK-NEXT:      scf.for %[[S:[^ ,]*]] = %{{.*}} to %c2 step %{{.*}} iter_args(%[[C:[^ ,]*]] = %{{.*}}) -> (tensor<2x128xf16>) {
// CHECK-NEXT:        %[[P:[^ ,]*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZEROS:[^ ,)]*]]) -> (vector<64xf32>) {
// CHECK-NEXT:          %[[A:[^ ,]*]] = sched.pop %[[AF]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:          scf.for %[[K:[^ ,]*]] = %{{.*}} to %c64 step %{{.*}} iter_args(%[[ACC:[^ ,]*]] = %{{.*}}) -> (vector<64xf32>) {
// CHECK-NEXT:            %[[AK:[^ ,]*]] = vector.extract %[[A]][%[[K]]] : f16 from vector<64xf16>
// CHECK-NEXT:            %[[B:[^ ,]*]] = sched.pop %[[BF]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:            %[[BW:[^ ,]*]] = arith.extf %[[B]] : vector<64xf16> to vector<64xf32>
// CHECK-NEXT:            %[[AW:[^ ,]*]] = arith.extf %[[AK]] : f16 to f32
// CHECK-NEXT:            %[[AV:[^ ,]*]] = vector.broadcast %[[AW]] : f32 to vector<64xf32>
// CHECK-NEXT:            %[[SUM:[^ ,]*]] = vector.fma %[[AV]], %[[BW]], %[[ACC]] : vector<64xf32>
// CHECK-NEXT:            scf.yield %[[SUM]] : vector<64xf32>
// CHECK:             %[[COL:[^ ,]*]] = arith.muli %[[S]], %c64 : index
// CHECK-NEXT:        %[[OLD:[^ ,]*]] = vector.transfer_read %[[C]][%[[I]], %[[COL]]], %{{.*}} {in_bounds = [true]} : tensor<2x128xf16>, vector<64xf16>
// CHECK-NEXT:        %[[R:[^ ,]*]] = arith.truncf %[[P]] : vector<64xf32> to vector<64xf16>
// CHECK-NEXT:        %[[NEW:[^ ,]*]] = arith.addf %[[OLD]], %[[R]] : vector<64xf16>
// CHECK-NEXT:        vector.transfer_write %[[NEW]], %[[C]][%[[I]], %[[COL]]] {in_bounds = [true]} : vector<64xf16>, tensor<2x128xf16>
// CHECK-NOT:     linalg.matmul
// CHECK-NOT:     arith.mulf

// CHECK-LABEL: func.func @partial_max
// CHECK:       sched.stage "sfu" {
// CHECK:         %[[NINF:[^ ,]*]] = arith.constant 0xFC00 : f16
// CHECK:         scf.for {{.*}} -> (tensor<2xf16>) {
// CHECK-NEXT:      %[[FIRST:[^ ,]*]] = vector.transfer_read %{{.*}}, %[[NINF]] : tensor<2x100xf16>, vector<64xf16>
// CHECK-NEXT:      scf.for {{.*}} = %[[C64:[^ ,]*]] to %[[C100:[^ ,]*]] step %[[C64]]
// CHECK-NEXT:        vector.transfer_read %{{.*}}, %[[NINF]] : tensor<2x100xf16>, vector<64xf16>
// CHECK:         vector.reduction <maximumf>
// CHECK:         scf.for {{.*}} = %{{.*}} to %[[C100]] step %[[C64]]
// CHECK:           vector.transfer_write %{{.*}} : vector<64xf16>, tensor<2x100xf16>

// CHECK-LABEL: func.func @transpose
// CHECK:       sched.stage "sfu" {
// CHECK-NEXT:    %[[X:[^ ,]*]] = sched.pop {{.*}} -> tensor<64x32xf16>
// CHECK:         %[[T:[^ ,]*]] = scf.for %[[R:[^ ,]*]] = {{.*}} -> (tensor<32x64xf16>) {
// CHECK-NEXT:      %[[COL:[^ ,]*]] = vector.transfer_read %[[X]][%{{.*}}, %[[R]]], %{{.*}} {in_bounds = [true], permutation_map = #[[COLMAP:[^}]*]]} : tensor<64x32xf16>, vector<64xf16>
// CHECK-NEXT:      vector.transfer_write %[[COL]], %{{.*}}[%[[R]], %{{.*}}]
// CHECK:         scf.for
// CHECK:           vector.transfer_read %[[T]]
// CHECK-NEXT:      math.exp {{.*}} : vector<64xf16>
// CHECK-NOT:     linalg.

// CHECK-LABEL: func.func @select_max
// CHECK:       sched.stage "sfu" {
// CHECK:           arith.cmpf ogt, {{.*}} : vector<64xf16>
// CHECK-NEXT:      arith.select {{.*}} : vector<64xi1>, vector<64xf16>
// CHECK:         %[[FOLD:[^ ,]*]] = scf.for %[[L:[^ ,]*]] = {{.*}} -> (f16) {
// CHECK-NEXT:      %[[LANE:[^ ,]*]] = vector.extract %{{.*}}[%[[L]]] : f16 from vector<64xf16>
// CHECK-NEXT:      arith.cmpf ogt, %[[LANE]], {{.*}} : f16
// CHECK:         tensor.insert %[[FOLD]]
// CHECK-NOT:     linalg.

#s2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#s1 = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#sa = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#sb = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#sc = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#s2a = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#s2c = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#sp = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 99 >= 0)>
#st = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#su = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#sr = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>

// Softmax's first half: the row's max is subtracted from the row it was
// taken from.
func.func @subtract_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s2, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s2, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s2, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s2, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %init = tensor.splat %ninf : tensor<2xf16>
  %m = linalg.reduce { arith.maximumf } ins(%d : tensor<2x256xf16>) outs(%init : tensor<2xf16>) dimensions = [1]
  %e = tensor.empty() : tensor<2x256xf16>
  %b = linalg.broadcast ins(%m : tensor<2xf16>) outs(%e : tensor<2x256xf16>) dimensions = [1]
  %o = arith.subf %d, %b : tensor<2x256xf16>
  ktdp.store %o, %yt : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
  return
}

// A matmul into a zero-filled f32 accumulator: B streams all the same.
func.func @matmul(%a: index, %b: index, %c: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %av = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {coordinate_set = #sa, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %bv = ktdp.construct_memory_view %b, sizes: [64, 128], strides: [128, 1] {coordinate_set = #sb, memory_space = #ktdp.memory_space<global>} : memref<64x128xf16>
  %cv = ktdp.construct_memory_view %c, sizes: [4, 128], strides: [128, 1] {coordinate_set = #sc, memory_space = #ktdp.memory_space<global>} : memref<4x128xf32>
  %at = ktdp.construct_access_tile %av[%c0, %c0] {access_tile_set = #sa, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %bt = ktdp.construct_access_tile %bv[%c0, %c0] {access_tile_set = #sb, access_tile_order = #id} : memref<64x128xf16> -> !ktdp.access_tile<64x128xindex>
  %ct = ktdp.construct_access_tile %cv[%c0, %c0] {access_tile_set = #sc, access_tile_order = #id} : memref<4x128xf32> -> !ktdp.access_tile<4x128xindex>
  %ad = ktdp.load %at : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %bd = ktdp.load %bt : !ktdp.access_tile<64x128xindex> -> tensor<64x128xf16>
  %e = tensor.empty() : tensor<4x128xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x128xf32>) -> tensor<4x128xf32>
  %r = linalg.matmul ins(%ad, %bd : tensor<4x64xf16>, tensor<64x128xf16>) outs(%z : tensor<4x128xf32>) -> tensor<4x128xf32>
  ktdp.store %r, %ct : tensor<4x128xf32>, !ktdp.access_tile<4x128xindex>
  return
}

// A matmul whose output has B's element width (f16): B is not held. Its
// products are summed in f32 and rounded once (docs/numerics.md
// "Half-precision matmuls"), an output stick at a time: the load unit sends
// B column by column (stick s of each row, per stick s of the output row)
// and A's row again per column; each stick of B multiplied by A's element
// for that row and K and added into the output stick's f32 vector.
func.func @matmul_streamed(%a: index, %b: index, %c: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %av = ktdp.construct_memory_view %a, sizes: [2, 64], strides: [64, 1] {coordinate_set = #s2a, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %bv = ktdp.construct_memory_view %b, sizes: [64, 128], strides: [128, 1] {coordinate_set = #sb, memory_space = #ktdp.memory_space<global>} : memref<64x128xf16>
  %cv = ktdp.construct_memory_view %c, sizes: [2, 128], strides: [128, 1] {coordinate_set = #s2c, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %at = ktdp.construct_access_tile %av[%c0, %c0] {access_tile_set = #s2a, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %bt = ktdp.construct_access_tile %bv[%c0, %c0] {access_tile_set = #sb, access_tile_order = #id} : memref<64x128xf16> -> !ktdp.access_tile<64x128xindex>
  %ct = ktdp.construct_access_tile %cv[%c0, %c0] {access_tile_set = #s2c, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<2x128xindex>
  %ad = ktdp.load %at : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
  %bd = ktdp.load %bt : !ktdp.access_tile<64x128xindex> -> tensor<64x128xf16>
  %e = tensor.empty() : tensor<2x128xf16>
  %z = linalg.fill ins(%zero : f16) outs(%e : tensor<2x128xf16>) -> tensor<2x128xf16>
  %r = linalg.matmul ins(%ad, %bd : tensor<2x64xf16>, tensor<64x128xf16>) outs(%z : tensor<2x128xf16>) -> tensor<2x128xf16>
  ktdp.store %r, %ct : tensor<2x128xf16>, !ktdp.access_tile<2x128xindex>
  return
}

// Rows of 100 f16 (a stick and a half): the max's last stick is padded
// with -inf, which leaves it unchanged.
func.func @partial_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 100], strides: [100, 1] {coordinate_set = #sp, memory_space = #ktdp.memory_space<global>} : memref<2x100xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 100], strides: [100, 1] {coordinate_set = #sp, memory_space = #ktdp.memory_space<global>} : memref<2x100xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #sp, access_tile_order = #id} : memref<2x100xf16> -> !ktdp.access_tile<2x100xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #sp, access_tile_order = #id} : memref<2x100xf16> -> !ktdp.access_tile<2x100xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x100xindex> -> tensor<2x100xf16>
  %init = tensor.splat %ninf : tensor<2xf16>
  %s = linalg.reduce { arith.maximumf } ins(%d : tensor<2x100xf16>) outs(%init : tensor<2xf16>) dimensions = [1]
  %e = tensor.empty() : tensor<2x100xf16>
  %b = linalg.broadcast ins(%s : tensor<2xf16>) outs(%e : tensor<2x100xf16>) dimensions = [1]
  %o = arith.subf %d, %b : tensor<2x100xf16>
  ktdp.store %o, %yt : tensor<2x100xf16>, !ktdp.access_tile<2x100xindex>
  return
}

// A transpose: the vectors of the result run along the input's columns.
// (Its row sums keep the stage here: nest-vector-pipelines streams a
// transpose only with elementwise ops after it.)
func.func @transpose(%x: index, %y: index, %s: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [64, 32], strides: [32, 1] {coordinate_set = #st, memory_space = #ktdp.memory_space<global>} : memref<64x32xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [32, 64], strides: [64, 1] {coordinate_set = #su, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #st, access_tile_order = #id} : memref<64x32xf16> -> !ktdp.access_tile<64x32xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #su, access_tile_order = #id} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<64x32xindex> -> tensor<64x32xf16>
  %e = tensor.empty() : tensor<32x64xf16>
  %t = linalg.transpose ins(%d : tensor<64x32xf16>) outs(%e : tensor<32x64xf16>) permutation = [1, 0]
  %o = math.exp %t : tensor<32x64xf16>
  ktdp.store %o, %yt : tensor<32x64xf16>, !ktdp.access_tile<32x64xindex>
  %zero = arith.constant 0.0 : f16
  %se = tensor.empty() : tensor<32xf16>
  %si = linalg.fill ins(%zero : f16) outs(%se : tensor<32xf16>) -> tensor<32xf16>
  %sums = linalg.reduce { arith.addf } ins(%t : tensor<32x64xf16>) outs(%si : tensor<32xf16>) dimensions = [1]
  %sv = ktdp.construct_memory_view %s, sizes: [32], strides: [1] {coordinate_set = #sr, memory_space = #ktdp.memory_space<global>} : memref<32xf16>
  %st = ktdp.construct_access_tile %sv[%c0] {access_tile_set = #sr, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<32xindex>
  ktdp.store %sums, %st : tensor<32xf16>, !ktdp.access_tile<32xindex>
  return
}

// A max written as compare-and-select: no lane-wise reduction names it,
// so the accumulator's lanes are folded one by one.
func.func @select_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s2, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s2, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s2, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s2, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %init = tensor.splat %ninf : tensor<2xf16>
  %m = linalg.reduce ins(%d : tensor<2x256xf16>) outs(%init : tensor<2xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %gt = arith.cmpf ogt, %in, %acc : f16
      %s = arith.select %gt, %in, %acc : f16
      linalg.yield %s : f16
    }
  %e = tensor.empty() : tensor<2x256xf16>
  %b = linalg.broadcast ins(%m : tensor<2xf16>) outs(%e : tensor<2x256xf16>) dimensions = [1]
  %o = arith.subf %d, %b : tensor<2x256xf16>
  ktdp.store %o, %yt : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
  return
}
