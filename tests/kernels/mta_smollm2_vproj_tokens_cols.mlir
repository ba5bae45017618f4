// mta_smollm2_vproj_tokens_cols.mlir -- SmolLM2-135M v_proj on a 32-token
// prefill whose activations are stored hidden-major (one column per token),
// as a generator emits `mm(x.t(), w)` (issue 23, section 1):
// `linalg.matmul_transpose_a` reads the 64x32 chunk of x^T as its 32x64 A;
// each chunk's f32 partial is added to an f32 accumulator.
//
// What it computes
//   xt : 576x32 f16 (hidden x tokens), W : 576x192 f16 (in x out),
//   y : 32x192 f16. grid = [3]: tile t computes y[:, 64t .. 64t + 63] =
//   fp16(the f32 sum over 9 chunks c of the f32 sums over k of
//   xt[64c + k, i] * W[64c + k, 64t + j]).
// Bound of the co-simulation (emu.cosim_kernels, spyre-batch):
// as matmul_f32acc_k3: the f32 sums round apart by an f32 step, which
// can flip an f16 rounding (worst seen 0.25).
// MAX-ULPS: 1
#xt_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 575 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 575 >= 0, d1 >= 0, -d1 + 191 >= 0)>
#y_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 191 >= 0)>
#a_chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#b_chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#y_chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @smollm2_vproj_tokens_cols(%xt_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c576 = arith.constant 576 : index
    %xt_view = ktdp.construct_memory_view %xt_ptr, sizes: [576, 32], strides: [32, 1] {
      coordinate_set = #xt_set, memory_space = #ktdp.memory_space<global>
    } : memref<576x32xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [576, 192], strides: [192, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<576x192xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [32, 192], strides: [192, 1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x192xf16>
    %t = ktdp.get_compute_tile_id : index
    %n0 = arith.muli %t, %c64 : index
    %zero = arith.constant dense<0.0> : tensor<32x64xf32>
    %acc32 = scf.for %k = %c0 to %c576 step %c64 iter_args(%acc = %zero) -> (tensor<32x64xf32>) {
      %aa = ktdp.construct_access_tile %xt_view[%k, %c0] {
        access_tile_set = #a_chunk, access_tile_order = #id2
      } : memref<576x32xf16> -> !ktdp.access_tile<64x32xindex>
      %a = ktdp.load %aa : !ktdp.access_tile<64x32xindex> -> tensor<64x32xf16>
      %ba = ktdp.construct_access_tile %w_view[%k, %n0] {
        access_tile_set = #b_chunk, access_tile_order = #id2
      } : memref<576x192xf16> -> !ktdp.access_tile<64x64xindex>
      %b = ktdp.load %ba : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
      %init = arith.constant dense<0.0> : tensor<32x64xf32>
      %part = linalg.matmul_transpose_a ins(%a, %b : tensor<64x32xf16>, tensor<64x64xf16>) outs(%init : tensor<32x64xf32>) -> tensor<32x64xf32>
      %next = arith.addf %acc, %part : tensor<32x64xf32>
      scf.yield %next : tensor<32x64xf32>
    }
    %y = arith.truncf %acc32 : tensor<32x64xf32> to tensor<32x64xf16>
    %ya = ktdp.construct_access_tile %y_view[%c0, %n0] {
      access_tile_set = #y_chunk, access_tile_order = #id2
    } : memref<32x192xf16> -> !ktdp.access_tile<32x64xindex>
    ktdp.store %y, %ya : tensor<32x64xf16>, !ktdp.access_tile<32x64xindex>
    return
  }
}
