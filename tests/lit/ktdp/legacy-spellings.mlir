// Older spellings real kernels still use are accepted and printed in
// canonical G2 form: the G1 memory space and the draft inter-tile syntax.
// RUN: spyre-opt %s | FileCheck %s
// RUN: spyre-opt %s | spyre-opt | FileCheck %s

// CHECK-LABEL: func.func private @g1_memory_spaces
// CHECK-SAME: memref<4xf16, #ktdp.memory_space<global>>
// CHECK-SAME: memref<4xf16, #ktdp.memory_space<ct_local, ct_id = 3>>
// CHECK-SAME: memref<4xf16, #ktdp.memory_space<ct_local>>
func.func private @g1_memory_spaces(memref<4xf16, #ktdp.spyre_memory_space<HBM>>,
                                    memref<4xf16, #ktdp.spyre_memory_space<LX, core = 3>>,
                                    memref<4xf16, #ktdp.spyre_memory_space<L0>>)

// CHECK-LABEL: func.func @g1_view
// CHECK: memory_space = #ktdp.memory_space<ct_local, ct_id = 1>
func.func @g1_view(%a: index) {
  %v = ktdp.construct_memory_view %a, sizes: [64], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>,
    memory_space = #ktdp.spyre_memory_space<LX,core=1>
  } : memref<64xf16>
  return
}

#all = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>

// The draft produce repeats the partial types before '->', the draft future
// type has no parentheses, and the draft reduce drops the leading unit axis.
// CHECK-LABEL: func.func @draft_inter_tile
// CHECK: ktdp.inter_tile_produce producer_tiles_per_group = #{{.*}} -> <(tensor<1x128xf16>), groups = #{{.*}}> {
// CHECK: ktdp.inter_tile_reduce(%{{.*}}) consumer_tiles_per_group = #{{.*}}, identity(%{{.*}} : tensor<1x128xf16>) : <(tensor<1x128xf16>), groups = #{{.*}}> -> tensor<128xf16> {
func.func @draft_inter_tile(%partial: tensor<1x128xf16>, %id: tensor<1x128xf16>) -> tensor<128xf16>
    attributes {grid = [4]} {
  %fut = ktdp.inter_tile_produce
      producer_tiles_per_group = #all
      : tensor<1x128xf16> -> !ktdp.tile_future<tensor<1x128xf16>, groups = affine_set<(g) : (g == 0)>>
  {
    ^bb0(%gid: index):
      ktdp.yield_partial %partial : tensor<1x128xf16>
  }
  %r = ktdp.inter_tile_reduce(%fut)
      consumer_tiles_per_group = #all,
      identity(%id : tensor<1x128xf16>)
      : !ktdp.tile_future<tensor<1x128xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<128xf16>
  {
    ^bb0(%l: tensor<1x128xf16>, %rr: tensor<1x128xf16>):
      %s = arith.addf %l, %rr : tensor<1x128xf16>
      ktdp.yield_reduced %s : tensor<1x128xf16>
  }
  return %r : tensor<128xf16>
}

// A full future type whose inline groups set contains '>=' trips MLIR's
// bracket scan; spyre-opt's source fix-up reads it as the stripped form.
// CHECK-LABEL: func.func @inline_groups_with_ge
// CHECK: -> <(tensor<1x64xf16>), groups = #{{.*}}> {
func.func @inline_groups_with_ge(%p: tensor<1x64xf16>) attributes {grid = [4]} {
  %fut = ktdp.inter_tile_produce
      producer_tiles_per_group = affine_set<(i)[g] : ((i - g) mod 2 == 0, i - g >= 0, -i + g + 2 >= 0)>
      : tensor<1x64xf16> -> !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>>
  {
    ^bb0(%gid: index):
      ktdp.yield_partial %p : tensor<1x64xf16>
  }
  return
}
