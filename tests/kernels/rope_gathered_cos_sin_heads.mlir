// rope_gathered_cos_sin_heads.mlir -- vLLM's rotary embedding (neox
// style) for Llama-3-8B queries at prefill: the cos / sin row of each
// token gathered from cos_sin_cache by its position (an indirect access
// tile), then cut in its cos and sin halves with tensor.extract_slice.
//
// What it computes
//   positions : 32 i64, query : 32x32x128 f16 (tokens x heads x head_dim),
//   cos_sin_cache : 2048x128 f16 (max position x [cos | sin]). grid = [32]:
//   tile t gathers row positions[t] of the cache, slices it into cos
//   (columns 0..63) and sin (64..127), and for each of the 32 heads
//   rotates the query in place: [x1 cos - x2 sin, x2 cos + x1 sin] with
//   x1, x2 the head's halves (field probe of 2026-12-06, class C: a slice of a gather).
#q_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#q_tile = affine_set<(d0, d1, d2) : (d0 == 0, d1 == 0, d2 >= 0, -d2 + 127 >= 0)>
#c_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#p_set = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#g_space = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rotary_embedding_neox(%positions: index, %query: index, %cos_sin_cache: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tok = ktdp.get_compute_tile_id : index
    %pv = ktdp.construct_memory_view %positions, sizes: [32], strides: [1] {coordinate_set = #p_set, memory_space = #ktdp.memory_space<global>} : memref<32xi64>
    %qv = ktdp.construct_memory_view %query, sizes: [32, 32, 128], strides: [4096, 128, 1] {coordinate_set = #q_set, memory_space = #ktdp.memory_space<global>} : memref<32x32x128xf16>
    %cv = ktdp.construct_memory_view %cos_sin_cache, sizes: [2048, 128], strides: [128, 1] {coordinate_set = #c_set, memory_space = #ktdp.memory_space<global>} : memref<2048x128xf16>
    %cs_t = ktdp.construct_indirect_access_tile intermediate_variables(%i, %j) %cv[ind(%pv[%tok + %i]), (%j)] {variables_space_set = #g_space, variables_space_order = #id2} : memref<2048x128xf16>, memref<32xi64> -> !ktdp.access_tile<1x128xindex>
    %cs = ktdp.load %cs_t : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
    %cos2 = tensor.extract_slice %cs[0, 0] [1, 64] [1, 1] : tensor<1x128xf16> to tensor<1x64xf16>
    %sin2 = tensor.extract_slice %cs[0, 64] [1, 64] [1, 1] : tensor<1x128xf16> to tensor<1x64xf16>
    %cos = tensor.expand_shape %cos2 [[0, 1], [2]] output_shape [1, 1, 64] : tensor<1x64xf16> into tensor<1x1x64xf16>
    %sin = tensor.expand_shape %sin2 [[0, 1], [2]] output_shape [1, 1, 64] : tensor<1x64xf16> into tensor<1x1x64xf16>
    scf.for %h = %c0 to %c32 step %c1 {
      %qa = ktdp.construct_access_tile %qv[%tok, %h, %c0] {access_tile_set = #q_tile, access_tile_order = #id3} : memref<32x32x128xf16> -> !ktdp.access_tile<1x1x128xindex>
      %q = ktdp.load %qa : !ktdp.access_tile<1x1x128xindex> -> tensor<1x1x128xf16>
      %x1 = tensor.extract_slice %q[0, 0, 0] [1, 1, 64] [1, 1, 1] : tensor<1x1x128xf16> to tensor<1x1x64xf16>
      %x2 = tensor.extract_slice %q[0, 0, 64] [1, 1, 64] [1, 1, 1] : tensor<1x1x128xf16> to tensor<1x1x64xf16>
      %a = arith.mulf %x1, %cos : tensor<1x1x64xf16>
      %b = arith.mulf %x2, %sin : tensor<1x1x64xf16>
      %o1 = arith.subf %a, %b : tensor<1x1x64xf16>
      %c = arith.mulf %x2, %cos : tensor<1x1x64xf16>
      %d = arith.mulf %x1, %sin : tensor<1x1x64xf16>
      %o2 = arith.addf %c, %d : tensor<1x1x64xf16>
      %o = tensor.concat dim(2) %o1, %o2 : (tensor<1x1x64xf16>, tensor<1x1x64xf16>) -> tensor<1x1x128xf16>
      ktdp.store %o, %qa : tensor<1x1x128xf16>, !ktdp.access_tile<1x1x128xindex>
    }
    return
  }
}
