// route_two_role_argmax_merge.mlir -- one butterfly step of a greedy
// decode's argmax over Llama-3-8B's vocabulary sharded over 32 cores,
// written with a two-role inter-tile routing: for a batch of 8 sequences,
// each core has folded its vocabulary shard (128,256 / 32 = 4,008 logits
// per row) into 64 candidates per row, a best logit (f16) and its token
// id (i32) per lane (64 lanes: a row of both roles, received and merged,
// fits the compute engine's 2 KiB beside the routing tables). In this step core c takes the candidates of its
// partner c xor 1 (`producer_dependency_per_consumer`, both roles
// travelling together) and keeps, per lane, the larger logit (on a tie,
// the lower token id, as argmax's first index). Before: refused by the
// legality check (one producer per group).
//
// What it computes
//   v, v_out : 256x64 f16, i, i_out : 256x64 i32 (8 rows per core).
//   grid = [32]: with q = c xor 1 and rows 8 c.. of each,
//   take = v[q] > v[c] or (v[q] == v[c] and i[q] < i[c]);
//   v_out[c] = take ? v[q] : v[c]; i_out[c] = take ? i[q] : i[c].
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#cores = affine_set<(i)[g] : (i >= 0, -i + 31 >= 0, g == 0)>
#one = affine_set<(g) : (g == 0)>
#partner = affine_set<(p)[c] : (p - c - 1 + 2 * (c mod 2) == 0)>
module {
  func.func @argmax_merge(%v_ptr: index, %i_ptr: index, %vo_ptr: index, %io_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %t = ktdp.get_compute_tile_id : index
    %row = arith.muli %t, %c8 : index
    %vv = ktdp.construct_memory_view %v_ptr, sizes: [256, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<256x64xf16>
    %iv = ktdp.construct_memory_view %i_ptr, sizes: [256, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<256x64xi32>
    %vov = ktdp.construct_memory_view %vo_ptr, sizes: [256, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<256x64xf16>
    %iov = ktdp.construct_memory_view %io_ptr, sizes: [256, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<256x64xi32>
    %va = ktdp.construct_access_tile %vv[%row, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<256x64xf16> -> !ktdp.access_tile<8x64xindex>
    %ia = ktdp.construct_access_tile %iv[%row, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<256x64xi32> -> !ktdp.access_tile<8x64xindex>
    %v = ktdp.load %va : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
    %i = ktdp.load %ia : !ktdp.access_tile<8x64xindex> -> tensor<8x64xi32>
    %cand = ktdp.inter_tile_produce producer_tiles_per_group = #cores -> !ktdp.tile_future<(tensor<8x64xf16>, tensor<8x64xi32>), groups = #one> {
    ^bb0(%g: index):
      ktdp.yield_partial %v, %i : tensor<8x64xf16>, tensor<8x64xi32>
    }
    %pv, %pi = ktdp.inter_tile_consume(%cand) consumer_tiles_per_group = #cores, producer_dependency_per_consumer = #partner : !ktdp.tile_future<(tensor<8x64xf16>, tensor<8x64xi32>), groups = #one> -> tensor<8x64xf16>, tensor<8x64xi32>
    %gt = arith.cmpf ogt, %pv, %v : tensor<8x64xf16>
    %eq = arith.cmpf oeq, %pv, %v : tensor<8x64xf16>
    %lower = arith.cmpi slt, %pi, %i : tensor<8x64xi32>
    %tie = arith.andi %eq, %lower : tensor<8x64xi1>
    %take = arith.ori %gt, %tie : tensor<8x64xi1>
    %bv = arith.select %take, %pv, %v : tensor<8x64xi1>, tensor<8x64xf16>
    %bi = arith.select %take, %pi, %i : tensor<8x64xi1>, tensor<8x64xi32>
    %voa = ktdp.construct_access_tile %vov[%row, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<256x64xf16> -> !ktdp.access_tile<8x64xindex>
    %ioa = ktdp.construct_access_tile %iov[%row, %c0] {access_tile_set = #rows, access_tile_order = #id2} : memref<256x64xi32> -> !ktdp.access_tile<8x64xindex>
    ktdp.store %bv, %voa : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
    ktdp.store %bi, %ioa : tensor<8x64xi32>, !ktdp.access_tile<8x64xindex>
    return
  }
}
