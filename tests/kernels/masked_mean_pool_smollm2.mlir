// masked_mean_pool_smollm2.mlir -- sentence-embedding mean pooling on a
// SmolLM2-135M backbone (sentence-transformers' pooling, as torch-mlir
// writes it): for batch 4, 128 tokens, hidden 576 bf16 and an i64
// attention mask,
//   emb[b, :] = sum_t mask[b, t] * h[b, t, :] / max(sum_t mask[b, t], 1)
// in f32, rounded to bf16; grid [4], one sequence per tile. The sum over
// the tokens (the OUTER dimension) is one reduction generic that reads the
// mask through (d0, d1) -> (d0) and widens in its body: normalize-tensor-ops
// splits it into the map and a linalg.reduce, and the compute unit folds
// a column of sticks at a time over the tokens (chunk-reductions,
// pipeline/utils/ColumnSticks.h), the mask held (one value per token).
#h = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 575 >= 0)>
#m = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#o = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#ht = affine_set<(d0, d1, d2) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 575 >= 0)>
#mt = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#ot = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 575 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tok = affine_map<(d0, d1) -> (d0)>
#hid = affine_map<(d0, d1) -> (d1)>
module {
  func.func @mean_pool(%h_ptr: index, %mask_ptr: index, %out_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %b = ktdp.get_compute_tile_id : index
    %hv = ktdp.construct_memory_view %h_ptr, sizes: [4, 128, 576], strides: [73728, 576, 1] {coordinate_set = #h, memory_space = #ktdp.memory_space<global>} : memref<4x128x576xbf16>
    %mv = ktdp.construct_memory_view %mask_ptr, sizes: [4, 128], strides: [128, 1] {coordinate_set = #m, memory_space = #ktdp.memory_space<global>} : memref<4x128xi64>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [4, 576], strides: [576, 1] {coordinate_set = #o, memory_space = #ktdp.memory_space<global>} : memref<4x576xbf16>
    %ha = ktdp.construct_access_tile %hv[%b, %c0, %c0] {access_tile_set = #ht, access_tile_order = #id3} : memref<4x128x576xbf16> -> !ktdp.access_tile<1x128x576xindex>
    %h3 = ktdp.load %ha : <1x128x576xindex> -> tensor<1x128x576xbf16>
    %h = tensor.collapse_shape %h3 [[0, 1], [2]] : tensor<1x128x576xbf16> into tensor<128x576xbf16>
    %ma = ktdp.construct_access_tile %mv[%b, %c0] {access_tile_set = #mt, access_tile_order = #id2} : memref<4x128xi64> -> !ktdp.access_tile<1x128xindex>
    %m2 = ktdp.load %ma : <1x128xindex> -> tensor<1x128xi64>
    %m = tensor.collapse_shape %m2 [[0, 1]] : tensor<1x128xi64> into tensor<128xi64>
    %e = tensor.empty() : tensor<576xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<576xf32>) -> tensor<576xf32>
    %s = linalg.generic {indexing_maps = [#id2, #tok, #hid], iterator_types = ["reduction", "parallel"]} ins(%h, %m : tensor<128x576xbf16>, tensor<128xi64>) outs(%z : tensor<576xf32>) {
    ^bb0(%x: bf16, %mk: i64, %acc: f32):
      %xf = arith.extf %x : bf16 to f32
      %mf = arith.sitofp %mk : i64 to f32
      %p = arith.mulf %xf, %mf : f32
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
    } -> tensor<576xf32>
    %e1 = tensor.empty() : tensor<f32>
    %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<f32>) -> tensor<f32>
    %mfl = arith.sitofp %m : tensor<128xi64> to tensor<128xf32>
    %cnt = linalg.reduce { arith.addf } ins(%mfl : tensor<128xf32>) outs(%z1 : tensor<f32>) dimensions = [0]
    %cv = tensor.extract %cnt[] : tensor<f32>
    %cc = arith.maximumf %cv, %one : f32
    %cb = tensor.splat %cc : tensor<576xf32>
    %mean = arith.divf %s, %cb : tensor<576xf32>
    %mb = arith.truncf %mean : tensor<576xf32> to tensor<576xbf16>
    %mb2 = tensor.expand_shape %mb [[0, 1]] output_shape [1, 576] : tensor<576xbf16> into tensor<1x576xbf16>
    %oa = ktdp.construct_access_tile %ov[%b, %c0] {access_tile_set = #ot, access_tile_order = #id2} : memref<4x576xbf16> -> !ktdp.access_tile<1x576xindex>
    ktdp.store %mb2, %oa : tensor<1x576xbf16>, <1x576xindex>
    return
  }
}
