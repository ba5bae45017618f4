// reduce_to_one_max.mlir -- a max all-reduce over 4 tiles of f16 rows,
// then only tile 3 stores: m = max over tiles of x[t, :] (1x64 each).
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0, g == 0)>
#one_group = affine_set<(g) : (g == 0)>
module {
  func.func @reduce_to_one_max(%x_ptr: index, %m_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %ninf = arith.constant 0xFC00 : f16
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #xs, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %xa = ktdp.construct_access_tile %xv[%t, %c0] {
      access_tile_set = #row, access_tile_order = #id2
    } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %x = ktdp.load %xa : <1x64xindex> -> tensor<1x64xf16>
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all
        -> !ktdp.tile_future<(tensor<1x64xf16>), groups = #one_group>
    {
      ^bb0(%gid: index):
        ktdp.yield_partial %x : tensor<1x64xf16>
    }
    %e = tensor.empty() : tensor<1x64xf16>
    %idn = linalg.fill ins(%ninf : f16) outs(%e : tensor<1x64xf16>) -> tensor<1x64xf16>
    %m = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #all,
        identity(%idn : tensor<1x64xf16>)
        : !ktdp.tile_future<(tensor<1x64xf16>), groups = #one_group> -> tensor<1x64xf16>
    {
      ^bb0(%l: tensor<1x64xf16>, %r: tensor<1x64xf16>):
        %mx = arith.maximumf %l, %r : tensor<1x64xf16>
        ktdp.yield_reduced %mx : tensor<1x64xf16>
    }
    %last = arith.cmpi eq, %t, %c3 : index
    scf.if %last {
      %mv = ktdp.construct_memory_view %m_ptr, sizes: [1, 64], strides: [64, 1] {
        coordinate_set = #row, memory_space = #ktdp.memory_space<global>
      } : memref<1x64xf16>
      %ma = ktdp.construct_access_tile %mv[%c0, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
      ktdp.store %m, %ma : tensor<1x64xf16>, <1x64xindex>
    }
    return
  }
}
