// kv_write_paged_block_table.mlir -- vLLM's reshape_and_cache for a paged
// KV cache with block tables, at decode (Llama-3-8B: 8 KV heads x 128,
// blocks of 16 slots), as a Triton kernel writes it: the cache flat per
// block, the slot's offset in the block a column offset.
//
// What it computes
//   key, value : 32x1024 f16 (one new token for each of 32 sequences,
//   heads x dim flat), seq_pos : 32 i32 (the new token's position),
//   block_table : 32x2 i32, key_cache, value_cache : 64x16384 f16 (block x
//   16 slots x 1024). grid = [8]: tile h writes KV head h of every
//   sequence s, in sequence order: pos = seq_pos[s] is loaded and taken out
//   of the tensor, the block is block_table[s, pos floordiv 16] (read by
//   the DMA: an indirect tile whose captured variable is the loaded pos),
//   the slot pos mod 16. Two sequences naming one slot: the later one's
//   row stays.
#ks = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#cs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 16383 >= 0)>
#bs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1 >= 0)>
#ps = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#head = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#var = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @reshape_and_cache_paged(%key: index, %value: index, %key_cache: index, %value_cache: index, %block_table: index, %seq_pos: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %h = ktdp.get_compute_tile_id : index
    %col = arith.muli %h, %c128 : index
    %kv = ktdp.construct_memory_view %key, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #ks, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %vv = ktdp.construct_memory_view %value, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #ks, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %kcv = ktdp.construct_memory_view %key_cache, sizes: [64, 16384], strides: [16384, 1] {coordinate_set = #cs, memory_space = #ktdp.memory_space<global>} : memref<64x16384xf16>
    %vcv = ktdp.construct_memory_view %value_cache, sizes: [64, 16384], strides: [16384, 1] {coordinate_set = #cs, memory_space = #ktdp.memory_space<global>} : memref<64x16384xf16>
    %btv = ktdp.construct_memory_view %block_table, sizes: [32, 2], strides: [2, 1] {coordinate_set = #bs, memory_space = #ktdp.memory_space<global>} : memref<32x2xi32>
    %pv = ktdp.construct_memory_view %seq_pos, sizes: [32], strides: [1] {coordinate_set = #ps, memory_space = #ktdp.memory_space<global>} : memref<32xi32>
    scf.for %s = %c0 to %c32 step %c1 {
      %pa = ktdp.construct_access_tile %pv[%s] {access_tile_set = #one, access_tile_order = #id1} : memref<32xi32> -> !ktdp.access_tile<1xindex>
      %pt = ktdp.load %pa : !ktdp.access_tile<1xindex> -> tensor<1xi32>
      %p32 = tensor.extract %pt[%c0] : tensor<1xi32>
      %pos = arith.index_cast %p32 : i32 to index
      %ka = ktdp.construct_access_tile %kv[%s, %col] {access_tile_set = #head, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<1x128xindex>
      %k = ktdp.load %ka : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %va = ktdp.construct_access_tile %vv[%s, %col] {access_tile_set = #head, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<1x128xindex>
      %v = ktdp.load %va : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %kr = tensor.collapse_shape %k [[0, 1]] : tensor<1x128xf16> into tensor<128xf16>
      %vr = tensor.collapse_shape %v [[0, 1]] : tensor<1x128xf16> into tensor<128xf16>
      %kdst = ktdp.construct_indirect_access_tile intermediate_variables(%d) %kcv[ind(%btv[%s, %pos floordiv 16]), ((%pos mod 16) * 1024 + %col + %d)] {variables_space_set = #var, variables_space_order = #id1} : memref<64x16384xf16>, memref<32x2xi32> -> !ktdp.access_tile<128xindex>
      ktdp.store %kr, %kdst : tensor<128xf16>, !ktdp.access_tile<128xindex>
      %vdst = ktdp.construct_indirect_access_tile intermediate_variables(%d) %vcv[ind(%btv[%s, %pos floordiv 16]), ((%pos mod 16) * 1024 + %col + %d)] {variables_space_set = #var, variables_space_order = #id1} : memref<64x16384xf16>, memref<32x2xi32> -> !ktdp.access_tile<128xindex>
      ktdp.store %vr, %vdst : tensor<128xf16>, !ktdp.access_tile<128xindex>
    }
    return
  }
}
