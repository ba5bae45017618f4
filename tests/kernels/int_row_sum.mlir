// int_row_sum.mlir -- an integer reduction: s[i] = sum_j a[i, j] over 6
// rows of 100 i32 (not a whole number of sticks), 3 tiles of 2 rows, and
// the per-row maximum too (maxsi).
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 99 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 99 >= 0)>
#rows = affine_set<(d0) : (d0 >= 0, -d0 + 5 >= 0)>
#part = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @int_row_sum(%a_ptr: index, %s_ptr: index, %m_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %z = arith.constant 0 : i32
    %low = arith.constant -2147483648 : i32
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c2 : index
    %av = ktdp.construct_memory_view %a_ptr, sizes: [6, 100], strides: [100, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x100xi32>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [6], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<6xi32>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [6], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<6xi32>
    %aa = ktdp.construct_access_tile %av[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<6x100xi32> -> !ktdp.access_tile<2x100xindex>
    %a = ktdp.load %aa : <2x100xindex> -> tensor<2x100xi32>
    %e = tensor.empty() : tensor<2xi32>
    %zi = linalg.fill ins(%z : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
    %s = linalg.reduce { arith.addi } ins(%a : tensor<2x100xi32>) outs(%zi : tensor<2xi32>) dimensions = [1]
    %li = linalg.fill ins(%low : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
    %m = linalg.reduce { arith.maxsi } ins(%a : tensor<2x100xi32>) outs(%li : tensor<2xi32>) dimensions = [1]
    %sa = ktdp.construct_access_tile %sv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<6xi32> -> !ktdp.access_tile<2xindex>
    ktdp.store %s, %sa : tensor<2xi32>, <2xindex>
    %ma = ktdp.construct_access_tile %mv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<6xi32> -> !ktdp.access_tile<2xindex>
    ktdp.store %m, %ma : tensor<2xi32>, <2xindex>
    return
  }
}
