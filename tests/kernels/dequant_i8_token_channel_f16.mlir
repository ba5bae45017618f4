// dequant_i8_token_channel_f16.mlir -- vLLM's W8A8 output scaling as
// torch-mlir writes it: out[t, j] = f16(float(q[t, j]) * s_tok[t] * s_ch[j])
// for Llama-3-8B's hidden width (4096), 32 tokens, one per core. The i8
// row sets the stick loop's lanes (128): the f32 channel scales move four
// sticks per vector, the f16 output two; the token's scale is popped once.
#q_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#t_set = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#c_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#r = affine_map<(d0, d1) -> (d0)>
#c = affine_map<(d0, d1) -> (d1)>
module {
  func.func @dequant_per_token_per_channel(%arg0: index, %arg1: index, %arg2: index, %arg3: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %0 = ktdp.get_compute_tile_id : index
    %1 = ktdp.construct_memory_view %arg0, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #q_set, memory_space = #ktdp.memory_space<global>} : memref<32x4096xi8>
    %2 = ktdp.construct_memory_view %arg1, sizes: [32], strides: [1] {coordinate_set = #t_set, memory_space = #ktdp.memory_space<global>} : memref<32xf32>
    %3 = ktdp.construct_memory_view %arg2, sizes: [4096], strides: [1] {coordinate_set = #c_set, memory_space = #ktdp.memory_space<global>} : memref<4096xf32>
    %4 = ktdp.construct_memory_view %arg3, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #q_set, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %5 = ktdp.construct_access_tile %1[%0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xi8> -> !ktdp.access_tile<1x4096xindex>
    %6 = ktdp.load %5 : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xi8>
    %7 = ktdp.construct_access_tile %2[%0] {access_tile_set = #one, access_tile_order = #id1} : memref<32xf32> -> !ktdp.access_tile<1xindex>
    %8 = ktdp.load %7 : !ktdp.access_tile<1xindex> -> tensor<1xf32>
    %9 = ktdp.construct_access_tile %3[%c0] {access_tile_set = #c_set, access_tile_order = #id1} : memref<4096xf32> -> !ktdp.access_tile<4096xindex>
    %10 = ktdp.load %9 : !ktdp.access_tile<4096xindex> -> tensor<4096xf32>
    %11 = tensor.empty() : tensor<1x4096xf16>
    %12 = linalg.generic {indexing_maps = [#id2, #r, #c, #id2], iterator_types = ["parallel", "parallel"]} ins(%6, %8, %10 : tensor<1x4096xi8>, tensor<1xf32>, tensor<4096xf32>) outs(%11 : tensor<1x4096xf16>) {
    ^bb0(%in: i8, %in_0: f32, %in_1: f32, %out: f16):
      %13 = arith.sitofp %in : i8 to f32
      %14 = arith.mulf %13, %in_0 : f32
      %15 = arith.mulf %14, %in_1 : f32
      %16 = arith.truncf %15 : f32 to f16
      linalg.yield %16 : f16
    } -> tensor<1x4096xf16>
    %17 = ktdp.construct_access_tile %4[%0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    ktdp.store %12, %17 : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    return
  }
}
