// elementwise_add.mlir -- the default sample: C = A + B.
//
// What it computes
//   A, B, C : 96x64 fp16, row-major in HBM (#ktdp.memory_space<global>).
//   %a_ptr, %b_ptr, %c_ptr are element indices into HBM (byte = index * 2).
//   grid = [32]: tile i runs on core i and owns rows 3*i .. 3*i+2. It loads a
//   3x64 slice of A and of B into its scratchpad, adds them with linalg.add and
//   stores the 3x64 result into the same rows of C. The 32 slices are disjoint
//   and cover C exactly once.
//
// Why it is interesting
//   This is the Spyre blog / RFC 0682 example and the smallest complete kernel:
//   memory view -> access tile -> load -> compute -> store. Watch how the
//   pipeline turns it into one load -> compute -> store stage per core, how
//   each 3x64 fp16 slice is exactly 3 sticks (one 128-byte stick = 64 fp16 per
//   row), and how all 32 cores of the ring get identical, independent work.

#mat_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @add(%a_ptr: index, %b_ptr: index, %c_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %rows_per_tile = arith.constant 3 : index

    // Which 3 rows this tile owns.
    %id = ktdp.get_compute_tile_id : index
    %start_row = arith.muli %id, %rows_per_tile : index

    // (1) Memory views: how A, B and C sit in HBM.
    %A_view = ktdp.construct_memory_view %a_ptr, sizes: [96, 64], strides: [64, 1] {
      coordinate_set = #mat_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<96x64xf16>

    %B_view = ktdp.construct_memory_view %b_ptr, sizes: [96, 64], strides: [64, 1] {
      coordinate_set = #mat_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<96x64xf16>

    %C_view = ktdp.construct_memory_view %c_ptr, sizes: [96, 64], strides: [64, 1] {
      coordinate_set = #mat_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<96x64xf16>

    // (2) Access tiles: the 3x64 block starting at (start_row, 0).
    %A_tile = ktdp.construct_access_tile %A_view[%start_row, %c0] {
      access_tile_set = #tile_set,
      access_tile_order = #identity
    } : memref<96x64xf16> -> !ktdp.access_tile<3x64xindex>

    %B_tile = ktdp.construct_access_tile %B_view[%start_row, %c0] {
      access_tile_set = #tile_set,
      access_tile_order = #identity
    } : memref<96x64xf16> -> !ktdp.access_tile<3x64xindex>

    // (3) Load both operands into the core's scratchpad.
    %A_data = ktdp.load %A_tile : !ktdp.access_tile<3x64xindex> -> tensor<3x64xf16>
    %B_data = ktdp.load %B_tile : !ktdp.access_tile<3x64xindex> -> tensor<3x64xf16>

    // (4) Compute.
    %C_init = tensor.empty() : tensor<3x64xf16>
    %C_data = linalg.add ins(%A_data, %B_data : tensor<3x64xf16>, tensor<3x64xf16>)
                         outs(%C_init : tensor<3x64xf16>) -> tensor<3x64xf16>

    // (5) Store the result block into C.
    %C_tile = ktdp.construct_access_tile %C_view[%start_row, %c0] {
      access_tile_set = #tile_set,
      access_tile_order = #identity
    } : memref<96x64xf16> -> !ktdp.access_tile<3x64xindex>

    ktdp.store %C_data, %C_tile : tensor<3x64xf16>, !ktdp.access_tile<3x64xindex>

    return
  }
}
