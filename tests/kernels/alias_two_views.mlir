// alias_two_views.mlir -- two memory views over the same argument: the
// first writes z = x + 1 into rows 0..3 of buffer %b (viewed as 8x64),
// the second view sees %b as 4x128 (the same bytes) and reads the first
// 2x128 rows back -- which are the rows just written -- doubles them and
// stores them to %out.
#b8 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#top4 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b4 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#top2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @alias_two_views(%x_ptr: index, %b_ptr: index, %out_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %one = arith.constant dense<1.0> : tensor<4x64xf16>
    %two = arith.constant dense<2.0> : tensor<2x128xf16>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #top4, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [8, 64], strides: [64, 1] {
      coordinate_set = #b8, memory_space = #ktdp.memory_space<global>
    } : memref<8x64xf16>
    %bw = ktdp.construct_memory_view %b_ptr, sizes: [4, 128], strides: [128, 1] {
      coordinate_set = #b4, memory_space = #ktdp.memory_space<global>
    } : memref<4x128xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [2, 128], strides: [128, 1] {
      coordinate_set = #top2, memory_space = #ktdp.memory_space<global>
    } : memref<2x128xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #top4, access_tile_order = #id2
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
    %x = ktdp.load %xa : <4x64xindex> -> tensor<4x64xf16>
    %z = arith.addf %x, %one : tensor<4x64xf16>
    %ba = ktdp.construct_access_tile %bv[%c0, %c0] {
      access_tile_set = #top4, access_tile_order = #id2
    } : memref<8x64xf16> -> !ktdp.access_tile<4x64xindex>
    ktdp.store %z, %ba : tensor<4x64xf16>, <4x64xindex>
    %wa = ktdp.construct_access_tile %bw[%c0, %c0] {
      access_tile_set = #top2, access_tile_order = #id2
    } : memref<4x128xf16> -> !ktdp.access_tile<2x128xindex>
    %w = ktdp.load %wa : <2x128xindex> -> tensor<2x128xf16>
    %d = arith.mulf %w, %two : tensor<2x128xf16>
    %oa = ktdp.construct_access_tile %ov[%c0, %c0] {
      access_tile_set = #top2, access_tile_order = #id2
    } : memref<2x128xf16> -> !ktdp.access_tile<2x128xindex>
    ktdp.store %d, %oa : tensor<2x128xf16>, <2x128xindex>
    return
  }
}
