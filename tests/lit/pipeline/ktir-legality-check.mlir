// RUN: spyre-opt %s -split-input-file -verify-diagnostics -ktir-legality-check

// A legal kernel passes untouched.
func.func @ok(%a: index) attributes {grid = [2, 2]} {
  %x, %y = ktdp.get_compute_tile_id : index, index
  return
}

// -----
func.func @foreign() attributes {grid = [1]} {
  // expected-error @+1 {{'memref.alloc' is not part of KTIR: the Spyre pipeline accepts ops of the ktdp, spyreop, arith, math, linalg, tensor, scf and func dialects}}
  %m = memref.alloc() : memref<4xf16>
  return
}

// -----
func.func private @helper()
func.func @calls() attributes {grid = [1]} {
  // expected-error @+1 {{function calls are not supported: inline the callee into the kernel}}
  func.call @helper() : () -> ()
  return
}

// -----
// expected-warning @+1 {{kernel @gridless has no grid attribute and runs on a single tile; add `attributes {grid = [N]}` to spread it over cores}}
func.func @gridless() {
  return
}

// -----
// expected-error @+1 {{grid must have at least one dimension}}
func.func @empty_grid() attributes {grid = []} {
  return
}

// -----
// expected-error @+1 {{grid dimension 1 must be a positive integer, got 0 : i64}}
func.func @zero_grid() attributes {grid = [2, 0]} {
  return
}

// -----
func.func @too_many_ids() attributes {grid = [4]} {
  // expected-error @+1 {{asks for 2 tile coordinates but the grid has 1 dimension}}
  %x, %y = ktdp.get_compute_tile_id : index, index
  return
}

// -----
// A reduction delivered to a tile that produced nothing for it.
#first = affine_set<(i)[g] : (i == 0)>
#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#one = affine_set<(g) : (g == 0)>
func.func @reduce_elsewhere() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #first
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  // expected-error @+1 {{inter-tile reduce: every consumer must be a producer of its group (an all-reduce or a reduce-to-one); the backend cannot deliver the result to other tiles}}
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #all4, identity(%z : tensor<4xf16>)
      : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
  {
    ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
      %s = arith.addf %a, %b : tensor<4xf16>
      ktdp.yield_reduced %s : tensor<4xf16>
  }
  return
}

// -----
// A dependency set that gives each tile the sum of the tiles up to it (a
// prefix over tiles): the ring folds whole groups, so it is refused.
#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#prefix = affine_set<(p)[c] : (p >= 0, c - p >= 0)>
#one = affine_set<(g) : (g == 0)>
func.func @reduce_prefix() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all4
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  // expected-error @+1 {{inter-tile reduce: producer_dependency_per_consumer gives tile 0 a reduction over 1 of the 4 producers of group 0; the backend folds whole groups around the ring and computes no partial reductions (a prefix over tiles)}}
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #all4, producer_dependency_per_consumer = #prefix, identity(%z : tensor<4xf16>)
      : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
  {
    ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
      %s = arith.addf %a, %b : tensor<4xf16>
      ktdp.yield_reduced %s : tensor<4xf16>
  }
  return
}

// -----
// A dependency set naming every producer of the group is the whole
// all-reduce: accepted.
#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#every = affine_set<(p)[c, g] : (p >= 0, -p + 3 >= 0, g == 0)>
#one = affine_set<(g) : (g == 0)>
func.func @reduce_every_producer() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all4
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #all4, producer_dependency_per_consumer = #every, identity(%z : tensor<4xf16>)
      : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
  {
    ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
      %s = arith.addf %a, %b : tensor<4xf16>
      ktdp.yield_reduced %s : tensor<4xf16>
  }
  return
}

// -----
// An all-reduce among tiles 0 and 1 of 4 (tiles 2 and 3 in no group take
// no part), and one over groups of unequal size ({0, 1, 2} and {3}): both
// legal, each group folds around its own members.
#pair = affine_set<(i)[g] : (i >= 0, -i + 1 >= 0)>
#one = affine_set<(g) : (g == 0)>
#uneven = affine_set<(i)[g] : (i - 3 * g >= 0, -i + 2 * g + 2 >= 0, -i + 3 >= 0)>
#two = affine_set<(g) : (g >= 0, -g + 1 >= 0)>
func.func @reduce_partial_ring() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #pair
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #pair, identity(%z : tensor<4xf16>)
      : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
  {
    ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
      %s = arith.addf %a, %b : tensor<4xf16>
      ktdp.yield_reduced %s : tensor<4xf16>
  }
  %fut2 = ktdp.inter_tile_produce producer_tiles_per_group = #uneven
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #two>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  %r2 = ktdp.inter_tile_reduce(%fut2) consumer_tiles_per_group = #uneven, identity(%z : tensor<4xf16>)
      : !ktdp.tile_future<(tensor<4xf16>), groups = #two> -> tensor<4xf16>
  {
    ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
      %s = arith.maximumf %a, %b : tensor<4xf16>
      ktdp.yield_reduced %s : tensor<4xf16>
  }
  return
}

// -----
// Groups the compiler cannot enumerate (no upper bound): no ring can be
// planned.
#pair = affine_set<(i)[g] : (i - 2 * g >= 0, -i + 2 * g + 1 >= 0)>
#unbounded = affine_set<(g) : (g >= 0)>
func.func @reduce_unbounded_groups() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #pair
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #unbounded>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  // expected-error @+1 {{inter-tile reduce: the backend folds around a ring per group, planned from the sets at compile time, but its groups cannot be enumerated at compile time (the future's group set is unbounded or too large)}}
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #pair, identity(%z : tensor<4xf16>)
      : !ktdp.tile_future<(tensor<4xf16>), groups = #unbounded> -> tensor<4xf16>
  {
    ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
      %s = arith.addf %a, %b : tensor<4xf16>
      ktdp.yield_reduced %s : tensor<4xf16>
  }
  return
}

// -----
// Group g's producers are the tiles from g on (unbounded above, so the
// verifier cannot check R1): tiles 1 to 3 produce in both groups.
#from = affine_set<(i)[g] : (i - g >= 0)>
#two = affine_set<(g) : (g >= 0, -g + 1 >= 0)>
func.func @reduce_overlapping_groups() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #from
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #two>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  // expected-error @+1 {{inter-tile reduce: the backend folds around a ring per group, planned from the sets at compile time, but tile 1 produces in groups 0 and 1; a tile folds around one ring}}
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #from, identity(%z : tensor<4xf16>)
      : !ktdp.tile_future<(tensor<4xf16>), groups = #two> -> tensor<4xf16>
  {
    ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
      %s = arith.addf %a, %b : tensor<4xf16>
      ktdp.yield_reduced %s : tensor<4xf16>
  }
  return
}

// -----
// Two producers in a group and no dependency set: no consumer's source is
// named (R8), so neither a broadcast nor a routing.
#pair = affine_set<(i)[g] : (i >= 0, -i + 1 >= 0)>
#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#one = affine_set<(g) : (g == 0)>
func.func @routing() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #pair
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  // expected-error @+1 {{inter-tile broadcast: the backend passes one producer's partials along its group, so each group needs exactly one producer, a tile may consume in one group only and a producer not in another group (a group with several producers needs producer_dependency_per_consumer to name each consumer's source)}}
  %r = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #all4
      : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
  return
}

// -----
// A routing: tile c takes tile (c + 1) mod 4's partial (point-to-point
// transfers planned from the sets), and one with a group of its own per
// pair of tiles that swaps them ((p)[c, g]): both legal.
#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#one = affine_set<(g) : (g == 0)>
#next = affine_set<(p)[c] : (p - (c + 1) mod 4 == 0)>
#pairs = affine_set<(i)[g] : (i - 2 * g >= 0, -i + 2 * g + 1 >= 0)>
#two = affine_set<(g) : (g >= 0, -g + 1 >= 0)>
#other = affine_set<(p)[c, g] : (p + c - 4 * g - 1 == 0)>
func.func @routing_legal() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all4
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  %r = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #all4,
      producer_dependency_per_consumer = #next
      : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
  %fut2 = ktdp.inter_tile_produce producer_tiles_per_group = #pairs
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #two>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  %s = ktdp.inter_tile_consume(%fut2) consumer_tiles_per_group = #pairs,
      producer_dependency_per_consumer = #other
      : !ktdp.tile_future<(tensor<4xf16>), groups = #two> -> tensor<4xf16>
  return
}

// -----
// A dependency set that names two sources for a consumer (R8).
#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#one = affine_set<(g) : (g == 0)>
#even = affine_set<(p)[c] : (p mod 2 == 0)>
func.func @two_sources() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all4
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #one>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  // expected-error @+1 {{inter-tile routing: the backend sends each consumer its source producer's partials, planned from the sets at compile time, but consumer tile 0 of group 0 has 2 sources among the group's producers; it needs exactly one (R8)}}
  %r = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #all4,
      producer_dependency_per_consumer = #even
      : !ktdp.tile_future<(tensor<4xf16>), groups = #one> -> tensor<4xf16>
  return
}

// -----
// Groups that cannot be enumerated: the routing cannot be planned.
#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0, g == 0)>
#unbounded = affine_set<(g) : (g >= 0)>
#next = affine_set<(p)[c] : (p - (c + 1) mod 4 == 0)>
func.func @unbounded_groups() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all4
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #unbounded>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  // expected-error @+1 {{inter-tile routing: the backend sends each consumer its source producer's partials, planned from the sets at compile time, but its groups cannot be enumerated at compile time (the future's group set is unbounded or too large)}}
  %r = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #all4,
      producer_dependency_per_consumer = #next
      : !ktdp.tile_future<(tensor<4xf16>), groups = #unbounded> -> tensor<4xf16>
  return
}

// -----
// A tile that consumes in two groups would receive two tiles per role.
#first2 = affine_set<(i)[g] : (i - 2 * g >= 0, -i + 2 * g + 1 >= 0)>
#all4 = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0)>
#two = affine_set<(g) : (g >= 0, -g + 1 >= 0)>
#first = affine_set<(p)[c, g] : (p - 2 * g == 0)>
func.func @two_groups() attributes {grid = [4]} {
  %z = tensor.empty() : tensor<4xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #first2
      -> !ktdp.tile_future<(tensor<4xf16>), groups = #two>
  {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
  }
  // expected-error @+1 {{inter-tile routing: the backend sends each consumer its source producer's partials, planned from the sets at compile time, but tile 0 consumes in groups 0 and 1; a tile receives one tile per role}}
  %r = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #all4,
      producer_dependency_per_consumer = #first
      : !ktdp.tile_future<(tensor<4xf16>), groups = #two> -> tensor<4xf16>
  return
}
