// mean_pool_lens_in_memory_llama1b.mlir -- mean pooling over each
// sequence's valid tokens, the lengths read from device memory (a padded
// batch whose seq_lens tensor the host wrote), on Llama-3.2-1B's hidden
// 2048 in f16, summed in f32:
//   out[b, :] = sum_{t < len[b]} h[b, t, :] / max(len[b], 1)
// grid [4], one sequence per tile. The loop's upper bound is an i32 loaded
// from memory (ktdp.load, tensor.extract, index_cast) and the loop carries
// the 1x2048 f32 running sum (8 KiB): the compute unit hands the bound
// over to the memory units, and the running sum lives in LX (field probe
// of 2026-12-06, class A: this shape deadlocked on the emulator).
#hs = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 2047 >= 0)>
#os = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#ls = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#hrow = affine_set<(d0, d1, d2) : (d0 == 0, d1 == 0, d2 >= 0, -d2 + 2047 >= 0)>
#orow = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2047 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @mean_pool_lens(%hidden: index, %seq_lens: index, %pooled: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one_i32 = arith.constant 1 : i32
    %b = ktdp.get_compute_tile_id : index
    %hv = ktdp.construct_memory_view %hidden, sizes: [4, 16, 2048], strides: [32768, 2048, 1] {coordinate_set = #hs, memory_space = #ktdp.memory_space<global>} : memref<4x16x2048xf16>
    %ov = ktdp.construct_memory_view %pooled, sizes: [4, 2048], strides: [2048, 1] {coordinate_set = #os, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf16>
    %lv = ktdp.construct_memory_view %seq_lens, sizes: [4], strides: [1] {coordinate_set = #ls, memory_space = #ktdp.memory_space<global>} : memref<4xi32>
    %la = ktdp.construct_access_tile %lv[%b] {access_tile_set = #one, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<1xindex>
    %lt = ktdp.load %la : <1xindex> -> tensor<1xi32>
    %len = tensor.extract %lt[%c0] : tensor<1xi32>
    %n = arith.index_cast %len : i32 to index
    %zero = arith.constant 0.000000e+00 : f32
    %e = tensor.empty() : tensor<1x2048xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2048xf32>) -> tensor<1x2048xf32>
    %sum = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<1x2048xf32>) {
      %ra = ktdp.construct_access_tile %hv[%b, %t, %c0] {access_tile_set = #hrow, access_tile_order = #id3} : memref<4x16x2048xf16> -> !ktdp.access_tile<1x1x2048xindex>
      %r = ktdp.load %ra : <1x1x2048xindex> -> tensor<1x1x2048xf16>
      %r2 = tensor.collapse_shape %r [[0, 1], [2]] : tensor<1x1x2048xf16> into tensor<1x2048xf16>
      %r32 = arith.extf %r2 : tensor<1x2048xf16> to tensor<1x2048xf32>
      %a = arith.addf %acc, %r32 : tensor<1x2048xf32>
      scf.yield %a : tensor<1x2048xf32>
    }
    %count = arith.maxsi %len, %one_i32 : i32
    %countf = arith.sitofp %count : i32 to f32
    %cb = tensor.splat %countf : tensor<1x2048xf32>
    %mean = arith.divf %sum, %cb : tensor<1x2048xf32>
    %m16 = arith.truncf %mean : tensor<1x2048xf32> to tensor<1x2048xf16>
    %oa = ktdp.construct_access_tile %ov[%b, %c0] {access_tile_set = #orow, access_tile_order = #id2} : memref<4x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    ktdp.store %m16, %oa : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
    return
  }
}
