// vocab_shard_sumexp_llama3.mlir -- the softmax denominator of a
// cross-entropy over Llama-3-8B's vocabulary (128256 logits, f32) for a
// batch of 2, split over grid [32] as 4008 logits per tile, each row's
// maximum given (the all-reduced max of an earlier kernel):
//   part[pid, b] = sum_{j in the shard} exp(x[b, j] - m[b])  (stored, 32 x 2)
// A row of 4008 f32 ends mid-stick (125 sticks and 8 lanes):
// chunk-reductions folds the row's last stick with the lanes past its end
// set to 0, the sum's identity, instead of holding the tile; the sum is
// folded per lane, then across the lanes (within rounding from there).
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 128255 >= 0)>
#t = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 4007 >= 0)>
#r = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#p = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1 >= 0)>
#pt = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 1 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @vocab_shard_sumexp(%logits: index, %max: index, %part: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c4008 = arith.constant 4008 : index
    %zero = arith.constant 0.000000e+00 : f32
    %pid = ktdp.get_compute_tile_id : index
    %base = arith.muli %pid, %c4008 : index
    %lv = ktdp.construct_memory_view %logits, sizes: [2, 128256], strides: [128256, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<2x128256xf32>
    %mv = ktdp.construct_memory_view %max, sizes: [2], strides: [1] {coordinate_set = #r, memory_space = #ktdp.memory_space<global>} : memref<2xf32>
    %pv = ktdp.construct_memory_view %part, sizes: [32, 2], strides: [2, 1] {coordinate_set = #p, memory_space = #ktdp.memory_space<global>} : memref<32x2xf32>
    %la = ktdp.construct_access_tile %lv[%c0, %base] {access_tile_set = #t, access_tile_order = #id2} : memref<2x128256xf32> -> !ktdp.access_tile<2x4008xindex>
    %x = ktdp.load %la : <2x4008xindex> -> tensor<2x4008xf32>
    %ma = ktdp.construct_access_tile %mv[%c0] {access_tile_set = #r, access_tile_order = #id1} : memref<2xf32> -> !ktdp.access_tile<2xindex>
    %m = ktdp.load %ma : <2xindex> -> tensor<2xf32>
    %e = tensor.empty() : tensor<2x4008xf32>
    %mb = linalg.broadcast ins(%m : tensor<2xf32>) outs(%e : tensor<2x4008xf32>) dimensions = [1]
    %d = arith.subf %x, %mb : tensor<2x4008xf32>
    %ex = math.exp %d : tensor<2x4008xf32>
    %e1 = tensor.empty() : tensor<2xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
    %s = linalg.reduce { arith.addf } ins(%ex : tensor<2x4008xf32>) outs(%s0 : tensor<2xf32>) dimensions = [1]
    %s2 = tensor.expand_shape %s [[0, 1]] output_shape [1, 2] : tensor<2xf32> into tensor<1x2xf32>
    %pa = ktdp.construct_access_tile %pv[%pid, %c0] {access_tile_set = #pt, access_tile_order = #id2} : memref<32x2xf32> -> !ktdp.access_tile<1x2xindex>
    ktdp.store %s2, %pa : tensor<1x2xf32>, <1x2xindex>
    return
  }
}
