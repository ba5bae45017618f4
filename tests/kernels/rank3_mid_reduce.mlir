// rank3_mid_reduce.mlir -- rank-3 tiles: x is 2x6x32 f32 per tile (4 tiles
// along the first axis of an 8x6x32 view); y = x * 2 elementwise (rank 3)
// and s[a, k] = sum over the middle axis of x (dimensions = [1]).
#xv3 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 5 >= 0, d2 >= 0, -d2 + 31 >= 0)>
#xt3 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 5 >= 0, d2 >= 0, -d2 + 31 >= 0)>
#sv2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#st2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rank3_mid_reduce(%x_ptr: index, %y_ptr: index, %s_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.0 : f32
    %two = arith.constant dense<2.0> : tensor<2x6x32xf32>
    %t = ktdp.get_compute_tile_id : index
    %a0 = arith.muli %t, %c2 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [8, 6, 32], strides: [192, 32, 1] {
      coordinate_set = #xv3, memory_space = #ktdp.memory_space<global>
    } : memref<8x6x32xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [8, 6, 32], strides: [192, 32, 1] {
      coordinate_set = #xv3, memory_space = #ktdp.memory_space<global>
    } : memref<8x6x32xf32>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [8, 32], strides: [32, 1] {
      coordinate_set = #sv2, memory_space = #ktdp.memory_space<global>
    } : memref<8x32xf32>
    %xa = ktdp.construct_access_tile %xv[%a0, %c0, %c0] {
      access_tile_set = #xt3, access_tile_order = #id3
    } : memref<8x6x32xf32> -> !ktdp.access_tile<2x6x32xindex>
    %x = ktdp.load %xa : <2x6x32xindex> -> tensor<2x6x32xf32>
    %y = arith.mulf %x, %two : tensor<2x6x32xf32>
    %ya = ktdp.construct_access_tile %yv[%a0, %c0, %c0] {
      access_tile_set = #xt3, access_tile_order = #id3
    } : memref<8x6x32xf32> -> !ktdp.access_tile<2x6x32xindex>
    ktdp.store %y, %ya : tensor<2x6x32xf32>, <2x6x32xindex>
    %e = tensor.empty() : tensor<2x32xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32xf32>) -> tensor<2x32xf32>
    %s = linalg.reduce { arith.addf } ins(%x : tensor<2x6x32xf32>) outs(%z : tensor<2x32xf32>) dimensions = [1]
    %sa = ktdp.construct_access_tile %sv[%a0, %c0] {
      access_tile_set = #st2, access_tile_order = #id2
    } : memref<8x32xf32> -> !ktdp.access_tile<2x32xindex>
    ktdp.store %s, %sa : tensor<2x32xf32>, <2x32xindex>
    return
  }
}
