// A kernel that keeps data of its own in LX: rows 32..63 of A live in
// core 0's scratchpad at element 0 (bytes 0 .. 4095), rows 0..31 in HBM.
// The whole 64x64 tile is loaded into LX and stored to B.
#hbm_rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#lx_rows  = affine_set<(d0, d1) : (d0 - 32 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all      = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#order    = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @lx_data(%a_ptr: index, %b_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %a_hbm = ktdp.construct_memory_view %a_ptr, sizes: [32, 64], strides: [64, 1] {
      coordinate_set = #hbm_rows, memory_space = #ktdp.memory_space<global>
    } : memref<32x64xf16>
    %a_lx = ktdp.construct_memory_view %c0, sizes: [32, 64], strides: [64, 1] {
      coordinate_set = #lx_rows, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>
    } : memref<32x64xf16>
    %a = ktdp.construct_distributed_memory_view (%a_hbm, %a_lx : memref<32x64xf16>, memref<32x64xf16>) : memref<64x64xf16>
    %b = ktdp.construct_memory_view %b_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    %ta = ktdp.construct_access_tile %a[%c0, %c0] {
      access_tile_set = #all, access_tile_order = #order
    } : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
    %tb = ktdp.construct_access_tile %b[%c0, %c0] {
      access_tile_set = #all, access_tile_order = #order
    } : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
    %d = ktdp.load %ta : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
    ktdp.store %d, %tb : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
    return
  }
}
