// A routing (inter_tile_consume with producer_dependency_per_consumer):
// route_gqa_kv_fanout_prefill's producers 0-7 each feed the cores of their
// 4 query heads (core 0 keeps its own). Planned as one step; every tile
// sends its partials to its entries first .. first + sends - 1 of the
// packed destinations (tile 0: cores 1-3, tile 1: cores 4-7, ...; the
// others none), then receives from its source when that is another tile
// (core 0 keeps its own: -1). Row by row later, where the stage holds more
// than the compute engine's memory (ROWS).
// RUN: spyre-opt %S/../../kernels/route_gqa_kv_fanout_prefill.mlir --ktir-to-dataflow=stop-after=lower-ring-exchanges | FileCheck %s
// RUN: spyre-opt %S/../../kernels/route_gqa_kv_fanout_prefill.mlir --ktir-to-dataflow=stop-after=vectorize-held-tiles | FileCheck %s --check-prefix=ROWS
// A produce body that reads the group id gets the tile's group from a
// table; the stage (its splat of the group too) still runs by rows, and
// both engines agree.
// RUN: spyre-opt %S/Inputs/route-group-body.mlir --ktir-to-dataflow=stop-after=lower-ring-exchanges | FileCheck %s --check-prefix=GROUP
// RUN: spyre-run %S/Inputs/route-group-body.mlir --seed 0 --engine both 2>&1 | FileCheck %s --check-prefix=BOTH

// CHECK:       %[[OWN:.*]] = sched.pop {{.*}} -> tensor<32x128xf16>
// CHECK:       sched.ring_exchange "route" %[[ST:[^ ]*]] : memref<32x128xf16, "lx"> {bytes = 8192 : i64, groups = 1 : i64, hops = 16 : i64, members = 32 : i64, steps = 1 : i64
// CHECK-NEXT:  %[[TILE:.*]] = ktdp.get_compute_tile_id : index
// CHECK:       %[[FIRSTS:.*]] = arith.constant dense<[0, 3, 7, 11, 15, 19, 23, 27, 31, 31,
// CHECK-NEXT:  %[[FIRST:.*]] = tensor.extract %[[FIRSTS]][%[[TILE]]]
// CHECK-NEXT:  %[[COUNTS:.*]] = arith.constant dense<[3, 4, 4, 4, 4, 4, 4, 4, 0, 0,
// CHECK-NEXT:  %[[COUNT:.*]] = tensor.extract %[[COUNTS]][%[[TILE]]]
// CHECK-NEXT:  %[[LAST:.*]] = arith.addi %[[FIRST]], %[[COUNT]] : index
// CHECK-NEXT:  %[[DESTS:.*]] = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]> : tensor<31xindex>
// CHECK-NEXT:  scf.for %[[K:.*]] = %[[FIRST]] to %[[LAST]] step
// CHECK-NEXT:    %[[TO:.*]] = tensor.extract %[[DESTS]][%[[K]]]
// CHECK-NEXT:    sched.ring_send %[[OWN]] to core %[[TO]] {bytes = 8192 : i64} : tensor<32x128xf16>
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[FROMS:.*]] = arith.constant dense<[-1, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7]>
// CHECK-NEXT:  %[[FROM:.*]] = tensor.extract %[[FROMS]][%[[TILE]]]
// CHECK-NEXT:  %[[RECV:.*]] = arith.cmpi ne, %[[FROM]], %{{.*}} : index
// CHECK-NEXT:  %[[HELD:.*]] = scf.if %[[RECV]] -> (tensor<32x128xf16>) {
// CHECK-NEXT:    %[[IN:.*]] = sched.ring_receive from core %[[FROM]] into %[[ST]] : memref<32x128xf16, "lx"> -> tensor<32x128xf16>
// CHECK-NEXT:    scf.yield %[[IN]]
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %[[OWN]]
// CHECK-NEXT:  }
// CHECK-NEXT:  arith.mulf %{{.*}}, %[[HELD]] : tensor<32x128xf16>
// CHECK-NOT:   ktdp.inter_tile

// ROWS:        sched.ring_exchange "route" %[[ST:[^ ]*]] : memref<1x128xf16, "lx"> {bytes = 256 : i64
// ROWS:        scf.for %{{.*}} = %{{.*}} to %c32
// ROWS-NEXT:     %[[ROW:.*]] = sched.pop {{.*}} {sticks = 2 : i64} {{.*}} -> tensor<1x128xf16>
// ROWS:          scf.for
// ROWS-NEXT:       tensor.extract
// ROWS-NEXT:       sched.ring_send %[[ROW]] to core %{{.*}} {bytes = 256 : i64} : tensor<1x128xf16>
// ROWS:          scf.if
// ROWS-NEXT:       sched.ring_receive from core %{{.*}} into %[[ST]] : memref<1x128xf16, "lx"> -> tensor<1x128xf16>
// ROWS:          sched.push {{.*}} {sticks = 2 : i64} : tensor<1x128xf16>

// GROUP:       sched.ring_exchange "route" {{.*}} groups = 2 : i64, hops = 9 : i64, members = 16 : i64, steps = 1 : i64
// GROUP-NEXT:  %[[TILE:.*]] = ktdp.get_compute_tile_id : index
// GROUP:       %[[GROUPS:.*]] = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]> : tensor<32xindex>
// GROUP-NEXT:  %[[G:.*]] = tensor.extract %[[GROUPS]][%[[TILE]]]
// GROUP-NEXT:  arith.index_cast %[[G]] : index to i32
// GROUP:       dense<[-1, 4, 8, 12, 1, -1, 9, 13, 2, 6, -1, 14, 3, 7, 11, -1, -1, 20, 24, 28, 17, -1, 25, 29, 18, 22, -1, 30, 19, 23, 27, -1]>

// BOTH-NOT:    compute engine holds
// BOTH:        y_ptr: exact
// BOTH:        transpose_blocks: {{.*}} outputs equal the interpreter's
