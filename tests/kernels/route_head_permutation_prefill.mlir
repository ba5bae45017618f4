// route_head_permutation_prefill.mlir -- a permutation of attention heads
// between cores by inter-tile routing, at Llama-3-8B's 32-token prefill:
// 32 query heads of 128, one per core (grid [32]). The projection leaves
// the heads in KV-group-major order (head h = 4 g + j: query j of KV group
// g); the next kernel wants them query-major (position 8 j + g), a
// transpose of the 8 x 4 head grid. Core c loads its head's 32 x 128 block
// of the 32 x 4096 activations, every core produces it
// (`inter_tile_produce`, one group of all 32 cores), and core c consumes
// the head that belongs at position c: the producer p with
// c = 8 (p mod 4) + p floordiv 4 (`producer_dependency_per_consumer`,
// one source per consumer). It scales the head by 1/sqrt(128) (the
// attention scale, folded in as the heads move) and stores it at its own
// block. Before: refused by the legality check (one producer per group).
//
// What it computes
//   x, y : 32x4096 f16. grid = [32]: for head p = 4 g + j,
//   y[:, 128 (8 j + g) : +128] = x[:, 128 p : +128] * 0.08838.
#act = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#head = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#cores = affine_set<(i)[g] : (i >= 0, -i + 31 >= 0, g == 0)>
#one = affine_set<(g) : (g == 0)>
#query_major = affine_set<(p)[c] : (8 * (p mod 4) + p floordiv 4 - c == 0)>
module {
  func.func @permute_heads(%x_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %t = ktdp.get_compute_tile_id : index
    %col = arith.muli %t, %c128 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #act, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #act, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %col] {access_tile_set = #head, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<32x128xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
    %heads = ktdp.inter_tile_produce producer_tiles_per_group = #cores -> !ktdp.tile_future<(tensor<32x128xf16>), groups = #one> {
    ^bb0(%g: index):
      ktdp.yield_partial %x : tensor<32x128xf16>
    }
    %mine = ktdp.inter_tile_consume(%heads) consumer_tiles_per_group = #cores, producer_dependency_per_consumer = #query_major : !ktdp.tile_future<(tensor<32x128xf16>), groups = #one> -> tensor<32x128xf16>
    %scale = arith.constant dense<0.08838834764> : tensor<32x128xf16>
    %y = arith.mulf %mine, %scale : tensor<32x128xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %col] {access_tile_set = #head, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<32x128xindex>
    ktdp.store %y, %ya : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
    return
  }
}
