// An all-reduce over groups of unequal size that leave a tile out: grid
// [6], group 0 = tiles 0-2, group 1 = tiles 3-4, tile 5 in none. Planned
// with the largest group's members and steps, the tiles of each group
// listed; lowered with per-tile tables: the next and previous member in
// the tile's own group (-1: tile 5 has none) and the steps of its fold
// (its group's size: the loop from 1 runs 2 times in group 0, once in
// group 1, never on tile 5, which exchanges nothing and keeps its own
// partial).
// RUN: spyre-opt %s --ktir-to-dataflow=stop-after=lower-ring-exchanges | FileCheck %s

// CHECK:       sched.ring_exchange "allreduce" %[[STAGING:[^ ]*]] : memref<1x64xf32, "lx"> {bytes = 256 : i64, groups = 2 : i64, hops = {{[0-9]+}} : i64, members = 3 : i64, steps = 2 : i64, tile_groups = [array<i64: 0, 1, 2>, array<i64: 3, 4>]}
// CHECK-NEXT:  %[[TILE:.*]] = ktdp.get_compute_tile_id : index
// CHECK-DAG:   dense<[1, 2, 0, 4, 3, -1]> : tensor<6xindex>
// CHECK-DAG:   dense<[2, 0, 1, 4, 3, -1]> : tensor<6xindex>
// CHECK-DAG:   %[[STEPS:.*]] = arith.constant dense<[3, 3, 3, 2, 2, 1]> : tensor<6xindex>
// CHECK:       %[[N:.*]] = tensor.extract %[[STEPS]][%[[TILE]]] : tensor<6xindex>
// CHECK-NEXT:  scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[OWN:[^,]*]], %[[SEND:.*]] = %[[OWN]])
// CHECK-NEXT:    sched.ring_send %[[SEND]] to core %{{.*}} {bytes = 256 : i64} : tensor<1x64xf32>
// CHECK-NEXT:    %[[IN:.*]] = sched.ring_receive from core %{{.*}} into %[[STAGING]] : memref<1x64xf32, "lx"> -> tensor<1x64xf32>
// CHECK-NEXT:    %[[F:.*]] = arith.maximumf %[[ACC]], %[[IN]] : tensor<1x64xf32>
// CHECK-NEXT:    scf.yield %[[F]], %[[IN]]
// CHECK-NOT:   ktdp.inter_tile

#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#grp = affine_set<(i)[g] : (i - 3 * g >= 0, -i + 2 * g + 2 >= 0, -i + 4 >= 0)>
#groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>
module {
  func.func @uneven_max(%x_ptr: index, %y_ptr: index) attributes {grid = [6]} {
    %c0 = arith.constant 0 : index
    %ninf = arith.constant 0xFF800000 : f32
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [6, 64], strides: [64, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<6x64xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [6, 64], strides: [64, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<6x64xf32>
    %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<6x64xf32> -> !ktdp.access_tile<1x64xindex>
    %x = ktdp.load %xa : <1x64xindex> -> tensor<1x64xf32>
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #grp -> !ktdp.tile_future<(tensor<1x64xf32>), groups = #groups> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x : tensor<1x64xf32>
    }
    %e = tensor.empty() : tensor<1x64xf32>
    %idn = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x64xf32>) -> tensor<1x64xf32>
    %m = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #grp, identity(%idn : tensor<1x64xf32>) : !ktdp.tile_future<(tensor<1x64xf32>), groups = #groups> -> tensor<1x64xf32> {
    ^bb0(%a: tensor<1x64xf32>, %b: tensor<1x64xf32>):
      %r = arith.maximumf %a, %b : tensor<1x64xf32>
      ktdp.yield_reduced %r : tensor<1x64xf32>
    }
    %c5 = arith.constant 5 : index
    %member = arith.cmpi ult, %t, %c5 : index
    scf.if %member {
      %ya = ktdp.construct_access_tile %yv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<6x64xf32> -> !ktdp.access_tile<1x64xindex>
      ktdp.store %m, %ya : tensor<1x64xf32>, <1x64xindex>
    }
    return
  }
}
