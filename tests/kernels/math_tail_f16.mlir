// math_tail_f16.mlir -- the math functions a generator's elementwise code
// reaches beyond exp and tanh: math.roundeven and math.round (a quantiser's
// rounding; their difference is nonzero exactly at halves, which x * 4
// makes frequent), math.log1p, math.expm1 and math.log10, over a Llama-3
// hidden state of a 32-token prefill (32 x 4096 f16, four rows per core),
// one linalg.generic. SpyreCode had no instruction for them.
//
// What it computes
//   x, y : 32x4096 f16. grid = [8]:
//   y = log1p(|x|) + expm1(x) + log10(|x| + 1) + (round(4x) - roundeven(4x)).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @math_tail(%x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<4x4096xindex> -> tensor<4x4096xf16>
    %e = tensor.empty() : tensor<4x4096xf16>
    %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x4096xf16>) outs(%e : tensor<4x4096xf16>) {
    ^bb0(%in: f16, %out: f16):
      %one = arith.constant 1.000000e+00 : f16
      %four = arith.constant 4.000000e+00 : f16
      %q = arith.mulf %in, %four : f16
      %re = math.roundeven %q : f16
      %ra = math.round %q : f16
      %ab = math.absf %in : f16
      %l1 = math.log1p %ab : f16
      %em = math.expm1 %in : f16
      %a1 = arith.addf %ab, %one : f16
      %lg = math.log10 %a1 : f16
      %s1 = arith.subf %ra, %re : f16
      %s2 = arith.addf %l1, %em : f16
      %s3 = arith.addf %s2, %lg : f16
      %v = arith.addf %s3, %s1 : f16
      linalg.yield %v : f16
    } -> tensor<4x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    ktdp.store %y, %ya : tensor<4x4096xf16>, !ktdp.access_tile<4x4096xindex>
    return
  }
}
