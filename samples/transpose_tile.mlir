// transpose_tile.mlir -- layout changes expressed purely by access tiles:
//   Y = X^T           (transposing access_tile_order)
//   E = X[:, 0::2]    (strided access_tile_set: every other column, via `mod`)
//
// What it computes
//   X : 64x128 fp16, Y : 128x64 fp16, E : 64x64 fp16, all row-major in HBM;
//   %x_ptr, %y_ptr, %e_ptr are element indices into HBM.
//   grid = [4]: tile i owns the 16-row band X[16*i .. 16*i+15, :].
//   * Transpose: it builds an access tile over that band (set 16x128) with
//     access_tile_order = (d0, d1) -> (d1, d0). The order makes tile
//     dimension 0 walk set dimension 1, so the tile -- and the loaded tensor --
//     is 128x16: T[c, r] = X[16*i + r, c]. A plain 128x16 tile then stores it
//     into columns 16*i .. 16*i+15 of Y. No compute op is involved.
//   * Stride: a second access tile over the same band keeps only the points
//     with d1 mod 2 == 0, i.e. 64 of the 128 columns; loading it yields a
//     16x64 tensor S[r, k] = X[16*i + r, 2*k], stored into rows
//     16*i .. 16*i+15 of E.
//   Bands are disjoint, so Y and E are each written exactly once.
//
// Why it is interesting
//   In KTIR the access tile, not a compute op, decides the layout of the data
//   that reaches the scratchpad. For the pipeline, the transpose means reading
//   HBM row sticks and producing column-ordered data: watch how the lowering
//   handles an access whose innermost dimension is not contiguous in memory
//   (a gather of 2-byte elements across sticks) versus the contiguous store.
//   The strided tile is the same problem in a milder form: every stick is
//   read but only half of it is used.

#x_set      = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#y_set      = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#e_set      = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#band       = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#band_even  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0, d1 mod 2 == 0)>
#y_block    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#e_block    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#identity   = affine_map<(d0, d1) -> (d0, d1)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>

module {
  func.func @transpose_tile(%x_ptr: index, %y_ptr: index, %e_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %band_rows = arith.constant 16 : index

    %id = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %id, %band_rows : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [64, 128], strides: [128, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<64x128xf16>

    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = #y_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>

    %e_view = ktdp.construct_memory_view %e_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #e_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>

    // ---- Transpose: the order map swaps the tile's dimensions ----
    %xt_acc = ktdp.construct_access_tile %x_view[%r0, %c0] {
      access_tile_set = #band,
      access_tile_order = #transposed
    } : memref<64x128xf16> -> !ktdp.access_tile<128x16xindex>
    %xt = ktdp.load %xt_acc : !ktdp.access_tile<128x16xindex> -> tensor<128x16xf16>

    %y_acc = ktdp.construct_access_tile %y_view[%c0, %r0] {
      access_tile_set = #y_block,
      access_tile_order = #identity
    } : memref<128x64xf16> -> !ktdp.access_tile<128x16xindex>
    ktdp.store %xt, %y_acc : tensor<128x16xf16>, !ktdp.access_tile<128x16xindex>

    // ---- Stride: keep the even columns of the band ----
    %xs_acc = ktdp.construct_access_tile %x_view[%r0, %c0] {
      access_tile_set = #band_even,
      access_tile_order = #identity
    } : memref<64x128xf16> -> !ktdp.access_tile<16x64xindex>
    %xs = ktdp.load %xs_acc : !ktdp.access_tile<16x64xindex> -> tensor<16x64xf16>

    %e_acc = ktdp.construct_access_tile %e_view[%r0, %c0] {
      access_tile_set = #e_block,
      access_tile_order = #identity
    } : memref<64x64xf16> -> !ktdp.access_tile<16x64xindex>
    ktdp.store %xs, %e_acc : tensor<16x64xf16>, !ktdp.access_tile<16x64xindex>

    return
  }
}
