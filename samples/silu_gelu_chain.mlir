// silu_gelu_chain.mlir -- fused activation chain with Spyre intrinsics:
//   Y = X + gelu(X) * silu(G)
//
// What it computes
//   X, G, Y : 256x128 fp16, row-major in HBM; %x_ptr, %g_ptr, %y_ptr are
//   element indices into HBM.
//   grid = [32]: tile i owns rows 8*i .. 8*i+7. It loads the 8x128 slices of X
//   and G (2 KiB each), applies spyreop.silu to the whole G tensor, then one
//   linalg.generic computes x + gelu(x) * s element by element (spyreop.gelu on
//   scalars inside the body), and stores the 8x128 result into the same rows
//   of Y. Slices are disjoint; every Y element is written exactly once.
//
// Why it is interesting
//   It shows both ways to call a spyreop intrinsic: on a whole tensor
//   (spyreop.silu %g : tensor<...>) and on scalars inside a linalg.generic
//   body (spyreop.gelu %in : f16). A gated residual like this is what a
//   compiler should fuse into a single compute stage between the loads and the
//   store: no intermediate ever goes back to HBM. Follow the chain through the
//   IR panes to see silu, gelu, mul and add end up in one per-core pipeline,
//   and watch each core's scratchpad hold only a few sticks at a time.

#mat_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @silu_gelu_chain(%x_ptr: index, %g_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %rows_per_tile = arith.constant 8 : index

    %id = ktdp.get_compute_tile_id : index
    %row0 = arith.muli %id, %rows_per_tile : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [256, 128], strides: [128, 1] {
      coordinate_set = #mat_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<256x128xf16>

    %g_view = ktdp.construct_memory_view %g_ptr, sizes: [256, 128], strides: [128, 1] {
      coordinate_set = #mat_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<256x128xf16>

    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [256, 128], strides: [128, 1] {
      coordinate_set = #mat_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<256x128xf16>

    %x_tile = ktdp.construct_access_tile %x_view[%row0, %c0] {
      access_tile_set = #tile_set,
      access_tile_order = #identity
    } : memref<256x128xf16> -> !ktdp.access_tile<8x128xindex>

    %g_tile = ktdp.construct_access_tile %g_view[%row0, %c0] {
      access_tile_set = #tile_set,
      access_tile_order = #identity
    } : memref<256x128xf16> -> !ktdp.access_tile<8x128xindex>

    %x = ktdp.load %x_tile : !ktdp.access_tile<8x128xindex> -> tensor<8x128xf16>
    %g = ktdp.load %g_tile : !ktdp.access_tile<8x128xindex> -> tensor<8x128xf16>

    // Intrinsic applied to a whole tensor: s = silu(g) = g * sigmoid(g).
    %s = spyreop.silu %g : tensor<8x128xf16>

    // Intrinsic applied per element inside a fused body: y = x + gelu(x) * s.
    %y_init = tensor.empty() : tensor<8x128xf16>
    %y = linalg.generic {
        indexing_maps = [#identity, #identity, #identity],
        iterator_types = ["parallel", "parallel"]
      } ins(%x, %s : tensor<8x128xf16>, tensor<8x128xf16>)
        outs(%y_init : tensor<8x128xf16>) {
      ^bb0(%xv: f16, %sv: f16, %out: f16):
        %gelu = spyreop.gelu %xv : f16
        %gated = arith.mulf %gelu, %sv : f16
        %res = arith.addf %xv, %gated : f16
        linalg.yield %res : f16
    } -> tensor<8x128xf16>

    %y_tile = ktdp.construct_access_tile %y_view[%row0, %c0] {
      access_tile_set = #tile_set,
      access_tile_order = #identity
    } : memref<256x128xf16> -> !ktdp.access_tile<8x128xindex>

    ktdp.store %y, %y_tile : tensor<8x128xf16>, !ktdp.access_tile<8x128xindex>

    return
  }
}
