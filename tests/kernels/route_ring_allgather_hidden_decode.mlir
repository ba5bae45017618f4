// route_ring_allgather_hidden_decode.mlir -- a ring all-gather of the
// hidden state at Llama-3-8B's 1-token decode, written with KTIR's
// inter-tile routing in a loop, as tensor parallelism gathers a sharded
// activation: the 4096 hidden values are split over 32 cores (grid [32]),
// 128 per core. Core c stores its own block in its row of the output,
// then 31 times passes the block it holds to the next core and takes the
// previous core's (consumer c's source is producer (c - 1) mod 32:
// `producer_dependency_per_consumer`; the block is the loop's carried
// value), storing each block where it belongs: after the loop every
// core's row holds the whole hidden vector. Each step moves 256 bytes one
// hop on the ring; the emulator's bottleneck is the ring.
//
// What it computes
//   h : 1x4096 f16, out : 32x4096 f16. grid = [32]: out[c, :] = h[0, :]
//   for every c (block s of row c arrives at step (c - s) mod 32).
#hidden = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#block = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#ring = affine_set<(i)[g] : (i >= 0, -i + 31 >= 0, g == 0)>
#one = affine_set<(g) : (g == 0)>
#prev = affine_set<(p)[c] : (p - (c + 31) mod 32 == 0)>
#out_all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
module {
  func.func @all_gather(%h_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %t = ktdp.get_compute_tile_id : index
    %col = arith.muli %t, %c128 : index
    %hv = ktdp.construct_memory_view %h_ptr, sizes: [1, 4096], strides: [4096, 1] {coordinate_set = #hidden, memory_space = #ktdp.memory_space<global>} : memref<1x4096xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #out_all, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %ha = ktdp.construct_access_tile %hv[%c0, %col] {access_tile_set = #block, access_tile_order = #id2} : memref<1x4096xf16> -> !ktdp.access_tile<1x128xindex>
    %h = ktdp.load %ha : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
    %oa0 = ktdp.construct_access_tile %ov[%t, %col] {access_tile_set = #block, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x128xindex>
    ktdp.store %h, %oa0 : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    %last = scf.for %s = %c1 to %c32 step %c1 iter_args(%cur = %h) -> (tensor<1x128xf16>) {
      %f = ktdp.inter_tile_produce producer_tiles_per_group = #ring -> !ktdp.tile_future<(tensor<1x128xf16>), groups = #one> {
      ^bb0(%g: index):
        ktdp.yield_partial %cur : tensor<1x128xf16>
      }
      %got = ktdp.inter_tile_consume(%f) consumer_tiles_per_group = #ring, producer_dependency_per_consumer = #prev : !ktdp.tile_future<(tensor<1x128xf16>), groups = #one> -> tensor<1x128xf16>
      %ts = arith.addi %t, %c32 : index
      %src0 = arith.subi %ts, %s : index
      %src = arith.remui %src0, %c32 : index
      %scol = arith.muli %src, %c128 : index
      %oa = ktdp.construct_access_tile %ov[%t, %scol] {access_tile_set = #block, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x128xindex>
      ktdp.store %got, %oa : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
      scf.yield %got : tensor<1x128xf16>
    }
    return
  }
}
