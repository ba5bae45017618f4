// gather_i64_f32.mlir -- a row gather whose indices are i64: 3 tiles each
// gather 6 rows of a 50x32 f32 table (18 indices in all) and scale them by 3.
#table = affine_set<(d0, d1) : (d0 >= 0, -d0 + 49 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#idx = affine_set<(d0) : (d0 >= 0, -d0 + 17 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 17 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#space = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @gather_i64_f32(%table_ptr: index, %idx_ptr: index, %out_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %three = arith.constant dense<3.0> : tensor<6x32xf32>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c6 : index
    %tv = ktdp.construct_memory_view %table_ptr, sizes: [50, 32], strides: [32, 1] {
      coordinate_set = #table, memory_space = #ktdp.memory_space<global>
    } : memref<50x32xf32>
    %iv = ktdp.construct_memory_view %idx_ptr, sizes: [18], strides: [1] {
      coordinate_set = #idx, memory_space = #ktdp.memory_space<global>
    } : memref<18xi64>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [18, 32], strides: [32, 1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<18x32xf32>
    %ga = ktdp.construct_indirect_access_tile
        intermediate_variables(%i, %j)
        %tv[ind(%iv[%r0 + %i]), (%j)] {
          variables_space_set = #space, variables_space_order = #id2
        } : memref<50x32xf32>, memref<18xi64> -> !ktdp.access_tile<6x32xindex>
    %rows = ktdp.load %ga : <6x32xindex> -> tensor<6x32xf32>
    %s = arith.mulf %rows, %three : tensor<6x32xf32>
    %oa = ktdp.construct_access_tile %ov[%r0, %c0] {
      access_tile_set = #space, access_tile_order = #id2
    } : memref<18x32xf32> -> !ktdp.access_tile<6x32xindex>
    ktdp.store %s, %oa : tensor<6x32xf32>, <6x32xindex>
    return
  }
}
