// repeat_kv_gqa.mlir -- grouped-query attention's repeat_kv for Llama-3-8B
// at a 32-token prefill (8 KV heads shared by 32 query heads, head_dim 128),
// as torch-mlir writes `k[:, :, None].expand(...).reshape(...)`: a parallel
// linalg.generic reading the KV head through (d0, d1, d2, d3) -> (d0, d2, d3)
// (normalize-tensor-ops: a linalg.broadcast, dimensions = [1]), then a
// tensor.collapse_shape of the group into the heads. One KV head per core.
// The broadcast streams as a periodic FIFO (each of the 4 copies reads the
// head's 64 sticks again; nest-vector-pipelines). Before: a broadcast with
// a dimension of extent 1 in front of the one it adds held the stage's
// tiles whole (the field's repeat_kv: 40,960 bytes against 2,048).
//
// What it computes
//   k : 8x32x128 f16 (kv head, token, dim), out : 32x32x128 f16. grid = [8]:
//   out[4 g + r, t, d] = k[g, t, d] for r in 0..3.
#k_all = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#q_all = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#one_head = affine_set<(d0, d1, d2) : (d0 == 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#group = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#skip_rep = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
module {
  func.func @repeat_kv(%k_ptr: index, %out_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %g = ktdp.get_compute_tile_id : index
    %first = arith.muli %g, %c4 : index
    %kv = ktdp.construct_memory_view %k_ptr, sizes: [8, 32, 128], strides: [4096, 128, 1] {
      coordinate_set = #k_all, memory_space = #ktdp.memory_space<global>
    } : memref<8x32x128xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [32, 32, 128], strides: [4096, 128, 1] {
      coordinate_set = #q_all, memory_space = #ktdp.memory_space<global>
    } : memref<32x32x128xf16>
    %ka = ktdp.construct_access_tile %kv[%g, %c0, %c0] {access_tile_set = #one_head, access_tile_order = #id3} : memref<8x32x128xf16> -> !ktdp.access_tile<1x32x128xindex>
    %k = ktdp.load %ka : !ktdp.access_tile<1x32x128xindex> -> tensor<1x32x128xf16>
    %e = tensor.empty() : tensor<1x4x32x128xf16>
    %rep = linalg.generic {indexing_maps = [#skip_rep, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%k : tensor<1x32x128xf16>) outs(%e : tensor<1x4x32x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x4x32x128xf16>
    %heads = tensor.collapse_shape %rep [[0, 1], [2], [3]] : tensor<1x4x32x128xf16> into tensor<4x32x128xf16>
    %oa = ktdp.construct_access_tile %ov[%first, %c0, %c0] {access_tile_set = #group, access_tile_order = #id3} : memref<32x32x128xf16> -> !ktdp.access_tile<4x32x128xindex>
    ktdp.store %heads, %oa : tensor<4x32x128xf16>, !ktdp.access_tile<4x32x128xindex>
    return
  }
}
