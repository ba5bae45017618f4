// logits_temperature_rank3_decode.mlir -- Sampling temperature at decode as inductor writes it: logits [8 sequences, 1 token, 16384
// vocab] f32 divided by temp[8], a [B, 1] operand the rank-3 generic indexes (d0, d1, d2) -> (d0);
// each of 8 tiles takes a 2048-wide vocabulary shard of every sequence
// Each row reads its one value (nest-vector-pipelines; docs/unseen-kernels.md).
#l = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 == 0, d2 >= 0, -d2 + 16383 >= 0)>
#blk = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 == 0, d2 >= 0, -d2 + 2047 >= 0)>
#t = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#seq = affine_map<(d0, d1, d2) -> (d0)>
module {
  func.func @logits_temperature(%l_ptr: index, %t_ptr: index, %o_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c2048 = arith.constant 2048 : index
    %pid = ktdp.get_compute_tile_id : index
    %v0 = arith.muli %pid, %c2048 : index
    %lv = ktdp.construct_memory_view %l_ptr, sizes: [8, 1, 16384], strides: [16384, 16384, 1] {coordinate_set = #l, memory_space = #ktdp.memory_space<global>} : memref<8x1x16384xf32>
    %ov = ktdp.construct_memory_view %o_ptr, sizes: [8, 1, 16384], strides: [16384, 16384, 1] {coordinate_set = #l, memory_space = #ktdp.memory_space<global>} : memref<8x1x16384xf32>
    %tv = ktdp.construct_memory_view %t_ptr, sizes: [8], strides: [1] {coordinate_set = #t, memory_space = #ktdp.memory_space<global>} : memref<8xf32>
    %la = ktdp.construct_access_tile %lv[%c0, %c0, %v0] {access_tile_set = #blk, access_tile_order = #id3} : memref<8x1x16384xf32> -> !ktdp.access_tile<8x1x2048xindex>
    %ta = ktdp.construct_access_tile %tv[%c0] {access_tile_set = #t, access_tile_order = #id1} : memref<8xf32> -> !ktdp.access_tile<8xindex>
    %oa = ktdp.construct_access_tile %ov[%c0, %c0, %v0] {access_tile_set = #blk, access_tile_order = #id3} : memref<8x1x16384xf32> -> !ktdp.access_tile<8x1x2048xindex>
    %x = ktdp.load %la : !ktdp.access_tile<8x1x2048xindex> -> tensor<8x1x2048xf32>
    %temp = ktdp.load %ta : !ktdp.access_tile<8xindex> -> tensor<8xf32>
    %e = tensor.empty() : tensor<8x1x2048xf32>
    %y = linalg.generic {indexing_maps = [#id3, #seq, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x, %temp : tensor<8x1x2048xf32>, tensor<8xf32>) outs(%e : tensor<8x1x2048xf32>) {
      ^bb0(%a: f32, %tt: f32, %o: f32):
        %q = arith.divf %a, %tt : f32
        linalg.yield %q : f32
    } -> tensor<8x1x2048xf32>
    ktdp.store %y, %oa : tensor<8x1x2048xf32>, !ktdp.access_tile<8x1x2048xindex>
    return
  }
}
