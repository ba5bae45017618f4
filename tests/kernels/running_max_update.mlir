// running_max_update.mlir -- one step of a flash-decoding style running
// maximum over a vocabulary chunk (Llama-3's 128,256-entry logits split in
// chunks of 4096; 32 sequences decoding one token): the chunk's row max,
// widened to f32, folded into the running max a previous step stored, and
// stored back. Written as torch-mlir writes `torch.maximum(m, x.float().
// amax(-1))` after fusion: a reduction linalg.generic whose accumulator is
// the loaded running max itself (outs(%m)), its load after the chunk's. The
// chunk streams a stick at a time (chunk-reductions); the running max,
// which the load unit sends after the chunk, is folded in once the chunk
// has streamed. Before, the stage held the widened chunk whole (24,584
// bytes against the compute engine's 2,048).
//
// What it computes
//   x : 32x4096 f16 (logits chunk), m_in, m_out : 32 f32. grid = [32]:
//   m_out[s] = max(m_in[s], max_c f32(x[s, c])).
#logits = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#one_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#seqs = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#single = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#to_row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @running_max(%x_ptr: index, %m_in_ptr: index, %m_out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %seq = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #logits, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %miv = ktdp.construct_memory_view %m_in_ptr, sizes: [32], strides: [1] {
      coordinate_set = #seqs, memory_space = #ktdp.memory_space<global>
    } : memref<32xf32>
    %mov = ktdp.construct_memory_view %m_out_ptr, sizes: [32], strides: [1] {
      coordinate_set = #seqs, memory_space = #ktdp.memory_space<global>
    } : memref<32xf32>
    %xa = ktdp.construct_access_tile %xv[%seq, %c0] {
      access_tile_set = #one_row, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %mia = ktdp.construct_access_tile %miv[%seq] {
      access_tile_set = #single, access_tile_order = #id1
    } : memref<32xf32> -> !ktdp.access_tile<1xindex>
    %m = ktdp.load %mia : !ktdp.access_tile<1xindex> -> tensor<1xf32>
    %m_new = linalg.generic {indexing_maps = [#id2, #to_row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x4096xf16>) outs(%m : tensor<1xf32>) {
    ^bb0(%in: f16, %acc: f32):
      %wide = arith.extf %in : f16 to f32
      %max = arith.maximumf %wide, %acc : f32
      linalg.yield %max : f32
    } -> tensor<1xf32>
    %moa = ktdp.construct_access_tile %mov[%seq] {
      access_tile_set = #single, access_tile_order = #id1
    } : memref<32xf32> -> !ktdp.access_tile<1xindex>
    ktdp.store %m_new, %moa : tensor<1xf32>, !ktdp.access_tile<1xindex>
    return
  }
}
