// matmul_odd_f32.mlir -- C = A * B with odd shapes on 3 tiles: A is 9x24
// f32 (3 rows per tile), B is 24x40 f32, C is 9x40 f32.
#as = affine_set<(d0, d1) : (d0 >= 0, -d0 + 8 >= 0, d1 >= 0, -d1 + 23 >= 0)>
#bs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#cs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 8 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#at = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 23 >= 0)>
#ct = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @matmul_odd_f32(%a_ptr: index, %b_ptr: index, %c_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c3 : index
    %av = ktdp.construct_memory_view %a_ptr, sizes: [9, 24], strides: [24, 1] {
      coordinate_set = #as, memory_space = #ktdp.memory_space<global>
    } : memref<9x24xf32>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [24, 40], strides: [40, 1] {
      coordinate_set = #bs, memory_space = #ktdp.memory_space<global>
    } : memref<24x40xf32>
    %cv = ktdp.construct_memory_view %c_ptr, sizes: [9, 40], strides: [40, 1] {
      coordinate_set = #cs, memory_space = #ktdp.memory_space<global>
    } : memref<9x40xf32>
    %aa = ktdp.construct_access_tile %av[%r0, %c0] {
      access_tile_set = #at, access_tile_order = #id2
    } : memref<9x24xf32> -> !ktdp.access_tile<3x24xindex>
    %ba = ktdp.construct_access_tile %bv[%c0, %c0] {
      access_tile_set = #bs, access_tile_order = #id2
    } : memref<24x40xf32> -> !ktdp.access_tile<24x40xindex>
    %a = ktdp.load %aa : <3x24xindex> -> tensor<3x24xf32>
    %b = ktdp.load %ba : <24x40xindex> -> tensor<24x40xf32>
    %e = tensor.empty() : tensor<3x40xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<3x40xf32>) -> tensor<3x40xf32>
    %c = linalg.matmul ins(%a, %b : tensor<3x24xf32>, tensor<24x40xf32>) outs(%z : tensor<3x40xf32>) -> tensor<3x40xf32>
    %ca = ktdp.construct_access_tile %cv[%r0, %c0] {
      access_tile_set = #ct, access_tile_order = #id2
    } : memref<9x40xf32> -> !ktdp.access_tile<3x40xindex>
    ktdp.store %c, %ca : tensor<3x40xf32>, <3x40xindex>
    return
  }
}
