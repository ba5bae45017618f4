// gqa_leader_loads_group_row.mlir -- grouped-query attention's KV sharing
// at one decode step of Llama-3-8B, written with KTIR's inter-tile ops as
// the spec's §3.2 has single-producer loads: 32 query heads, one per tile,
// in 8 groups of 4; the first tile of each group loads the group's key row
// inside the `inter_tile_produce` region, reading the group id its block
// argument gives, and the group's tiles consume it. Each head then scales
// its query by the shared key (the elementwise part of q . k).
// extract-compute-groups runs the region's body before the produce op with
// the tile's own group (g = i floordiv 4, solved from the producer set
// i - 4 g == 0), so the load gets a pipeline like any other. Before: the
// load stayed in the region and was refused (`SpyreCode has no instruction
// for 'ktdp.load' in a 'sfu' program`), though the interpreter ran it.
//
// What it computes
//   q, y : 32x128 f16 (query heads), k : 8x128 f16 (KV heads). grid = [32]:
//   y[h, d] = q[h, d] * k[h floordiv 4, d].
#q_all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#k_all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#one_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#first_of_group = affine_set<(i)[g] : (i - 4 * g == 0)>
#in_group = affine_set<(i)[g] : (i - 4 * g >= 0, -i + 4 * g + 3 >= 0)>
#kv_heads = affine_set<(g) : (g >= 0, -g + 7 >= 0)>
module {
  func.func @gqa_share_key(%q_ptr: index, %k_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %head = ktdp.get_compute_tile_id : index
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #q_all, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
    %kv = ktdp.construct_memory_view %k_ptr, sizes: [8, 128], strides: [128, 1] {coordinate_set = #k_all, memory_space = #ktdp.memory_space<global>} : memref<8x128xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #q_all, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
    %shared = ktdp.inter_tile_produce producer_tiles_per_group = #first_of_group -> !ktdp.tile_future<(tensor<1x128xf16>), groups = #kv_heads> {
      ^bb0(%g: index):
        %ka = ktdp.construct_access_tile %kv[%g, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<8x128xf16> -> !ktdp.access_tile<1x128xindex>
        %k = ktdp.load %ka : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
        ktdp.yield_partial %k : tensor<1x128xf16>
    }
    %key = ktdp.inter_tile_consume(%shared) consumer_tiles_per_group = #in_group : !ktdp.tile_future<(tensor<1x128xf16>), groups = #kv_heads> -> tensor<1x128xf16>
    %qa = ktdp.construct_access_tile %qv[%head, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
    %q = ktdp.load %qa : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
    %y = arith.mulf %q, %key : tensor<1x128xf16>
    %ya = ktdp.construct_access_tile %yv[%head, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
    ktdp.store %y, %ya : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    return
  }
}
