// bias_add_f32_f16_rows.mlir -- a linear layer's bias epilogue as torch-mlir
// writes it for vLLM with an f32 bias: Llama-3-8B's hidden width (4096),
// a 32-token prefill, one token per core: y = f16(f32(x) + bias). The f16
// rows and the f32 bias move through the compute unit together, so its
// stick loop takes the f16 lanes (64) and pops two f32 sticks per vector
// (docs/unseen-kernels.md, "Tiles of different element widths").
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#bs = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#c = affine_map<(d0, d1) -> (d1)>
module {
  func.func @bias_add_f32_f16_rows(%x_ptr: index, %b_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [4096], strides: [1] {coordinate_set = #bs, memory_space = #ktdp.memory_space<global>} : memref<4096xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %ba = ktdp.construct_access_tile %bv[%c0] {access_tile_set = #bs, access_tile_order = #id1} : memref<4096xf32> -> !ktdp.access_tile<4096xindex>
    %b = ktdp.load %ba : !ktdp.access_tile<4096xindex> -> tensor<4096xf32>
    %e = tensor.empty() : tensor<1x4096xf16>
    %y = linalg.generic {indexing_maps = [#id2, #c, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<1x4096xf16>, tensor<4096xf32>) outs(%e : tensor<1x4096xf16>) {
    ^bb0(%in: f16, %bi: f32, %out: f16):
      %0 = arith.extf %in : f16 to f32
      %a = arith.addf %0, %bi : f32
      %1 = arith.truncf %a : f32 to f16
      linalg.yield %1 : f16
    } -> tensor<1x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    ktdp.store %y, %ya : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    return
  }
}
