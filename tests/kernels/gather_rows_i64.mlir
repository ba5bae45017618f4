// gather_rows_i64.mlir -- a row gather whose row numbers come from a 2-D
// i64 index view, on f32 rows, over 16 tiles:
//   OUT[4*t + i, :] = TABLE[IDX[t, i], :]
//
// What it computes
//   TABLE : 256x32 f32 (one 128-byte stick per row), IDX : 16x4 i64 row
//   numbers (in [0, 255]: an input precondition; seeded data is below 32),
//   OUT : 64x32 f32. grid = [16]: tile t reads row t of IDX (four row
//   numbers) and gathers those four TABLE rows into OUT rows 4t .. 4t+3.
//   The indirect tile's row subscript reads the index view at (t, i), a
//   2-D coordinate that does not move along the inner loop (j), so the
//   emulator's DMA walk reads one index per row of 32 points.
//
// Why it is here
//   samples/gather_rows.mlir gathers f16 rows through a 1-D i32 index view;
//   this one changes the index view's rank and element type (i64: 8-byte
//   index elements) and the data type (f32: 32 elements per stick).

#table_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#idx_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#out_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#space     = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#identity  = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @gather_rows_i64(%table_ptr: index, %idx_ptr: index, %out_ptr: index) attributes {grid = [16]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %id = ktdp.get_compute_tile_id : index
    %row0 = arith.muli %id, %c4 : index

    %table_view = ktdp.construct_memory_view %table_ptr, sizes: [256, 32], strides: [32, 1] {
      coordinate_set = #table_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x32xf32>
    %idx_view = ktdp.construct_memory_view %idx_ptr, sizes: [16, 4], strides: [4, 1] {
      coordinate_set = #idx_set, memory_space = #ktdp.memory_space<global>
    } : memref<16x4xi64>
    %out_view = ktdp.construct_memory_view %out_ptr, sizes: [64, 32], strides: [32, 1] {
      coordinate_set = #out_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x32xf32>

    // TABLE[IDX[id, i], j] for 0 <= i < 4, 0 <= j < 32.
    %gather = ktdp.construct_indirect_access_tile
        intermediate_variables(%i, %j)
        %table_view[ind(%idx_view[%id, %i]), (%j)] {
          variables_space_set = #space,
          variables_space_order = #identity
        } : memref<256x32xf32>, memref<16x4xi64> -> !ktdp.access_tile<4x32xindex>
    %rows = ktdp.load %gather : !ktdp.access_tile<4x32xindex> -> tensor<4x32xf32>

    %out_acc = ktdp.construct_access_tile %out_view[%row0, %c0] {
      access_tile_set = #space, access_tile_order = #identity
    } : memref<64x32xf32> -> !ktdp.access_tile<4x32xindex>
    ktdp.store %rows, %out_acc : tensor<4x32xf32>, !ktdp.access_tile<4x32xindex>
    return
  }
}
