// gather_rows.mlir -- embedding-style row gather through an indirect access tile:
//   OUT[i, :] = TABLE[IDX[i], :]
//
// What it computes
//   TABLE : 1024x64 fp16 (an embedding table, one 128-byte stick per row),
//   IDX   : 128 i32 row numbers, every value in [0, 1023] (an input
//           precondition: out-of-range indices are not meaningful),
//   OUT   : 128x64 fp16. All in HBM; %table_ptr, %idx_ptr, %out_ptr are
//   element indices into HBM (of their own element type).
//   grid = [32]: tile t owns output rows 4*t .. 4*t+3. Its indirect access
//   tile has intermediate variables (%i, %j) over the 4x64 space
//   0 <= i < 4, 0 <= j < 64; the row subscript ind(%idx_view[%row0 + %i])
//   reads IDX[4*t + i] (%row0 is a captured SSA value) and uses it as the
//   TABLE row, the column subscript is %j directly. One ktdp.load gathers the
//   4 rows into a 4x64 tensor, one ordinary store writes OUT[4*t .. 4*t+3, :].
//   Output rows are disjoint, so OUT is written exactly once (TABLE rows may
//   repeat in IDX -- that only means reading the same row twice).
//
// Why it is interesting
//   The addresses of this load depend on data: the compiler cannot know which
//   sticks of TABLE a core touches until IDX has been read, so the lowering
//   must first load the index values and then issue one data-dependent stick
//   read per row (each TABLE row is exactly one stick, so the gather is
//   stick-granular). Compare the pipeline stages with elementwise_add: here
//   the "load" stage itself has a dependent two-step structure.

#table_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#idx_set      = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#out_set      = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#gather_space = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#identity     = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @gather_rows(%table_ptr: index, %idx_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %rows_per_tile = arith.constant 4 : index

    %id = ktdp.get_compute_tile_id : index
    %row0 = arith.muli %id, %rows_per_tile : index

    %table_view = ktdp.construct_memory_view %table_ptr, sizes: [1024, 64], strides: [64, 1] {
      coordinate_set = #table_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024x64xf16>

    %idx_view = ktdp.construct_memory_view %idx_ptr, sizes: [128], strides: [1] {
      coordinate_set = #idx_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128xi32>

    %out_view = ktdp.construct_memory_view %out_ptr, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = #out_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>

    // TABLE[IDX[row0 + i], j] for 0 <= i < 4, 0 <= j < 64.
    %gather_acc = ktdp.construct_indirect_access_tile
        intermediate_variables(%i, %j)
        %table_view[ind(%idx_view[%row0 + %i]), (%j)] {
          variables_space_set = #gather_space,
          variables_space_order = #identity
        } : memref<1024x64xf16>, memref<128xi32> -> !ktdp.access_tile<4x64xindex>
    %rows = ktdp.load %gather_acc : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>

    %out_acc = ktdp.construct_access_tile %out_view[%row0, %c0] {
      access_tile_set = #gather_space,
      access_tile_order = #identity
    } : memref<128x64xf16> -> !ktdp.access_tile<4x64xindex>
    ktdp.store %rows, %out_acc : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>

    return
  }
}
