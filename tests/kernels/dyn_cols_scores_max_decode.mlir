// dyn_cols_scores_max_decode.mlir -- the running maximum of a decode step's
// attention scores over the n cached positions that are valid (n <= 2048
// known at launch; Llama-3.2-1B's 32 heads, f32), as a generator writes a
// dynamic key dimension: a tile !ktdp.access_tile<1x?xindex> with
// symbols(%n) and a linalg.reduce over it. normalize-tensor-ops makes it a
// loop over chunks of columns (2048 f32, then 1024, ..., then 1), the
// maximum carried (it does not depend on the order it folds in: exact).
// RUN-ARGS: --arg n=1000
//
// What it computes
//   s : 32x2048 f32 (heads x cache positions), m : 32 f32.
//   grid = [32]: tile h computes m[h] = max(m_init, max_{j < n} s[h, j]),
//   m_init = -inf.
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#cols = affine_set<(d0, d1)[s0] : (d0 == 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#o = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @dyn_scores_max(%s_ptr: index, %m_ptr: index, %n: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %h = ktdp.get_compute_tile_id : index
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [32, 2048], strides: [2048, 1] {
      coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<32x2048xf32>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [32], strides: [1] {
      coordinate_set = #o, memory_space = #ktdp.memory_space<global>} : memref<32xf32>
    %sa = ktdp.construct_access_tile %sv[%h, %c0] symbols(%n) {access_tile_set = #cols, access_tile_order = #id2}
        : memref<32x2048xf32> -> !ktdp.access_tile<1x?xindex>
    %s = ktdp.load %sa : <1x?xindex> -> tensor<1x?xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %e = tensor.empty() : tensor<1xf32>
    %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
    %m = linalg.reduce { arith.maximumf } ins(%s : tensor<1x?xf32>) outs(%init : tensor<1xf32>) dimensions = [1]
    %ma = ktdp.construct_access_tile %mv[%h] {access_tile_set = #one, access_tile_order = #id1}
        : memref<32xf32> -> !ktdp.access_tile<1xindex>
    ktdp.store %m, %ma : tensor<1xf32>, !ktdp.access_tile<1xindex>
    return
  }
}
