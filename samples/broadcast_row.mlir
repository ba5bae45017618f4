// broadcast_row.mlir -- every row plus the leader's row: Y[t, :] = X[t, :] + X[0, :]
//
// What it computes
//   X, Y : 8x256 fp16, row-major in HBM; %x_ptr and %y_ptr are element
//   indices into HBM.
//   grid = [8]: tile t loads row t of X (1x256 fp16, 4 sticks). Tile 0, the
//   one producer of the single group, offers its row with
//   ktdp.inter_tile_produce; every tile receives it with
//   ktdp.inter_tile_consume (a broadcast: one producer, eight consumers, no
//   dependency attribute needed), adds it to its own row and stores row t
//   of Y. Every Y row is written once.
//
// Why it is interesting
//   The other inter-tile pattern next to rmsnorm_ring's all-reduce: one
//   core's data goes to all the others. Nothing is combined, so the order is
//   free; the backend passes the row along the ring from core 0 to 1, 2, ...
//   7, each core keeping it and forwarding it (7 transfers of 512 bytes, one
//   hop each), instead of core 0 sending it seven times. The interpreter
//   shows the same numbers whichever way it travels.

#x_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#row_tile = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>

// One group (g = 0); tile 0 produces, tiles 0 .. 7 consume.
#one_group = affine_set<(g) : (g == 0)>
#leader    = affine_set<(i)[g] : (i == 0)>
#all_tiles = affine_set<(i)[g] : (i >= 0, -i + 7 >= 0)>

module {
  func.func @broadcast_row(%x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [8, 256], strides: [256, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x256xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [8, 256], strides: [256, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x256xf16>

    %x_acc = ktdp.construct_access_tile %x_view[%t, %c0] {
      access_tile_set = #row_tile,
      access_tile_order = #identity
    } : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>

    // Tile 0 offers its row; every tile receives it.
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #leader
        -> !ktdp.tile_future<(tensor<1x256xf16>), groups = #one_group>
    {
      ^bb0(%gid: index):
        ktdp.yield_partial %x : tensor<1x256xf16>
    }
    %lead = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #all_tiles
        : !ktdp.tile_future<(tensor<1x256xf16>), groups = #one_group> -> tensor<1x256xf16>

    %y = arith.addf %x, %lead : tensor<1x256xf16>

    %y_acc = ktdp.construct_access_tile %y_view[%t, %c0] {
      access_tile_set = #row_tile,
      access_tile_order = #identity
    } : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %y, %y_acc : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
