// mask_bias_loop.mlir -- an additive attention mask tile shared by every
// head: scores [8 heads x 32 queries, 128 keys] f16 (row h * 32 + q) plus a
// mask/bias table [32 queries, 128 keys] f16, on a one-dimensional grid of
// 4 (core c takes queries 8c .. 8c+7).
//
// What it computes, per core: for each tile of 4 queries (an outer loop of
// 2), the 4x128 table tile is loaded once and added to that tile of every
// head in an inner loop of 8:
//   out[h * 32 + q, :] = scores[h * 32 + q, :] + mask[q, :]
//
// Why it is interesting
//   The class of rope_prefill_4x2 without RoPE or a 2-D grid: a table loaded
//   in an outer loop and read by the inner loop's pipelines from a buffer
//   the next outer iteration fills again. The fill used to overwrite the
//   table while the inner loop's load unit still streamed it (wrong sums in
//   the last heads of each tile); it now waits for them.
#s_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#m_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#tile  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2   = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @mask_bias_loop(%s_ptr: index, %m_ptr: index, %o_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %core = ktdp.get_compute_tile_id : index
    %q0 = arith.muli %core, %c8 : index
    %s_view = ktdp.construct_memory_view %s_ptr, sizes: [256, 128], strides: [128, 1] {
      coordinate_set = #s_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x128xf16>
    %o_view = ktdp.construct_memory_view %o_ptr, sizes: [256, 128], strides: [128, 1] {
      coordinate_set = #s_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x128xf16>
    %m_view = ktdp.construct_memory_view %m_ptr, sizes: [32, 128], strides: [128, 1] {
      coordinate_set = #m_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x128xf16>
    scf.for %t = %c0 to %c2 step %c1 {
      %dq = arith.muli %t, %c4 : index
      %q = arith.addi %q0, %dq : index
      %m_acc = ktdp.construct_access_tile %m_view[%q, %c0] {
        access_tile_set = #tile, access_tile_order = #id2
      } : memref<32x128xf16> -> !ktdp.access_tile<4x128xindex>
      %mask = ktdp.load %m_acc : <4x128xindex> -> tensor<4x128xf16>
      scf.for %h = %c0 to %c8 step %c1 {
        %hb = arith.muli %h, %c32 : index
        %row = arith.addi %hb, %q : index
        %s_acc = ktdp.construct_access_tile %s_view[%row, %c0] {
          access_tile_set = #tile, access_tile_order = #id2
        } : memref<256x128xf16> -> !ktdp.access_tile<4x128xindex>
        %s = ktdp.load %s_acc : <4x128xindex> -> tensor<4x128xf16>
        %sum = arith.addf %s, %mask : tensor<4x128xf16>
        %o_acc = ktdp.construct_access_tile %o_view[%row, %c0] {
          access_tile_set = #tile, access_tile_order = #id2
        } : memref<256x128xf16> -> !ktdp.access_tile<4x128xindex>
        ktdp.store %sum, %o_acc : tensor<4x128xf16>, <4x128xindex>
      }
    }
    return
  }
}
