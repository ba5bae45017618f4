// mtb_llama3_8b_qproj_whole_decode.mlir -- Llama-3-8B q_proj for one decode
// token with the tile's whole weight slice in one load, as a per-op linear
// kernel writes it: `linalg.matmul_transpose_b` of the 1x4096 hidden state
// against the 128x4096 slice of the f16 weight as stored (out x in, 1 MiB),
// into f16 outs filled with zeros.
//
// What it computes
//   x : 1x4096 f16, W : 4096x4096 f16, y : 1x4096 f16. grid = [32]: tile t
//   computes y[0, 128t + j] = fp16(sum over k of x[0, k] * W[128t + j, k])
//   (the interpreter sums the f16 products in f32 and rounds once).
//   chunk-large-matmuls chunks K (512 at a time, the weight's chunks read
//   as stored, an f32 accumulator); vectorize-held-tiles computes each
//   chunk as dot products over the weight's rows.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @llama3_8b_qproj_whole_decode(%arg0: index, %arg1: index, %arg2: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %0 = ktdp.construct_memory_view %arg0, sizes: [1, 4096], strides: [4096, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>
    } : memref<1x4096xf16>
    %1 = ktdp.construct_memory_view %arg1, sizes: [4096, 4096], strides: [4096, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>
    } : memref<4096x4096xf16>
    %2 = ktdp.construct_memory_view %arg2, sizes: [1, 4096], strides: [4096, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>
    } : memref<1x4096xf16>
    %3 = ktdp.get_compute_tile_id : index
    %4 = arith.muli %3, %c128 : index
    %10 = ktdp.construct_access_tile %0[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>, access_tile_order = #map
    } : memref<1x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %11 = ktdp.load %10 : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %12 = ktdp.construct_access_tile %1[%4, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, access_tile_order = #map
    } : memref<4096x4096xf16> -> !ktdp.access_tile<128x4096xindex>
    %13 = ktdp.load %12 : !ktdp.access_tile<128x4096xindex> -> tensor<128x4096xf16>
    %zf = arith.constant 0.0 : f16
    %ze = tensor.empty() : tensor<1x128xf16>
    %z = linalg.fill ins(%zf : f16) outs(%ze : tensor<1x128xf16>) -> tensor<1x128xf16>
    %15 = linalg.matmul_transpose_b ins(%11, %13 : tensor<1x4096xf16>, tensor<128x4096xf16>) outs(%z : tensor<1x128xf16>) -> tensor<1x128xf16>
    %9 = ktdp.construct_access_tile %2[%c0, %4] {
      access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>, access_tile_order = #map
    } : memref<1x4096xf16> -> !ktdp.access_tile<1x128xindex>
    ktdp.store %15, %9 : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    return
  }
}
