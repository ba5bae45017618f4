// ring_sum_3tiles.mlir -- an all-reduce over a ring of 3 tiles (not a power
// of two): each tile loads its 2x32 f32 block, squares it, and all three
// receive the sum of the three; tile t stores (sum + own block) to its block.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_set<(i)[g] : (i >= 0, -i + 2 >= 0, g == 0)>
#one_group = affine_set<(g) : (g == 0)>
module {
  func.func @ring_sum_3tiles(%x_ptr: index, %y_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.0 : f32
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c2 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [6, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [6, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<6x32xf32> -> !ktdp.access_tile<2x32xindex>
    %x = ktdp.load %xa : <2x32xindex> -> tensor<2x32xf32>
    %sq = arith.mulf %x, %x : tensor<2x32xf32>
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all
        -> !ktdp.tile_future<(tensor<2x32xf32>), groups = #one_group>
    {
      ^bb0(%gid: index):
        ktdp.yield_partial %sq : tensor<2x32xf32>
    }
    %e = tensor.empty() : tensor<2x32xf32>
    %idn = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32xf32>) -> tensor<2x32xf32>
    %tot = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #all,
        identity(%idn : tensor<2x32xf32>)
        : !ktdp.tile_future<(tensor<2x32xf32>), groups = #one_group> -> tensor<2x32xf32>
    {
      ^bb0(%l: tensor<2x32xf32>, %r: tensor<2x32xf32>):
        %s = arith.addf %l, %r : tensor<2x32xf32>
        ktdp.yield_reduced %s : tensor<2x32xf32>
    }
    %y = arith.addf %tot, %x : tensor<2x32xf32>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<6x32xf32> -> !ktdp.access_tile<2x32xindex>
    ktdp.store %y, %ya : tensor<2x32xf32>, <2x32xindex>
    return
  }
}
