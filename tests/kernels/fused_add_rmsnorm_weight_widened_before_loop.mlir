// fused_add_rmsnorm_weight_widened_before_loop.mlir -- vLLM's fused_add_rms_norm for Granite-3.0-8B (hidden 4096, residual_multiplier 0.22 folded
// in) in a persistent row loop: the bf16 weight row loaded and widened to f32 (16 KiB) once,
// before the loop over 24 rows on 8 programs, and used in every iteration; r is updated in
// place and y written.
// The widened row is made again in the loop from the row the load unit streams there
// (extract-compute-groups): nothing held (docs/unseen-kernels.md, "A fifth tester's kernels").
#full = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @granite_fused_add_rmsnorm(%x_ptr: index, %r_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    %zero = arith.constant 0.0 : f32
    %n = arith.constant 4096.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %rm = arith.constant dense<2.200000e-01> : tensor<1x4096xf32>
    %pid = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [24, 4096], strides: [4096, 1] {coordinate_set = #full, memory_space = #ktdp.memory_space<global>} : memref<24x4096xbf16>
    %rv = ktdp.construct_memory_view %r_ptr, sizes: [24, 4096], strides: [4096, 1] {coordinate_set = #full, memory_space = #ktdp.memory_space<global>} : memref<24x4096xbf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [24, 4096], strides: [4096, 1] {coordinate_set = #full, memory_space = #ktdp.memory_space<global>} : memref<24x4096xbf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [1, 4096], strides: [4096, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x4096xbf16>
    %wt = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<1x4096xbf16> -> !ktdp.access_tile<1x4096xindex>
    %w16 = ktdp.load %wt : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xbf16>
    %w = arith.extf %w16 : tensor<1x4096xbf16> to tensor<1x4096xf32>
    scf.for %i = %pid to %c24 step %c8 {
      %xt = ktdp.construct_access_tile %xv[%i, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<24x4096xbf16> -> !ktdp.access_tile<1x4096xindex>
      %rt = ktdp.construct_access_tile %rv[%i, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<24x4096xbf16> -> !ktdp.access_tile<1x4096xindex>
      %yt = ktdp.construct_access_tile %yv[%i, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<24x4096xbf16> -> !ktdp.access_tile<1x4096xindex>
      %x16 = ktdp.load %xt : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xbf16>
      %r16 = ktdp.load %rt : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xbf16>
      %x = arith.extf %x16 : tensor<1x4096xbf16> to tensor<1x4096xf32>
      %r = arith.extf %r16 : tensor<1x4096xbf16> to tensor<1x4096xf32>
      %xs = arith.mulf %x, %rm : tensor<1x4096xf32>
      %rn = arith.addf %r, %xs : tensor<1x4096xf32>
      %rn16 = arith.truncf %rn : tensor<1x4096xf32> to tensor<1x4096xbf16>
      ktdp.store %rn16, %rt : tensor<1x4096xbf16>, !ktdp.access_tile<1x4096xindex>
      %rq = arith.extf %rn16 : tensor<1x4096xbf16> to tensor<1x4096xf32>
      %sq = arith.mulf %rq, %rq : tensor<1x4096xf32>
      %init = tensor.splat %zero : tensor<1xf32>
      %ss = linalg.reduce { arith.addf } ins(%sq : tensor<1x4096xf32>) outs(%init : tensor<1xf32>) dimensions = [1]
      %s = tensor.extract %ss[%c0] : tensor<1xf32>
      %mean = arith.divf %s, %n : f32
      %me = arith.addf %mean, %eps : f32
      %inv = math.rsqrt %me : f32
      %ib = tensor.splat %inv : tensor<1x4096xf32>
      %xn = arith.mulf %rq, %ib : tensor<1x4096xf32>
      %yf = arith.mulf %xn, %w : tensor<1x4096xf32>
      %y = arith.truncf %yf : tensor<1x4096xf32> to tensor<1x4096xbf16>
      ktdp.store %y, %yt : tensor<1x4096xbf16>, !ktdp.access_tile<1x4096xindex>
    }
    return
  }
}
