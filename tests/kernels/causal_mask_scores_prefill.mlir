// causal_mask_scores_prefill.mlir -- the causal mask of SmolLM2-135M's
// attention on a 16-token prefill chunk (issue 23, section 4): the 16x16
// mask is a tensor.generate (0 on and below the diagonal, -inf above) that
// depends on nothing but its indices, added to each head's scaled scores
// before the softmax, the way a generator lowers
// `scores.masked_fill(triu(ones, 1), -inf)`.
//
// What it computes
//   s, p : 9x16x16 f16 (heads x queries x keys). grid = [9]: tile h
//   computes p[h, i, j] = fp16(s[h, i, j] * 0.125) + (j > i ? -inf : 0).
#s3 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 8 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 15 >= 0)>
#head = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 15 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @masked_scores(%s_ptr: index, %p_ptr: index) attributes {grid = [9]} {
    %c0 = arith.constant 0 : index
    %h = ktdp.get_compute_tile_id : index
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [9, 16, 16], strides: [256, 16, 1] {
      coordinate_set = #s3, memory_space = #ktdp.memory_space<global>
    } : memref<9x16x16xf16>
    %pv = ktdp.construct_memory_view %p_ptr, sizes: [9, 16, 16], strides: [256, 16, 1] {
      coordinate_set = #s3, memory_space = #ktdp.memory_space<global>
    } : memref<9x16x16xf16>
    %sa = ktdp.construct_access_tile %sv[%h, %c0, %c0] {
      access_tile_set = #head, access_tile_order = #id3
    } : memref<9x16x16xf16> -> !ktdp.access_tile<1x16x16xindex>
    %s = ktdp.load %sa : !ktdp.access_tile<1x16x16xindex> -> tensor<1x16x16xf16>
    %scale = arith.constant dense<1.250000e-01> : tensor<1x16x16xf16>
    %scaled = arith.mulf %s, %scale : tensor<1x16x16xf16>
    %ninf = arith.constant 0xFC00 : f16
    %zero = arith.constant 0.000000e+00 : f16
    %mask = tensor.generate {
    ^bb0(%b: index, %i: index, %j: index):
      %future = arith.cmpi ugt, %j, %i : index
      %v = arith.select %future, %ninf, %zero : f16
      tensor.yield %v : f16
    } : tensor<1x16x16xf16>
    %p = arith.addf %scaled, %mask : tensor<1x16x16xf16>
    %pa = ktdp.construct_access_tile %pv[%h, %c0, %c0] {
      access_tile_set = #head, access_tile_order = #id3
    } : memref<9x16x16xf16> -> !ktdp.access_tile<1x16x16xindex>
    ktdp.store %p, %pa : tensor<1x16x16xf16>, !ktdp.access_tile<1x16x16xindex>
    return
  }
}
