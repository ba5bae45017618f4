// allreduce_tp8_three_groups_decode.mlir -- the tensor-parallel all-reduce
// after Llama-3-8B's row-parallel down projection at 1-token decode, for
// three sequences side by side on 24 of the 32 cores: sequence g runs on
// the 8 cores 8g .. 8g+7 (tensor parallelism 8), each holding the partial
// sum of the 4096 hidden values from its eighth of the 14336 intermediate
// columns; an all-reduce per group of 8 adds them up and the group's
// first member adds the residual and stores the sequence's hidden state.
// Cores 24..31 are in no group: they load and produce like the others
// (the generator emits the load at function scope) but take no part in
// the exchange and store nothing (they are left to other work).
// Before: refused by the legality check (the groups did not cover every
// tile).
//
// What it computes
//   part : 24x4096 f16 (row t: core t's partial), res, out : 3x4096 f16.
//   grid = [32]: for g < 3, s = sum over t in 8g..8g+7 of part[t, :]
//   (folded in ring order from each core's own), and core 8g stores
//   out[g, :] = res[g, :] + s.
#part = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#seq = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tp = affine_set<(i)[g] : (i - 8 * g >= 0, 8 * g + 7 - i >= 0)>
#groups = affine_set<(g) : (g >= 0, -g + 2 >= 0)>
module {
  func.func @allreduce_tp8(%part_ptr: index, %res_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c23 = arith.constant 23 : index
    %c24 = arith.constant 24 : index
    %zero = arith.constant 0.000000e+00 : f16
    %t = ktdp.get_compute_tile_id : index
    // A core past the 24 partials reads the last one (its value unused).
    %in = arith.cmpi ult, %t, %c24 : index
    %r = arith.select %in, %t, %c23 : index
    %pv = ktdp.construct_memory_view %part_ptr, sizes: [24, 4096], strides: [4096, 1] {coordinate_set = #part, memory_space = #ktdp.memory_space<global>} : memref<24x4096xf16>
    %rv = ktdp.construct_memory_view %res_ptr, sizes: [3, 4096], strides: [4096, 1] {coordinate_set = #seq, memory_space = #ktdp.memory_space<global>} : memref<3x4096xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [3, 4096], strides: [4096, 1] {coordinate_set = #seq, memory_space = #ktdp.memory_space<global>} : memref<3x4096xf16>
    %pa = ktdp.construct_access_tile %pv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<24x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %p = ktdp.load %pa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #tp -> !ktdp.tile_future<(tensor<1x4096xf16>), groups = #groups> {
    ^bb0(%gid: index):
      ktdp.yield_partial %p : tensor<1x4096xf16>
    }
    %e = tensor.empty() : tensor<1x4096xf16>
    %idn = linalg.fill ins(%zero : f16) outs(%e : tensor<1x4096xf16>) -> tensor<1x4096xf16>
    %s = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #tp, identity(%idn : tensor<1x4096xf16>) : !ktdp.tile_future<(tensor<1x4096xf16>), groups = #groups> -> tensor<1x4096xf16> {
    ^bb0(%a: tensor<1x4096xf16>, %b: tensor<1x4096xf16>):
      %sum = arith.addf %a, %b : tensor<1x4096xf16>
      ktdp.yield_reduced %sum : tensor<1x4096xf16>
    }
    %j = arith.remui %t, %c8 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %leads = arith.andi %in, %first : i1
    scf.if %leads {
      %g = arith.divui %t, %c8 : index
      %ra = ktdp.construct_access_tile %rv[%g, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<3x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      %res = ktdp.load %ra : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
      %y = arith.addf %res, %s : tensor<1x4096xf16>
      %oa = ktdp.construct_access_tile %ov[%g, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<3x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      ktdp.store %y, %oa : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    }
    return
  }
}
