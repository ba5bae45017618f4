// The planned all-reduce of rmsnorm_ring (2 groups of 4 tiles on cores
// 0-3 and 4-7) becomes ring traffic: per-tile tables give the next member
// (tile 3 -> core 0, tile 7 -> core 4) and the previous one; the core's own
// partial is sent first, then, 3 times, what it last received is passed on
// and folded in with the combiner (linalg.add): own, previous member, ...
// A reduction whose consumers differ from its producers is left alone.
// RUN: spyre-opt %samples/rmsnorm_ring.mlir --ktir-to-dataflow=stop-after=lower-ring-exchanges | FileCheck %s
// RUN: spyre-opt %s --lower-ring-exchanges -verify-diagnostics | FileCheck %s --check-prefix=KEPT

// CHECK:       sched.ring_exchange "allreduce" %[[STAGING:[^ ]*]]
// CHECK-NEXT:  %[[TILE:.*]] = ktdp.get_compute_tile_id : index
// CHECK-DAG:   dense<[1, 2, 3, 0, 5, 6, 7, 4]> : tensor<8xindex>
// CHECK-DAG:   dense<[3, 0, 1, 2, 7, 4, 5, 6]> : tensor<8xindex>
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[OWN:[^,]*]], %[[SEND:.*]] = %[[OWN]])
// CHECK-NEXT:    sched.ring_send %[[SEND]] to core %{{.*}} {bytes = 256 : i64} : tensor<64xf32>
// CHECK-NEXT:    %[[IN:.*]] = sched.ring_receive from core %{{.*}} into %[[STAGING]] : memref<64xf32, "lx"> -> tensor<64xf32>
// CHECK-NEXT:    tensor.empty
// CHECK-NEXT:    %[[F:.*]] = linalg.add ins(%[[ACC]], %[[IN]] : tensor<64xf32>, tensor<64xf32>)
// CHECK-NEXT:    scf.yield %[[F]], %[[IN]]
// CHECK-NOT:   ktdp.inter_tile

// KEPT: ktdp.inter_tile_reduce
#producers = affine_set<(i)[g] : (i == 0)>
#consumers = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#one = affine_set<(g) : (g == 0)>
func.func @one_to_all(%buf: memref<4xf16, "lx">) attributes {grid = [4]} {
  sched.pipeline {
    sched.stage "sfu" {
      %z = tensor.empty() : tensor<4xf16>
      %fut = ktdp.inter_tile_produce producer_tiles_per_group = #producers
          -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
      {
        ^bb0(%g: index):
          ktdp.yield_partial %z : tensor<4xf16>
      }
      sched.ring_exchange "allreduce" %buf : memref<4xf16, "lx"> {bytes = 8 : i64, groups = 1 : i64, hops = 1 : i64, members = 4 : i64, steps = 3 : i64}
      // expected-remark @+1 {{inter-tile reduce left to the interpreter's model: its producers and consumers differ}}
      %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #consumers, identity(%z : tensor<4xf16>)
          : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
      {
        ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
          %s = arith.addf %a, %b : tensor<4xf16>
          ktdp.yield_reduced %s : tensor<4xf16>
      }
    }
  }
  return
}
