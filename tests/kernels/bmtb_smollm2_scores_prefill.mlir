// bmtb_smollm2_scores_prefill.mlir -- SmolLM2-135M attention scores on a
// 32-token prefill (issue 23, section 1): `linalg.batch_matmul_transpose_b`
// of a head's 32 queries against the 32 keys of its KV head as stored
// (tokens x head_dim); 9 query heads share 3 KV heads.
//
// The key tile read transposed has rows of 32 elements (half a stick), as
// has the output: the compute stage streams the keys a stick at a time and
// takes the queries and the scores a row at a time (8192 bytes of whole
// tiles held before, in a compute engine of 2048).
//
// What it computes
//   q : 9x32x64 f16, k : 3x32x64 f16, s : 9x32x32 f16. grid = [9, 1]:
//   tile h computes s[h, i, j] = fp16(sum_d q[h, i, d] * k[h / 3, j, d]).
// Bound of the co-simulation (emu.cosim_kernels, spyre-batch):
// the f16 matmul's k accumulation order, as ktir__ffn_swiglu (the
// emulator's per-lane f16 sums against the interpreter's f32 sum; worst
// seen 2.5).
// MAX-ULPS: 4
module {
  func.func @smollm2_scores_prefill(%arg0: index, %arg1: index, %arg2: index) attributes {grid = [9, 1]} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %0 = ktdp.construct_memory_view %arg0, sizes: [9, 32, 64], strides: [2048, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 8 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<9x32x64xf16>
    %1 = ktdp.construct_memory_view %arg1, sizes: [3, 32, 64], strides: [2048, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<3x32x64xf16>
    %2 = ktdp.construct_memory_view %arg2, sizes: [9, 32, 32], strides: [1024, 32, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 8 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 31 >= 0)>,
      memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<9x32x32xf16>
    %3 = ktdp.get_compute_tile_id : index
    %4 = arith.divui %3, %c3 : index
    %5 = ktdp.construct_access_tile %0[%3, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<9x32x64xf16> -> !ktdp.access_tile<1x32x64xindex>
    %6 = ktdp.load %5 : !ktdp.access_tile<1x32x64xindex> -> tensor<1x32x64xf16>
    %7 = ktdp.construct_access_tile %1[%4, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<3x32x64xf16> -> !ktdp.access_tile<1x32x64xindex>
    %8 = ktdp.load %7 : !ktdp.access_tile<1x32x64xindex> -> tensor<1x32x64xf16>
    %cst = arith.constant 0.000000e+00 : f16
    %9 = tensor.empty() : tensor<1x32x32xf16>
    %10 = linalg.fill ins(%cst : f16) outs(%9 : tensor<1x32x32xf16>) -> tensor<1x32x32xf16>
    %11 = linalg.batch_matmul_transpose_b ins(%6, %8 : tensor<1x32x64xf16>, tensor<1x32x64xf16>) outs(%10 : tensor<1x32x32xf16>) -> tensor<1x32x32xf16>
    %12 = ktdp.construct_access_tile %2[%3, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 31 >= 0)>,
      access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<9x32x32xf16> -> !ktdp.access_tile<1x32x32xindex>
    ktdp.store %11, %12 : tensor<1x32x32xf16>, !ktdp.access_tile<1x32x32xindex>
    return
  }
}
