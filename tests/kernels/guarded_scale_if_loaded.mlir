// guarded_scale_if_loaded.mlir -- a per-token dequantisation guarded
// against a zero scale, as a Triton kernel writes `if s > 0: store(x / s)
// else: store(x)` for one token per program (Llama-3-8B hidden size 4096, 32 tokens).
//
// What it computes
//   x : 32x4096 f16, scales : 32 f32, y : 32x4096 f16. grid = [32]: tile
//   t loads scales[t], takes it out of the loaded tensor and branches on
//   it (scf.if on a loaded scalar, field probe of 2026-12-06, class B): stores y[t] = x[t] / s
//   when s > 0, x[t] unchanged otherwise. The branch's condition exists only in the
//   compute unit; every other unit follows the same branch.
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#ts = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func private @scale_row(%x: tensor<1x4096xf16>, %s: f32) -> tensor<1x4096xf16> {
    %sh = arith.truncf %s : f32 to f16
    %sb = tensor.splat %sh : tensor<1x4096xf16>
    %y = arith.divf %x, %sb : tensor<1x4096xf16>
    return %y : tensor<1x4096xf16>
  }
  func.func @guarded_scale(%x_ptr: index, %s_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %zf = arith.constant 0.0 : f32
    %tok = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [32], strides: [1] {coordinate_set = #ts, memory_space = #ktdp.memory_space<global>} : memref<32xf32>
    %sa = ktdp.construct_access_tile %sv[%tok] {access_tile_set = #one, access_tile_order = #id1} : memref<32xf32> -> !ktdp.access_tile<1xindex>
    %st = ktdp.load %sa : !ktdp.access_tile<1xindex> -> tensor<1xf32>
    %s = tensor.extract %st[%c0] : tensor<1xf32>
    %xa = ktdp.construct_access_tile %xv[%tok, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %pos = arith.cmpf ogt, %s, %zf : f32
    %ya = ktdp.construct_access_tile %yv[%tok, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    scf.if %pos {
      %r = func.call @scale_row(%x, %s) : (tensor<1x4096xf16>, f32) -> tensor<1x4096xf16>
      ktdp.store %r, %ya : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    } else {
      ktdp.store %x, %ya : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    }
    return
  }
}
