// route_ring_shift_hidden_decode.mlir -- one step of a ring all-gather of
// the hidden state at Llama-3-8B's 1-token decode, written with KTIR's
// inter-tile routing: the 4096 hidden values are split over 32 cores
// (grid [32]), 128 per core; at each step core c takes the block of core
// (c + 1) mod 32 (`producer_dependency_per_consumer`, all cores producing
// in one group: a shift of the blocks around the ring, the spec's
// routing example) and adds it into its own partial sum of the gathered
// blocks. Before: refused by the legality check (one producer per group).
//
// What it computes
//   h, acc, out : 1x4096 f16. grid = [32]: for c < 32,
//   out[128 c : +128] = acc[128 c : +128] + h[128 ((c + 1) mod 32) : +128].
#hidden = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#block = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#ring = affine_set<(i)[g] : (i >= 0, -i + 31 >= 0, g == 0)>
#one = affine_set<(g) : (g == 0)>
#next = affine_set<(p)[c] : (p - (c + 1) mod 32 == 0)>
module {
  func.func @shift_hidden(%h_ptr: index, %acc_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %t = ktdp.get_compute_tile_id : index
    %col = arith.muli %t, %c128 : index
    %hv = ktdp.construct_memory_view %h_ptr, sizes: [1, 4096], strides: [4096, 1] {coordinate_set = #hidden, memory_space = #ktdp.memory_space<global>} : memref<1x4096xf16>
    %av = ktdp.construct_memory_view %acc_ptr, sizes: [1, 4096], strides: [4096, 1] {coordinate_set = #hidden, memory_space = #ktdp.memory_space<global>} : memref<1x4096xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [1, 4096], strides: [4096, 1] {coordinate_set = #hidden, memory_space = #ktdp.memory_space<global>} : memref<1x4096xf16>
    %ha = ktdp.construct_access_tile %hv[%c0, %col] {access_tile_set = #block, access_tile_order = #id2} : memref<1x4096xf16> -> !ktdp.access_tile<1x128xindex>
    %h = ktdp.load %ha : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
    %blocks = ktdp.inter_tile_produce producer_tiles_per_group = #ring -> !ktdp.tile_future<(tensor<1x128xf16>), groups = #one> {
    ^bb0(%g: index):
      ktdp.yield_partial %h : tensor<1x128xf16>
    }
    %got = ktdp.inter_tile_consume(%blocks) consumer_tiles_per_group = #ring, producer_dependency_per_consumer = #next : !ktdp.tile_future<(tensor<1x128xf16>), groups = #one> -> tensor<1x128xf16>
    %aa = ktdp.construct_access_tile %av[%c0, %col] {access_tile_set = #block, access_tile_order = #id2} : memref<1x4096xf16> -> !ktdp.access_tile<1x128xindex>
    %acc = ktdp.load %aa : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
    %sum = arith.addf %acc, %got : tensor<1x128xf16>
    %oa = ktdp.construct_access_tile %ov[%c0, %col] {access_tile_set = #block, access_tile_order = #id2} : memref<1x4096xf16> -> !ktdp.access_tile<1x128xindex>
    ktdp.store %sum, %oa : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    return
  }
}
