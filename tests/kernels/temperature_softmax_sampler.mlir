// temperature_softmax_sampler.mlir -- vLLM's sampler before top-k / top-p:
// each sequence's logits divided by its own temperature (loaded, one per
// sequence; a temperature of 0, greedy, divides by 1), then softmax in
// f32. Decode with 8 sequences over a tensor-parallel shard of Llama-3's
// vocabulary (128256 / 8 = 16032 logits), one sequence per core. The
// temperature is a value popped before the logits' row: stream-row-passes
// streams the row once per pass (docs/unseen-kernels.md, "A third
// tester's kernels").
#lg = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 16031 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 16031 >= 0)>
#ts = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @temperature_softmax(%logits_ptr: index, %temperature_ptr: index, %probs_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %s = ktdp.get_compute_tile_id : index
    %lv = ktdp.construct_memory_view %logits_ptr, sizes: [8, 16032], strides: [16032, 1] {coordinate_set = #lg, memory_space = #ktdp.memory_space<global>} : memref<8x16032xf32>
    %tv = ktdp.construct_memory_view %temperature_ptr, sizes: [8], strides: [1] {coordinate_set = #ts, memory_space = #ktdp.memory_space<global>} : memref<8xf32>
    %pv = ktdp.construct_memory_view %probs_ptr, sizes: [8, 16032], strides: [16032, 1] {coordinate_set = #lg, memory_space = #ktdp.memory_space<global>} : memref<8x16032xf32>
    %ta = ktdp.construct_access_tile %tv[%s] {access_tile_set = #one, access_tile_order = #id1} : memref<8xf32> -> !ktdp.access_tile<1xindex>
    %tt = ktdp.load %ta : !ktdp.access_tile<1xindex> -> tensor<1xf32>
    %t = tensor.extract %tt[%c0] : tensor<1xf32>
    %greedy = arith.cmpf oeq, %t, %zero : f32
    %temp = arith.select %greedy, %one, %t : f32
    %la = ktdp.construct_access_tile %lv[%s, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x16032xf32> -> !ktdp.access_tile<1x16032xindex>
    %x = ktdp.load %la : !ktdp.access_tile<1x16032xindex> -> tensor<1x16032xf32>
    %tb = tensor.splat %temp : tensor<1x16032xf32>
    %xs = arith.divf %x, %tb : tensor<1x16032xf32>
    %e1 = tensor.empty() : tensor<1xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
    %m = linalg.reduce { arith.maximumf } ins(%xs : tensor<1x16032xf32>) outs(%m0 : tensor<1xf32>) dimensions = [1]
    %e2 = tensor.empty() : tensor<1x16032xf32>
    %mb = linalg.broadcast ins(%m : tensor<1xf32>) outs(%e2 : tensor<1x16032xf32>) dimensions = [1]
    %d = arith.subf %xs, %mb : tensor<1x16032xf32>
    %ex = math.exp %d : tensor<1x16032xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
    %sum = linalg.reduce { arith.addf } ins(%ex : tensor<1x16032xf32>) outs(%s0 : tensor<1xf32>) dimensions = [1]
    %sb = linalg.broadcast ins(%sum : tensor<1xf32>) outs(%e2 : tensor<1x16032xf32>) dimensions = [1]
    %p = arith.divf %ex, %sb : tensor<1x16032xf32>
    %pa = ktdp.construct_access_tile %pv[%s, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x16032xf32> -> !ktdp.access_tile<1x16032xindex>
    ktdp.store %p, %pa : tensor<1x16032xf32>, !ktdp.access_tile<1x16032xindex>
    return
  }
}
