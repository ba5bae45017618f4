// guarded_dequant_residual.mlir -- a branch's tile read after the branch:
// a per-token dequantisation guarded against a non-positive scale (zeros
// then, a constant tile), added to the residual stream after the scf.if
// (Llama-3-8B hidden size 4096, 32 tokens, one token per program).
//
// What it computes
//   x, h : 32 x 4096 f16, scales : 32 f32, y : 32 x 4096 f16. grid = [32]:
//   tile t loads scales[t] and branches on it (scf.if on a loaded scalar):
//   d = x[t] / s when s > 0, dense<0.0> otherwise; then y[t] = h[t] + d.
//   The branch's result (8 KiB) is more than the compute engine holds: each
//   branch writes it to LX, the pipeline after the branch streams it back
//   (pipeline/utils/StageAccumulators.h), the constant a splat per stick.
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#ts = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @guarded_dequant_residual(%x_ptr: index, %s_ptr: index, %h_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %zf = arith.constant 0.0 : f32
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %hv = ktdp.construct_memory_view %h_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [32], strides: [1] {coordinate_set = #ts, memory_space = #ktdp.memory_space<global>} : memref<32xf32>
    %sa = ktdp.construct_access_tile %sv[%t] {access_tile_set = #one, access_tile_order = #id1} : memref<32xf32> -> !ktdp.access_tile<1xindex>
    %st = ktdp.load %sa : !ktdp.access_tile<1xindex> -> tensor<1xf32>
    %s = tensor.extract %st[%c0] : tensor<1xf32>
    %pos = arith.cmpf ogt, %s, %zf : f32
    %d = scf.if %pos -> (tensor<1x4096xf16>) {
      %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
      %sh = arith.truncf %s : f32 to f16
      %sb = tensor.splat %sh : tensor<1x4096xf16>
      %q = arith.divf %x, %sb : tensor<1x4096xf16>
      scf.yield %q : tensor<1x4096xf16>
    } else {
      %zeros = arith.constant dense<0.0> : tensor<1x4096xf16>
      scf.yield %zeros : tensor<1x4096xf16>
    }
    %ha = ktdp.construct_access_tile %hv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %h = ktdp.load %ha : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %y = arith.addf %h, %d : tensor<1x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    ktdp.store %y, %ya : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    return
  }
}
