// mtb_smollm2_qproj_prefill32.mlir -- SmolLM2-135M q_proj on a 32-token
// prefill: `linalg.matmul_transpose_b` of the 32 tokens' hidden states
// against the weight as stored (out x in), f16 operands into f16 outs (the
// generator's f16 matmul), 64 output features per tile.
//
// What it computes
//   x : 32x576 f16, W : 576x576 f16, y : 32x576 f16. grid = [9]: tile t
//   computes y[i, 64t + j] = sum over k of x[i, k] * W[64t + j, k] in f16,
//   for the 32 rows i. The compiled program sums each dot product in
//   64 f16 lanes (9 products each) folded as a tree, the interpreter k in
//   order: within rounding. Each row of x is popped on its own and the
//   weight streams from LX once per row.
module {
  func.func @smollm2_qproj_prefill32(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [9]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [32, 576], strides: [576, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 575 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<32x576xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [576, 576], strides: [576, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 575 >= 0, d1 >= 0, -d1 + 575 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<576x576xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [32, 576], strides: [576, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 575 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<32x576xf16>
    %t = ktdp.get_compute_tile_id : index
    %n0 = arith.muli %t, %c64 : index
    %xa = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 575 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<32x576xf16> -> !ktdp.access_tile<32x576xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<32x576xindex> -> tensor<32x576xf16>
    %wa = ktdp.construct_access_tile %w_view[%n0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 575 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<576x576xf16> -> !ktdp.access_tile<64x576xindex>
    %w = ktdp.load %wa : !ktdp.access_tile<64x576xindex> -> tensor<64x576xf16>
    %zero = arith.constant dense<0.0> : tensor<32x64xf16>
    %y = linalg.matmul_transpose_b ins(%x, %w : tensor<32x576xf16>, tensor<64x576xf16>)
                                   outs(%zero : tensor<32x64xf16>) -> tensor<32x64xf16>
    %ya = ktdp.construct_access_tile %y_view[%c0, %n0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<32x576xf16> -> !ktdp.access_tile<32x64xindex>
    ktdp.store %y, %ya : tensor<32x64xf16>, !ktdp.access_tile<32x64xindex>
    return
  }
}
