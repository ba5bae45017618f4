// gelu_tanh_bf16_f32_bias.mlir -- bias + GELU (approximate = 'tanh') of
// bf16 activations with an f32 bias, computed in f32 and stored as f16, as
// torch-mlir writes it (one linalg.generic): Llama-3.2-1B's MLP width
// (8192), a 32-token prefill, one token per core. The bf16 rows, the f32
// bias and the f16 result move through the compute unit in one stick loop
// of 64 lanes (two f32 sticks per bias vector).
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 8191 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 8191 >= 0)>
#bs = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#c = affine_map<(d0, d1) -> (d1)>
module {
  func.func @gelu_bias(%x_ptr: index, %b_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 8192], strides: [8192, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x8192xbf16>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [8192], strides: [1] {coordinate_set = #bs, memory_space = #ktdp.memory_space<global>} : memref<8192xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 8192], strides: [8192, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x8192xf16>
    %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x8192xbf16> -> !ktdp.access_tile<1x8192xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x8192xindex> -> tensor<1x8192xbf16>
    %ba = ktdp.construct_access_tile %bv[%c0] {access_tile_set = #bs, access_tile_order = #id1} : memref<8192xf32> -> !ktdp.access_tile<8192xindex>
    %b = ktdp.load %ba : !ktdp.access_tile<8192xindex> -> tensor<8192xf32>
    %e = tensor.empty() : tensor<1x8192xf16>
    %y = linalg.generic {indexing_maps = [#id2, #c, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<1x8192xbf16>, tensor<8192xf32>) outs(%e : tensor<1x8192xf16>) {
    ^bb0(%in: bf16, %bi: f32, %out: f16):
      %cst = arith.constant 0.5 : f32
      %cst_0 = arith.constant 1.0 : f32
      %cst_1 = arith.constant 0.7978845608028654 : f32
      %cst_2 = arith.constant 0.044715 : f32
      %0 = arith.extf %in : bf16 to f32
      %1 = arith.addf %0, %bi : f32
      %2 = arith.mulf %1, %1 : f32
      %3 = arith.mulf %2, %1 : f32
      %4 = arith.mulf %3, %cst_2 : f32
      %5 = arith.addf %1, %4 : f32
      %6 = arith.mulf %5, %cst_1 : f32
      %7 = math.tanh %6 : f32
      %8 = arith.addf %7, %cst_0 : f32
      %9 = arith.mulf %1, %cst : f32
      %10 = arith.mulf %9, %8 : f32
      %11 = arith.truncf %10 : f32 to f16
      linalg.yield %11 : f16
    } -> tensor<1x8192xf16>
    %ya = ktdp.construct_access_tile %yv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x8192xf16> -> !ktdp.access_tile<1x8192xindex>
    ktdp.store %y, %ya : tensor<1x8192xf16>, !ktdp.access_tile<1x8192xindex>
    return
  }
}
