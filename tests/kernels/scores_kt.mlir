// scores_kt.mlir -- attention scores S = Q @ K^T with K read transposed by
// the DMA (the access tile's order map swaps its dimensions) and an fp32
// accumulator (issue 15: a matmul with a transposed operand).
//
// What it computes
//   Q : 8x64 fp16, K : 128x64 fp16 (row-major in HBM), S : 8x128 fp16.
//   grid = [2]: tile t computes S[:, 64*t .. 64*t + 63] from K's rows
//   64*t .. 64*t + 63, loaded as the 64x64 tile K^T[d, j] = K[64*t + j, d].
//   S[i, j] = fp16(sum over d of fp32(Q[i, d]) * fp32(K[64*t + j, d])).

#q_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#k_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#s_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#k_block = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#s_block = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2     = affine_map<(d0, d1) -> (d0, d1)>
#swap    = affine_map<(d0, d1) -> (d1, d0)>

module {
  func.func @scores_kt(%q_ptr: index, %k_ptr: index, %s_ptr: index)
      attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %t = ktdp.get_compute_tile_id : index
    %j0 = arith.muli %t, %c64 : index
    %q_view = ktdp.construct_memory_view %q_ptr, sizes: [8, 64], strides: [64, 1] {
      coordinate_set = #q_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x64xf16>
    %k_view = ktdp.construct_memory_view %k_ptr, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = #k_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>
    %s_view = ktdp.construct_memory_view %s_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #s_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %q_acc = ktdp.construct_access_tile %q_view[%c0, %c0] {
      access_tile_set = #q_set, access_tile_order = #id2
    } : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
    %kt_acc = ktdp.construct_access_tile %k_view[%j0, %c0] {
      access_tile_set = #k_block, access_tile_order = #swap
    } : memref<128x64xf16> -> !ktdp.access_tile<64x64xindex>
    %q = ktdp.load %q_acc : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
    %kt = ktdp.load %kt_acc : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
    %empty = tensor.empty() : tensor<8x64xf32>
    %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x64xf32>) -> tensor<8x64xf32>
    %acc = linalg.matmul ins(%q, %kt : tensor<8x64xf16>, tensor<64x64xf16>)
                         outs(%init : tensor<8x64xf32>) -> tensor<8x64xf32>
    %s = arith.truncf %acc : tensor<8x64xf32> to tensor<8x64xf16>
    %s_acc = ktdp.construct_access_tile %s_view[%c0, %j0] {
      access_tile_set = #s_block, access_tile_order = #id2
    } : memref<8x128xf16> -> !ktdp.access_tile<8x64xindex>
    ktdp.store %s, %s_acc : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
    return
  }
}
