// causal_mask_chunked_prefill.mlir -- the attention mask of a chunked
// prefill on Llama-3.2-1B: a 32-token chunk whose first token is at a
// launch-time position %pos attends to 128 cache slots; the mask is a
// tensor.generate whose body compares each key's slot with the query's
// position (pos + i), so it is computed, not folded. Each generated index
// is a ramp and the position a splat, computed a stick at a time.
// RUN-ARGS: --arg pos=40
//
// What it computes
//   s, p : 32x32x128 f16 (heads x queries x cache slots), pos : i32.
//   grid = [32]: tile h computes p[h, i, j] = s[h, i, j] + (j > pos + i ? -inf : 0).
#s3 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#head = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @chunk_mask(%s_ptr: index, %p_ptr: index, %pos: i32) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %h = ktdp.get_compute_tile_id : index
    %position = arith.index_cast %pos : i32 to index
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [32, 32, 128], strides: [4096, 128, 1] {
      coordinate_set = #s3, memory_space = #ktdp.memory_space<global>
    } : memref<32x32x128xf16>
    %pv = ktdp.construct_memory_view %p_ptr, sizes: [32, 32, 128], strides: [4096, 128, 1] {
      coordinate_set = #s3, memory_space = #ktdp.memory_space<global>
    } : memref<32x32x128xf16>
    %sa = ktdp.construct_access_tile %sv[%h, %c0, %c0] {
      access_tile_set = #head, access_tile_order = #id3
    } : memref<32x32x128xf16> -> !ktdp.access_tile<1x32x128xindex>
    %s = ktdp.load %sa : !ktdp.access_tile<1x32x128xindex> -> tensor<1x32x128xf16>
    %mask = tensor.generate {
    ^bb0(%b: index, %i: index, %j: index):
      %ninf = arith.constant 0xFC00 : f16
      %zero = arith.constant 0.000000e+00 : f16
      %q = arith.addi %i, %position : index
      %future = arith.cmpi ugt, %j, %q : index
      %v = arith.select %future, %ninf, %zero : f16
      tensor.yield %v : f16
    } : tensor<1x32x128xf16>
    %p = arith.addf %s, %mask : tensor<1x32x128xf16>
    %pa = ktdp.construct_access_tile %pv[%h, %c0, %c0] {
      access_tile_set = #head, access_tile_order = #id3
    } : memref<32x32x128xf16> -> !ktdp.access_tile<1x32x128xindex>
    ktdp.store %p, %pa : tensor<1x32x128xf16>, !ktdp.access_tile<1x32x128xindex>
    return
  }
}
