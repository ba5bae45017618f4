// bmtb_llama1b_scores_decode.mlir -- Llama-3.2-1B attention scores for one
// decode token over a 128-token KV cache (issue 23, section 1):
// `linalg.batch_matmul_transpose_b` of a head's query against its KV head's
// cached keys as stored (tokens x head_dim), grouped-query attention (4
// query heads per KV head), then the 1/sqrt(64) scale.
//
// What it computes
//   q : 32x1x64 f16 (heads x 1 x head_dim), k : 8x128x64 f16 (kv heads x
//   tokens x head_dim), s : 32x1x128 f16. grid = [32]: tile h computes
//   s[h, 0, j] = fp16(fp16(sum_d q[h, 0, d] * k[h / 4, j, d]) * 0.125).
// Bound of the co-simulation (emu.cosim_kernels, spyre-batch):
// the f16 matmul's k accumulation order, as ktir__ffn_swiglu (the
// emulator's per-lane f16 sums against the interpreter's f32 sum; worst
// seen 2).
// MAX-ULPS: 4
#q_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#k_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#s_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#q_head = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#k_head = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#s_head = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @llama1b_scores_decode(%q_ptr: index, %k_ptr: index, %s_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %scale = arith.constant dense<1.250000e-01> : tensor<1x1x128xf16>
    %q_view = ktdp.construct_memory_view %q_ptr, sizes: [32, 1, 64], strides: [64, 64, 1] {
      coordinate_set = #q_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x1x64xf16>
    %k_view = ktdp.construct_memory_view %k_ptr, sizes: [8, 128, 64], strides: [8192, 64, 1] {
      coordinate_set = #k_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128x64xf16>
    %s_view = ktdp.construct_memory_view %s_ptr, sizes: [32, 1, 128], strides: [128, 128, 1] {
      coordinate_set = #s_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x1x128xf16>
    %h = ktdp.get_compute_tile_id : index
    %kvh = arith.divui %h, %c4 : index
    %qa = ktdp.construct_access_tile %q_view[%h, %c0, %c0] {
      access_tile_set = #q_head, access_tile_order = #id3
    } : memref<32x1x64xf16> -> !ktdp.access_tile<1x1x64xindex>
    %q = ktdp.load %qa : !ktdp.access_tile<1x1x64xindex> -> tensor<1x1x64xf16>
    %ka = ktdp.construct_access_tile %k_view[%kvh, %c0, %c0] {
      access_tile_set = #k_head, access_tile_order = #id3
    } : memref<8x128x64xf16> -> !ktdp.access_tile<1x128x64xindex>
    %k = ktdp.load %ka : !ktdp.access_tile<1x128x64xindex> -> tensor<1x128x64xf16>
    %init = arith.constant dense<0.0> : tensor<1x1x128xf16>
    %raw = linalg.batch_matmul_transpose_b ins(%q, %k : tensor<1x1x64xf16>, tensor<1x128x64xf16>) outs(%init : tensor<1x1x128xf16>) -> tensor<1x1x128xf16>
    %s = arith.mulf %raw, %scale : tensor<1x1x128xf16>
    %sa = ktdp.construct_access_tile %s_view[%h, %c0, %c0] {
      access_tile_set = #s_head, access_tile_order = #id3
    } : memref<32x1x128xf16> -> !ktdp.access_tile<1x1x128xindex>
    ktdp.store %s, %sa : tensor<1x1x128xf16>, !ktdp.access_tile<1x1x128xindex>
    return
  }
}
