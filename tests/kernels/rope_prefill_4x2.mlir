// rope_prefill_4x2.mlir -- rotary position embedding for a 32-token
// prefill of Llama-3-8B (32 query + 8 key heads, head dim 128, f16) on a
// 4x2 grid, the way the field's RoPE kernels deal out the work: dimension 0
// of the grid splits the positions (8 per core), dimension 1 the heads (20
// per core). x and out are [40 heads x 32 positions, 128] (row h * 32 + s);
// cos and sin are [32 positions, 64].
//
// What it computes, per core: for each tile of 4 positions (an outer loop
// of 2), the 4x64 cos and sin tiles are loaded once and used by every head
// of an inner loop of 20:
//   y[:, 0:64]   = x1 * cos - x2 * sin
//   y[:, 64:128] = x1 * sin + x2 * cos
//
// Why it is interesting
//   The tables are loaded in one loop and read in the loop inside it: the
//   pipeline loads them into a buffer the inner loop's load unit streams
//   from, and the next outer iteration fills that buffer again. Until the
//   fill waited for the inner loop's reads (assign-addresses: a barrier at
//   the end of a loop body that keeps a buffer for later pipelines), the
//   load unit ran ahead and overwrote the tables of the last heads: 3071
//   of the 163840 outputs wrong on the emulator (up to 918 ulps).

func.func @rope_prefill_4x2(%x_ptr: index, %cos_ptr: index, %sin_ptr: index, %out_ptr: index) attributes {grid = [4, 2]} {
  %ps, %ph = ktdp.get_compute_tile_id : index, index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %soff = arith.muli %ps, %c8 : index
  %hoff = arith.muli %ph, %c20 : index
  %x_view = ktdp.construct_memory_view %x_ptr, sizes: [1280, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1279 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1280x128xf16>
  %cos_view = ktdp.construct_memory_view %cos_ptr, sizes: [32, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
  %sin_view = ktdp.construct_memory_view %sin_ptr, sizes: [32, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
  %out_view = ktdp.construct_memory_view %out_ptr, sizes: [1280, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1279 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1280x128xf16>
  scf.for %t = %c0 to %c2 step %c1 {
    %toff = arith.muli %t, %c4 : index
    %crow = arith.addi %soff, %toff : index
    %cos_a = ktdp.construct_access_tile %cos_view[%crow, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x64xf16> -> !ktdp.access_tile<4x64xindex>
    %cos_t = ktdp.load %cos_a : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
    %sin_a = ktdp.construct_access_tile %sin_view[%crow, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x64xf16> -> !ktdp.access_tile<4x64xindex>
    %sin_t = ktdp.load %sin_a : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
    scf.for %h = %c0 to %c20 step %c1 {
      %habs = arith.addi %hoff, %h : index
      %rb = arith.muli %habs, %c32 : index
      %row = arith.addi %rb, %crow : index
      %x1_a = ktdp.construct_access_tile %x_view[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1280x128xf16> -> !ktdp.access_tile<4x64xindex>
      %x1 = ktdp.load %x1_a : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
      %x2_a = ktdp.construct_access_tile %x_view[%row, %c64] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1280x128xf16> -> !ktdp.access_tile<4x64xindex>
      %x2 = ktdp.load %x2_a : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
      %m1 = arith.mulf %x1, %cos_t : tensor<4x64xf16>
      %m2 = arith.mulf %x2, %sin_t : tensor<4x64xf16>
      %y1 = arith.subf %m1, %m2 : tensor<4x64xf16>
      %y1_a = ktdp.construct_access_tile %out_view[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1280x128xf16> -> !ktdp.access_tile<4x64xindex>
      ktdp.store %y1, %y1_a : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
      %m3 = arith.mulf %x1, %sin_t : tensor<4x64xf16>
      %m4 = arith.mulf %x2, %cos_t : tensor<4x64xf16>
      %y2 = arith.addf %m3, %m4 : tensor<4x64xf16>
      %y2_a = ktdp.construct_access_tile %out_view[%row, %c64] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1280x128xf16> -> !ktdp.access_tile<4x64xindex>
      ktdp.store %y2, %y2_a : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
    }
  }
  return
}
