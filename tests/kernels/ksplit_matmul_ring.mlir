// ksplit_matmul_ring.mlir -- a matmul split along K over four tiles, its
// partial products summed by a ring all-reduce, tile 0 storing the sum.
// Issue 15: the 16x128 partial (4 KiB) is more than the compute engine
// holds (2 KiB); stage-intermediates stages it in LX between the matmul and
// the exchange, and the exchange runs a row at a time.
//
// What it computes
//   x : 16x512 fp16, W : 512x128 fp16, y : 16x128 fp16.
//   Tile t: p_t = x[:, 128t : 128t+128] @ W[128t : 128t+128, :] (fp16
//   products and sums); y = p_0 + p_1 + p_2 + p_3 (ring order), stored by
//   tile 0.

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#xk_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#wk_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0, g == 0)>
#one_group = affine_set<(g) : (g == 0)>

module {
  func.func @ksplit_matmul_ring(%x_ptr: index, %w_ptr: index, %y_ptr: index)
      attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f16
    %t = ktdp.get_compute_tile_id : index
    %k0 = arith.muli %t, %c128 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [16, 512], strides: [512, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<16x512xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [512, 128], strides: [128, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<512x128xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [16, 128], strides: [128, 1] {
      coordinate_set = #xk_set, memory_space = #ktdp.memory_space<global>
    } : memref<16x128xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %k0] {
      access_tile_set = #xk_set, access_tile_order = #id2
    } : memref<16x512xf16> -> !ktdp.access_tile<16x128xindex>
    %w_acc = ktdp.construct_access_tile %w_view[%k0, %c0] {
      access_tile_set = #wk_set, access_tile_order = #id2
    } : memref<512x128xf16> -> !ktdp.access_tile<128x128xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<16x128xindex> -> tensor<16x128xf16>
    %w = ktdp.load %w_acc : !ktdp.access_tile<128x128xindex> -> tensor<128x128xf16>
    %p_init = tensor.empty() : tensor<16x128xf16>
    %p = linalg.matmul ins(%x, %w : tensor<16x128xf16>, tensor<128x128xf16>)
                       outs(%p_init : tensor<16x128xf16>) -> tensor<16x128xf16>
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all
        -> !ktdp.tile_future<(tensor<16x128xf16>), groups = #one_group>
    {
      ^bb0(%gid: index):
        ktdp.yield_partial %p : tensor<16x128xf16>
    }
    %e = tensor.empty() : tensor<16x128xf16>
    %idn = linalg.fill ins(%zero : f16) outs(%e : tensor<16x128xf16>) -> tensor<16x128xf16>
    %y = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #all,
        identity(%idn : tensor<16x128xf16>)
        : !ktdp.tile_future<(tensor<16x128xf16>), groups = #one_group> -> tensor<16x128xf16>
    {
      ^bb0(%l: tensor<16x128xf16>, %r: tensor<16x128xf16>):
        %s = arith.addf %l, %r : tensor<16x128xf16>
        ktdp.yield_reduced %s : tensor<16x128xf16>
    }
    %is_writer = arith.cmpi eq, %t, %c0 : index
    scf.if %is_writer {
      %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
        access_tile_set = #xk_set, access_tile_order = #id2
      } : memref<16x128xf16> -> !ktdp.access_tile<16x128xindex>
      ktdp.store %y, %y_acc : tensor<16x128xf16>, !ktdp.access_tile<16x128xindex>
    }
    return
  }
}
