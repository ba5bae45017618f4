// kv_write_skip_padding.mlir -- vLLM's reshape_and_cache at prefill for
// Llama-3-8B's 8 KV heads of 128, with its guard for padded tokens:
// `if (slot_idx < 0) return;` (a branch on a value the kernel loads).
//
// What it computes
//   key : 32x1024 f16 (32 prefill tokens, heads x dim flat), slot_mapping :
//   32 i64, key_cache : 32x32x1024 f16 (a block of 32 slots per token, so
//   no two tiles write one row). grid = [32]: tile t loads slot_mapping[t]
//   and takes it out of the loaded tensor; when it is not below 2 (slots 0
//   and 1 stand for padding here) the token's row goes to
//   key_cache[t, slot - 2, :], else nothing is written. The scf.if on the
//   loaded slot holds the store: the store unit branches on it (issue 24,
//   class B) and anchors its tile on arithmetic of it (class A).
#ks = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#cs = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 1023 >= 0)>
#ps = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#krow = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 1023 >= 0)>
#crow = affine_set<(d0, d1, d2) : (d0 == 0, d1 == 0, d2 >= 0, -d2 + 1023 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @reshape_and_cache_guarded(%key: index, %key_cache: index, %slot_mapping: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : i64
    %t = ktdp.get_compute_tile_id : index
    %kv = ktdp.construct_memory_view %key, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #ks, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %cv = ktdp.construct_memory_view %key_cache, sizes: [32, 32, 1024], strides: [32768, 1024, 1] {coordinate_set = #cs, memory_space = #ktdp.memory_space<global>} : memref<32x32x1024xf16>
    %sv = ktdp.construct_memory_view %slot_mapping, sizes: [32], strides: [1] {coordinate_set = #ps, memory_space = #ktdp.memory_space<global>} : memref<32xi64>
    %sa = ktdp.construct_access_tile %sv[%t] {access_tile_set = #one, access_tile_order = #id1} : memref<32xi64> -> !ktdp.access_tile<1xindex>
    %stile = ktdp.load %sa : !ktdp.access_tile<1xindex> -> tensor<1xi64>
    %slot64 = tensor.extract %stile[%c0] : tensor<1xi64>
    %real = arith.cmpi sge, %slot64, %c2 : i64
    scf.if %real {
      %slot = arith.index_cast %slot64 : i64 to index
      %ka = ktdp.construct_access_tile %kv[%t, %c0] {access_tile_set = #krow, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<1x1024xindex>
      %k = ktdp.load %ka : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
      %k3 = tensor.expand_shape %k [[0, 1], [2]] output_shape [1, 1, 1024] : tensor<1x1024xf16> into tensor<1x1x1024xf16>
      %dst = ktdp.construct_access_tile %cv[%t, %slot - 2, %c0] {access_tile_set = #crow, access_tile_order = #id3} : memref<32x32x1024xf16> -> !ktdp.access_tile<1x1x1024xindex>
      ktdp.store %k3, %dst : tensor<1x1x1024xf16>, !ktdp.access_tile<1x1x1024xindex>
    }
    return
  }
}
