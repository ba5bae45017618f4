// rope_heads_shared_row.mlir -- rotary embedding of Llama-3-8B's queries
// at a 32-token prefill, one token per core, as a Triton-to-KTIR generator
// writes vLLM's neox-style kernel: the two halves of every head loaded as
// tiles of their own (32 heads x 64), the token's cos and sin rows (1 x 64
// from a [2048, 128] cache, the row at the token's position) broadcast over
// the heads with linalg.broadcast dimensions = [1]:
//   out1 = q1 * cos - q2 * sin,  out2 = q2 * cos + q1 * sin.
// The broadcast rows stream as periodic FIFOs (stick s of a head reads
// stick 0 of the row; nest-vector-pipelines), so nothing is held whole.
// Before: only broadcasts along leading dimensions streamed, and this one
// (a leading dimension of extent 1 in front) held 16,640 bytes against the
// compute engine's 2,048.
//
// What it computes
//   q, out : 32x32x128 f16 (token, head, dim), cos_sin : 2048x128 f16
//   (cos in [:, 0:64], sin in [:, 64:128]). grid = [32], token t at position t.
#q_all = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#half = affine_set<(d0, d1, d2) : (d0 == 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#cache_all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#cache_half = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rotary_embedding(%q_ptr: index, %cache_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %tok = ktdp.get_compute_tile_id : index
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [32, 32, 128], strides: [4096, 128, 1] {
      coordinate_set = #q_all, memory_space = #ktdp.memory_space<global>
    } : memref<32x32x128xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [32, 32, 128], strides: [4096, 128, 1] {
      coordinate_set = #q_all, memory_space = #ktdp.memory_space<global>
    } : memref<32x32x128xf16>
    %cv = ktdp.construct_memory_view %cache_ptr, sizes: [2048, 128], strides: [128, 1] {
      coordinate_set = #cache_all, memory_space = #ktdp.memory_space<global>
    } : memref<2048x128xf16>
    %cos_a = ktdp.construct_access_tile %cv[%tok, %c0] {access_tile_set = #cache_half, access_tile_order = #id2} : memref<2048x128xf16> -> !ktdp.access_tile<1x64xindex>
    %sin_a = ktdp.construct_access_tile %cv[%tok, %c64] {access_tile_set = #cache_half, access_tile_order = #id2} : memref<2048x128xf16> -> !ktdp.access_tile<1x64xindex>
    %cos = ktdp.load %cos_a : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %sin = ktdp.load %sin_a : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %q1_a = ktdp.construct_access_tile %qv[%tok, %c0, %c0] {access_tile_set = #half, access_tile_order = #id3} : memref<32x32x128xf16> -> !ktdp.access_tile<1x32x64xindex>
    %q2_a = ktdp.construct_access_tile %qv[%tok, %c0, %c64] {access_tile_set = #half, access_tile_order = #id3} : memref<32x32x128xf16> -> !ktdp.access_tile<1x32x64xindex>
    %q1 = ktdp.load %q1_a : !ktdp.access_tile<1x32x64xindex> -> tensor<1x32x64xf16>
    %q2 = ktdp.load %q2_a : !ktdp.access_tile<1x32x64xindex> -> tensor<1x32x64xf16>
    %e = tensor.empty() : tensor<1x32x64xf16>
    %cos_b = linalg.broadcast ins(%cos : tensor<1x64xf16>) outs(%e : tensor<1x32x64xf16>) dimensions = [1]
    %sin_b = linalg.broadcast ins(%sin : tensor<1x64xf16>) outs(%e : tensor<1x32x64xf16>) dimensions = [1]
    %a = arith.mulf %q1, %cos_b : tensor<1x32x64xf16>
    %b = arith.mulf %q2, %sin_b : tensor<1x32x64xf16>
    %out1 = arith.subf %a, %b : tensor<1x32x64xf16>
    %c = arith.mulf %q2, %cos_b : tensor<1x32x64xf16>
    %d = arith.mulf %q1, %sin_b : tensor<1x32x64xf16>
    %out2 = arith.addf %c, %d : tensor<1x32x64xf16>
    %o1_a = ktdp.construct_access_tile %ov[%tok, %c0, %c0] {access_tile_set = #half, access_tile_order = #id3} : memref<32x32x128xf16> -> !ktdp.access_tile<1x32x64xindex>
    %o2_a = ktdp.construct_access_tile %ov[%tok, %c0, %c64] {access_tile_set = #half, access_tile_order = #id3} : memref<32x32x128xf16> -> !ktdp.access_tile<1x32x64xindex>
    ktdp.store %out1, %o1_a : tensor<1x32x64xf16>, !ktdp.access_tile<1x32x64xindex>
    ktdp.store %out2, %o2_a : tensor<1x32x64xf16>, !ktdp.access_tile<1x32x64xindex>
    return
  }
}
