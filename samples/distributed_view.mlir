// distributed_view.mlir -- one logical tensor spread over HBM and two cores'
// scratchpads, read through ktdp.construct_distributed_memory_view:
//   B = A,  A : 128x64 fp16 (distributed),  B : 128x64 fp16 (HBM)
//
// What it computes
//   The logical tensor A is stored in three partitions:
//     rows   0 ..  47  in HBM, row-major (48x64) at %a_hbm_ptr
//     rows  48 ..  79  in core 0's scratchpad, COLUMN-major (32x64, strides
//                      [1, 32]) at element index 524288 (byte 1 MiB)
//     rows  80 .. 127  in core 1's scratchpad, row-major (48x64) at element
//                      index 524288 (byte 1 MiB)
//   Each partition view carries a coordinate_set saying which global rows it
//   holds; the distributed view glues the three into one memref<128x64xf16>.
//   The scratchpad partitions sit in the upper half of their 2 MiB LX so they
//   stay clear of the tiles the compiler allocates at the bottom. They are
//   kernel INPUTS: the host (or an earlier kernel) has put data there.
//   %a_hbm_ptr and %b_ptr are element indices into HBM.
//   grid = [4]: tile i copies logical rows 32*i .. 32*i+31 of A to the same
//   rows of B with one 32x64 load from the distributed view and one store:
//     tile 0 (core 0): rows   0- 31, all from HBM
//     tile 1 (core 1): rows  32- 63, 16 rows from HBM + 16 from core 0's LX
//     tile 2 (core 2): rows  64- 95, 16 rows from core 0's LX + 16 from core 1's
//     tile 3 (core 3): rows  96-127, all from core 1's LX
//   Partitions are disjoint and only read; B is written exactly once.
//
// Why it is interesting
//   A load names logical coordinates; where the bytes live is the memory
//   view's business. The same ktdp.load becomes an HBM read on core 0, a
//   mixed HBM + neighbour-scratchpad read on core 1, a read of two other
//   cores' scratchpads over the ring on core 2, and so on. The column-major
//   partition shows that partitions may also differ in layout: those 32 rows
//   are not stick-contiguous and have to be gathered. Watch the ring view
//   for the core-to-core transfers.

#a_hbm_part = affine_set<(d0, d1) : (d0 >= 0, -d0 + 47 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#a_lx0_part = affine_set<(d0, d1) : (d0 - 48 >= 0, -d0 + 79 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#a_lx1_part = affine_set<(d0, d1) : (d0 - 80 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b_set      = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#band       = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#identity   = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @distributed_view(%a_hbm_ptr: index, %b_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %band_rows = arith.constant 32 : index
    // Element index of the partitions inside core 0's and core 1's LX (byte 1 MiB).
    %lx_base = arith.constant 524288 : index

    %id = ktdp.get_compute_tile_id : index
    %row0 = arith.muli %id, %band_rows : index

    // ---- Partition views ----
    %a_hbm = ktdp.construct_memory_view %a_hbm_ptr, sizes: [48, 64], strides: [64, 1] {
      coordinate_set = #a_hbm_part,
      memory_space = #ktdp.memory_space<global>
    } : memref<48x64xf16>

    // Column-major: element (r, c) of this partition is at lx_base + r + 32*c.
    %a_lx0 = ktdp.construct_memory_view %lx_base, sizes: [32, 64], strides: [1, 32] {
      coordinate_set = #a_lx0_part,
      memory_space = #ktdp.memory_space<ct_local, ct_id = 0>
    } : memref<32x64xf16>

    %a_lx1 = ktdp.construct_memory_view %lx_base, sizes: [48, 64], strides: [64, 1] {
      coordinate_set = #a_lx1_part,
      memory_space = #ktdp.memory_space<ct_local, ct_id = 1>
    } : memref<48x64xf16>

    // ---- One logical 128x64 view over the three partitions ----
    %a_view = ktdp.construct_distributed_memory_view
        (%a_hbm, %a_lx0, %a_lx1 : memref<48x64xf16>, memref<32x64xf16>, memref<48x64xf16>)
        : memref<128x64xf16>

    %b_view = ktdp.construct_memory_view %b_ptr, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = #b_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>

    // ---- Copy this tile's band ----
    %a_acc = ktdp.construct_access_tile %a_view[%row0, %c0] {
      access_tile_set = #band,
      access_tile_order = #identity
    } : memref<128x64xf16> -> !ktdp.access_tile<32x64xindex>
    %band_data = ktdp.load %a_acc : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>

    %b_acc = ktdp.construct_access_tile %b_view[%row0, %c0] {
      access_tile_set = #band,
      access_tile_order = #identity
    } : memref<128x64xf16> -> !ktdp.access_tile<32x64xindex>
    ktdp.store %band_data, %b_acc : tensor<32x64xf16>, !ktdp.access_tile<32x64xindex>

    return
  }
}
