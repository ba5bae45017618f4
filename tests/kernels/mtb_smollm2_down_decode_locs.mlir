// mtb_smollm2_down_decode_locs.mlir -- SmolLM2-135M MLP down_proj for one
// decode token, printed by its generator with debug locations (issue 23,
// section 1): every op carries the Python line that emitted it, directly
// (`loc("...py":L:C)`) or through a `#locN` alias defined after the module,
// and the matmul is `linalg.matmul_transpose_b` with an f32 accumulator.
// Diagnostics, line links and the listing must still name this file's
// lines.
//
// What it computes
//   h : 1x1536 f16 (the MLP's hidden activation), W : 576x1536 f16,
//   y : 1x576 f16. grid = [9]: tile t computes y[0, 64t + j] =
//   fp16(sum over k of fp32(h[0, k]) * fp32(W[64t + j, k])), K in 12
//   chunks of 128 summed in f32 in k order.
// Bound of the co-simulation (emu.cosim_kernels, spyre-batch):
// as matmul_f32acc_k3: the f32 sums round apart by an f32 step, which
// can flip an f16 rounding (worst seen 0.25).
// MAX-ULPS: 1
module {
  func.func @smollm2_down_decode(%h_ptr: index loc("/opt/ktir_gen/emit_matmul.py":88:4), %w_ptr: index loc("/opt/ktir_gen/emit_matmul.py":88:4), %y_ptr: index loc("/opt/ktir_gen/emit_matmul.py":88:4)) attributes {grid = [9]} {
    %c0 = arith.constant 0 : index loc(#loc1)
    %c64 = arith.constant 64 : index loc(#loc1)
    %c128 = arith.constant 128 : index loc(#loc1)
    %c1536 = arith.constant 1536 : index loc(#loc1)
    %zero = arith.constant 0.0 : f32 loc(#loc1)
    %h_view = ktdp.construct_memory_view %h_ptr, sizes: [1, 1536], strides: [1536, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1535 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x1536xf16> loc(#loc2)
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [576, 1536], strides: [1536, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 575 >= 0, d1 >= 0, -d1 + 1535 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<576x1536xf16> loc(#loc2)
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [1, 576], strides: [576, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x576xf16> loc(#loc2)
    %t = ktdp.get_compute_tile_id : index loc("/opt/ktir_gen/emit_matmul.py":97:10)
    %n0 = arith.muli %t, %c64 : index loc("/opt/ktir_gen/emit_matmul.py":98:10)
    %empty = tensor.empty() : tensor<1x64xf32> loc(#loc3)
    %acc0 = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x64xf32>) -> tensor<1x64xf32> loc(#loc3)
    %acc = scf.for %k = %c0 to %c1536 step %c128 iter_args(%a = %acc0) -> (tensor<1x64xf32>) {
      %ha = ktdp.construct_access_tile %h_view[%c0, %k] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<1x1536xf16> -> !ktdp.access_tile<1x128xindex> loc(#loc4)
      %h = ktdp.load %ha : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16> loc(#loc4)
      %wa = ktdp.construct_access_tile %w_view[%n0, %k] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<576x1536xf16> -> !ktdp.access_tile<64x128xindex> loc(#loc5)
      %w = ktdp.load %wa : !ktdp.access_tile<64x128xindex> -> tensor<64x128xf16> loc(#loc5)
      %r = linalg.matmul_transpose_b ins(%h, %w : tensor<1x128xf16>, tensor<64x128xf16>) outs(%a : tensor<1x64xf32>) -> tensor<1x64xf32> loc("/opt/ktir_gen/emit_matmul.py":131:14)
      scf.yield %r : tensor<1x64xf32> loc("/opt/ktir_gen/emit_matmul.py":133:8)
    } loc("/opt/ktir_gen/emit_matmul.py":120:4)
    %y = arith.truncf %acc : tensor<1x64xf32> to tensor<1x64xf16> loc("/opt/ktir_gen/emit_matmul.py":140:8)
    %ya = ktdp.construct_access_tile %y_view[%c0, %n0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<1x576xf16> -> !ktdp.access_tile<1x64xindex> loc(#loc6)
    ktdp.store %y, %ya : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex> loc(#loc6)
    return loc(#loc6)
  } loc("/opt/ktir_gen/emit_matmul.py":88:4)
} loc(#loc)
#loc = loc("/opt/ktir_gen/emit_matmul.py":80:0)
#loc1 = loc("/opt/ktir_gen/emit_matmul.py":101:8)
#loc2 = loc("/opt/ktir_gen/emit_views.py":45:12)
#loc3 = loc("/opt/ktir_gen/emit_matmul.py":112:8)
#loc4 = loc("/opt/ktir_gen/emit_tiles.py":61:12)
#loc5 = loc("/opt/ktir_gen/emit_tiles.py":67:12)
#loc6 = loc("/opt/ktir_gen/emit_tiles.py":75:8)
