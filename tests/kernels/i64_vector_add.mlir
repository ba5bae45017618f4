// i64_vector_add.mlir -- i64 vectors of 16 elements on 4 tiles (64 in
// all): c = a + b * b, then xor with a shifted left by 2.
#view = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#part = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @i64_vector_add(%a_ptr: index, %b_ptr: index, %c_ptr: index) attributes {grid = [4]} {
    %c16 = arith.constant 16 : index
    %two = arith.constant dense<2> : tensor<16xi64>
    %t = ktdp.get_compute_tile_id : index
    %o = arith.muli %t, %c16 : index
    %av = ktdp.construct_memory_view %a_ptr, sizes: [64], strides: [1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<64xi64>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [64], strides: [1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<64xi64>
    %cv = ktdp.construct_memory_view %c_ptr, sizes: [64], strides: [1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<64xi64>
    %aa = ktdp.construct_access_tile %av[%o] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<64xi64> -> !ktdp.access_tile<16xindex>
    %ba = ktdp.construct_access_tile %bv[%o] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<64xi64> -> !ktdp.access_tile<16xindex>
    %a = ktdp.load %aa : <16xindex> -> tensor<16xi64>
    %b = ktdp.load %ba : <16xindex> -> tensor<16xi64>
    %bb = arith.muli %b, %b : tensor<16xi64>
    %s = arith.addi %a, %bb : tensor<16xi64>
    %sh = arith.shli %a, %two : tensor<16xi64>
    %c = arith.xori %s, %sh : tensor<16xi64>
    %ca = ktdp.construct_access_tile %cv[%o] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<64xi64> -> !ktdp.access_tile<16xindex>
    ktdp.store %c, %ca : tensor<16xi64>, <16xindex>
    return
  }
}
