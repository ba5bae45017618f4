// gqa_scores_llama3_8b_decode.mlir -- Llama-3-8B attention scores for one
// decode token against a 512-slot KV cache stored [kv_heads, slots,
// head_dim] (32 query heads on 8 KV heads of 128): each head's query times
// its KV head's keys as stored, Q @ K^T written as `linalg.matmul` with the
// transposed indexing map of B on the head's tiles with their unit head
// dimension collapsed away, an f32 accumulator, the 1/sqrt(128) scale, f16
// scores.
//
// What it computes
//   q : 32x1x128 f16, k : 8x512x128 f16, s : 32x1x512 f16. grid = [32]:
//   tile h computes s[h, 0, j] = fp16(fp32(sum_d q[h, 0, d] * k[h / 4, j, d])
//   * 0.08838834764831845). The keys stream from LX a stick (64 of
//   head_dim) at a time in the order they are stored: two sticks a key.
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mq = affine_map<(m, n, k) -> (m, k)>
#mk = affine_map<(m, n, k) -> (n, k)>
#ms = affine_map<(m, n, k) -> (m, n)>
module {
  func.func @gqa_scores_decode(%q_ptr: index, %k_ptr: index, %s_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %scale = arith.constant dense<0.08838834764831845> : tensor<1x512xf32>
    %q_view = ktdp.construct_memory_view %q_ptr, sizes: [32, 1, 128], strides: [128, 128, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 == 0, d2 >= 0, -d2 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<32x1x128xf16>
    %k_view = ktdp.construct_memory_view %k_ptr, sizes: [8, 512, 128], strides: [65536, 128, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0, d2 >= 0, -d2 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x512x128xf16>
    %s_view = ktdp.construct_memory_view %s_ptr, sizes: [32, 1, 512], strides: [512, 512, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 == 0, d2 >= 0, -d2 + 511 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<32x1x512xf16>
    %h = ktdp.get_compute_tile_id : index
    %kvh = arith.divui %h, %c4 : index
    %qa = ktdp.construct_access_tile %q_view[%h, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 == 0, d1 == 0, d2 >= 0, -d2 + 127 >= 0)>, access_tile_order = #id3
    } : memref<32x1x128xf16> -> !ktdp.access_tile<1x1x128xindex>
    %q3 = ktdp.load %qa : !ktdp.access_tile<1x1x128xindex> -> tensor<1x1x128xf16>
    %ka = ktdp.construct_access_tile %k_view[%kvh, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 == 0, d1 >= 0, -d1 + 511 >= 0, d2 >= 0, -d2 + 127 >= 0)>, access_tile_order = #id3
    } : memref<8x512x128xf16> -> !ktdp.access_tile<1x512x128xindex>
    %k3 = ktdp.load %ka : !ktdp.access_tile<1x512x128xindex> -> tensor<1x512x128xf16>
    %q = tensor.collapse_shape %q3 [[0, 1], [2]] : tensor<1x1x128xf16> into tensor<1x128xf16>
    %k = tensor.collapse_shape %k3 [[0, 1], [2]] : tensor<1x512x128xf16> into tensor<512x128xf16>
    %e = tensor.empty() : tensor<1x512xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x512xf32>) -> tensor<1x512xf32>
    %raw = linalg.matmul indexing_maps = [#mq, #mk, #ms]
        ins(%q, %k : tensor<1x128xf16>, tensor<512x128xf16>) outs(%acc : tensor<1x512xf32>) -> tensor<1x512xf32>
    %scaled = arith.mulf %raw, %scale : tensor<1x512xf32>
    %s16 = arith.truncf %scaled : tensor<1x512xf32> to tensor<1x512xf16>
    %s = tensor.expand_shape %s16 [[0, 1], [2]] output_shape [1, 1, 512] : tensor<1x512xf16> into tensor<1x1x512xf16>
    %sa = ktdp.construct_access_tile %s_view[%h, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 == 0, d1 == 0, d2 >= 0, -d2 + 511 >= 0)>, access_tile_order = #id3
    } : memref<32x1x512xf16> -> !ktdp.access_tile<1x1x512xindex>
    ktdp.store %s, %sa : tensor<1x1x512xf16>, !ktdp.access_tile<1x1x512xindex>
    return
  }
}
