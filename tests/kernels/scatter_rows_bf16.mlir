// scatter_rows_bf16.mlir -- a row scatter through an indirect store, on
// bf16 rows with i16 row numbers:
//   OUT[IDX[i], :] = X[i, :] * 2    for 0 <= i < 16
//
// What it computes
//   X : 16x64 bf16, IDX : 16 i16 row numbers (in [0, 63]: an input
//   precondition; seeded data is below 16), OUT : 64x64 bf16. One tile
//   loads X, doubles it and stores row i to OUT row IDX[i]; rows of OUT no
//   index names keep their contents. Two equal row numbers write the same
//   row twice: the later i wins (the store walks its tile in order, on one
//   core), in the interpreter and the emulator alike.
//
// Why it is here
//   The store side of an indirect tile (samples/gather_rows.mlir is the
//   load side), with a 2-byte index element and a bf16 payload: the
//   emulator's DMA walk reads one index per row and writes the row's 64
//   points as one run.

#x_set     = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#idx_set   = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
#out_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#identity  = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @scatter_rows_bf16(%x_ptr: index, %idx_ptr: index, %out_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<16x64xbf16>
    %idx_view = ktdp.construct_memory_view %idx_ptr, sizes: [16], strides: [1] {
      coordinate_set = #idx_set, memory_space = #ktdp.memory_space<global>
    } : memref<16xi16>
    %out_view = ktdp.construct_memory_view %out_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #out_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xbf16>

    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #identity
    } : memref<16x64xbf16> -> !ktdp.access_tile<16x64xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<16x64xindex> -> tensor<16x64xbf16>
    %y = arith.addf %x, %x : tensor<16x64xbf16>

    // OUT[IDX[i], j] for 0 <= i < 16, 0 <= j < 64.
    %scatter = ktdp.construct_indirect_access_tile
        intermediate_variables(%i, %j)
        %out_view[ind(%idx_view[%i]), (%j)] {
          variables_space_set = #x_set,
          variables_space_order = #identity
        } : memref<64x64xbf16>, memref<16xi16> -> !ktdp.access_tile<16x64xindex>
    ktdp.store %y, %scatter : tensor<16x64xbf16>, !ktdp.access_tile<16x64xindex>
    return
  }
}
