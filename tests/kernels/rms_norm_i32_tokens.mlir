// rms_norm_i32_tokens.mlir -- vLLM-style RMSNorm over SmolLM2's hidden size
// with the token count an i32 argument and the row loop running on i32
// (issue 23, section 4: loop bounds from i32 arguments): tile t takes
// tokens t, t + 32, ...; the views' row extent is the token count.
// RUN-ARGS: --arg num_tokens=40
//
// What it computes
//   x, y : num_tokens x 576 f16, w : 576 f16. For every token r:
//   y[r, j] = x[r, j] * rsqrt(sum_k x[r, k]^2 / 576 + 1e-5) * w[j], every
//   step rounded to f16 (the row sum in f16, as the tile; the emulator sums
//   in per-lane partials, the interpreter pairwise: up to 2 steps apart).
// MAX-ULPS: 2
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#w_set = affine_set<(d0) : (d0 >= 0, -d0 + 575 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @rms_norm(%out_ptr: index, %in_ptr: index, %w_ptr: index, %num_tokens: i32) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c32_i32 = arith.constant 32 : i32
    %zero = arith.constant 0.0 : f16
    %inv_n = arith.constant dense<1.736e-03> : tensor<1xf16>
    %eps = arith.constant dense<1.0e-05> : tensor<1xf16>
    %n = arith.index_cast %num_tokens : i32 to index
    %x_view = ktdp.construct_memory_view %in_ptr, sizes: [%n, 576], strides: [576, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<?x576xf16>
    %y_view = ktdp.construct_memory_view %out_ptr, sizes: [%n, 576], strides: [576, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<?x576xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [576], strides: [1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<576xf16>
    %pid = ktdp.get_compute_tile_id : index
    %pid_i32 = arith.index_cast %pid : index to i32
    %wa = ktdp.construct_access_tile %w_view[%c0] {
      access_tile_set = #w_set, access_tile_order = #id1
    } : memref<576xf16> -> !ktdp.access_tile<576xindex>
    %w = ktdp.load %wa : !ktdp.access_tile<576xindex> -> tensor<576xf16>
    %zeros_e = tensor.empty() : tensor<1xf16>
    %zeros = linalg.fill ins(%zero : f16) outs(%zeros_e : tensor<1xf16>) -> tensor<1xf16>
    scf.for %tok = %pid_i32 to %num_tokens step %c32_i32 : i32 {
      %r = arith.index_cast %tok : i32 to index
      %xa = ktdp.construct_access_tile %x_view[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<?x576xf16> -> !ktdp.access_tile<1x576xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16>
      %sq = arith.mulf %x, %x : tensor<1x576xf16>
      %ssq = linalg.reduce { arith.addf } ins(%sq : tensor<1x576xf16>) outs(%zeros : tensor<1xf16>) dimensions = [1]
      %var = arith.mulf %ssq, %inv_n : tensor<1xf16>
      %var_eps = arith.addf %var, %eps : tensor<1xf16>
      %rstd = math.rsqrt %var_eps : tensor<1xf16>
      %rstd_e = tensor.empty() : tensor<1x576xf16>
      %rstd_b = linalg.broadcast ins(%rstd : tensor<1xf16>) outs(%rstd_e : tensor<1x576xf16>) dimensions = [1]
      %xn = arith.mulf %x, %rstd_b : tensor<1x576xf16>
      %w_e = tensor.empty() : tensor<1x576xf16>
      %w_b = linalg.broadcast ins(%w : tensor<576xf16>) outs(%w_e : tensor<1x576xf16>) dimensions = [0]
      %y = arith.mulf %xn, %w_b : tensor<1x576xf16>
      %ya = ktdp.construct_access_tile %y_view[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<?x576xf16> -> !ktdp.access_tile<1x576xindex>
      ktdp.store %y, %ya : tensor<1x576xf16>, !ktdp.access_tile<1x576xindex>
    }
    return
  }
}
