// greedy_argmax_vocab_shard.mlir -- greedy sampling at decode on a
// tensor-parallel shard of Llama-3's vocabulary (128256 / 8 = 16032
// logits per shard), as inductor writes torch.argmax when it does not
// fuse it: the row's max, then the first index holding it (a reduction
// linalg.generic whose body reads linalg.index).
//
// What it computes
//   logits : 8x16032 f16 (8 sequences), token : 8 i64. grid = [8]: tile s
//   reduces row s to its max m, then to min over j of
//   (logits[s, j] == m ? j : INT64_MAX), torch's first maximal index
//   (field probe of 2026-12-06, class D). A row of 16032 f16 ends in half
//   a stick.
#ls = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 16031 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 16031 >= 0)>
#ts = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @argmax_logits(%logits: index, %token: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %s = ktdp.get_compute_tile_id : index
    %lv = ktdp.construct_memory_view %logits, sizes: [8, 16032], strides: [16032, 1] {coordinate_set = #ls, memory_space = #ktdp.memory_space<global>} : memref<8x16032xf16>
    %tv = ktdp.construct_memory_view %token, sizes: [8], strides: [1] {coordinate_set = #ts, memory_space = #ktdp.memory_space<global>} : memref<8xi64>
    %la = ktdp.construct_access_tile %lv[%s, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x16032xf16> -> !ktdp.access_tile<1x16032xindex>
    %x = ktdp.load %la : !ktdp.access_tile<1x16032xindex> -> tensor<1x16032xf16>
    %ninf = arith.constant 0xFC00 : f16
    %e0 = tensor.empty() : tensor<1xf16>
    %m0 = linalg.fill ins(%ninf : f16) outs(%e0 : tensor<1xf16>) -> tensor<1xf16>
    %m = linalg.generic {indexing_maps = [#id2, #rows], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x16032xf16>) outs(%m0 : tensor<1xf16>) {
    ^bb0(%in: f16, %acc: f16):
      %mx = arith.maximumf %in, %acc : f16
      linalg.yield %mx : f16
    } -> tensor<1xf16>
    %big = arith.constant 9223372036854775807 : i64
    %e1 = tensor.empty() : tensor<1xi64>
    %i0 = linalg.fill ins(%big : i64) outs(%e1 : tensor<1xi64>) -> tensor<1xi64>
    %idx = linalg.generic {indexing_maps = [#id2, #rows, #rows], iterator_types = ["parallel", "reduction"]} ins(%x, %m : tensor<1x16032xf16>, tensor<1xf16>) outs(%i0 : tensor<1xi64>) {
    ^bb0(%in: f16, %mx: f16, %acc: i64):
      %j = linalg.index 1 : index
      %j64 = arith.index_cast %j : index to i64
      %hit = arith.cmpf oeq, %in, %mx : f16
      %cand = arith.select %hit, %j64, %big : i64
      %first = arith.minsi %cand, %acc : i64
      linalg.yield %first : i64
    } -> tensor<1xi64>
    %ta = ktdp.construct_access_tile %tv[%s] {access_tile_set = #one, access_tile_order = #id1} : memref<8xi64> -> !ktdp.access_tile<1xindex>
    ktdp.store %idx, %ta : tensor<1xi64>, !ktdp.access_tile<1xindex>
    return
  }
}
