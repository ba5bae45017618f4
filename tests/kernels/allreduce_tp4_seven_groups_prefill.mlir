// allreduce_tp4_seven_groups_prefill.mlir -- the tensor-parallel
// all-reduce after Llama-3-8B's attention output projection for a chunk
// of 4 prefill tokens, with tensor parallelism 4 on 28 of the 32 cores:
// group g (g < 7, one chunk each) is cores 4g .. 4g+3, each holding the
// 4x4096 partial product of its quarter of the heads. The all-reduce per
// group sums them; the group's first member adds the residual and stores
// the chunk. Cores 28-31 are in no group:
// they load and produce like the others (the generator emits the load at
// function scope) but take no part in the exchange and store nothing.
// Before: refused by the legality check (the groups did not cover every
// tile).
//
// What it computes
//   part : 112x4096 f16 (rows 4t .. 4t+3: core t's partial, t < 28),
//   res, out : 28x4096 f16 (rows 4g .. 4g+3: chunk g). grid = [32]:
//   for g < 7, s_g = sum over t in 4g..4g+3 of part[4t .. 4t+3, :] (folded
//   in ring order from each core's own), and core 4g stores
//   out[4g .. 4g+3, :] = res[4g .. 4g+3, :] + s_g.
#part = affine_set<(d0, d1) : (d0 >= 0, -d0 + 111 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#seq = affine_set<(d0, d1) : (d0 >= 0, -d0 + 27 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tp = affine_set<(i)[g] : (i - 4 * g >= 0, 4 * g + 3 - i >= 0)>
#groups = affine_set<(g) : (g >= 0, -g + 6 >= 0)>
module {
  func.func @allreduce_tp4(%part_ptr: index, %res_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c27 = arith.constant 27 : index
    %c28 = arith.constant 28 : index
    %zero = arith.constant 0.000000e+00 : f16
    %t = ktdp.get_compute_tile_id : index
    // A core past the 28 partials reads the last one (its value unused).
    %in = arith.cmpi ult, %t, %c28 : index
    %r = arith.select %in, %t, %c27 : index
    %row = arith.muli %r, %c4 : index
    %pv = ktdp.construct_memory_view %part_ptr, sizes: [112, 4096], strides: [4096, 1] {coordinate_set = #part, memory_space = #ktdp.memory_space<global>} : memref<112x4096xf16>
    %rv = ktdp.construct_memory_view %res_ptr, sizes: [28, 4096], strides: [4096, 1] {coordinate_set = #seq, memory_space = #ktdp.memory_space<global>} : memref<28x4096xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [28, 4096], strides: [4096, 1] {coordinate_set = #seq, memory_space = #ktdp.memory_space<global>} : memref<28x4096xf16>
    %pa = ktdp.construct_access_tile %pv[%row, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<112x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    %p = ktdp.load %pa : !ktdp.access_tile<4x4096xindex> -> tensor<4x4096xf16>
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #tp -> !ktdp.tile_future<(tensor<4x4096xf16>), groups = #groups> {
    ^bb0(%gid: index):
      ktdp.yield_partial %p : tensor<4x4096xf16>
    }
    %e = tensor.empty() : tensor<4x4096xf16>
    %idn = linalg.fill ins(%zero : f16) outs(%e : tensor<4x4096xf16>) -> tensor<4x4096xf16>
    %s = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #tp, identity(%idn : tensor<4x4096xf16>) : !ktdp.tile_future<(tensor<4x4096xf16>), groups = #groups> -> tensor<4x4096xf16> {
    ^bb0(%a: tensor<4x4096xf16>, %b: tensor<4x4096xf16>):
      %sum = arith.addf %a, %b : tensor<4x4096xf16>
      ktdp.yield_reduced %sum : tensor<4x4096xf16>
    }
    %j = arith.remui %t, %c4 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %leads = arith.andi %in, %first : i1
    scf.if %leads {
      %ra = ktdp.construct_access_tile %rv[%t, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<28x4096xf16> -> !ktdp.access_tile<4x4096xindex>
      %res = ktdp.load %ra : !ktdp.access_tile<4x4096xindex> -> tensor<4x4096xf16>
      %y = arith.addf %res, %s : tensor<4x4096xf16>
      %oa = ktdp.construct_access_tile %ov[%t, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<28x4096xf16> -> !ktdp.access_tile<4x4096xindex>
      ktdp.store %y, %oa : tensor<4x4096xf16>, !ktdp.access_tile<4x4096xindex>
    }
    return
  }
}
