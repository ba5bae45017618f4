// vocab_shard_max_gpt2.mlir -- the first step of greedy sampling over
// GPT-2's vocabulary (50257 logits, f32) for a batch of 4, split over grid
// [16] as 3142 logits per tile (the last tile has 3127: the index past the
// vocabulary is masked to -inf, as a generator writes a masked load):
//   part[pid, b] = max_{j in the shard} x[b, j]      (stored, 16 x 4 f32)
// A row of 3142 f32 ends mid-stick (98 sticks and 6 lanes): chunk-reductions
// folds the row's last stick with the lanes past its end set to -inf, the
// maximum's identity, instead of holding the tile. Exact at every pass.
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 50256 >= 0)>
#t = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3141 >= 0)>
#p = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#pt = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 3 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @vocab_shard_max(%logits: index, %part: index) attributes {grid = [16]} {
    %c0 = arith.constant 0 : index
    %c3142 = arith.constant 3142 : index
    %ninf = arith.constant 0xFF800000 : f32
    %pid = ktdp.get_compute_tile_id : index
    %base = arith.muli %pid, %c3142 : index
    %lv = ktdp.construct_memory_view %logits, sizes: [4, 50257], strides: [50257, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<4x50257xf32>
    %pv = ktdp.construct_memory_view %part, sizes: [16, 4], strides: [4, 1] {coordinate_set = #p, memory_space = #ktdp.memory_space<global>} : memref<16x4xf32>
    %la = ktdp.construct_access_tile %lv[%c0, %base] {access_tile_set = #t, access_tile_order = #id2} : memref<4x50257xf32> -> !ktdp.access_tile<4x3142xindex>
    %x = ktdp.load %la : <4x3142xindex> -> tensor<4x3142xf32>
    %e = tensor.empty() : tensor<4x3142xf32>
    %xm = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x3142xf32>) outs(%e : tensor<4x3142xf32>) {
    ^bb0(%in: f32, %out: f32):
      %j = linalg.index 1 : index
      %gj = arith.addi %j, %base : index
      %lim = arith.constant 50257 : index
      %ok = arith.cmpi ult, %gj, %lim : index
      %r = arith.select %ok, %in, %ninf : f32
      linalg.yield %r : f32
    } -> tensor<4x3142xf32>
    %e1 = tensor.empty() : tensor<4xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
    %mx = linalg.reduce { arith.maximumf } ins(%xm : tensor<4x3142xf32>) outs(%m0 : tensor<4xf32>) dimensions = [1]
    %mx2 = tensor.expand_shape %mx [[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
    %pa = ktdp.construct_access_tile %pv[%pid, %c0] {access_tile_set = #pt, access_tile_order = #id2} : memref<16x4xf32> -> !ktdp.access_tile<1x4xindex>
    ktdp.store %mx2, %pa : tensor<1x4xf32>, <1x4xindex>
    return
  }
}
