// attention_pv_prefill_heads.mlir -- the second matmul of attention at a
// 32-token prefill of Llama-3-8B: per query head, P (32 queries x 32 keys,
// the softmax's f16 probabilities) times V (32 keys x 128, the head's KV
// group: 4 query heads share one of 8), accumulated in f32 and rounded to
// f16 into the head's 128 columns of the output. One head per core. P's
// rows are 32 f16, half a stick: the matmul streams V and takes P and the
// accumulator a row at a time (pipeline/utils/StreamedMatmul.h).
#ps = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#vs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#os = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#p1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#v1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @attention_pv(%p_ptr: index, %v_ptr: index, %o_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %h = ktdp.get_compute_tile_id : index
    %g = arith.divui %h, %c4 : index
    %prow = arith.muli %h, %c32 : index
    %vrow = arith.muli %g, %c32 : index
    %ocol = arith.muli %h, %c128 : index
    %pv = ktdp.construct_memory_view %p_ptr, sizes: [1024, 32], strides: [32, 1] {coordinate_set = #ps, memory_space = #ktdp.memory_space<global>} : memref<1024x32xf16>
    %vv = ktdp.construct_memory_view %v_ptr, sizes: [256, 128], strides: [128, 1] {coordinate_set = #vs, memory_space = #ktdp.memory_space<global>} : memref<256x128xf16>
    %ov = ktdp.construct_memory_view %o_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #os, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %pa = ktdp.construct_access_tile %pv[%prow, %c0] {access_tile_set = #p1, access_tile_order = #id2} : memref<1024x32xf16> -> !ktdp.access_tile<32x32xindex>
    %p = ktdp.load %pa : !ktdp.access_tile<32x32xindex> -> tensor<32x32xf16>
    %va = ktdp.construct_access_tile %vv[%vrow, %c0] {access_tile_set = #v1, access_tile_order = #id2} : memref<256x128xf16> -> !ktdp.access_tile<32x128xindex>
    %v = ktdp.load %va : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
    %e = tensor.empty() : tensor<32x128xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<32x128xf32>) -> tensor<32x128xf32>
    %o = linalg.matmul ins(%p, %v : tensor<32x32xf16>, tensor<32x128xf16>) outs(%z : tensor<32x128xf32>) -> tensor<32x128xf32>
    %o16 = arith.truncf %o : tensor<32x128xf32> to tensor<32x128xf16>
    %oa = ktdp.construct_access_tile %ov[%c0, %ocol] {access_tile_set = #v1, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<32x128xindex>
    ktdp.store %o16, %oa : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
    return
  }
}
