// softmax: a cyclic row loop (for row = id to 128 step 32) whose pipeline is
// double-buffered; each 1x256 f16 row is 512 bytes = 4 sticks.
// RUN: spyre-opt %samples/softmax.mlir --ktir-to-dataflow | FileCheck %s --implicit-check-not=sched. --implicit-check-not=dflow.barrier

// Input row: 2 copies at 0 / 512; output row: 2 copies at 1024 / 1536: peak 2048.
// Each double buffer has a free-token channel back from its drainer holding
// one token per copy. One pipeline, no LX reuse: no barrier.
// CHECK: func.func @softmax({{.*}}dflow.lx_peak = 2048 : i64
// CHECK-DAG: [[FI:%[0-9]+]] = dflow.channel "l1lu" -> "mnilu" depth 2 {initial = 2 : i64} : <none>
// CHECK-DAG: [[FO:%[0-9]+]] = dflow.channel "mnisu" -> "l1su" depth 2 {initial = 2 : i64} : <none>
// CHECK-DAG: [[TI:%[0-9]+]] = dflow.channel "mnilu" -> "l1lu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[TO:%[0-9]+]] = dflow.channel "l1su" -> "mnisu" depth {{[0-9]+}} : <none>
// CHECK-DAG: [[VI:%[0-9]+]] = dflow.channel "l1lu" -> "sfu" depth {{[0-9]+}} : <vector<64xf16>>
// CHECK-DAG: [[VO:%[0-9]+]] = dflow.channel "sfu" -> "l1su" depth {{[0-9]+}} : <vector<64xf16>>

// Copy (iv - id) / 32 mod 2 of the input row: address 0 + copy * 512.
// CHECK-LABEL: dflow.program "mnilu" instances 32
// CHECK: [[ID:%[0-9]+]] = ktdp.get_compute_tile_id
// CHECK: scf.for [[IV:%arg[0-9]+]] = [[ID]] to %c128 step [[STEP:%c32[_0-9]*]] {
// CHECK: [[REL:%[0-9]+]] = arith.subi [[IV]], [[ID]] : index
// CHECK-NEXT: [[IT:%[0-9]+]] = arith.divui [[REL]], [[STEP]] : index
// CHECK-NEXT: [[TWO:%c2[_0-9]*]] = arith.constant 2 : index
// CHECK-NEXT: [[CP:%[0-9]+]] = arith.remui [[IT]], [[TWO]] : index
// CHECK-NEXT: [[SZ:%c512[_0-9]*]] = arith.constant 512 : index
// CHECK-NEXT: [[OFF:%[0-9]+]] = arith.muli [[CP]], [[SZ]] : index
// CHECK-NEXT: [[ADDR:%[0-9]+]] = arith.addi %c0{{(_[0-9]+)?}}, [[OFF]] : index
// CHECK-NEXT: [[LI:%[0-9]+]] = dflow.lx_view{{\[}}[[ADDR]]] : memref<1x256xf16, "lx">
// CHECK-NEXT: dflow.wait [[FI]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> [[LI]] {hops = 16 : i64, sticks = 4 : i64}
// CHECK-NEXT: dflow.signal [[TI]]

// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: scf.for
// CHECK: dflow.wait [[TI]]
// CHECK-NEXT: dflow.stream %{{[0-9]+}} -> [[VI]] {sticks = 4 : i64}
// CHECK-NEXT: dflow.signal [[FI]]

// The compute unit holds the row (it is read again after each reduction)
// and computes on 64-lane vectors: the max folds sticks 2-4 into the first
// and reduces the lanes into -inf; exp(x - max) is one pass over the
// sticks; the sum likewise into 0; then the divide by the broadcast sum.
// CHECK-LABEL: dflow.program "sfu" instances 32
// CHECK-DAG: [[NINF:%cst[_0-9]*]] = arith.constant 0xFC00 : f16
// CHECK-DAG: [[ZERO:%cst[_0-9]*]] = arith.constant 0.000000e+00 : f16
// CHECK: scf.for
// CHECK-NEXT: [[X:%[0-9]+]] = dflow.receive [[VI]] {sticks = 4 : i64} : <vector<64xf16>> -> tensor<1x256xf16>
// CHECK: [[X0:%[0-9]+]] = vector.transfer_read [[X]][[[C0:%c0[_0-9]*]], [[C0]]], %{{.*}} {in_bounds = [true]} : tensor<1x256xf16>, vector<64xf16>
// CHECK-NEXT: [[MV:%[0-9]+]] = scf.for [[S:%arg[0-9]+]] = [[C64:%c64[_0-9]*]] to [[C256:%c256[_0-9]*]] step [[C64]] iter_args([[P:%arg[0-9]+]] = [[X0]]) -> (vector<64xf16>) {
// CHECK-NEXT: [[XS:%[0-9]+]] = vector.transfer_read [[X]][[[C0]], [[S]]]
// CHECK-NEXT: [[M:%[0-9]+]] = arith.maximumf [[P]], [[XS]] : vector<64xf16>
// CHECK-NEXT: scf.yield [[M]]
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: [[MAX:%[0-9]+]] = vector.reduction <maximumf>, [[MV]], [[NINF]] : vector<64xf16> into f16
// CHECK-NEXT: [[E0:%[0-9]+]] = tensor.empty() : tensor<1x256xf16>
// CHECK-NEXT: [[NUM:%[0-9]+]] = scf.for [[S:%arg[0-9]+]] = [[C0]] to [[C256]] step [[C64]] iter_args([[T:%arg[0-9]+]] = [[E0]]) -> (tensor<1x256xf16>) {
// CHECK-NEXT: [[XS:%[0-9]+]] = vector.transfer_read [[X]][[[C0]], [[S]]]
// CHECK-NEXT: [[MB:%[0-9]+]] = vector.broadcast [[MAX]] : f16 to vector<64xf16>
// CHECK-NEXT: [[D:%[0-9]+]] = arith.subf [[XS]], [[MB]] : vector<64xf16>
// CHECK-NEXT: [[EX:%[0-9]+]] = math.exp [[D]] : vector<64xf16>
// CHECK-NEXT: [[W:%[0-9]+]] = vector.transfer_write [[EX]], [[T]][[[C0]], [[S]]] {in_bounds = [true]} : vector<64xf16>, tensor<1x256xf16>
// CHECK-NEXT: scf.yield [[W]]
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK: scf.for {{.*}} -> (vector<64xf16>) {
// CHECK: arith.addf {{.*}} : vector<64xf16>
// CHECK: [[SUM:%[0-9]+]] = vector.reduction <add>, %{{[0-9]+}}, [[ZERO]] : vector<64xf16> into f16
// CHECK: [[Y:%[0-9]+]] = scf.for {{.*}} -> (tensor<1x256xf16>) {
// CHECK-NEXT: [[NS:%[0-9]+]] = vector.transfer_read [[NUM]]
// CHECK-NEXT: [[SB:%[0-9]+]] = vector.broadcast [[SUM]] : f16 to vector<64xf16>
// CHECK-NEXT: arith.divf [[NS]], [[SB]] : vector<64xf16>
// CHECK: } {dflow.vector_loop}
// CHECK-NEXT: dflow.send [[Y]] -> [[VO]] {sticks = 4 : i64}
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.splat

// Output row copies at 1024 + copy * 512.
// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK: scf.for
// CHECK: [[OOFF:%[0-9]+]] = arith.muli %{{[0-9]+}}, %c512{{(_[0-9]+)?}} : index
// CHECK-NEXT: [[OADDR:%[0-9]+]] = arith.addi %c1024, [[OOFF]] : index
// CHECK-NEXT: [[LO:%[0-9]+]] = dflow.lx_view{{\[}}[[OADDR]]] : memref<1x256xf16, "lx">
// CHECK-NEXT: dflow.wait [[FO]]
// CHECK-NEXT: dflow.collect [[VO]] -> [[LO]] {sticks = 4 : i64}
// CHECK-NEXT: dflow.signal [[TO]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK: scf.for
// CHECK: arith.addi %c1024
// CHECK: dflow.wait [[TO]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> %{{[0-9]+}} {hops = 16 : i64, sticks = 4 : i64}
// CHECK-NEXT: dflow.signal [[FO]]
