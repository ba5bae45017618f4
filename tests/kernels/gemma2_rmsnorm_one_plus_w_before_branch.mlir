// gemma2_rmsnorm_one_plus_w_before_branch.mlir -- Gemma-2 RMSNorm (2304 wide) with its weight used as (1 + w): the bf16 row loaded, widened and
// offset by 1.0 once, before the guard a decode step's tiles take (tile i normalises token i when
// i < 6 of the 8 tiles)
// (1 + w) is made again in the branch from the streamed row (extract-compute-groups); the
// constant 1.0 becomes a splat vector (docs/unseen-kernels.md, "A fifth tester's kernels").
#x = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2303 >= 0)>
#w = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2303 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2303 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @gemma2_rmsnorm_decode(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %zero = arith.constant 0.0 : f32
    %eps = arith.constant 1.0e-06 : f32
    %n = arith.constant 2304.0 : f32
    %one = arith.constant dense<1.0> : tensor<1x2304xf32>
    %pid = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [8, 2304], strides: [2304, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<8x2304xbf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [8, 2304], strides: [2304, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<8x2304xbf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [1, 2304], strides: [2304, 1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<1x2304xbf16>
    %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #w, access_tile_order = #id2} : memref<1x2304xbf16> -> !ktdp.access_tile<1x2304xindex>
    %w16 = ktdp.load %wa : !ktdp.access_tile<1x2304xindex> -> tensor<1x2304xbf16>
    %wf = arith.extf %w16 : tensor<1x2304xbf16> to tensor<1x2304xf32>
    %w1 = arith.addf %wf, %one : tensor<1x2304xf32>
    %active = arith.cmpi ult, %pid, %c6 : index
    scf.if %active {
      %xa = ktdp.construct_access_tile %xv[%pid, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x2304xbf16> -> !ktdp.access_tile<1x2304xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x2304xindex> -> tensor<1x2304xbf16>
      %xf = arith.extf %x : tensor<1x2304xbf16> to tensor<1x2304xf32>
      %sq = arith.mulf %xf, %xf : tensor<1x2304xf32>
      %e1 = tensor.empty() : tensor<1xf32>
      %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
      %s = linalg.reduce { arith.addf } ins(%sq : tensor<1x2304xf32>) outs(%z : tensor<1xf32>) dimensions = [1]
      %sv = tensor.extract %s[%c0] : tensor<1xf32>
      %ms = arith.divf %sv, %n : f32
      %me = arith.addf %ms, %eps : f32
      %rs = math.rsqrt %me : f32
      %rsb = tensor.splat %rs : tensor<1x2304xf32>
      %yn = arith.mulf %xf, %rsb : tensor<1x2304xf32>
      %y = arith.mulf %yn, %w1 : tensor<1x2304xf32>
      %yb = arith.truncf %y : tensor<1x2304xf32> to tensor<1x2304xbf16>
      %ya = ktdp.construct_access_tile %yv[%pid, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x2304xbf16> -> !ktdp.access_tile<1x2304xindex>
      ktdp.store %yb, %ya : tensor<1x2304xbf16>, !ktdp.access_tile<1x2304xindex>
    }
    return
  }
}
