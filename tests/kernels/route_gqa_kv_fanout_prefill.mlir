// route_gqa_kv_fanout_prefill.mlir -- grouped-query attention's key
// sharing at Llama-3-8B's 32-token prefill, written with KTIR's inter-tile
// routing where one producer feeds several consumers: 32 query heads, one
// per core (grid [32]), and 8 KV heads, whose 32 x 128 key blocks cores
// 0-7 hold (the producers, one group; the region loads the core's own KV
// head). Query head c reads KV head c floordiv 4, so consumer c's source
// is producer c floordiv 4 (`producer_dependency_per_consumer`): each
// producer sends its block to the cores of its 4 query heads (core 0
// keeps its own for head 0: 31 transfers). Each head multiplies
// its queries by the keys it received (the elementwise part of q . k per
// token). Before: refused by the legality check (one producer per group).
//
// What it computes
//   q, y : 32x4096 f16 (32 tokens x 32 heads of 128), k : 32x1024 f16
//   (32 tokens x 8 KV heads). grid = [32]: for head c,
//   y[:, 128 c : +128] = q[:, 128 c : +128] * k[:, 128 (c floordiv 4) : +128].
#q_all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#k_all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#head = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#kv_cores = affine_set<(i)[g] : (i >= 0, -i + 7 >= 0, g == 0)>
#q_cores = affine_set<(i)[g] : (i >= 0, -i + 31 >= 0, g == 0)>
#one = affine_set<(g) : (g == 0)>
#kv_of_query = affine_set<(p)[c] : (p - c floordiv 4 == 0)>
module {
  func.func @gqa_share_keys(%q_ptr: index, %k_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %t = ktdp.get_compute_tile_id : index
    %col = arith.muli %t, %c128 : index
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #q_all, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %kv = ktdp.construct_memory_view %k_ptr, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #k_all, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #q_all, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %keys = ktdp.inter_tile_produce producer_tiles_per_group = #kv_cores -> !ktdp.tile_future<(tensor<32x128xf16>), groups = #one> {
    ^bb0(%g: index):
      %ka = ktdp.construct_access_tile %kv[%c0, %col] {access_tile_set = #head, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<32x128xindex>
      %k = ktdp.load %ka : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
      ktdp.yield_partial %k : tensor<32x128xf16>
    }
    %key = ktdp.inter_tile_consume(%keys) consumer_tiles_per_group = #q_cores, producer_dependency_per_consumer = #kv_of_query : !ktdp.tile_future<(tensor<32x128xf16>), groups = #one> -> tensor<32x128xf16>
    %qa = ktdp.construct_access_tile %qv[%c0, %col] {access_tile_set = #head, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<32x128xindex>
    %q = ktdp.load %qa : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
    %y = arith.mulf %q, %key : tensor<32x128xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %col] {access_tile_set = #head, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<32x128xindex>
    ktdp.store %y, %ya : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
    return
  }
}
