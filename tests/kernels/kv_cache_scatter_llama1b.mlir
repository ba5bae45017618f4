// kv_cache_scatter_llama1b.mlir -- vLLM's reshape_and_cache for
// Llama-3.2-1B's 8 KV heads (issue 23, section 4: a store inside the
// compute program): each token's key and value rows go to the cache slot
// slot_mapping[t] names, a number the kernel loads from memory and takes
// out of the loaded tensor (tensor.extract, index_cast) to anchor its
// stores.
//
// What it computes
//   key, value : 16x8x64 f16 (tokens x kv heads x head_dim), slot_mapping :
//   16 i64, key_cache, value_cache : 128x8x64 f16 (slots x heads x dim).
//   grid = [8]: tile h copies head h of every token t, in token order, to
//   key_cache[slot_mapping[t], h, :] and value_cache[slot_mapping[t], h, :];
//   a slot two tokens name holds the later token's rows; slots no token
//   names keep their contents.
#tok = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#cache = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#slots = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#row = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @reshape_and_cache(%key_ptr: index, %value_ptr: index, %key_cache_ptr: index, %value_cache_ptr: index, %slot_mapping_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %h = ktdp.get_compute_tile_id : index
    %key = ktdp.construct_memory_view %key_ptr, sizes: [16, 8, 64], strides: [512, 64, 1] {
      coordinate_set = #tok, memory_space = #ktdp.memory_space<global>
    } : memref<16x8x64xf16>
    %value = ktdp.construct_memory_view %value_ptr, sizes: [16, 8, 64], strides: [512, 64, 1] {
      coordinate_set = #tok, memory_space = #ktdp.memory_space<global>
    } : memref<16x8x64xf16>
    %key_cache = ktdp.construct_memory_view %key_cache_ptr, sizes: [128, 8, 64], strides: [512, 64, 1] {
      coordinate_set = #cache, memory_space = #ktdp.memory_space<global>
    } : memref<128x8x64xf16>
    %value_cache = ktdp.construct_memory_view %value_cache_ptr, sizes: [128, 8, 64], strides: [512, 64, 1] {
      coordinate_set = #cache, memory_space = #ktdp.memory_space<global>
    } : memref<128x8x64xf16>
    %slot_mapping = ktdp.construct_memory_view %slot_mapping_ptr, sizes: [16], strides: [1] {
      coordinate_set = #slots, memory_space = #ktdp.memory_space<global>
    } : memref<16xi64>
    scf.for %t = %c0 to %c16 step %c1 {
      %sa = ktdp.construct_access_tile %slot_mapping[%t] {
        access_tile_set = #one, access_tile_order = #id1
      } : memref<16xi64> -> !ktdp.access_tile<1xindex>
      %s = ktdp.load %sa : !ktdp.access_tile<1xindex> -> tensor<1xi64>
      %s0 = tensor.extract %s[%c0] : tensor<1xi64>
      %slot = arith.index_cast %s0 : i64 to index
      %ka = ktdp.construct_access_tile %key[%t, %h, %c0] {
        access_tile_set = #row, access_tile_order = #id3
      } : memref<16x8x64xf16> -> !ktdp.access_tile<1x1x64xindex>
      %k = ktdp.load %ka : !ktdp.access_tile<1x1x64xindex> -> tensor<1x1x64xf16>
      %va = ktdp.construct_access_tile %value[%t, %h, %c0] {
        access_tile_set = #row, access_tile_order = #id3
      } : memref<16x8x64xf16> -> !ktdp.access_tile<1x1x64xindex>
      %v = ktdp.load %va : !ktdp.access_tile<1x1x64xindex> -> tensor<1x1x64xf16>
      %kc = ktdp.construct_access_tile %key_cache[%slot, %h, %c0] {
        access_tile_set = #row, access_tile_order = #id3
      } : memref<128x8x64xf16> -> !ktdp.access_tile<1x1x64xindex>
      ktdp.store %k, %kc : tensor<1x1x64xf16>, !ktdp.access_tile<1x1x64xindex>
      %vc = ktdp.construct_access_tile %value_cache[%slot, %h, %c0] {
        access_tile_set = #row, access_tile_order = #id3
      } : memref<128x8x64xf16> -> !ktdp.access_tile<1x1x64xindex>
      ktdp.store %v, %vc : tensor<1x1x64xf16>, !ktdp.access_tile<1x1x64xindex>
    }
    return
  }
}
