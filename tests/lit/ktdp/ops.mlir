// Round trip of every ktdp op, in custom and in generic form.
// RUN: spyre-opt %s | spyre-opt | FileCheck %s
// RUN: spyre-opt %s | spyre-opt | FileCheck %s --check-prefix=NAMES
// RUN: spyre-opt %s --mlir-print-op-generic | spyre-opt | FileCheck %s
// RUN: spyre-opt %s > %t.1 && spyre-opt %t.1 > %t.2 && diff %t.1 %t.2

#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
#tiles = affine_set<(i)[g] : (i - 4 * g >= 0, -i + 4 * g + 3 >= 0)>
#groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>

// CHECK-LABEL: func.func @views_and_tiles
// CHECK-SAME: attributes {grid = [32]}
func.func @views_and_tiles(%a: index, %n: index) attributes {grid = [32]} {
  // CHECK: %[[ID:.*]] = ktdp.get_compute_tile_id : index
  %id = ktdp.get_compute_tile_id : index
  // CHECK: %{{.*}}:2 = ktdp.get_compute_tile_id : index, index
  %g:2 = ktdp.get_compute_tile_id : index, index
  %c3 = arith.constant 3 : index
  %row = arith.muli %id, %c3 : index
  // CHECK: %[[V:.*]] = ktdp.construct_memory_view %{{.*}}, sizes : [96, 64], strides : [64, 1] {coordinate_set = #{{.*}}, memory_space = #ktdp.memory_space<global>} : memref<96x64xf16>
  %v = ktdp.construct_memory_view %a, sizes: [96, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>
  } : memref<96x64xf16>
  // Dynamic sizes and strides mix with static ones; the set's symbol binds
  // to the dynamic size.
  // CHECK: ktdp.construct_memory_view %{{.*}}, sizes : [%{{.*}}, 64], strides : [64, 1] {coordinate_set = #{{.*}}, memory_space = #ktdp.memory_space<ct_local, ct_id = 3>} : memref<?x64xf16>
  %d = ktdp.construct_memory_view %a, sizes: [%n, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<ct_local, ct_id = 3>
  } : memref<?x64xf16>
  // CHECK: ktdp.construct_memory_view {{.*}}memory_space = #ktdp.memory_space<ct_local>} : memref<4xf32>
  %l = ktdp.construct_memory_view %a, sizes: [4], strides: [1] {
    memory_space = #ktdp.memory_space<ct_local>
  } : memref<4xf32>
  // CHECK: ktdp.construct_distributed_memory_view(%[[V]], %{{.*}} : memref<96x64xf16>, memref<96x64xf16>) : memref<96x64xf16>
  %dist = ktdp.construct_distributed_memory_view (%v, %v : memref<96x64xf16>, memref<96x64xf16>) : memref<96x64xf16>
  // CHECK: ktdp.construct_distributed_memory_view() : memref<2xf16>
  %empty = ktdp.construct_distributed_memory_view() : memref<2xf16>
  // The anchor is an affine expression of SSA values.
  // CHECK: %[[T:.*]] = ktdp.construct_access_tile %[[V]][%{{.*}} * 3, 0] {access_tile_order = #{{.*}}, access_tile_set = #{{.*}}} : memref<96x64xf16> -> !ktdp.access_tile<3x64xindex>
  %t = ktdp.construct_access_tile %v[%id * 3, 0] {
    access_tile_set = #rows, access_tile_order = #id2
  } : memref<96x64xf16> -> !ktdp.access_tile<3x64xindex>
  // A transposing order swaps the tile's extents; symbols(...) binds the
  // set's symbols.
  // CHECK: ktdp.construct_access_tile %{{.*}}[%{{.*}} + %{{.*}}, 0] symbols(%{{.*}}) {{.*}} : memref<?x64xf16> -> !ktdp.access_tile<64x?xindex>
  %s = ktdp.construct_access_tile %d[%row + %id, 0] symbols(%n) {
    access_tile_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = #swap
  } : memref<?x64xf16> -> !ktdp.access_tile<64x?xindex>
  // Both the full and the stripped access-tile type are accepted; the
  // stripped one is printed.
  // CHECK: %[[X:.*]] = ktdp.load %[[T]] : <3x64xindex> -> tensor<3x64xf16>
  %x = ktdp.load %t : !ktdp.access_tile<3x64xindex> -> tensor<3x64xf16>
  %y = ktdp.load %t : <3x64xindex> -> tensor<3x64xf16>
  // CHECK: ktdp.store %[[X]], %[[T]] : tensor<3x64xf16>, <3x64xindex>
  ktdp.store %x, %t : tensor<3x64xf16>, !ktdp.access_tile<3x64xindex>
  return
}

// CHECK-LABEL: func.func @indirect
func.func @indirect(%x: index, %i: index, %base: index) {
  %X = ktdp.construct_memory_view %x, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>
  } : memref<64x64xf16>
  %I = ktdp.construct_memory_view %i, sizes: [64], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>
  } : memref<64xi32>
  // Intermediate variables keep their names; captured values (%base) come
  // first in the unified subscript domain.
  // NAMES: intermediate_variables(%m, %k)
  // CHECK: ktdp.construct_indirect_access_tile intermediate_variables(%[[M:[a-z0-9]+]], %[[K:[a-z0-9]+]]) %{{.*}}[ind(%{{.*}}[{{.*}}%[[M]]{{.*}}]), (%[[K]])] {variables_space_order = #{{.*}}, variables_space_set = #{{.*}}} : memref<64x64xf16>, memref<64xi32> -> !ktdp.access_tile<8x64xindex>
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k)
      %X[ind(%I[%m + %base]), (%k)] {
    variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    variables_space_order = #id2
  } : memref<64x64xf16>, memref<64xi32> -> !ktdp.access_tile<8x64xindex>
  // floordiv / mod in subscripts, and an empty variable list (one point).
  // CHECK: intermediate_variables(%[[M:[a-z0-9]+]], %[[K:[a-z0-9]+]]) %{{.*}}[(%[[M]] floordiv 8), (%[[K]] mod 64)]
  %u = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k)
      %X[(%m floordiv 8), (%k mod 64)] {
    variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    variables_space_order = #swap
  } : memref<64x64xf16> -> !ktdp.access_tile<64x8xindex>
  // CHECK: intermediate_variables() %{{.*}}[(0), (5)] {{.*}} -> !ktdp.access_tile<index>
  %p = ktdp.construct_indirect_access_tile intermediate_variables()
      %X[(0), (5)] {
    variables_space_set = affine_set<() : ()>,
    variables_space_order = affine_map<() -> ()>
  } : memref<64x64xf16> -> !ktdp.access_tile<index>
  %v = ktdp.load %t : <8x64xindex> -> tensor<8x64xf16>
  ktdp.store %v, %t : tensor<8x64xf16>, <8x64xindex>
  return
}

// CHECK-LABEL: func.func @runtime_args
// CHECK-SAME: !ktdp.runtime_arg<index, granularity=3, upperbound=300>
// CHECK-SAME: !ktdp.runtime_arg<f32>
func.func @runtime_args(%m: !ktdp.runtime_arg<index, upperbound = 300, granularity = 3>,
                        %f: !ktdp.runtime_arg<f32>) {
  // CHECK: ktdp.runtime_arg_extract value from %{{.*}} : <index, granularity=3, upperbound=300> -> index
  %v = ktdp.runtime_arg_extract value from %m : !ktdp.runtime_arg<index, granularity=3, upperbound=300> -> index
  // CHECK: ktdp.runtime_arg_extract granularity from
  %g = ktdp.runtime_arg_extract granularity from %m : <index, granularity=3, upperbound=300> -> index
  // CHECK: ktdp.runtime_arg_extract upperbound from
  %u = ktdp.runtime_arg_extract upperbound from %m : <index, granularity=3, upperbound=300> -> index
  // CHECK: ktdp.runtime_arg_extract value from %{{.*}} : <f32> {tag = 1 : i64} -> f32
  %x = ktdp.runtime_arg_extract value from %f : <f32> {tag = 1} -> f32
  return
}

// CHECK-LABEL: func.func @inter_tile
func.func @inter_tile(%p: tensor<1x64xf16>, %q: tensor<1x64xi32>) attributes {grid = [8]} {
  // CHECK: %[[F:.*]] = ktdp.inter_tile_produce producer_tiles_per_group = #{{.*}} -> <(tensor<1x64xf16>), groups = #{{.*}}> {
  // CHECK-NEXT: ^bb0(%{{.*}}: index):
  // CHECK-NEXT: ktdp.yield_partial %{{.*}} : tensor<1x64xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #tiles
      -> !ktdp.tile_future<(tensor<1x64xf16>), groups = #groups> {
    ^bb0(%gid: index):
      ktdp.yield_partial %p : tensor<1x64xf16>
  }
  %zero = arith.constant dense<0.0> : tensor<1x64xf16>
  // CHECK: ktdp.inter_tile_reduce(%[[F]]) consumer_tiles_per_group = #{{.*}}, identity(%{{.*}} : tensor<1x64xf16>) : <(tensor<1x64xf16>), groups = #{{.*}}> -> tensor<1x64xf16> {
  // CHECK: ktdp.yield_reduced %{{.*}} : tensor<1x64xf16>
  %r = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #tiles,
      identity(%zero : tensor<1x64xf16>)
      : <(tensor<1x64xf16>), groups = #groups> -> tensor<1x64xf16> {
    ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xf16>):
      %s = arith.addf %a, %b : tensor<1x64xf16>
      ktdp.yield_reduced %s : tensor<1x64xf16>
  }
  // Two roles and a dependency set (values and indices of an argmax).
  %f2 = ktdp.inter_tile_produce producer_tiles_per_group = #tiles
      -> <(tensor<1x64xf16>, tensor<1x64xi32>), groups = #groups> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p, %q : tensor<1x64xf16>, tensor<1x64xi32>
  }
  %zi = arith.constant dense<0> : tensor<1x64xi32>
  // CHECK: ktdp.inter_tile_reduce(%{{.*}}) consumer_tiles_per_group = #{{.*}}, producer_dependency_per_consumer = #{{.*}}, identity(%{{.*}}, %{{.*}} : tensor<1x64xf16>, tensor<1x64xi32>)
  // CHECK-SAME: -> tensor<1x64xf16>, tensor<1x64xi32> {
  %m:2 = ktdp.inter_tile_reduce(%f2) consumer_tiles_per_group = #tiles,
      producer_dependency_per_consumer = affine_set<(p)[c] : (p - c >= 0, -p + c >= 0)>,
      identity(%zero, %zi : tensor<1x64xf16>, tensor<1x64xi32>)
      : <(tensor<1x64xf16>, tensor<1x64xi32>), groups = #groups> -> tensor<1x64xf16>, tensor<1x64xi32> {
  ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xi32>, %c: tensor<1x64xf16>, %d: tensor<1x64xi32>):
    ktdp.yield_reduced %a, %b : tensor<1x64xf16>, tensor<1x64xi32>
  }
  // Broadcast from one producer per group, and routing with a dependency.
  %f3 = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i)[g] : (i - 4 * g == 0)>
      -> <(tensor<1x64xf16>), groups = #groups> {
  ^bb0(%gid: index):
    ktdp.yield_partial %r : tensor<1x64xf16>
  }
  // CHECK: ktdp.inter_tile_consume(%{{.*}}) consumer_tiles_per_group = #{{.*}} : <(tensor<1x64xf16>), groups = #{{.*}}> -> tensor<1x64xf16>
  %c = ktdp.inter_tile_consume(%f3) consumer_tiles_per_group = #tiles
      : <(tensor<1x64xf16>), groups = #groups> -> tensor<1x64xf16>
  %f4 = ktdp.inter_tile_produce producer_tiles_per_group = #tiles
      -> <(tensor<1x64xf16>), groups = #groups> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p : tensor<1x64xf16>
  }
  // CHECK: ktdp.inter_tile_consume(%{{.*}}) consumer_tiles_per_group = #{{.*}}, producer_dependency_per_consumer = #{{.*}} :
  %e = ktdp.inter_tile_consume(%f4) consumer_tiles_per_group = #tiles,
      producer_dependency_per_consumer = affine_set<(p)[c, g] : (p - 4 * g - (c + 1) mod 4 == 0)>
      : <(tensor<1x64xf16>), groups = #groups> -> tensor<1x64xf16>
  return
}

// Results of multi-result ops (`%g#1`) in every bracket and operand list:
// anchors, symbols(...), view offsets and sizes, indirect subscripts (direct
// and ind(...)), the distributed view's parts, load / store and inter-tile
// operands. The printer writes `%0#1`; it must parse back.
// CHECK-LABEL: func.func @multi_result_operands
func.func @multi_result_operands(%a: index, %i: index, %p: tensor<1x64xf16>) attributes {grid = [4, 2]} {
  %g:2 = ktdp.get_compute_tile_id : index, index
  // CHECK: %[[G:.*]]:2 = ktdp.get_compute_tile_id
  // CHECK: ktdp.construct_memory_view %[[G]]#0, sizes : [%[[G]]#1, 64], strides : [64, 1]
  %v = ktdp.construct_memory_view %g#0, sizes: [%g#1, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>
  } : memref<?x64xf16>
  %w = ktdp.construct_memory_view %a, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>
  } : memref<64x64xf16>
  // CHECK: ktdp.construct_access_tile %{{.*}}[%[[G]]#1 * 3 + %[[G]]#0, %[[G]]#1 floordiv 2] symbols(%[[G]]#0)
  %t = ktdp.construct_access_tile %w[%g#1 * 3 + %g#0, %g#1 floordiv 2] symbols(%g#0) {
    access_tile_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = #id2
  } : memref<64x64xf16> -> !ktdp.access_tile<3x64xindex>
  // The same result twice is one dimension; two results of one op are two.
  // CHECK: ktdp.construct_access_tile %{{.*}}[%[[G]]#0 - %[[G]]#1, %[[G]]#0 * 2]
  %u = ktdp.construct_access_tile %w[%g#0 - %g#1, (%g#0) * 2] {
    access_tile_set = #rows, access_tile_order = #id2
  } : memref<64x64xf16> -> !ktdp.access_tile<3x64xindex>
  // CHECK: ktdp.construct_access_tile %{{.*}}[%[[G]]#0 + symbol(%[[G]]#1), 0]
  %s = ktdp.construct_access_tile %w[%g#0 + symbol(%g#1), 0] {
    access_tile_set = #rows, access_tile_order = #id2
  } : memref<64x64xf16> -> !ktdp.access_tile<3x64xindex>
  %I = ktdp.construct_memory_view %i, sizes: [64], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>
  } : memref<64xi32>
  // CHECK: intermediate_variables(%[[M:[a-z0-9]+]], %[[K:[a-z0-9]+]]) %{{.*}}[ind(%{{.*}}[%[[G]]#1 + %[[M]]]), (%[[K]] + %[[G]]#0 * 64)]
  %x = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k)
      %w[ind(%I[%m + %g#1]), (%k + %g#0 * 64)] {
    variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    variables_space_order = #id2
  } : memref<64x64xf16>, memref<64xi32> -> !ktdp.access_tile<8x64xindex>
  // Multi-result views, tiles and tensors as operands.
  %c = arith.constant true
  %vv:2 = scf.if %c -> (memref<64x64xf16>, memref<64x64xf16>) {
    scf.yield %w, %w : memref<64x64xf16>, memref<64x64xf16>
  } else {
    scf.yield %w, %w : memref<64x64xf16>, memref<64x64xf16>
  }
  // CHECK: ktdp.construct_distributed_memory_view(%[[VV:.*]]#0, %[[VV]]#1 : memref<64x64xf16>, memref<64x64xf16>)
  %d = ktdp.construct_distributed_memory_view (%vv#0, %vv#1 : memref<64x64xf16>, memref<64x64xf16>) : memref<64x64xf16>
  %tt:2 = scf.if %c -> (!ktdp.access_tile<3x64xindex>, !ktdp.access_tile<3x64xindex>) {
    scf.yield %t, %u : !ktdp.access_tile<3x64xindex>, !ktdp.access_tile<3x64xindex>
  } else {
    scf.yield %u, %s : !ktdp.access_tile<3x64xindex>, !ktdp.access_tile<3x64xindex>
  }
  // CHECK: %[[L:.*]]:2 = scf.if
  // CHECK: ktdp.load %[[TT:.*]]#1 : <3x64xindex> -> tensor<3x64xf16>
  %y = ktdp.load %tt#1 : <3x64xindex> -> tensor<3x64xf16>
  %yy:2 = scf.if %c -> (tensor<3x64xf16>, tensor<3x64xf16>) {
    scf.yield %y, %y : tensor<3x64xf16>, tensor<3x64xf16>
  } else {
    scf.yield %y, %y : tensor<3x64xf16>, tensor<3x64xf16>
  }
  // CHECK: ktdp.store %{{.*}}#1, %{{.*}}#0 : tensor<3x64xf16>, <3x64xindex>
  ktdp.store %yy#1, %tt#0 : tensor<3x64xf16>, <3x64xindex>
  %pp:2 = scf.if %c -> (tensor<1x64xf16>, tensor<1x64xf16>) {
    scf.yield %p, %p : tensor<1x64xf16>, tensor<1x64xf16>
  } else {
    scf.yield %p, %p : tensor<1x64xf16>, tensor<1x64xf16>
  }
  // CHECK: ktdp.yield_partial %{{.*}}#1 : tensor<1x64xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i)[g] : (i - 4 * g >= 0, -i + 4 * g + 3 >= 0)>
      -> <(tensor<1x64xf16>), groups = #groups> {
  ^bb0(%gid: index):
    ktdp.yield_partial %pp#1 : tensor<1x64xf16>
  }
  // CHECK: identity(%{{.*}}#0 : tensor<1x64xf16>)
  %r = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #tiles,
      identity(%pp#0 : tensor<1x64xf16>)
      : <(tensor<1x64xf16>), groups = #groups> -> tensor<1x64xf16> {
    ^bb0(%e: tensor<1x64xf16>, %h: tensor<1x64xf16>):
      %sum = arith.addf %e, %h : tensor<1x64xf16>
      ktdp.yield_reduced %sum : tensor<1x64xf16>
  }
  return
}

// CHECK-LABEL: func.func private @future_types
// CHECK-SAME: !ktdp.tile_future<(tensor<4xf32>), groups = #set{{[0-9]*}}>
// CHECK-SAME: !ktdp.access_tile<?x0xindex>
func.func private @future_types(!ktdp.tile_future<(tensor<4xf32>), groups = affine_set<(g) : (g == 0)>>,
                                !ktdp.access_tile<?x0xindex>)
