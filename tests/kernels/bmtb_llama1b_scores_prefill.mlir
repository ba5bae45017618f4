// bmtb_llama1b_scores_prefill.mlir -- Llama-3.2-1B attention scores on a
// 32-token prefill (issue 23, section 1): `linalg.batch_matmul_transpose_b`
// of a query head's 32 queries against the 32 keys of its KV head as stored
// (tokens x head_dim), grouped-query attention (32 query heads on 8 KV
// heads), then the 1/sqrt(64) scale. Head dim 64 in f16 is half a 128-byte
// stick: the keys read transposed give rows of 32 elements, and each head's
// query and key tiles take 4096 bytes each (8192 together, four times the
// compute engine's memory).
//
// What it computes
//   q : 32x32x64 f16 (heads x tokens x head_dim), k : 8x32x64 f16 (kv heads
//   x tokens x head_dim), s : 32x32x32 f16. grid = [32]: tile h computes
//   s[h, i, j] = fp16(fp16(sum_d q[h, i, d] * k[h / 4, j, d]) * 0.125).
// Bound of the co-simulation (emu.cosim_kernels, spyre-batch):
// the f16 matmul's k accumulation order, as ktir__ffn_swiglu (the
// emulator's per-lane f16 sums against the interpreter's f32 sum).
// MAX-ULPS: 4
#q_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#k_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#s_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 31 >= 0)>
#qk_head = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#s_head = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 31 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @llama1b_scores_prefill(%arg0: index, %arg1: index, %arg2: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant dense<1.250000e-01> : tensor<1x32x32xf16>
    %0 = ktdp.construct_memory_view %arg0, sizes: [32, 32, 64], strides: [2048, 64, 1] {
      coordinate_set = #q_set, memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<32x32x64xf16>
    %1 = ktdp.construct_memory_view %arg1, sizes: [8, 32, 64], strides: [2048, 64, 1] {
      coordinate_set = #k_set, memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<8x32x64xf16>
    %2 = ktdp.construct_memory_view %arg2, sizes: [32, 32, 32], strides: [1024, 32, 1] {
      coordinate_set = #s_set, memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<32x32x32xf16>
    %3 = ktdp.get_compute_tile_id : index
    %4 = arith.divui %3, %c4 : index
    %5 = ktdp.construct_access_tile %0[%3, %c0, %c0] {
      access_tile_set = #qk_head, access_tile_order = #id3
    } : memref<32x32x64xf16> -> !ktdp.access_tile<1x32x64xindex>
    %6 = ktdp.load %5 : !ktdp.access_tile<1x32x64xindex> -> tensor<1x32x64xf16>
    %7 = ktdp.construct_access_tile %1[%4, %c0, %c0] {
      access_tile_set = #qk_head, access_tile_order = #id3
    } : memref<8x32x64xf16> -> !ktdp.access_tile<1x32x64xindex>
    %8 = ktdp.load %7 : !ktdp.access_tile<1x32x64xindex> -> tensor<1x32x64xf16>
    %cst_0 = arith.constant 0.000000e+00 : f16
    %9 = tensor.empty() : tensor<1x32x32xf16>
    %10 = linalg.fill ins(%cst_0 : f16) outs(%9 : tensor<1x32x32xf16>) -> tensor<1x32x32xf16>
    %11 = linalg.batch_matmul_transpose_b ins(%6, %8 : tensor<1x32x64xf16>, tensor<1x32x64xf16>) outs(%10 : tensor<1x32x32xf16>) -> tensor<1x32x32xf16>
    %12 = arith.mulf %11, %cst : tensor<1x32x32xf16>
    %13 = ktdp.construct_access_tile %2[%3, %c0, %c0] {
      access_tile_set = #s_head, access_tile_order = #id3
    } : memref<32x32x32xf16> -> !ktdp.access_tile<1x32x32xindex>
    ktdp.store %12, %13 : tensor<1x32x32xf16>, !ktdp.access_tile<1x32x32xindex>
    return
  }
}
