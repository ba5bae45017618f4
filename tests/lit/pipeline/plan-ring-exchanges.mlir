// rmsnorm_ring all-reduces a 64 x f32 partial within each of 2 groups of 4
// tiles (tiles 4g .. 4g+3, on cores 4g .. 4g+3): 4 - 1 = 3 steps,
// at most 3 hops (the ring of a group closes from core 4g+3 back to 4g),
// 256 bytes a step, received into an LX buffer that addresses count.
// RUN: spyre-opt %samples/rmsnorm_ring.mlir --ktir-to-dataflow=stop-after=plan-ring-exchanges | FileCheck %s
// RUN: spyre-opt %s --plan-ring-exchanges | FileCheck %s --check-prefix=BCAST

// CHECK:       sched.pipeline
// CHECK-NEXT:    %[[STAGING:.*]] = sched.alloc : memref<64xf32, "lx">
// CHECK:         sched.ring_exchange "allreduce" %[[STAGING]] : memref<64xf32, "lx"> {bytes = 256 : i64, groups = 2 : i64, hops = 3 : i64, members = 4 : i64, steps = 3 : i64, tile_groups = [array<i64: 0, 1, 2, 3>, array<i64: 4, 5, 6, 7>]}
// CHECK-NEXT:    ktdp.inter_tile_reduce

// A broadcast from tile 0 to the 8 even tiles of a 16-tile grid: passed
// along the group, 7 steps of 2 hops, 128 bytes each (no way back to the
// first member: that is only for all-reduce).
// BCAST:       sched.ring_exchange "broadcast" %{{.*}} : memref<1x64xf16, "lx"> {bytes = 128 : i64, groups = 1 : i64, hops = 2 : i64, members = 8 : i64, steps = 7 : i64, tile_groups = [array<i64: 0, 2, 4, 6, 8, 10, 12, 14>]}
// BCAST-NEXT:  ktdp.inter_tile_consume

// A reduce-to-one (4 producers, tile 0 consumes) is planned among its
// producers: 4 members, 3 steps, at most 3 hops (core 3 back to core 0).
// BCAST:       sched.ring_exchange "allreduce" %{{.*}} : memref<1x64xf16, "lx"> {bytes = 128 : i64, groups = 1 : i64, hops = 3 : i64, members = 4 : i64, steps = 3 : i64, tile_groups = [array<i64: 0, 1, 2, 3>]}
// BCAST-NEXT:  ktdp.inter_tile_reduce
#evens = affine_set<(i)[g] : (i - 2 * (i floordiv 2) == 0, i >= 0, -i + 15 >= 0)>
#first = affine_set<(i)[g] : (i == 0)>
#one = affine_set<(g) : (g == 0)>
func.func @bcast() attributes {grid = [16]} {
  sched.pipeline {
    sched.stage "sfu" {
      %z = tensor.empty() : tensor<1x64xf16>
      %fut = ktdp.inter_tile_produce producer_tiles_per_group = #first
          -> !ktdp.tile_future<(tensor<1x64xf16>), groups = #one>
      {
        ^bb0(%g: index):
          ktdp.yield_partial %z : tensor<1x64xf16>
      }
      %r = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #evens
          : !ktdp.tile_future<(tensor<1x64xf16>), groups = #one> -> tensor<1x64xf16>
    }
  }
  return
}

#four = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
func.func @to_one() attributes {grid = [4]} {
  sched.pipeline {
    sched.stage "sfu" {
      %z = tensor.empty() : tensor<1x64xf16>
      %fut = ktdp.inter_tile_produce producer_tiles_per_group = #four
          -> !ktdp.tile_future<(tensor<1x64xf16>), groups = #one>
      {
        ^bb0(%g: index):
          ktdp.yield_partial %z : tensor<1x64xf16>
      }
      %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #first, identity(%z : tensor<1x64xf16>)
          : !ktdp.tile_future<(tensor<1x64xf16>), groups = #one> -> tensor<1x64xf16>
      {
        ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xf16>):
          %s = arith.addf %a, %b : tensor<1x64xf16>
          ktdp.yield_reduced %s : tensor<1x64xf16>
      }
    }
  }
  return
}
