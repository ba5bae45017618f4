// mtb_smollm2_kproj_prefill.mlir -- SmolLM2-135M k_proj on a 32-token
// prefill, written the way a per-op generator on older MLIR writes it
// (issue 23, section 1): `linalg.matmul_transpose_b` against the weight as
// it is stored (out_features x in_features), the G1 memory space, inline
// sets, a K loop of 64-wide chunks with an f16 partial per chunk added to
// an iter_args accumulator, and a 2-D grid of one token row per tile.
//
// What it computes
//   x : 32x576 f16 (tokens x hidden), W : 192x576 f16 (3 kv heads x 64),
//   y : 32x192 f16. grid = [32, 1]: tile t computes y[t, :] as the f16 sum
//   over the 9 chunks c of fp16(sum_k x[t, 64c + k] * W[j, 64c + k]).
// Bound of the co-simulation (emu.cosim_kernels, spyre-batch):
// the f16 matmul's k accumulation order, as ktir__ffn_swiglu (the
// emulator's per-lane f16 sums against the interpreter's f32 sum; worst
// seen 2.25).
// MAX-ULPS: 4
module {
  func.func @smollm2_kproj_prefill(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [32, 1]} {
    %c0 = arith.constant 0 : index
    %view0 = ktdp.construct_memory_view %x_ptr, sizes: [32, 576], strides: [576, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 575 >= 0)>,
      memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<32x576xf16>
    %view1 = ktdp.construct_memory_view %w_ptr, sizes: [192, 576], strides: [576, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 191 >= 0, d1 >= 0, -d1 + 575 >= 0)>,
      memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<192x576xf16>
    %view2 = ktdp.construct_memory_view %y_ptr, sizes: [32, 192], strides: [192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 191 >= 0)>,
      memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<32x192xf16>
    %pid = ktdp.get_compute_tile_id : index
    %K = arith.constant 576 : index
    %KB = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : tensor<1x192xf16>
    %mm = scf.for %k = %c0 to %K step %KB iter_args(%acc = %zero) -> (tensor<1x192xf16>) {
      %xa = ktdp.construct_access_tile %view0[%pid, %k] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<32x576xf16> -> !ktdp.access_tile<1x64xindex>
      %xv = ktdp.load %xa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %wa = ktdp.construct_access_tile %view1[%c0, %k] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 191 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<192x576xf16> -> !ktdp.access_tile<192x64xindex>
      %wv = ktdp.load %wa : !ktdp.access_tile<192x64xindex> -> tensor<192x64xf16>
      %init = arith.constant dense<0.0> : tensor<1x192xf16>
      %part = linalg.matmul_transpose_b ins(%xv, %wv : tensor<1x64xf16>, tensor<192x64xf16>) outs(%init : tensor<1x192xf16>) -> tensor<1x192xf16>
      %next = arith.addf %acc, %part : tensor<1x192xf16>
      scf.yield %next : tensor<1x192xf16>
    }
    %ya = ktdp.construct_access_tile %view2[%pid, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 191 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<32x192xf16> -> !ktdp.access_tile<1x192xindex>
    ktdp.store %mm, %ya : tensor<1x192xf16>, !ktdp.access_tile<1x192xindex>
    return
  }
}
