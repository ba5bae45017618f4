// mtb_llama3_8b_qproj_decode.mlir -- Llama-3-8B q_proj for one decode token,
// y = x @ W^T with the bf16 weight as nn.Linear stores it (out x in), written
// the way torch-mlir lowers aten.linear: a `linalg.transpose` of the weight
// tile, then a `linalg.matmul` of the activation and the transpose, here
// into an f32 accumulator carried over 8 chunks of K (iter_args).
//
// What it computes
//   x : 1x4096 bf16, W : 4096x4096 bf16, y : 1x4096 bf16. grid = [32]: tile t
//   computes y[0, 128t + j] = bf16(sum over k of fp32(x[0, k]) *
//   fp32(W[128t + j, k])), the f32 sum taken chunk by chunk (512 of K).
//   normalize-matmuls reads the weight through the matmul's transposed map
//   instead of transposing it; vectorize-held-tiles computes dot products
//   over the weight's rows as stored, streamed from LX a stick at a time.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @llama3_8b_qproj_decode(%arg0: index, %arg1: index, %arg2: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %c4096 = arith.constant 4096 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = ktdp.construct_memory_view %arg0, sizes: [1, 4096], strides: [4096, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x4096xbf16>
    %1 = ktdp.construct_memory_view %arg1, sizes: [4096, 4096], strides: [4096, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 4095 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x4096xbf16>
    %2 = ktdp.construct_memory_view %arg2, sizes: [1, 4096], strides: [4096, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x4096xbf16>
    %3 = ktdp.get_compute_tile_id : index
    %4 = arith.muli %3, %c128 : index
    %5 = tensor.empty() : tensor<1x128xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %7 = scf.for %arg3 = %c0 to %c4096 step %c512 iter_args(%arg4 = %6) -> (tensor<1x128xf32>) {
      %10 = ktdp.construct_access_tile %0[%c0, %arg3] {
        access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 511 >= 0)>, access_tile_order = #map
      } : memref<1x4096xbf16> -> !ktdp.access_tile<1x512xindex>
      %11 = ktdp.load %10 : !ktdp.access_tile<1x512xindex> -> tensor<1x512xbf16>
      %12 = ktdp.construct_access_tile %1[%4, %arg3] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 511 >= 0)>, access_tile_order = #map
      } : memref<4096x4096xbf16> -> !ktdp.access_tile<128x512xindex>
      %13 = ktdp.load %12 : !ktdp.access_tile<128x512xindex> -> tensor<128x512xbf16>
      %14 = tensor.empty() : tensor<512x128xbf16>
      %transposed = linalg.transpose ins(%13 : tensor<128x512xbf16>) outs(%14 : tensor<512x128xbf16>) permutation = [1, 0]
      %15 = linalg.matmul ins(%11, %transposed : tensor<1x512xbf16>, tensor<512x128xbf16>) outs(%arg4 : tensor<1x128xf32>) -> tensor<1x128xf32>
      scf.yield %15 : tensor<1x128xf32>
    }
    %8 = arith.truncf %7 : tensor<1x128xf32> to tensor<1x128xbf16>
    %9 = ktdp.construct_access_tile %2[%c0, %4] {
      access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>, access_tile_order = #map
    } : memref<1x4096xbf16> -> !ktdp.access_tile<1x128xindex>
    ktdp.store %8, %9 : tensor<1x128xbf16>, !ktdp.access_tile<1x128xindex>
    return
  }
}
