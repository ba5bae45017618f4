// rmsnorm_ring.mlir -- RMSNorm with every row split over 4 cores and an
// inter-tile all-reduce of the partial sums of squares:
//   Y[m, n] = X[m, n] * rsqrt(mean_n(X[m, n]^2) + 1e-5) * W[n]
//
// What it computes
//   X, Y : 128x512 fp16 and W : 512 fp16, all in HBM; %x_ptr, %w_ptr, %y_ptr
//   are element indices into HBM.
//   grid = [4, 2], tile coordinates (lane, rb) with lane = dimension 0 (the
//   column quarter, 0..3) and rb = dimension 1 (the row block, 0..1). Grids
//   linearise with dimension 0 fastest, so the linear tile id is
//   lane + 4*rb: tiles 0-3 (cores 0-3) form row block 0, tiles 4-7 (cores
//   4-7) row block 1.
//   Tile (lane, rb) owns the 64x128 block X[64*rb .. +63, 128*lane .. +127]
//   (16 KiB). It
//     1. loads the block, widens it to fp32 and reduces x^2 over its 128
//        columns -> a 64-element partial sum per row;
//     2. contributes that partial to group g = rb with ktdp.inter_tile_produce
//        (group g = tiles 4g .. 4g+3) and receives the group total with
//        ktdp.inter_tile_reduce (consumers = producers: an all-reduce; the
//        combiner is an fp32 linalg.add, the identity a zero vector);
//     3. computes rstd = rsqrt(total / 512 + 1e-5) for its 64 rows, scales its
//        own block by rstd (broadcast along columns) and by its 128-element
//        slice of W (broadcast along rows) and stores the fp16 result.
//   The 8 blocks tile Y exactly once; no tile writes outside its block.
//
// Why it is interesting
//   A row of 512 values is too wide for the work split chosen here, so each
//   row is sharded over 4 cores and the only cross-core traffic is a 64-float
//   partial per core. This is the sample to watch the ring: the two groups
//   run their all-reduces at the same time on disjoint stretches of the ring
//   (cores 0-3 and cores 4-7), and the emulator shows the cores of a group
//   waiting for each other before the normalisation pass can start.
//   It also exercises a 2-D grid with a two-result get_compute_tile_id, the
//   dimension-0-fastest tile numbering the inter-tile sets are written
//   against, and fp32 accumulation around fp16 storage.

#x_set      = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#block_tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#w_set      = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>
#w_tile     = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#identity2  = affine_map<(d0, d1) -> (d0, d1)>
#identity1  = affine_map<(d0) -> (d0)>

// Inter-tile groups: group g (= row block) is made of linear tiles 4g .. 4g+3.
#row_block_tiles = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
#row_blocks      = affine_set<(g) : (g >= 0, -g + 1 >= 0)>

module {
  func.func @rmsnorm_ring(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [4, 2]} {
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %inv_n = arith.constant dense<1.953125e-03> : tensor<64xf32>   // 1 / 512
    %eps = arith.constant dense<1.0e-05> : tensor<64xf32>

    // lane = grid dimension 0 (column quarter), rb = grid dimension 1 (row block).
    %lane, %rb = ktdp.get_compute_tile_id : index, index
    %row0 = arith.muli %rb, %c64 : index
    %col0 = arith.muli %lane, %c128 : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [128, 512], strides: [512, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x512xf16>

    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [512], strides: [1] {
      coordinate_set = #w_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<512xf16>

    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [128, 512], strides: [512, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x512xf16>

    // ---- 1. Local partial sum of squares over this tile's 128 columns ----
    %x_acc = ktdp.construct_access_tile %x_view[%row0, %col0] {
      access_tile_set = #block_tile,
      access_tile_order = #identity2
    } : memref<128x512xf16> -> !ktdp.access_tile<64x128xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<64x128xindex> -> tensor<64x128xf16>

    %x32 = arith.extf %x : tensor<64x128xf16> to tensor<64x128xf32>
    %sq = arith.mulf %x32, %x32 : tensor<64x128xf32>

    %zeros_empty = tensor.empty() : tensor<64xf32>
    %zeros = linalg.fill ins(%zero : f32) outs(%zeros_empty : tensor<64xf32>) -> tensor<64xf32>
    %partial = linalg.reduce { arith.addf }
        ins(%sq : tensor<64x128xf32>)
        outs(%zeros : tensor<64xf32>)
        dimensions = [1]

    // ---- 2. All-reduce the partials within each row block (4 tiles) ----
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #row_block_tiles
        -> !ktdp.tile_future<(tensor<64xf32>), groups = #row_blocks>
    {
      ^bb0(%gid: index):
        ktdp.yield_partial %partial : tensor<64xf32>
    }

    %total = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #row_block_tiles,
        identity(%zeros : tensor<64xf32>)
        : !ktdp.tile_future<(tensor<64xf32>), groups = #row_blocks> -> tensor<64xf32>
    {
      ^bb0(%lhs: tensor<64xf32>, %rhs: tensor<64xf32>):
        %sum_init = tensor.empty() : tensor<64xf32>
        %sum = linalg.add ins(%lhs, %rhs : tensor<64xf32>, tensor<64xf32>)
                          outs(%sum_init : tensor<64xf32>) -> tensor<64xf32>
        ktdp.yield_reduced %sum : tensor<64xf32>
    }

    // ---- 3. rstd per row, then normalise and scale this tile's block ----
    %mean_sq = arith.mulf %total, %inv_n : tensor<64xf32>
    %mean_sq_eps = arith.addf %mean_sq, %eps : tensor<64xf32>
    %rstd = math.rsqrt %mean_sq_eps : tensor<64xf32>

    %rstd_empty = tensor.empty() : tensor<64x128xf32>
    %rstd_b = linalg.broadcast ins(%rstd : tensor<64xf32>)
                               outs(%rstd_empty : tensor<64x128xf32>)
                               dimensions = [1]

    %w_acc = ktdp.construct_access_tile %w_view[%col0] {
      access_tile_set = #w_tile,
      access_tile_order = #identity1
    } : memref<512xf16> -> !ktdp.access_tile<128xindex>
    %w = ktdp.load %w_acc : !ktdp.access_tile<128xindex> -> tensor<128xf16>
    %w32 = arith.extf %w : tensor<128xf16> to tensor<128xf32>
    %w_empty = tensor.empty() : tensor<64x128xf32>
    %w_b = linalg.broadcast ins(%w32 : tensor<128xf32>)
                            outs(%w_empty : tensor<64x128xf32>)
                            dimensions = [0]

    %x_norm = arith.mulf %x32, %rstd_b : tensor<64x128xf32>
    %y32 = arith.mulf %x_norm, %w_b : tensor<64x128xf32>
    %y = arith.truncf %y32 : tensor<64x128xf32> to tensor<64x128xf16>

    %y_acc = ktdp.construct_access_tile %y_view[%row0, %col0] {
      access_tile_set = #block_tile,
      access_tile_order = #identity2
    } : memref<128x512xf16> -> !ktdp.access_tile<64x128xindex>
    ktdp.store %y, %y_acc : tensor<64x128xf16>, !ktdp.access_tile<64x128xindex>

    return
  }
}
