// multi_kernel_mlp_decode.mlir -- a module holding the three kernels of a
// SmolLM2-135M MLP for one decode token (issue 23, section 2): the gate
// and up projections (`linalg.matmul_transpose_b` against the weights as
// stored) and the SwiGLU activation that combines them. Every public
// kernel compiles on its own (the explorer's Kernel box, --function);
// without --function a tool takes the first.
//
// What they compute
//   @gate_proj: g[0, n] = fp16(sum_k x[0, k] * Wg[n, k]), x : 1x576,
//     Wg : 1536x576, g : 1x1536; grid = [24], tile t owns n in 64t .. 64t+63.
//   @up_proj: the same with Wu into u.
//   @silu_mul: h = silu(g) * u on 1x1536, grid = [24], 64 a tile.
// Bound of the co-simulation (emu.cosim_kernels, spyre-batch):
// the f16 matmuls' k accumulation order over K = 576, as
// ktir__ffn_swiglu (worst seen 7.5, @gate_proj).
// MAX-ULPS: 8
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1535 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#h_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1535 >= 0)>
#w_rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#h_cols = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @gate_proj(%x_ptr: index, %wg_ptr: index, %g_ptr: index) attributes {grid = [24]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %t = ktdp.get_compute_tile_id : index
    %n0 = arith.muli %t, %c64 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [1, 576], strides: [576, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x576xf16>
    %wv = ktdp.construct_memory_view %wg_ptr, sizes: [1536, 576], strides: [576, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<1536x576xf16>
    %gv = ktdp.construct_memory_view %g_ptr, sizes: [1, 1536], strides: [1536, 1] {
      coordinate_set = #h_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x1536xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<1x576xf16> -> !ktdp.access_tile<1x576xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16>
    %wa = ktdp.construct_access_tile %wv[%n0, %c0] {
      access_tile_set = #w_rows, access_tile_order = #id2
    } : memref<1536x576xf16> -> !ktdp.access_tile<64x576xindex>
    %w = ktdp.load %wa : !ktdp.access_tile<64x576xindex> -> tensor<64x576xf16>
    %init = arith.constant dense<0.0> : tensor<1x64xf16>
    %g = linalg.matmul_transpose_b ins(%x, %w : tensor<1x576xf16>, tensor<64x576xf16>) outs(%init : tensor<1x64xf16>) -> tensor<1x64xf16>
    %ga = ktdp.construct_access_tile %gv[%c0, %n0] {
      access_tile_set = #h_cols, access_tile_order = #id2
    } : memref<1x1536xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %g, %ga : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
  func.func @up_proj(%x_ptr: index, %wu_ptr: index, %u_ptr: index) attributes {grid = [24]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %t = ktdp.get_compute_tile_id : index
    %n0 = arith.muli %t, %c64 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [1, 576], strides: [576, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x576xf16>
    %wv = ktdp.construct_memory_view %wu_ptr, sizes: [1536, 576], strides: [576, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<1536x576xf16>
    %uv = ktdp.construct_memory_view %u_ptr, sizes: [1, 1536], strides: [1536, 1] {
      coordinate_set = #h_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x1536xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<1x576xf16> -> !ktdp.access_tile<1x576xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16>
    %wa = ktdp.construct_access_tile %wv[%n0, %c0] {
      access_tile_set = #w_rows, access_tile_order = #id2
    } : memref<1536x576xf16> -> !ktdp.access_tile<64x576xindex>
    %w = ktdp.load %wa : !ktdp.access_tile<64x576xindex> -> tensor<64x576xf16>
    %init = arith.constant dense<0.0> : tensor<1x64xf16>
    %u = linalg.matmul_transpose_b ins(%x, %w : tensor<1x576xf16>, tensor<64x576xf16>) outs(%init : tensor<1x64xf16>) -> tensor<1x64xf16>
    %ua = ktdp.construct_access_tile %uv[%c0, %n0] {
      access_tile_set = #h_cols, access_tile_order = #id2
    } : memref<1x1536xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %u, %ua : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
  func.func @silu_mul(%g_ptr: index, %u_ptr: index, %h_ptr: index) attributes {grid = [24]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %t = ktdp.get_compute_tile_id : index
    %n0 = arith.muli %t, %c64 : index
    %gv = ktdp.construct_memory_view %g_ptr, sizes: [1, 1536], strides: [1536, 1] {
      coordinate_set = #h_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x1536xf16>
    %uv = ktdp.construct_memory_view %u_ptr, sizes: [1, 1536], strides: [1536, 1] {
      coordinate_set = #h_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x1536xf16>
    %hv = ktdp.construct_memory_view %h_ptr, sizes: [1, 1536], strides: [1536, 1] {
      coordinate_set = #h_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x1536xf16>
    %ga = ktdp.construct_access_tile %gv[%c0, %n0] {
      access_tile_set = #h_cols, access_tile_order = #id2
    } : memref<1x1536xf16> -> !ktdp.access_tile<1x64xindex>
    %g = ktdp.load %ga : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %ua = ktdp.construct_access_tile %uv[%c0, %n0] {
      access_tile_set = #h_cols, access_tile_order = #id2
    } : memref<1x1536xf16> -> !ktdp.access_tile<1x64xindex>
    %u = ktdp.load %ua : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %s = spyreop.silu %g : tensor<1x64xf16>
    %h = arith.mulf %s, %u : tensor<1x64xf16>
    %ha = ktdp.construct_access_tile %hv[%c0, %n0] {
      access_tile_set = #h_cols, access_tile_order = #id2
    } : memref<1x1536xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %h, %ha : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
