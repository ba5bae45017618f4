// product_allreduce_uneven_grid6.mlir -- a multiplicative all-reduce
// (combiner arith.mulf, identity 1.0) of per-channel scales over Llama-3-8B's
// 4096 hidden channels, on a grid of 6 cores split in two groups of unequal
// size: cores 0-2 combine the three scales of one tensor-parallel weight
// (its shards' per-channel scales multiplied into one), cores 3-4 the two
// of another, and core 5 is in no group (it only fills the grid, as a
// launch rounded up does: it loads like the others and stores nothing).
// The first member of each group stores the product. Before: refused by
// the legality check (groups of unequal size not covering the grid).
//
// What it computes
//   s : 6x4096 f32 (row t: core t's scales), p : 2x4096 f32.
//   grid = [6]: p[0, :] = s[0, :] * s[2, :] * s[1, :] (core 0's fold
//   order: own, core 2's, core 1's), p[1, :] = s[3, :] * s[4, :].
#ss = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#ps = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// Group 0: tiles 0-2; group 1: tiles 3-4.
#grp = affine_set<(i)[g] : (i - 3 * g >= 0, -i + 2 * g + 2 >= 0, -i + 4 >= 0)>
#groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>
module {
  func.func @scale_product(%s_ptr: index, %p_ptr: index) attributes {grid = [6]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %one = arith.constant 1.000000e+00 : f32
    %t = ktdp.get_compute_tile_id : index
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [6, 4096], strides: [4096, 1] {coordinate_set = #ss, memory_space = #ktdp.memory_space<global>} : memref<6x4096xf32>
    %pv = ktdp.construct_memory_view %p_ptr, sizes: [2, 4096], strides: [4096, 1] {coordinate_set = #ps, memory_space = #ktdp.memory_space<global>} : memref<2x4096xf32>
    %sa = ktdp.construct_access_tile %sv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<6x4096xf32> -> !ktdp.access_tile<1x4096xindex>
    %s = ktdp.load %sa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf32>
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #grp -> !ktdp.tile_future<(tensor<1x4096xf32>), groups = #groups> {
    ^bb0(%gid: index):
      ktdp.yield_partial %s : tensor<1x4096xf32>
    }
    %e = tensor.empty() : tensor<1x4096xf32>
    %idn = linalg.fill ins(%one : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %p = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #grp, identity(%idn : tensor<1x4096xf32>) : !ktdp.tile_future<(tensor<1x4096xf32>), groups = #groups> -> tensor<1x4096xf32> {
    ^bb0(%a: tensor<1x4096xf32>, %b: tensor<1x4096xf32>):
      %r = arith.mulf %a, %b : tensor<1x4096xf32>
      ktdp.yield_reduced %r : tensor<1x4096xf32>
    }
    %first0 = arith.cmpi eq, %t, %c0 : index
    %first1 = arith.cmpi eq, %t, %c3 : index
    %first = arith.ori %first0, %first1 : i1
    scf.if %first {
      %g = arith.select %first0, %c0, %c1 : index
      %pa = ktdp.construct_access_tile %pv[%g, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<2x4096xf32> -> !ktdp.access_tile<1x4096xindex>
      ktdp.store %p, %pa : tensor<1x4096xf32>, !ktdp.access_tile<1x4096xindex>
    }
    return
  }
}
