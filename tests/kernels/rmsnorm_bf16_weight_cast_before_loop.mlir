// rmsnorm_bf16_weight_cast_before_loop.mlir -- a bf16 RMSNorm as Triton
// leaves a persistent kernel: the weight row (Llama-3.2-1B's hidden width,
// 2048) loaded, broadcast and widened to f32 once, before an i32 loop over
// the rows (32-token prefill, 8 programs, rows pid, pid + 8, ...). The
// widened row is made again in the loop, as the broadcast alone was
// (extract-compute-groups), so the compute unit streams the weight with
// each row instead of holding 8 KiB of f32 for the whole loop
// (docs/unseen-kernels.md, "A third tester's kernels").
#x = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#w = affine_set<(d0) : (d0 >= 0, -d0 + 2047 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2047 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @rmsnorm_bf16(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : i32
    %rows = arith.constant 32 : i32
    %zero = arith.constant 0.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %n = arith.constant 2048.0 : f32
    %pid = ktdp.get_compute_tile_id : index
    %pid32 = arith.index_cast %pid : index to i32
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 2048], strides: [2048, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<32x2048xbf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 2048], strides: [2048, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<32x2048xbf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [2048], strides: [1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<2048xbf16>
    %wa = ktdp.construct_access_tile %wv[%c0] {access_tile_set = #w, access_tile_order = #id1} : memref<2048xbf16> -> !ktdp.access_tile<2048xindex>
    %w = ktdp.load %wa : !ktdp.access_tile<2048xindex> -> tensor<2048xbf16>
    %ew = tensor.empty() : tensor<1x2048xbf16>
    %wb = linalg.broadcast ins(%w : tensor<2048xbf16>) outs(%ew : tensor<1x2048xbf16>) dimensions = [0]
    %wf = arith.extf %wb : tensor<1x2048xbf16> to tensor<1x2048xf32>
    scf.for %r32 = %pid32 to %rows step %c8 : i32 {
      %r = arith.index_cast %r32 : i32 to index
      %xa = ktdp.construct_access_tile %xv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x2048xbf16> -> !ktdp.access_tile<1x2048xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xbf16>
      %xf = arith.extf %x : tensor<1x2048xbf16> to tensor<1x2048xf32>
      %sq = arith.mulf %xf, %xf : tensor<1x2048xf32>
      %e1 = tensor.empty() : tensor<1xf32>
      %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
      %s = linalg.reduce { arith.addf } ins(%sq : tensor<1x2048xf32>) outs(%z : tensor<1xf32>) dimensions = [1]
      %sv = tensor.extract %s[%c0] : tensor<1xf32>
      %ms = arith.divf %sv, %n : f32
      %me = arith.addf %ms, %eps : f32
      %rs = math.rsqrt %me : f32
      %rsb = tensor.splat %rs : tensor<1x2048xf32>
      %yn = arith.mulf %xf, %rsb : tensor<1x2048xf32>
      %y = arith.mulf %yn, %wf : tensor<1x2048xf32>
      %yb = arith.truncf %y : tensor<1x2048xf32> to tensor<1x2048xbf16>
      %ya = ktdp.construct_access_tile %yv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x2048xbf16> -> !ktdp.access_tile<1x2048xindex>
      ktdp.store %yb, %ya : tensor<1x2048xbf16>, !ktdp.access_tile<1x2048xindex>
    }
    return
  }
}
