// softmax: a cyclic row loop (for row = id to 128 step 32) whose pipeline is
// double-buffered; each 1x256 f16 row is 512 bytes = 4 sticks, streamed
// once per pass of the compute unit.
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

// The row is streamed from LX three times, once per pass of the compute
// unit; the input copy is given back after the last.
// CHECK-LABEL: dflow.program "l1lu" instances 32
// CHECK: scf.for
// CHECK: [[ROWLX:%[0-9]+]] = dflow.lx_view
// CHECK-NEXT: dflow.wait [[TI]]
// CHECK: scf.for %{{.*}} = %{{.*}} to [[THREE:%c3[_0-9]*]] step
// CHECK: scf.for [[S:%arg[0-9]+]] = %{{.*}} to [[FOUR:%c4[_0-9]*]] step
// CHECK-NEXT: dflow.stream [[ROWLX]] -> [[VI]] at stick [[S]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: } {dflow.passes}
// CHECK-NEXT: dflow.signal [[FI]]

// The compute unit never holds the row: pass 1 folds its 4 sticks into a
// max vector and its lanes into -inf; pass 2 recomputes exp(x - max) a
// stick at a time and sums it likewise into 0; pass 3 recomputes it once
// more and sends exp(x - max) / sum a stick at a time.
// CHECK-LABEL: dflow.program "sfu" instances 32
// CHECK-DAG: [[NINF:%cst[_0-9]*]] = arith.constant 0xFC00 : f16
// CHECK-DAG: [[ZERO:%cst[_0-9]*]] = arith.constant 0.000000e+00 : f16
// CHECK: scf.for
// CHECK: [[X0:%[0-9]+]] = dflow.receive [[VI]] {sticks = 1 : i64} : <vector<64xf16>> -> vector<64xf16>
// CHECK-NEXT: [[MV:%[0-9]+]] = scf.for %{{.*}} iter_args([[P:%arg[0-9]+]] = [[X0]]) -> (vector<64xf16>) {
// CHECK-NEXT: [[XS:%[0-9]+]] = dflow.receive [[VI]] {sticks = 1 : i64}
// CHECK-NEXT: [[M:%[0-9]+]] = arith.maximumf [[P]], [[XS]] : vector<64xf16>
// CHECK-NEXT: scf.yield [[M]]
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: [[MAX:%[0-9]+]] = vector.reduction <maximumf>, [[MV]], [[NINF]] : vector<64xf16> into f16
// CHECK-NEXT: [[Y0:%[0-9]+]] = dflow.receive [[VI]] {sticks = 1 : i64}
// CHECK-NEXT: [[MB:%[0-9]+]] = vector.broadcast [[MAX]] : f16 to vector<64xf16>
// CHECK-NEXT: [[D:%[0-9]+]] = arith.subf [[Y0]], [[MB]] : vector<64xf16>
// CHECK-NEXT: [[E:%[0-9]+]] = math.exp [[D]] : vector<64xf16>
// CHECK-NEXT: [[SV:%[0-9]+]] = scf.for %{{.*}} iter_args([[Q:%arg[0-9]+]] = [[E]]) -> (vector<64xf16>) {
// CHECK: math.exp
// CHECK: arith.addf %{{[0-9]+}}, [[Q]] : vector<64xf16>
// CHECK: } {dflow.vector_loop}
// CHECK-NEXT: [[SUM:%[0-9]+]] = vector.reduction <add>, [[SV]], [[ZERO]] : vector<64xf16> into f16
// CHECK-NEXT: scf.for
// CHECK-NEXT: [[Z:%[0-9]+]] = dflow.receive [[VI]] {sticks = 1 : i64}
// CHECK: math.exp
// CHECK: [[SB:%[0-9]+]] = vector.broadcast [[SUM]] : f16 to vector<64xf16>
// CHECK-NEXT: [[Y:%[0-9]+]] = arith.divf %{{[0-9]+}}, [[SB]] : vector<64xf16>
// CHECK-NEXT: dflow.send [[Y]] -> [[VO]] {sticks = 1 : i64} : vector<64xf16>
// CHECK-NOT: tensor<
// CHECK-NOT: linalg.

// Output row copies at 1024 + copy * 512.
// CHECK-LABEL: dflow.program "l1su" instances 32
// CHECK: scf.for
// CHECK: [[OOFF:%[0-9]+]] = arith.muli %{{[0-9]+}}, %c512{{(_[0-9]+)?}} : index
// CHECK-NEXT: [[OADDR:%[0-9]+]] = arith.addi %c1024, [[OOFF]] : index
// CHECK-NEXT: [[LO:%[0-9]+]] = dflow.lx_view{{\[}}[[OADDR]]] : memref<1x256xf16, "lx">
// CHECK: dflow.wait [[FO]]
// CHECK-NEXT: scf.for [[S:%arg[0-9]+]] =
// CHECK-NEXT: dflow.collect [[VO]] -> [[LO]] at stick [[S]] {sticks = 1 : i64}
// CHECK-NEXT: } {dflow.vector_loop}
// CHECK-NEXT: dflow.signal [[TO]]

// CHECK-LABEL: dflow.program "mnisu" instances 32
// CHECK: scf.for
// CHECK: arith.addi %c1024
// CHECK: dflow.wait [[TO]]
// CHECK-NEXT: dflow.dma %{{[0-9]+}} -> %{{[0-9]+}} {hops = 16 : i64, sticks = 4 : i64}
// CHECK-NEXT: dflow.signal [[FO]]
