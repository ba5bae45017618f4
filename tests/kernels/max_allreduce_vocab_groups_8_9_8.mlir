// max_allreduce_vocab_groups_8_9_8.mlir -- the max shift of a
// vocab-parallel softmax for three sequences at decode on a grid of 25
// cores, split as a generator splits 25 cores over 3 sequences: sequence
// 0 on cores 0-7, sequence 1 on cores 8-16, sequence 2 on cores 17-24
// (groups of 8, 9 and 8). Every core holds a 2048-logit slice of its
// sequence's vocabulary, takes its maximum, and a max all-reduce per
// group gives every member the sequence's maximum, which it subtracts
// from its slice (the logits exp() then reads). Before: refused by the
// legality check (groups of unequal size).
//
// What it computes
//   logits, shifted : 25x2048 f16 (row t: core t's slice). grid = [25]:
//   for t < 25 in group g (0 for t < 8, 1 for t < 17, else 2),
//   m_g = max over the rows of group g of max_j logits[row, j], and
//   shifted[t, :] = logits[t, :] - m_g.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 24 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2047 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#groups = affine_set<(g) : (g >= 0, -g + 2 >= 0)>
// Group g: tiles max(8g, 9g - 1) .. min(9g + 7, 8g + 8): 0-7, 8-16, 17-24.
#members = affine_set<(i)[g] : (i - 8 * g >= 0, i - 9 * g + 1 >= 0, 9 * g + 7 - i >= 0, 8 * g + 8 - i >= 0)>
module {
  func.func @vocab_max_shift(%logits_ptr: index, %shifted_ptr: index) attributes {grid = [25]} {
    %c0 = arith.constant 0 : index
    %ninf = arith.constant 0xFC00 : f16
    %t = ktdp.get_compute_tile_id : index
    %lv = ktdp.construct_memory_view %logits_ptr, sizes: [25, 2048], strides: [2048, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<25x2048xf16>
    %sv = ktdp.construct_memory_view %shifted_ptr, sizes: [25, 2048], strides: [2048, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<25x2048xf16>
    %la = ktdp.construct_access_tile %lv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<25x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %x = ktdp.load %la : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %init = tensor.splat %ninf : tensor<1xf16>
    %local = linalg.reduce { arith.maximumf } ins(%x : tensor<1x2048xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #members -> !ktdp.tile_future<(tensor<1xf16>), groups = #groups> {
    ^bb0(%gid: index):
      ktdp.yield_partial %local : tensor<1xf16>
    }
    %idn = tensor.splat %ninf : tensor<1xf16>
    %m = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #members, identity(%idn : tensor<1xf16>) : !ktdp.tile_future<(tensor<1xf16>), groups = #groups> -> tensor<1xf16> {
    ^bb0(%a: tensor<1xf16>, %b: tensor<1xf16>):
      %mx = arith.maximumf %a, %b : tensor<1xf16>
      ktdp.yield_reduced %mx : tensor<1xf16>
    }
    %ms = tensor.extract %m[%c0] : tensor<1xf16>
    %mb = tensor.splat %ms : tensor<1x2048xf16>
    %y = arith.subf %x, %mb : tensor<1x2048xf16>
    %sa = ktdp.construct_access_tile %sv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<25x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    ktdp.store %y, %sa : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
    return
  }
}
