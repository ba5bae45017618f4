// kv_append_seq_lens_decode.mlir -- a decode step appending each
// sequence's new key to a contiguous KV cache at the position its length
// names (vLLM's non-paged cache write, Llama-3-8B: 8 KV heads x 128).
//
// What it computes
//   key : 32x1024 f16 (one new token per sequence, heads x dim flat),
//   seq_lens : 32 i32 (the length with the new token), key_cache :
//   32x64x1024 f16 (sequence x position x heads*dim). grid = [32]: tile s
//   loads seq_lens[s], takes it out of the loaded tensor and stores its key
//   row at key_cache[s, seq_lens[s] - 1, :]. A length of 0 puts the row at
//   position -1, outside the cache: nothing is written.
//   The store is anchored at arithmetic on a loaded value (`%len - 1`),
//   which only the compute unit holds (field probe of 2026-12-06, class A).
#ks = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#cs = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 1023 >= 0)>
#ls = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#krow = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 1023 >= 0)>
#crow = affine_set<(d0, d1, d2) : (d0 == 0, d1 == 0, d2 >= 0, -d2 + 1023 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @kv_append(%key: index, %key_cache: index, %seq_lens: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %s = ktdp.get_compute_tile_id : index
    %kv = ktdp.construct_memory_view %key, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #ks, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %cv = ktdp.construct_memory_view %key_cache, sizes: [32, 64, 1024], strides: [65536, 1024, 1] {coordinate_set = #cs, memory_space = #ktdp.memory_space<global>} : memref<32x64x1024xf16>
    %lv = ktdp.construct_memory_view %seq_lens, sizes: [32], strides: [1] {coordinate_set = #ls, memory_space = #ktdp.memory_space<global>} : memref<32xi32>
    %la = ktdp.construct_access_tile %lv[%s] {access_tile_set = #one, access_tile_order = #id1} : memref<32xi32> -> !ktdp.access_tile<1xindex>
    %lt = ktdp.load %la : !ktdp.access_tile<1xindex> -> tensor<1xi32>
    %len32 = tensor.extract %lt[%c0] : tensor<1xi32>
    %len = arith.index_cast %len32 : i32 to index
    %ka = ktdp.construct_access_tile %kv[%s, %c0] {access_tile_set = #krow, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    %k = ktdp.load %ka : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
    %k3 = tensor.expand_shape %k [[0, 1], [2]] output_shape [1, 1, 1024] : tensor<1x1024xf16> into tensor<1x1x1024xf16>
    %dst = ktdp.construct_access_tile %cv[%s, %len - 1, %c0] {access_tile_set = #crow, access_tile_order = #id3} : memref<32x64x1024xf16> -> !ktdp.access_tile<1x1x1024xindex>
    ktdp.store %k3, %dst : tensor<1x1x1024xf16>, !ktdp.access_tile<1x1x1024xindex>
    return
  }
}
