// A compute stage whose row reductions come back into the rows runs as
// passes over the rows: the load unit streams the tile once per pass that
// reads it, each pass recomputes the ops it needs a stick at a time and
// only the per-row results carry over (read back per row); the last pass
// pushes. Rows of partial sticks are left to vectorize-held-tiles.
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --nest-vector-pipelines --chunk-reductions --stream-row-passes | FileCheck %s

// CHECK-LABEL: func.func @softmax_rows
// CHECK:       sched.stage "l1lu" {
// CHECK-NEXT:    sched.wait
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[THREE:c3[_0-9]*]] step
// CHECK:           scf.for %[[S:[^ ]*]] = %{{.*}} to %[[EIGHT:c8[_0-9]*]] step
// CHECK-NEXT:        sched.transfer %{{.*}} -> %[[FIFO:[^ ]*]] at stick %[[S]] {{{.*}}sticks = 1 : i64
// CHECK-NEXT:      } {sched.vector_loop}
// CHECK-NEXT:    } {sched.passes}
// CHECK:       sched.stage "sfu" {
// CHECK-DAG:     %[[MINIT:.*]] = tensor.splat %{{.*}} : tensor<2xf16>
// CHECK-DAG:     %[[SINIT:.*]] = tensor.splat %{{.*}} : tensor<2xf16>
// Pass 1: the row max.
// CHECK:         %[[MAX:[^ ]*]] = scf.for %[[R:[^ ]*]] = {{.*}} iter_args(%[[M:[^ ]*]] = %[[MINIT]]) -> (tensor<2xf16>) {
// CHECK-NEXT:      %[[X0:.*]] = sched.pop %[[FIFO]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:      %[[MV:.*]] = scf.for {{.*}} iter_args(%[[P:[^ ]*]] = %[[X0]]) -> (vector<64xf16>) {
// CHECK-NEXT:        %[[XS:.*]] = sched.pop %[[FIFO]]
// CHECK-NEXT:        arith.maximumf %[[P]], %[[XS]] : vector<64xf16>
// CHECK:           %[[START:.*]] = tensor.extract %[[M]][%[[R]]] : tensor<2xf16>
// CHECK-NEXT:      %[[T:.*]] = vector.reduction <maximumf>, %[[MV]], %[[START]]
// CHECK-NEXT:      %[[U:.*]] = tensor.insert %[[T]] into %[[M]][%[[R]]]
// CHECK-NEXT:      scf.yield %[[U]]
// CHECK-NEXT:    } {sched.vector_loop}
// Pass 2: exp(x - max[row]) summed; the max read back per row.
// CHECK-NEXT:    %[[SUM:[^ ]*]] = scf.for %[[R:[^ ]*]] = {{.*}} iter_args(%{{.*}} = %[[SINIT]]) -> (tensor<2xf16>) {
// CHECK-NEXT:      %[[Y0:.*]] = sched.pop %[[FIFO]]
// CHECK-NEXT:      %[[MR:.*]] = tensor.extract %[[MAX]][%[[R]]] : tensor<2xf16>
// CHECK-NEXT:      %[[MB:.*]] = vector.broadcast %[[MR]] : f16 to vector<64xf16>
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[Y0]], %[[MB]] : vector<64xf16>
// CHECK-NEXT:      math.exp %[[D]] : vector<64xf16>
// CHECK:           vector.reduction <add>
// Pass 3: recomputed once more, divided, pushed a stick at a time.
// CHECK:         scf.for %[[R:[^ ]*]] =
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        %[[Z:.*]] = sched.pop %[[FIFO]]
// CHECK:             math.exp
// CHECK-NEXT:        %[[SR:.*]] = tensor.extract %[[SUM]][%[[R]]] : tensor<2xf16>
// CHECK-NEXT:        %[[SB:.*]] = vector.broadcast %[[SR]]
// CHECK-NEXT:        %[[Q:.*]] = arith.divf %{{.*}}, %[[SB]] : vector<64xf16>
// CHECK-NEXT:        sched.push %[[Q]] -> %{{.*}} {sticks = 1 : i64} : vector<64xf16>
// CHECK-NOT:     linalg.

// CHECK-LABEL: func.func @two_inputs
// CHECK:       sched.stage "l1lu" {
// CHECK:         scf.for %[[S:[^ ]*]] =
// CHECK-NEXT:      sched.transfer %{{.*}} -> %[[XF:[^ ]*]] at stick %[[S]]
// CHECK-NEXT:    } {sched.vector_loop}
// CHECK:         scf.for %[[S:[^ ]*]] =
// CHECK-NEXT:      sched.transfer %{{.*}} -> %[[XF]] at stick %[[S]]
// CHECK-NEXT:      sched.transfer %{{.*}} -> %[[YF:[^ ]*]] at stick %[[S]]
// CHECK-NEXT:    } {sched.vector_loop}
// CHECK:       sched.stage "sfu" {
// CHECK:         sched.pop %[[XF]]
// CHECK-NOT:     sched.pop %[[YF]]
// CHECK:         vector.reduction <maximumf>
// CHECK:         sched.pop %[[XF]]
// CHECK-NEXT:    sched.pop %[[YF]]

// Widened to f32: each popped f16 stick becomes one 64-lane f32 vector.
// CHECK-LABEL: func.func @mixed_width
// CHECK:       sched.stage "sfu" {
// CHECK:         %[[X:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:    %[[W:.*]] = arith.extf %[[X]] : vector<64xf16> to vector<64xf32>
// CHECK:         arith.maximumf {{.*}} : vector<64xf32>
// CHECK:         vector.reduction <maximumf>, {{.*}} : vector<64xf32> into f32
// CHECK:         arith.truncf {{.*}} : vector<64xf32> to vector<64xf16>
// CHECK-NEXT:    sched.push
// CHECK-NOT:     linalg.

// CHECK-LABEL: func.func @partial_rows
// CHECK:       sched.stage "sfu" {
// CHECK:         %[[NINF:.*]] = arith.constant 0xFC00 : f16
// CHECK:         %[[A:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:    %[[B:.*]] = sched.pop %{{.*}} {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT:    %[[S:.*]] = tensor.empty() : tensor<36xf16>
// CHECK-NEXT:    %[[W:.*]] = vector.transfer_write %[[B]], %[[S]][%{{.*}}] : vector<64xf16>, tensor<36xf16>
// CHECK-NEXT:    %[[P:.*]] = vector.transfer_read %[[W]][%{{.*}}], %[[NINF]] : tensor<36xf16>, vector<64xf16>
// CHECK-NEXT:    arith.maximumf %[[A]], %[[P]] : vector<64xf16>
// CHECK:         vector.reduction <maximumf>
// CHECK:         arith.subf %{{.*}}, %{{.*}} : vector<64xf16>
// CHECK-NOT:     linalg.
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// Two rows, the full softmax: the row max is broadcast back with
// linalg.broadcast and read per row.
func.func @softmax_rows(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %zero = arith.constant 0.0 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %minit = tensor.splat %ninf : tensor<2xf16>
  %m = linalg.reduce { arith.maximumf } ins(%d : tensor<2x256xf16>) outs(%minit : tensor<2xf16>) dimensions = [1]
  %e1 = tensor.empty() : tensor<2x256xf16>
  %mb = linalg.broadcast ins(%m : tensor<2xf16>) outs(%e1 : tensor<2x256xf16>) dimensions = [1]
  %sh = arith.subf %d, %mb : tensor<2x256xf16>
  %ex = math.exp %sh : tensor<2x256xf16>
  %sinit = tensor.splat %zero : tensor<2xf16>
  %sum = linalg.reduce { arith.addf } ins(%ex : tensor<2x256xf16>) outs(%sinit : tensor<2xf16>) dimensions = [1]
  %e2 = tensor.empty() : tensor<2x256xf16>
  %sb = linalg.broadcast ins(%sum : tensor<2xf16>) outs(%e2 : tensor<2x256xf16>) dimensions = [1]
  %o = arith.divf %ex, %sb : tensor<2x256xf16>
  ktdp.store %o, %yt : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
  return
}

// out = (x - max(x)) + y: x is streamed for both passes, y only for the
// second.
func.func @two_inputs(%x: index, %y: index, %z: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %zv = ktdp.construct_memory_view %z, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %zt = ktdp.construct_access_tile %zv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %a = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %b = ktdp.load %yt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %minit = tensor.splat %ninf : tensor<2xf16>
  %m = linalg.reduce { arith.maximumf } ins(%a : tensor<2x256xf16>) outs(%minit : tensor<2xf16>) dimensions = [1]
  %e = tensor.empty() : tensor<2x256xf16>
  %mb = linalg.broadcast ins(%m : tensor<2xf16>) outs(%e : tensor<2x256xf16>) dimensions = [1]
  %sh = arith.subf %a, %mb : tensor<2x256xf16>
  %o = arith.addf %sh, %b : tensor<2x256xf16>
  ktdp.store %o, %zt : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
  return
}

// Widened to f32 before the reduction, narrowed back before the store.
func.func @mixed_width(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %xv = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<2x256xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
  %w = arith.extf %d : tensor<2x256xf16> to tensor<2x256xf32>
  %minit = tensor.splat %ninf : tensor<2xf32>
  %m = linalg.reduce { arith.maximumf } ins(%w : tensor<2x256xf32>) outs(%minit : tensor<2xf32>) dimensions = [1]
  %e = tensor.empty() : tensor<2x256xf32>
  %mb = linalg.broadcast ins(%m : tensor<2xf32>) outs(%e : tensor<2x256xf32>) dimensions = [1]
  %sh = arith.subf %w, %mb : tensor<2x256xf32>
  %o = arith.truncf %sh : tensor<2x256xf32> to tensor<2x256xf16>
  ktdp.store %o, %yt : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
  return
}

// Rows of 100 f16 end in a partial stick (36 of 64 lanes): before it is
// folded into the max, its lanes past the row's end become the max's
// identity (-inf): written into a 36-element scratch tile and read back
// with -inf as the padding.
#p = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 99 >= 0)>
func.func @partial_rows(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFC00 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [2, 100], strides: [100, 1] {coordinate_set = #p, memory_space = #ktdp.memory_space<global>} : memref<2x100xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 100], strides: [100, 1] {coordinate_set = #p, memory_space = #ktdp.memory_space<global>} : memref<2x100xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #p, access_tile_order = #id} : memref<2x100xf16> -> !ktdp.access_tile<2x100xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #p, access_tile_order = #id} : memref<2x100xf16> -> !ktdp.access_tile<2x100xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<2x100xindex> -> tensor<2x100xf16>
  %minit = tensor.splat %ninf : tensor<2xf16>
  %m = linalg.reduce { arith.maximumf } ins(%d : tensor<2x100xf16>) outs(%minit : tensor<2xf16>) dimensions = [1]
  %e = tensor.empty() : tensor<2x100xf16>
  %mb = linalg.broadcast ins(%m : tensor<2xf16>) outs(%e : tensor<2x100xf16>) dimensions = [1]
  %o = arith.subf %d, %mb : tensor<2x100xf16>
  ktdp.store %o, %yt : tensor<2x100xf16>, !ktdp.access_tile<2x100xindex>
  return
}
