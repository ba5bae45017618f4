// Tensor-parallel all-reduce at decode on a 2-D grid [4, 8]: dimension 0 is
// the TP rank (4), dimension 1 one of 8 sequences of a decode batch. Each
// tile holds its rank's 1 x 1024 f16 partial of the o_proj output of its
// sequence (row x0 + 4 x1 of %partials: the tiles' linear number, dimension
// 0 fastest, as the inter-tile sets count them); the four ranks of a sequence
// (linear numbers 4 g .. 4 g + 3) sum their partials and each stores the sum
// at its own row of %out.
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#one = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 1023 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#ranks = affine_set<(t)[g] : (t - 4 * g >= 0, -t + 4 * g + 3 >= 0)>
#seqs = affine_set<(g) : (g >= 0, -g + 7 >= 0)>
module {
  func.func @tp_allreduce(%partials: index, %out: index) attributes {grid = [4, 8]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f16
    %rank, %seq = ktdp.get_compute_tile_id : index, index
    %base = arith.muli %seq, %c4 : index
    %row = arith.addi %base, %rank : index
    %pv = ktdp.construct_memory_view %partials, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %ov = ktdp.construct_memory_view %out, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %pa = ktdp.construct_access_tile %pv[%row, %c0] {access_tile_set = #one, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    %p = ktdp.load %pa : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
    %f = ktdp.inter_tile_produce producer_tiles_per_group = #ranks -> !ktdp.tile_future<(tensor<1x1024xf16>), groups = #seqs> {
    ^bb0(%g: index):
      ktdp.yield_partial %p : tensor<1x1024xf16>
    }
    %e = tensor.empty() : tensor<1x1024xf16>
    %identity = linalg.fill ins(%zero : f16) outs(%e : tensor<1x1024xf16>) -> tensor<1x1024xf16>
    %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #ranks, identity(%identity : tensor<1x1024xf16>) : !ktdp.tile_future<(tensor<1x1024xf16>), groups = #seqs> -> tensor<1x1024xf16> {
    ^bb0(%a: tensor<1x1024xf16>, %b: tensor<1x1024xf16>):
      %s = arith.addf %a, %b : tensor<1x1024xf16>
      ktdp.yield_reduced %s : tensor<1x1024xf16>
    }
    %oa = ktdp.construct_access_tile %ov[%row, %c0] {access_tile_set = #one, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    ktdp.store %sum, %oa : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
    return
  }
}
