// helper_call_rmsnorm.mlir -- a kernel that reaches its pieces through
// func.call, as a generator that emits one function per torch op writes it
// (issue 23, section 2): @rms_norm_rows calls the private helpers
// @row_rstd (the row's 1/rms, returned as a tensor) and @scale_row (the
// normalised row times the weight), on SmolLM2's hidden size; the helpers
// are inlined, each op keeps its own line.
//
// What it computes
//   x, y : 64x576 f16, w : 576 f16. grid = [32]: tile t takes rows t and
//   t + 32; y[r, j] = x[r, j] * rsqrt(sum_k x[r, k]^2 / 576 + 1e-5) * w[j],
//   every step rounded to f16. The emulator sums the squares in per-lane
//   partials, the interpreter pairwise: up to 2 steps of f16 apart.
// MAX-ULPS: 2
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#w_set = affine_set<(d0) : (d0 >= 0, -d0 + 575 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func private @row_rstd(%x: tensor<1x576xf16>) -> tensor<1x576xf16> {
    %zero = arith.constant 0.0 : f16
    %inv_n = arith.constant dense<1.736e-03> : tensor<1xf16>
    %eps = arith.constant dense<1.0e-05> : tensor<1xf16>
    %sq = arith.mulf %x, %x : tensor<1x576xf16>
    %z_e = tensor.empty() : tensor<1xf16>
    %z = linalg.fill ins(%zero : f16) outs(%z_e : tensor<1xf16>) -> tensor<1xf16>
    %ssq = linalg.reduce { arith.addf } ins(%sq : tensor<1x576xf16>) outs(%z : tensor<1xf16>) dimensions = [1]
    %var = arith.mulf %ssq, %inv_n : tensor<1xf16>
    %ve = arith.addf %var, %eps : tensor<1xf16>
    %rstd = math.rsqrt %ve : tensor<1xf16>
    %b_e = tensor.empty() : tensor<1x576xf16>
    %b = linalg.broadcast ins(%rstd : tensor<1xf16>) outs(%b_e : tensor<1x576xf16>) dimensions = [1]
    return %b : tensor<1x576xf16>
  }
  func.func private @scale_row(%x: tensor<1x576xf16>, %rstd: tensor<1x576xf16>, %w1: tensor<576xf16>) -> tensor<1x576xf16> {
    %w_e = tensor.empty() : tensor<1x576xf16>
    %w = linalg.broadcast ins(%w1 : tensor<576xf16>) outs(%w_e : tensor<1x576xf16>) dimensions = [0]
    %n = arith.mulf %x, %rstd : tensor<1x576xf16>
    %y = arith.mulf %n, %w : tensor<1x576xf16>
    return %y : tensor<1x576xf16>
  }
  func.func @rms_norm_rows(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [64, 576], strides: [576, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x576xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [64, 576], strides: [576, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x576xf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [576], strides: [1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<576xf16>
    %wa = ktdp.construct_access_tile %wv[%c0] {
      access_tile_set = #w_set, access_tile_order = #id1
    } : memref<576xf16> -> !ktdp.access_tile<576xindex>
    %w1 = ktdp.load %wa : !ktdp.access_tile<576xindex> -> tensor<576xf16>
    scf.for %r = %t to %c64 step %c32 {
      %xa = ktdp.construct_access_tile %xv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<64x576xf16> -> !ktdp.access_tile<1x576xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16>
      %rstd = func.call @row_rstd(%x) : (tensor<1x576xf16>) -> tensor<1x576xf16>
      %y = func.call @scale_row(%x, %rstd, %w1) : (tensor<1x576xf16>, tensor<1x576xf16>, tensor<576xf16>) -> tensor<1x576xf16>
      %ya = ktdp.construct_access_tile %yv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<64x576xf16> -> !ktdp.access_tile<1x576xindex>
      ktdp.store %y, %ya : tensor<1x576xf16>, !ktdp.access_tile<1x576xindex>
    }
    return
  }
}
