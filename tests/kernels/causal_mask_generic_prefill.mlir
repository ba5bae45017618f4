// causal_mask_generic_prefill.mlir -- the causal mask of a Llama-3.2-1B
// attention head on a 32-token prefill, written the way a linalg generator
// writes `scores.masked_fill(triu(ones, 1), -inf)` after fusing it with the
// scale: one linalg.generic whose body compares linalg.index 1 (the query)
// with linalg.index 2 (the key). Kept in loc()s as a Python frontend
// prints them.
//
// What it computes
//   s, p : 32x32x32 f16 (heads x queries x keys). grid = [32]: tile h
//   computes p[h, i, j] = fp16(s[h, i, j] * 0.125), or -inf where j > i.
#all = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 31 >= 0)>
#one = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 31 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#loc0 = loc("llama/attention.py":88:0)
#loc1 = loc("llama/attention.py":91:0)
module {
  func.func @causal_scores(%s_ptr: index, %p_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %h = ktdp.get_compute_tile_id : index
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [32, 32, 32], strides: [1024, 32, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x32x32xf16> loc(#loc0)
    %pv = ktdp.construct_memory_view %p_ptr, sizes: [32, 32, 32], strides: [1024, 32, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x32x32xf16> loc(#loc0)
    %sa = ktdp.construct_access_tile %sv[%h, %c0, %c0] {
      access_tile_set = #one, access_tile_order = #id3
    } : memref<32x32x32xf16> -> !ktdp.access_tile<1x32x32xindex> loc(#loc0)
    %s = ktdp.load %sa : !ktdp.access_tile<1x32x32xindex> -> tensor<1x32x32xf16> loc(#loc0)
    %scale = arith.constant 1.250000e-01 : f16
    %ninf = arith.constant 0xFC00 : f16
    %e = tensor.empty() : tensor<1x32x32xf16>
    %p = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%s : tensor<1x32x32xf16>) outs(%e : tensor<1x32x32xf16>) {
    ^bb0(%in: f16, %out: f16):
      %i = linalg.index 1 : index
      %j = linalg.index 2 : index
      %scaled = arith.mulf %in, %scale : f16
      %future = arith.cmpi ugt, %j, %i : index
      %v = arith.select %future, %ninf, %scaled : f16
      linalg.yield %v : f16
    } -> tensor<1x32x32xf16> loc(#loc1)
    %pa = ktdp.construct_access_tile %pv[%h, %c0, %c0] {
      access_tile_set = #one, access_tile_order = #id3
    } : memref<32x32x32xf16> -> !ktdp.access_tile<1x32x32xindex> loc(#loc1)
    ktdp.store %p, %pa : tensor<1x32x32xf16>, !ktdp.access_tile<1x32x32xindex> loc(#loc1)
    return
  }
}
