// cross_entropy_vocab_f32.mlir -- the per-token cross-entropy loss of
// SmolLM2's vocabulary (49,152 logits, f16) over a 32-token prefill, as
// torch-mlir writes `logsumexp(x.float()) - x[label]` after fusion: a row
// max as a reduction linalg.generic, `sum(exp(f32(x) - max))` as a
// reduction generic of two inputs (the max read through (d0, d1) -> (d0)),
// the label's logit gathered through an indirect access tile on the i64
// labels, and an elementwise generic on the three per-row values. One token
// per core. The max and the sum stream the row in two passes
// (stream-row-passes: the sum's generic is a map then a reduce,
// normalize-tensor-ops; the label's logit is popped before the passes and
// the loss pushed after them). Before: the second generic was held whole,
// 491,534 bytes against the compute engine's 2,048, 645,293 cycles.
//
// What it computes
//   x : 32x49152 f16, label : 32 i64, loss : 32 f32. grid = [32]:
//   loss[t] = log(sum_c exp(f32(x[t, c]) - m[t])) + m[t] - f32(x[t, label[t]]),
//   m[t] = max_c f32(x[t, c]).
#logits = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 49151 >= 0)>
#one_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 49151 >= 0)>
#tokens = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#single = affine_set<(d0) : (d0 == 0)>
#point = affine_set<(d0, d1) : (d0 == 0, d1 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#to_row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @cross_entropy(%x_ptr: index, %label_ptr: index, %loss_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %neg_inf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %tok = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 49152], strides: [49152, 1] {
      coordinate_set = #logits, memory_space = #ktdp.memory_space<global>
    } : memref<32x49152xf16>
    %lv = ktdp.construct_memory_view %label_ptr, sizes: [32], strides: [1] {
      coordinate_set = #tokens, memory_space = #ktdp.memory_space<global>
    } : memref<32xi64>
    %ov = ktdp.construct_memory_view %loss_ptr, sizes: [32], strides: [1] {
      coordinate_set = #tokens, memory_space = #ktdp.memory_space<global>
    } : memref<32xf32>
    %xa = ktdp.construct_access_tile %xv[%tok, %c0] {
      access_tile_set = #one_row, access_tile_order = #id2
    } : memref<32x49152xf16> -> !ktdp.access_tile<1x49152xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x49152xindex> -> tensor<1x49152xf16>
    %ga = ktdp.construct_indirect_access_tile intermediate_variables(%i, %j) %xv[(%tok + %i), ind(%lv[%tok + %j])] {
      variables_space_set = #point, variables_space_order = #id2
    } : memref<32x49152xf16>, memref<32xi64> -> !ktdp.access_tile<1x1xindex>
    %g = ktdp.load %ga : !ktdp.access_tile<1x1xindex> -> tensor<1x1xf16>
    %picked = tensor.collapse_shape %g [[0, 1]] : tensor<1x1xf16> into tensor<1xf16>
    %empty = tensor.empty() : tensor<1xf32>
    %max_init = linalg.fill ins(%neg_inf : f32) outs(%empty : tensor<1xf32>) -> tensor<1xf32>
    %m = linalg.generic {indexing_maps = [#id2, #to_row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x49152xf16>) outs(%max_init : tensor<1xf32>) {
    ^bb0(%in: f16, %acc: f32):
      %wide = arith.extf %in : f16 to f32
      %max = arith.maximumf %wide, %acc : f32
      linalg.yield %max : f32
    } -> tensor<1xf32>
    %sum_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<1xf32>) -> tensor<1xf32>
    %s = linalg.generic {indexing_maps = [#id2, #to_row, #to_row], iterator_types = ["parallel", "reduction"]}
        ins(%x, %m : tensor<1x49152xf16>, tensor<1xf32>) outs(%sum_init : tensor<1xf32>) {
    ^bb0(%in: f16, %row_max: f32, %acc: f32):
      %wide = arith.extf %in : f16 to f32
      %shifted = arith.subf %wide, %row_max : f32
      %e = math.exp %shifted : f32
      %sum = arith.addf %e, %acc : f32
      linalg.yield %sum : f32
    } -> tensor<1xf32>
    %loss = linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1], iterator_types = ["parallel"]}
        ins(%s, %m, %picked : tensor<1xf32>, tensor<1xf32>, tensor<1xf16>) outs(%empty : tensor<1xf32>) {
    ^bb0(%sum: f32, %row_max: f32, %logit: f16, %out: f32):
      %log = math.log %sum : f32
      %lse = arith.addf %log, %row_max : f32
      %wide = arith.extf %logit : f16 to f32
      %l = arith.subf %lse, %wide : f32
      linalg.yield %l : f32
    } -> tensor<1xf32>
    %oa = ktdp.construct_access_tile %ov[%tok] {
      access_tile_set = #single, access_tile_order = #id1
    } : memref<32xf32> -> !ktdp.access_tile<1xindex>
    ktdp.store %loss, %oa : tensor<1xf32>, !ktdp.access_tile<1xindex>
    return
  }
}
