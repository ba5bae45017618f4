// smoothquant_inverse_scale_before_loop.mlir -- SmoothQuant's activation smoothing for a
// Llama-3-8B projection input (hidden 4096, bf16) in a persistent row loop, as inductor writes
// it: a linalg.generic widens the per-channel smoothing row and takes its reciprocal (f32,
// 16 KiB) once, before the loop over 32 rows on 8 programs; each row is multiplied by it.
// The generic is made again in the loop from the row the load unit streams there
// (extract-compute-groups): nothing held (docs/unseen-kernels.md, "A fifth tester's kernels").
#full = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @smooth_rows(%x_ptr: index, %s_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1.0 : f32
    %pid = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #full, memory_space = #ktdp.memory_space<global>} : memref<32x4096xbf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #full, memory_space = #ktdp.memory_space<global>} : memref<32x4096xbf16>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [1, 4096], strides: [4096, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x4096xbf16>
    %sa = ktdp.construct_access_tile %sv[%c0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<1x4096xbf16> -> !ktdp.access_tile<1x4096xindex>
    %s16 = ktdp.load %sa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xbf16>
    %ie = tensor.empty() : tensor<1x4096xf32>
    %inv = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%s16 : tensor<1x4096xbf16>) outs(%ie : tensor<1x4096xf32>) {
      ^bb0(%a: bf16, %o: f32):
        %w = arith.extf %a : bf16 to f32
        %r = arith.divf %one, %w : f32
        linalg.yield %r : f32
    } -> tensor<1x4096xf32>
    scf.for %i = %pid to %c32 step %c8 {
      %xa = ktdp.construct_access_tile %xv[%i, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xbf16> -> !ktdp.access_tile<1x4096xindex>
      %ya = ktdp.construct_access_tile %yv[%i, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xbf16> -> !ktdp.access_tile<1x4096xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xbf16>
      %xf = arith.extf %x : tensor<1x4096xbf16> to tensor<1x4096xf32>
      %yf = arith.mulf %xf, %inv : tensor<1x4096xf32>
      %y = arith.truncf %yf : tensor<1x4096xf32> to tensor<1x4096xbf16>
      ktdp.store %y, %ya : tensor<1x4096xbf16>, !ktdp.access_tile<1x4096xindex>
    }
    return
  }
}
