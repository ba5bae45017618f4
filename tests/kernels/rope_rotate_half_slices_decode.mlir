// rope_rotate_half_slices_decode.mlir -- rotary embedding as torch's
// `rotate_half` lowers to tensor ops: q * cos + cat(-q[..., 64:],
// q[..., :64]) * sin, the halves cut with tensor.extract_slice from the
// head's row after a view (collapse_shape / expand_shape). Llama-3-8B
// decode: 32 query heads of 128 in one token, one head per core; cos and
// sin rows of the token's position. The halves are slices of a tile the
// compute unit holds (vectorize-held-tiles copies a slice's box a stick at
// a time; the second half starts mid-stick), the halves assembled and
// stored as one row (docs/unseen-kernels.md, "A third tester's kernels").
#qs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#cs = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @rope_rotate_half(%q_ptr: index, %cos_ptr: index, %sin_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %h = ktdp.get_compute_tile_id : index
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #qs, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #qs, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
    %cv = ktdp.construct_memory_view %cos_ptr, sizes: [128], strides: [1] {coordinate_set = #cs, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
    %sv = ktdp.construct_memory_view %sin_ptr, sizes: [128], strides: [1] {coordinate_set = #cs, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
    %qa = ktdp.construct_access_tile %qv[%h, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
    %q = ktdp.load %qa : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
    %ca = ktdp.construct_access_tile %cv[%c0] {access_tile_set = #cs, access_tile_order = #id1} : memref<128xf16> -> !ktdp.access_tile<128xindex>
    %cos = ktdp.load %ca : !ktdp.access_tile<128xindex> -> tensor<128xf16>
    %sa = ktdp.construct_access_tile %sv[%c0] {access_tile_set = #cs, access_tile_order = #id1} : memref<128xf16> -> !ktdp.access_tile<128xindex>
    %sin = ktdp.load %sa : !ktdp.access_tile<128xindex> -> tensor<128xf16>
    %q1 = tensor.collapse_shape %q [[0, 1]] : tensor<1x128xf16> into tensor<128xf16>
    %lo = tensor.extract_slice %q1[0] [64] [1] : tensor<128xf16> to tensor<64xf16>
    %hi = tensor.extract_slice %q1[64] [64] [1] : tensor<128xf16> to tensor<64xf16>
    %nhi = arith.negf %hi : tensor<64xf16>
    %rot = tensor.concat dim(0) %nhi, %lo : (tensor<64xf16>, tensor<64xf16>) -> tensor<128xf16>
    %a = arith.mulf %q1, %cos : tensor<128xf16>
    %b = arith.mulf %rot, %sin : tensor<128xf16>
    %y = arith.addf %a, %b : tensor<128xf16>
    %y2 = tensor.expand_shape %y [[0, 1]] output_shape [1, 128] : tensor<128xf16> into tensor<1x128xf16>
    %oa = ktdp.construct_access_tile %ov[%h, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x128xf16> -> !ktdp.access_tile<1x128xindex>
    ktdp.store %y2, %oa : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    return
  }
}
