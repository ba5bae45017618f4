// The planned all-reduce of rmsnorm_ring (2 groups of 4 tiles on cores
// 0-3 and 4-7) becomes ring traffic: per-tile tables give the next member
// (tile 3 -> core 0, tile 7 -> core 4) and the previous one; the core's own
// partial is sent first, then, 3 times, what it last received is passed on
// and folded in with the combiner (linalg.add): own, previous member, ...
// A reduction with a consumer that is not one of its producers is left
// alone.
// broadcast_row's broadcast (tile 0 to tiles 0-7) becomes a relay: a tile
// that receives nothing (the producer) computes the row itself, every
// other one receives it from the core before it; each but the last passes
// it on to the next core. A broadcast with two producers in a group is
// left alone.
// RUN: spyre-opt %samples/rmsnorm_ring.mlir --ktir-to-dataflow=stop-after=lower-ring-exchanges | FileCheck %s
// RUN: spyre-opt %samples/broadcast_row.mlir --ktir-to-dataflow=stop-after=lower-ring-exchanges | FileCheck %s --check-prefix=BCAST
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

// BCAST:       %[[ROW:.*]] = sched.pop {{.*}} -> tensor<1x256xf16>
// BCAST:       sched.ring_exchange "broadcast" %[[ST:[^ ]*]]
// BCAST-NEXT:  %[[TILE:.*]] = ktdp.get_compute_tile_id : index
// BCAST-DAG:   %[[NONE:.*]] = arith.constant -1 : index
// BCAST-DAG:   %[[FROMS:.*]] = arith.constant dense<[-1, 0, 1, 2, 3, 4, 5, 6]> : tensor<8xindex>
// BCAST-DAG:   %[[TOS:.*]] = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, -1]> : tensor<8xindex>
// BCAST-DAG:   %[[FROM:.*]] = tensor.extract %[[FROMS]][%[[TILE]]]
// BCAST-DAG:   %[[TO:.*]] = tensor.extract %[[TOS]][%[[TILE]]]
// BCAST:       %[[RECV:.*]] = arith.cmpi ne, %[[FROM]], %[[NONE]] : index
// BCAST-NEXT:  %[[SEND:.*]] = arith.cmpi ne, %[[TO]], %[[NONE]] : index
// BCAST-NEXT:  %[[HELD:.*]] = scf.if %[[RECV]] -> (tensor<1x256xf16>) {
// BCAST-NEXT:    %[[IN:.*]] = sched.ring_receive from core %[[FROM]] into %[[ST]] : memref<1x256xf16, "lx"> -> tensor<1x256xf16>
// BCAST-NEXT:    scf.yield %[[IN]]
// BCAST-NEXT:  } else {
// BCAST-NEXT:    scf.yield %[[ROW]]
// BCAST-NEXT:  }
// BCAST-NEXT:  scf.if %[[SEND]] {
// BCAST-NEXT:    sched.ring_send %[[HELD]] to core %[[TO]] {bytes = 512 : i64} : tensor<1x256xf16>
// BCAST-NEXT:  }
// BCAST-NEXT:  arith.addf %[[ROW]], %[[HELD]]
// BCAST-NOT:   ktdp.inter_tile

// KEPT-LABEL: func.func @one_to_all
// KEPT:        ktdp.inter_tile_reduce
// KEPT-LABEL: func.func @two_producers
// KEPT:        ktdp.inter_tile_consume
// A reduce-to-one (all four produce, tile 0 consumes) runs as the
// all-reduce among the producers: 3 steps; only tile 0's result is used.
// KEPT-LABEL: func.func @to_one
// KEPT-NOT:    ktdp.inter_tile
// KEPT:        arith.constant dense<[1, 2, 3, 0]> : tensor<4xindex>
// KEPT:        scf.for %{{.*}} = %{{.*}} to %c4 step
// KEPT-NEXT:     sched.ring_send
// KEPT-NEXT:     sched.ring_receive
// KEPT-NEXT:     arith.addf
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
      // expected-remark @+1 {{inter-tile reduce left to the interpreter's model: some consumer is not a producer of its group}}
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

#pairs = affine_set<(i)[g] : (i >= 0, -i + 1 >= 0)>
func.func @two_producers(%buf: memref<4xf16, "lx">) attributes {grid = [4]} {
  sched.pipeline {
    sched.stage "sfu" {
      %z = tensor.empty() : tensor<4xf16>
      %fut = ktdp.inter_tile_produce producer_tiles_per_group = #pairs
          -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
      {
        ^bb0(%g: index):
          ktdp.yield_partial %z : tensor<4xf16>
      }
      sched.ring_exchange "broadcast" %buf : memref<4xf16, "lx"> {bytes = 8 : i64, groups = 1 : i64, hops = 1 : i64, members = 4 : i64, steps = 3 : i64}
      // expected-remark @+1 {{inter-tile broadcast left to the interpreter's model: not one producer per group passing static tiles to consumers of one group each}}
      %r = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #consumers
          : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
    }
  }
  return
}

#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
func.func @to_one(%buf: memref<4xf16, "lx">) attributes {grid = [4]} {
  sched.pipeline {
    sched.stage "sfu" {
      %z = tensor.empty() : tensor<4xf16>
      %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all4
          -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
      {
        ^bb0(%g: index):
          ktdp.yield_partial %z : tensor<4xf16>
      }
      sched.ring_exchange "allreduce" %buf : memref<4xf16, "lx"> {bytes = 8 : i64, groups = 1 : i64, hops = 1 : i64, members = 4 : i64, steps = 3 : i64}
      %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #producers, identity(%z : tensor<4xf16>)
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
