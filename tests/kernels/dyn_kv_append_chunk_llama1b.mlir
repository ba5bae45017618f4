// dyn_kv_append_chunk_llama1b.mlir -- a chunked prefill appends the keys of
// its n new tokens (n known at launch) to a contiguous KV cache of
// Llama-3.2-1B (8 KV heads x 128, f16, 2048 slots) at position pos: a copy
// through !ktdp.access_tile<?x128xindex> with symbols(%n), anchored at the
// run-time row pos. It becomes a loop over chunks of 32 rows, then the rows
// left one at a time.
// RUN-ARGS: --arg n=77 --arg pos=1000
//
// What it computes
//   k : 512x1024 f16 (the chunk's keys), cache : 2048x1024 f16.
//   grid = [8]: tile h copies cache[pos + i, 128h + j] = k[i, 128h + j]
//   for i < n, j < 128; the rest of the cache is untouched.
#kv = affine_set<(d0, d1) : (d0 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#cv = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dyn_kv_append(%k_ptr: index, %cache_ptr: index, %n: index, %pos: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %h = ktdp.get_compute_tile_id : index
    %col = arith.muli %h, %c128 : index
    %kv = ktdp.construct_memory_view %k_ptr, sizes: [512, 1024], strides: [1024, 1] {
      coordinate_set = #kv, memory_space = #ktdp.memory_space<global>} : memref<512x1024xf16>
    %cv = ktdp.construct_memory_view %cache_ptr, sizes: [2048, 1024], strides: [1024, 1] {
      coordinate_set = #cv, memory_space = #ktdp.memory_space<global>} : memref<2048x1024xf16>
    %ka = ktdp.construct_access_tile %kv[%c0, %col] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2}
        : memref<512x1024xf16> -> !ktdp.access_tile<?x128xindex>
    %k = ktdp.load %ka : <?x128xindex> -> tensor<?x128xf16>
    %ca = ktdp.construct_access_tile %cv[%pos, %col] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2}
        : memref<2048x1024xf16> -> !ktdp.access_tile<?x128xindex>
    ktdp.store %k, %ca : tensor<?x128xf16>, !ktdp.access_tile<?x128xindex>
    return
  }
}
