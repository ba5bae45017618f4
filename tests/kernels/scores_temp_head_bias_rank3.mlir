// scores_temp_head_bias_rank3.mlir -- Per-sequence temperature and per-head bias on decode scores, as inductor fuses them: a rank-3
// generic over scores [4 sequences, 8 heads, 512 keys] f16 (a head group per tile) whose inputs
// temp [4] and bias [8] are indexed (d0, d1, d2) -> (d0) and -> (d1): one value per row each
// Each row reads its one value of each (nest-vector-pipelines; docs/unseen-kernels.md).
#s = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 511 >= 0)>
#blk = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 511 >= 0)>
#t = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#h = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#h8 = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#seq = affine_map<(d0, d1, d2) -> (d0)>
#head = affine_map<(d0, d1, d2) -> (d1)>
module {
  func.func @scores_temp_head_bias(%s_ptr: index, %t_ptr: index, %b_ptr: index, %o_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %pid = ktdp.get_compute_tile_id : index
    %h0 = arith.muli %pid, %c8 : index
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [4, 32, 512], strides: [16384, 512, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<4x32x512xf16>
    %ov = ktdp.construct_memory_view %o_ptr, sizes: [4, 32, 512], strides: [16384, 512, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<4x32x512xf16>
    %tv = ktdp.construct_memory_view %t_ptr, sizes: [4], strides: [1] {coordinate_set = #t, memory_space = #ktdp.memory_space<global>} : memref<4xf16>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [32], strides: [1] {coordinate_set = #h, memory_space = #ktdp.memory_space<global>} : memref<32xf16>
    %sa = ktdp.construct_access_tile %sv[%c0, %h0, %c0] {access_tile_set = #blk, access_tile_order = #id3} : memref<4x32x512xf16> -> !ktdp.access_tile<4x8x512xindex>
    %ta = ktdp.construct_access_tile %tv[%c0] {access_tile_set = #t, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
    %ba = ktdp.construct_access_tile %bv[%h0] {access_tile_set = #h8, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<8xindex>
    %oa = ktdp.construct_access_tile %ov[%c0, %h0, %c0] {access_tile_set = #blk, access_tile_order = #id3} : memref<4x32x512xf16> -> !ktdp.access_tile<4x8x512xindex>
    %x = ktdp.load %sa : !ktdp.access_tile<4x8x512xindex> -> tensor<4x8x512xf16>
    %temp = ktdp.load %ta : !ktdp.access_tile<4xindex> -> tensor<4xf16>
    %bias = ktdp.load %ba : !ktdp.access_tile<8xindex> -> tensor<8xf16>
    %e = tensor.empty() : tensor<4x8x512xf16>
    %y = linalg.generic {indexing_maps = [#id3, #seq, #head, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x, %temp, %bias : tensor<4x8x512xf16>, tensor<4xf16>, tensor<8xf16>) outs(%e : tensor<4x8x512xf16>) {
      ^bb0(%a: f16, %tt: f16, %bb: f16, %o: f16):
        %q = arith.divf %a, %tt : f16
        %r = arith.addf %q, %bb : f16
        linalg.yield %r : f16
    } -> tensor<4x8x512xf16>
    ktdp.store %y, %oa : tensor<4x8x512xf16>, !ktdp.access_tile<4x8x512xindex>
    return
  }
}
