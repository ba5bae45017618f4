// route_ring_shift_kv_prefill.mlir -- one step of ring attention at
// Llama-3-8B's 32-token prefill, written with KTIR's inter-tile routing:
// the sequence is split over 32 cores (grid [32]), core c holding token
// c's keys, 8 KV heads x 128 (an 8 x 128 block of K, rows token x head of 128). Each
// step every core passes its key block to the next core of the ring and
// takes the previous one's: consumer c's source is producer (c - 1) mod 32
// (`producer_dependency_per_consumer`, all 32 cores producing in one
// group), and it stores the block it received at its own token's place
// (the keys its attention reads this step). A pure relayout: the compute
// unit only passes sticks through. Before: refused by the legality check.
//
// What it computes
//   k, k_next : 256x128 f16 (K as 32 tokens x 8 heads rows of 128).
//   grid = [32]: k_next[8 c : 8 c + 8] = k[8 ((c - 1) mod 32) : +8].
#keys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#token = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#ring = affine_set<(i)[g] : (i >= 0, -i + 31 >= 0, g == 0)>
#one = affine_set<(g) : (g == 0)>
#previous = affine_set<(p)[c] : (p - (c + 31) mod 32 == 0)>
module {
  func.func @pass_keys(%k_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %t = ktdp.get_compute_tile_id : index
    %row = arith.muli %t, %c8 : index
    %kv = ktdp.construct_memory_view %k_ptr, sizes: [256, 128], strides: [128, 1] {coordinate_set = #keys, memory_space = #ktdp.memory_space<global>} : memref<256x128xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [256, 128], strides: [128, 1] {coordinate_set = #keys, memory_space = #ktdp.memory_space<global>} : memref<256x128xf16>
    %ka = ktdp.construct_access_tile %kv[%row, %c0] {access_tile_set = #token, access_tile_order = #id2} : memref<256x128xf16> -> !ktdp.access_tile<8x128xindex>
    %k = ktdp.load %ka : !ktdp.access_tile<8x128xindex> -> tensor<8x128xf16>
    %blocks = ktdp.inter_tile_produce producer_tiles_per_group = #ring -> !ktdp.tile_future<(tensor<8x128xf16>), groups = #one> {
    ^bb0(%g: index):
      ktdp.yield_partial %k : tensor<8x128xf16>
    }
    %prev = ktdp.inter_tile_consume(%blocks) consumer_tiles_per_group = #ring, producer_dependency_per_consumer = #previous : !ktdp.tile_future<(tensor<8x128xf16>), groups = #one> -> tensor<8x128xf16>
    %oa = ktdp.construct_access_tile %ov[%row, %c0] {access_tile_set = #token, access_tile_order = #id2} : memref<256x128xf16> -> !ktdp.access_tile<8x128xindex>
    ktdp.store %prev, %oa : tensor<8x128xf16>, !ktdp.access_tile<8x128xindex>
    return
  }
}
