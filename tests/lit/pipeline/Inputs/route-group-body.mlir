// route_block_transpose_k.mlir's routing with a produce body that reads
// its group id: each producer adds its band's index g to the block it
// sends (a stand-in for a per-band value). The body runs on every tile
// with the tile's group from a per-tile table (cores 0-15: 0, 16-31: 1).
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
      %gi = arith.index_cast %gid : index to i32
      %gf = arith.sitofp %gi : i32 to f16
      %sp = tensor.splat %gf : tensor<8x128xf16>
      %xg = arith.addf %x, %sp : tensor<8x128xf16>
      ktdp.yield_partial %xg : tensor<8x128xf16>
    }
    %mine = ktdp.inter_tile_consume(%blocks) consumer_tiles_per_group = #band, producer_dependency_per_consumer = #transposed : !ktdp.tile_future<(tensor<8x128xf16>), groups = #bands> -> tensor<8x128xf16>
    %ya = ktdp.construct_access_tile %yv[%row, %col] {access_tile_set = #block, access_tile_order = #id2} : memref<32x1024xf16> -> !ktdp.access_tile<8x128xindex>
    ktdp.store %mine, %ya : tensor<8x128xf16>, !ktdp.access_tile<8x128xindex>
    return
  }
}
