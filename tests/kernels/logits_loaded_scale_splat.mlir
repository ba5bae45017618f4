// logits_loaded_scale_splat.mlir -- a sampler's per-sequence scaling as
// generators write it: the sequence's inverse temperature loaded as a 1x1
// tile, read with tensor.extract and splatted over its row of logits (8
// sequences over a tensor-parallel shard of Llama-3's vocabulary, 16032
// f32, one per core); then a floor of -30 (a logit soft clamp). The
// scalar is popped whole before the stick loop and read there
// (nest-vector-pipelines), so the row streams.
#lg = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 16031 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 16031 >= 0)>
#sc = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 == 0)>
#one = affine_set<(d0, d1) : (d0 == 0, d1 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @scale_logits(%logits_ptr: index, %inv_temp_ptr: index, %out_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %floor = arith.constant dense<-30.0> : tensor<1x16032xf32>
    %s = ktdp.get_compute_tile_id : index
    %lv = ktdp.construct_memory_view %logits_ptr, sizes: [8, 16032], strides: [16032, 1] {coordinate_set = #lg, memory_space = #ktdp.memory_space<global>} : memref<8x16032xf32>
    %tv = ktdp.construct_memory_view %inv_temp_ptr, sizes: [8, 1], strides: [1, 1] {coordinate_set = #sc, memory_space = #ktdp.memory_space<global>} : memref<8x1xf32>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [8, 16032], strides: [16032, 1] {coordinate_set = #lg, memory_space = #ktdp.memory_space<global>} : memref<8x16032xf32>
    %la = ktdp.construct_access_tile %lv[%s, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x16032xf32> -> !ktdp.access_tile<1x16032xindex>
    %x = ktdp.load %la : !ktdp.access_tile<1x16032xindex> -> tensor<1x16032xf32>
    %ta = ktdp.construct_access_tile %tv[%s, %c0] {access_tile_set = #one, access_tile_order = #id2} : memref<8x1xf32> -> !ktdp.access_tile<1x1xindex>
    %tt = ktdp.load %ta : !ktdp.access_tile<1x1xindex> -> tensor<1x1xf32>
    %inv = tensor.extract %tt[%c0, %c0] : tensor<1x1xf32>
    %invs = tensor.splat %inv : tensor<1x16032xf32>
    %y = arith.mulf %x, %invs : tensor<1x16032xf32>
    %z = arith.maximumf %y, %floor : tensor<1x16032xf32>
    %oa = ktdp.construct_access_tile %ov[%s, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<8x16032xf32> -> !ktdp.access_tile<1x16032xindex>
    ktdp.store %z, %oa : tensor<1x16032xf32>, !ktdp.access_tile<1x16032xindex>
    return
  }
}
