// trunc_div_quant_inductor.mlir -- inductor's lowering of
// `torch.div(x, s, rounding_mode='trunc') * s` (a quantisation to steps of
// s towards zero, as fake-quant and bucketing code writes it) over a
// 32-token prefill of Llama-3-8B's hidden width (4096), one token per
// core, in f32 as inductor computes it from f16: math.trunc rounds towards
// zero (-2.7 -> -2), which neither floor nor ceil alone does.
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @trunc_div_quant(%x_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %s = arith.constant 0.25 : f32
    %e = tensor.empty() : tensor<1x4096xf16>
    %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x4096xf16>) outs(%e : tensor<1x4096xf16>) {
    ^bb0(%in: f16, %out: f16):
      %0 = arith.extf %in : f16 to f32
      %1 = arith.divf %0, %s : f32
      %2 = math.trunc %1 : f32
      %3 = arith.mulf %2, %s : f32
      %4 = arith.truncf %3 : f32 to f16
      linalg.yield %4 : f16
    } -> tensor<1x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    ktdp.store %y, %ya : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    return
  }
}
