// A tile a loop carries through an scf.if (block-causal skipping: the key
// blocks above the diagonal yield the accumulator unchanged) stays in a
// persistent LX buffer: the pipeline before the loop writes its first
// value, the branch that updates it reads and writes it back behind a
// barrier, the other branch goes, the pipeline after the loop reads it.
// Nothing carries the tile: neither the loop nor the branch has results.
// RUN: spyre-opt %S/../../kernels/block_causal_accum_heads.mlir --extract-compute-groups --build-pipelines | FileCheck %s
// One the branch cannot update in place (a row maximum of the sum) is
// refused on the loop's line, with the reason.
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines -verify-diagnostics

// CHECK: [[ACC:%[0-9]+]] = sched.alloc {persistent} : memref<32x128xf32, "lx">
// CHECK: sched.stage "compute"
// CHECK: linalg.fill
// CHECK-NEXT: sched.write %{{[0-9]+}} -> [[ACC]]
// CHECK: scf.for %{{.*}} {
// CHECK: scf.if %{{[0-9]+}} {
// CHECK: sched.barrier
// CHECK-NEXT: sched.pipeline {
// CHECK: sched.stage "compute" {
// CHECK-NEXT: [[OLD:%[0-9]+]] = sched.read [[ACC]]
// CHECK: [[NEW:%[0-9]+]] = arith.addf [[OLD]], %{{[0-9]+}} : tensor<32x128xf32>
// CHECK-NEXT: sched.write [[NEW]] -> [[ACC]]
// CHECK-NOT: else
// CHECK: sched.barrier
// CHECK-NEXT: sched.pipeline {
// CHECK: sched.read [[ACC]]
// CHECK: arith.divf

#v_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @rowmax_in_branch(%v_ptr: index, %o_ptr: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %qb = ktdp.get_compute_tile_id : index
  %vv = ktdp.construct_memory_view %v_ptr, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v_set, memory_space = #ktdp.memory_space<global>} : memref<128x128xf32>
  %ov = ktdp.construct_memory_view %o_ptr, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v_set, memory_space = #ktdp.memory_space<global>} : memref<128x128xf32>
  %e = tensor.empty() : tensor<32x128xf32>
  %a0 = linalg.fill ins(%zero : f32) outs(%e : tensor<32x128xf32>) -> tensor<32x128xf32>
  // expected-error @+1 {{the loop carries a tile through an scf.if: the tile would have to stay in LX between iterations (the other units follow the branch too but cannot hold it), and it cannot: a branch computes its next value with more than elementwise ops on it}}
  %acc = scf.for %kb = %c0 to %c4 step %c1 iter_args(%a = %a0) -> (tensor<32x128xf32>) {
    %visible = arith.cmpi ule, %kb, %qb : index
    %next = scf.if %visible -> (tensor<32x128xf32>) {
      %r = arith.muli %kb, %c32 : index
      %vt = ktdp.construct_access_tile %vv[%r, %c0] {access_tile_set = #blk, access_tile_order = #id2} : memref<128x128xf32> -> !ktdp.access_tile<32x128xindex>
      %v = ktdp.load %vt : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf32>
      %s = arith.addf %a, %v : tensor<32x128xf32>
      %er = tensor.empty() : tensor<32xf32>
      %fr = linalg.fill ins(%ninf : f32) outs(%er : tensor<32xf32>) -> tensor<32xf32>
      %mx = linalg.reduce { arith.maximumf } ins(%s : tensor<32x128xf32>) outs(%fr : tensor<32xf32>) dimensions = [1]
      %eb = tensor.empty() : tensor<32x128xf32>
      %mb = linalg.broadcast ins(%mx : tensor<32xf32>) outs(%eb : tensor<32x128xf32>) dimensions = [1]
      %d = arith.subf %s, %mb : tensor<32x128xf32>
      scf.yield %d : tensor<32x128xf32>
    } else {
      scf.yield %a : tensor<32x128xf32>
    }
    scf.yield %next : tensor<32x128xf32>
  }
  %r0 = arith.muli %qb, %c32 : index
  %ot = ktdp.construct_access_tile %ov[%r0, %c0] {access_tile_set = #blk, access_tile_order = #id2} : memref<128x128xf32> -> !ktdp.access_tile<32x128xindex>
  ktdp.store %acc, %ot : tensor<32x128xf32>, !ktdp.access_tile<32x128xindex>
  return
}
