// Diagnostics of the inter-tile produce / consume / reduce ops.
// RUN: spyre-opt %s -split-input-file -verify-diagnostics

func.func @f(%p: tensor<4xf16>) {
  // expected-error @+1 {{producer_tiles_per_group must be an integer set}}
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_map<(d0) -> (d0)> -> <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %p : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%p: tensor<4xf16>) {
  // expected-error @+1 {{the types before '->' must be the future's partial types}}
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i)[g] : (i == 0)> : tensor<8xf16> -> <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %p : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%p: tensor<4xf16>) {
  // expected-error @+1 {{producer_tiles_per_group must have one dimension (the tile id) and one symbol (the group id)}}
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i) : (i == 0)> -> <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %p : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%p: tensor<4xf16>) {
  // expected-error @+1 {{producer sets of groups 0 and 1 are not disjoint: both contain tile 2}}
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i)[g] : (i - 2 * g >= 0, -i + 2 * g + 2 >= 0)> -> <(tensor<4xf16>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %p : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%p: tensor<4xf16>) {
  // expected-error @+1 {{body must have exactly one 'index' argument (the group id)}}
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i)[g] : (i == 0)> -> <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index, %h: index):
    ktdp.yield_partial %p : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%p: tensor<4xf16>) {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i)[g] : (i == 0)> -> <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    // expected-error @+1 {{yields 2 values but the future has 1 partial types}}
    ktdp.yield_partial %p, %p : tensor<4xf16>, tensor<4xf16>
  }
  return
}

// -----
func.func @f(%p: tensor<4xf32>) {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i)[g] : (i == 0)> -> <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    // expected-error @+1 {{value #0 has type 'tensor<4xf32>' but the partial type is 'tensor<4xf16>'}}
    ktdp.yield_partial %p : tensor<4xf32>
  }
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>>) {
  // expected-error @+1 {{result types must match the future's partial types}}
  %c = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = affine_set<(i)[g] : (i == 0)> : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<8xf16>
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>>) {
  // expected-error @+1 {{consumer_tiles_per_group must have one dimension (the tile id) and one symbol (the group id)}}
  %c = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = affine_set<(i)[g, h] : (i == 0)> : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16>
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>>) {
  // expected-error @+1 {{producer_dependency_per_consumer must have one dimension (the producer) and one or two symbols (the consumer, then optionally the group)}}
  %c = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = affine_set<(i)[g] : (i == 0)>, producer_dependency_per_consumer = affine_set<(p)[a, b, c] : (p == 0)> : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16>
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>>, %id: tensor<4xf16>) {
  // expected-error @+1 {{has 2 results but the future has 1 partial types}}
  %r:2 = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = affine_set<(i)[g] : (i == 0)>, identity(%id : tensor<4xf16>) : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16>, tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
    ktdp.yield_reduced %a : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<2x4xf16>), groups = affine_set<(g) : (g == 0)>>, %id: tensor<2x4xf16>) {
  // expected-error @+1 {{result #0 has type 'tensor<4xf16>' but the partial type is 'tensor<2x4xf16>'}}
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = affine_set<(i)[g] : (i == 0)>, identity(%id : tensor<2x4xf16>) : <(tensor<2x4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16> {
  ^bb0(%a: tensor<2x4xf16>, %b: tensor<2x4xf16>):
    ktdp.yield_reduced %a : tensor<2x4xf16>
  }
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>>, %id: tensor<4xf32>) {
  // expected-error @+1 {{identity types must match the future's partial types}}
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = affine_set<(i)[g] : (i == 0)>, identity(%id : tensor<4xf32>) : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
    ktdp.yield_reduced %a : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>>, %id: tensor<4xf16>) {
  // expected-error @+1 {{consumer_tiles_per_group must have one dimension (the tile id) and one symbol (the group id)}}
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = affine_set<(i) : (i == 0)>, identity(%id : tensor<4xf16>) : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
    ktdp.yield_reduced %a : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>>, %id: tensor<4xf16>) {
  // expected-error @+1 {{combiner must take 2 arguments of the partial types (every lhs, then every rhs)}}
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = affine_set<(i)[g] : (i == 0)>, identity(%id : tensor<4xf16>) : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>):
    ktdp.yield_reduced %a : tensor<4xf16>
  }
  return
}

// -----
func.func @f(%fut: !ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>>, %id: tensor<4xf16>) {
  %r = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = affine_set<(i)[g] : (i == 0)>, identity(%id : tensor<4xf16>) : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
    // expected-error @+1 {{yields 0 values but the future has 1 partial types}}
    ktdp.yield_reduced
  }
  return
}
