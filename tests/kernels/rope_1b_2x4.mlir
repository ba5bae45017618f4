// rope_1b_2x4.mlir -- rotary position embedding for a 32-token prefill of
// Llama-3.2-1B (32 query + 8 key heads, head dim 64, f16) on a 2x4 grid:
// dimension 0 of the grid splits the positions (16 per core), dimension 1
// the heads (10 per core). x and out are [40 heads x 32 positions, 64]
// (row h * 32 + s); cos and sin are [32 positions, 32].
//
// What it computes, per core: for each tile of 8 positions (an outer loop
// of 2), the 8x32 cos and sin tiles are loaded once and used by every head
// of an inner loop of 10:
//   y[:, 0:32]  = x1 * cos - x2 * sin
//   y[:, 32:64] = x1 * sin + x2 * cos
//
// Why it is interesting
//   As rope_prefill_4x2 (a table loaded in an outer loop, read in the inner
//   one, filled again by the next outer iteration), on rows of half a stick
//   (32 f16) and the other grid shape: 3584 of the 81920 outputs were wrong
//   on the emulator before assign-addresses made the fill wait.

func.func @rope_1b_2x4(%x_ptr: index, %cos_ptr: index, %sin_ptr: index, %out_ptr: index) attributes {grid = [2, 4]} {
  %ps, %ph = ktdp.get_compute_tile_id : index, index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %soff = arith.muli %ps, %c16 : index
  %hoff = arith.muli %ph, %c10 : index
  %x_view = ktdp.construct_memory_view %x_ptr, sizes: [1280, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1279 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1280x64xf16>
  %cos_view = ktdp.construct_memory_view %cos_ptr, sizes: [32, 32], strides: [32, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x32xf16>
  %sin_view = ktdp.construct_memory_view %sin_ptr, sizes: [32, 32], strides: [32, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x32xf16>
  %out_view = ktdp.construct_memory_view %out_ptr, sizes: [1280, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1279 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1280x64xf16>
  scf.for %t = %c0 to %c2 step %c1 {
    %toff = arith.muli %t, %c8 : index
    %crow = arith.addi %soff, %toff : index
    %cos_a = ktdp.construct_access_tile %cos_view[%crow, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x32xf16> -> !ktdp.access_tile<8x32xindex>
    %cos_t = ktdp.load %cos_a : !ktdp.access_tile<8x32xindex> -> tensor<8x32xf16>
    %sin_a = ktdp.construct_access_tile %sin_view[%crow, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x32xf16> -> !ktdp.access_tile<8x32xindex>
    %sin_t = ktdp.load %sin_a : !ktdp.access_tile<8x32xindex> -> tensor<8x32xf16>
    scf.for %h = %c0 to %c10 step %c1 {
      %habs = arith.addi %hoff, %h : index
      %rb = arith.muli %habs, %c32 : index
      %row = arith.addi %rb, %crow : index
      %x1_a = ktdp.construct_access_tile %x_view[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1280x64xf16> -> !ktdp.access_tile<8x32xindex>
      %x1 = ktdp.load %x1_a : !ktdp.access_tile<8x32xindex> -> tensor<8x32xf16>
      %x2_a = ktdp.construct_access_tile %x_view[%row, %c32] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1280x64xf16> -> !ktdp.access_tile<8x32xindex>
      %x2 = ktdp.load %x2_a : !ktdp.access_tile<8x32xindex> -> tensor<8x32xf16>
      %m1 = arith.mulf %x1, %cos_t : tensor<8x32xf16>
      %m2 = arith.mulf %x2, %sin_t : tensor<8x32xf16>
      %y1 = arith.subf %m1, %m2 : tensor<8x32xf16>
      %y1_a = ktdp.construct_access_tile %out_view[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1280x64xf16> -> !ktdp.access_tile<8x32xindex>
      ktdp.store %y1, %y1_a : tensor<8x32xf16>, !ktdp.access_tile<8x32xindex>
      %m3 = arith.mulf %x1, %sin_t : tensor<8x32xf16>
      %m4 = arith.mulf %x2, %cos_t : tensor<8x32xf16>
      %y2 = arith.addf %m3, %m4 : tensor<8x32xf16>
      %y2_a = ktdp.construct_access_tile %out_view[%row, %c32] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1280x64xf16> -> !ktdp.access_tile<8x32xindex>
      ktdp.store %y2, %y2_a : tensor<8x32xf16>, !ktdp.access_tile<8x32xindex>
    }
  }
  return
}
