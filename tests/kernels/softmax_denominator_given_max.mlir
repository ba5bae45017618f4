// softmax_denominator_given_max.mlir -- the denominator step of a split
// softmax (flash-decoding over a 4096-token KV cache, Llama-3's 32 query
// heads decoding one token): `l = sum(exp(f32(s) - m))` for each head's
// scores s, with each head's max m computed by an earlier kernel and loaded
// after the scores. torch-mlir writes it as one reduction linalg.generic of
// two inputs, m read through (d0, d1) -> (d0). normalize-tensor-ops makes
// it a broadcast, an elementwise map and a reduce; chunk-reductions streams
// the scores a stick at a time, with m popped before them (its load unit
// sends it first). Before: held whole (8,200 bytes against the compute
// engine's 2,048), element by element, 52,381 cycles.
//
// What it computes
//   s : 32x4096 f16, m, l : 32 f32. grid = [32]:
//   l[h] = sum_c exp(f32(s[h, c]) - m[h]).
#scores = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#one_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#heads = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#single = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#to_row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @denominator(%s_ptr: index, %m_ptr: index, %l_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.000000e+00 : f32
    %head = ktdp.get_compute_tile_id : index
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #scores, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [32], strides: [1] {
      coordinate_set = #heads, memory_space = #ktdp.memory_space<global>
    } : memref<32xf32>
    %lv = ktdp.construct_memory_view %l_ptr, sizes: [32], strides: [1] {
      coordinate_set = #heads, memory_space = #ktdp.memory_space<global>
    } : memref<32xf32>
    %sa = ktdp.construct_access_tile %sv[%head, %c0] {
      access_tile_set = #one_row, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %s = ktdp.load %sa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %ma = ktdp.construct_access_tile %mv[%head] {
      access_tile_set = #single, access_tile_order = #id1
    } : memref<32xf32> -> !ktdp.access_tile<1xindex>
    %m = ktdp.load %ma : !ktdp.access_tile<1xindex> -> tensor<1xf32>
    %empty = tensor.empty() : tensor<1xf32>
    %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<1xf32>) -> tensor<1xf32>
    %l = linalg.generic {indexing_maps = [#id2, #to_row, #to_row], iterator_types = ["parallel", "reduction"]}
        ins(%s, %m : tensor<1x4096xf16>, tensor<1xf32>) outs(%init : tensor<1xf32>) {
    ^bb0(%in: f16, %row_max: f32, %acc: f32):
      %wide = arith.extf %in : f16 to f32
      %shifted = arith.subf %wide, %row_max : f32
      %e = math.exp %shifted : f32
      %sum = arith.addf %e, %acc : f32
      linalg.yield %sum : f32
    } -> tensor<1xf32>
    %la = ktdp.construct_access_tile %lv[%head] {
      access_tile_set = #single, access_tile_order = #id1
    } : memref<32xf32> -> !ktdp.access_tile<1xindex>
    ktdp.store %l, %la : tensor<1xf32>, !ktdp.access_tile<1xindex>
    return
  }
}
