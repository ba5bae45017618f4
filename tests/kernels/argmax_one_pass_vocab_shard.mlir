// argmax_one_pass_vocab_shard.mlir -- greedy sampling as torch-mlir lowers
// aten.argmax: one reducing linalg.generic of two outputs, the running
// maximum and its index chosen together by one strict comparison (the
// first index of a tie, as torch), over a tensor-parallel shard of
// Llama-3's vocabulary (8 sequences x 16032 f16 logits, one per core).
// normalize-tensor-ops makes it the maximum, then the first index holding
// it (pipeline/utils/ArgExtremum.h), both streamed.
#ls = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 16031 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 16031 >= 0)>
#ts = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @argmax_logits(%logits: index, %token: index, %best: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %s = ktdp.get_compute_tile_id : index
    %lv = ktdp.construct_memory_view %logits, sizes: [8, 16032], strides: [16032, 1] {coordinate_set = #ls, memory_space = #ktdp.memory_space<global>} : memref<8x16032xf16>
    %tv = ktdp.construct_memory_view %token, sizes: [8], strides: [1] {coordinate_set = #ts, memory_space = #ktdp.memory_space<global>} : memref<8xi64>
    %bv = ktdp.construct_memory_view %best, sizes: [8], strides: [1] {coordinate_set = #ts, memory_space = #ktdp.memory_space<global>} : memref<8xf16>
    %la = ktdp.construct_access_tile %lv[%s, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x16032xf16> -> !ktdp.access_tile<1x16032xindex>
    %x = ktdp.load %la : !ktdp.access_tile<1x16032xindex> -> tensor<1x16032xf16>
    %ninf = arith.constant 0xFC00 : f16
    %zero = arith.constant 0 : i64
    %ev = tensor.empty() : tensor<1xf16>
    %ei = tensor.empty() : tensor<1xi64>
    %v0 = linalg.fill ins(%ninf : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    %i0 = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %r:2 = linalg.generic {indexing_maps = [#id2, #rows, #rows], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x16032xf16>) outs(%v0, %i0 : tensor<1xf16>, tensor<1xi64>) {
    ^bb0(%in: f16, %acc: f16, %acc_i: i64):
      %j = linalg.index 1 : index
      %j64 = arith.index_cast %j : index to i64
      %gt = arith.cmpf ogt, %in, %acc : f16
      %v = arith.select %gt, %in, %acc : f16
      %i = arith.select %gt, %j64, %acc_i : i64
      linalg.yield %v, %i : f16, i64
    } -> (tensor<1xf16>, tensor<1xi64>)
    %ta = ktdp.construct_access_tile %tv[%s] {access_tile_set = #one, access_tile_order = #id1} : memref<8xi64> -> !ktdp.access_tile<1xindex>
    ktdp.store %r#1, %ta : tensor<1xi64>, !ktdp.access_tile<1xindex>
    %ba = ktdp.construct_access_tile %bv[%s] {access_tile_set = #one, access_tile_order = #id1} : memref<8xf16> -> !ktdp.access_tile<1xindex>
    ktdp.store %r#0, %ba : tensor<1xf16>, !ktdp.access_tile<1xindex>
    return
  }
}
