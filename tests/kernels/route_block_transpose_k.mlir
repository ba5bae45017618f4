// route_block_transpose_k.mlir -- an all-to-all by inter-tile routing in
// several groups, at Llama-3-8B's 32-token prefill: K (32 tokens x 1024,
// 8 KV heads of 128) is cut into 8 x 128 blocks, 4 token blocks x 8
// column blocks; grid [32], two groups of 16 cores, group g holding the
// 4 x 4 blocks of columns 512 g .. 512 g + 511. Core c = 16 g + 4 a + b
// loads block (a, b) of its group's band (tokens 8 a.., columns
// 512 g + 128 b..) and must end up with block (b, a): the switch between
// token-sharded and head-sharded layouts that sequence parallelism needs,
// a block transpose. Its source is the producer p of its own group with
// p = 16 g + 4 ((c - 16 g) mod 4) + (c - 16 g) floordiv 4, a dependency
// set on the consumer and its group (`(p)[c, g]`); the diagonal cores
// keep their own block. It stores the block it received at its own
// block: y's band g is x's band g with its 4 x 4 blocks transposed.
// Before: refused by the legality check.
//
// What it computes
//   x, y : 32x1024 f16. grid = [32]: for a, b < 4, g < 2,
//   y[8 a : +8, 512 g + 128 b : +128] = x[8 b : +8, 512 g + 128 a : +128].
#k = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#block = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#band = affine_set<(i)[g] : (i - 16 * g >= 0, -i + 16 * g + 15 >= 0)>
#bands = affine_set<(g) : (g >= 0, -g + 1 >= 0)>
#transposed = affine_set<(p)[c, g] : (p - 16 * g - 4 * ((c - 16 * g) mod 4) - (c - 16 * g) floordiv 4 == 0)>
module {
  func.func @transpose_blocks(%x_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %t = ktdp.get_compute_tile_id : index
    %g = arith.divui %t, %c16 : index
    %l = arith.remui %t, %c16 : index
    %a = arith.divui %l, %c4 : index
    %b = arith.remui %l, %c4 : index
    %row = arith.muli %a, %c8 : index
    %band = arith.muli %g, %c512 : index
    %off = arith.muli %b, %c128 : index
    %col = arith.addi %band, %off : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #k, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 1024], strides: [1024, 1] {coordinate_set = #k, memory_space = #ktdp.memory_space<global>} : memref<32x1024xf16>
    %xa = ktdp.construct_access_tile %xv[%row, %col] {access_tile_set = #block, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<8x128xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<8x128xindex> -> tensor<8x128xf16>
    %blocks = ktdp.inter_tile_produce producer_tiles_per_group = #band -> !ktdp.tile_future<(tensor<8x128xf16>), groups = #bands> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x : tensor<8x128xf16>
    }
    %mine = ktdp.inter_tile_consume(%blocks) consumer_tiles_per_group = #band, producer_dependency_per_consumer = #transposed : !ktdp.tile_future<(tensor<8x128xf16>), groups = #bands> -> tensor<8x128xf16>
    %ya = ktdp.construct_access_tile %yv[%row, %col] {access_tile_set = #block, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<8x128xindex>
    ktdp.store %mine, %ya : tensor<8x128xf16>, !ktdp.access_tile<8x128xindex>
    return
  }
}
