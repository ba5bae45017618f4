// i32_mixed_arith.mlir -- integer elementwise on 5x32 i32 tiles, 2 tiles:
//   z = max(a * 3 + b, a - (b / 7))   (divsi by a constant splat)
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @i32_mixed_arith(%a_ptr: index, %b_ptr: index, %z_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %three = arith.constant dense<3> : tensor<5x32xi32>
    %seven = arith.constant dense<7> : tensor<5x32xi32>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c5 : index
    %av = ktdp.construct_memory_view %a_ptr, sizes: [10, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<10x32xi32>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [10, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<10x32xi32>
    %zv = ktdp.construct_memory_view %z_ptr, sizes: [10, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<10x32xi32>
    %aa = ktdp.construct_access_tile %av[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<10x32xi32> -> !ktdp.access_tile<5x32xindex>
    %ba = ktdp.construct_access_tile %bv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<10x32xi32> -> !ktdp.access_tile<5x32xindex>
    %a = ktdp.load %aa : <5x32xindex> -> tensor<5x32xi32>
    %b = ktdp.load %ba : <5x32xindex> -> tensor<5x32xi32>
    %a3 = arith.muli %a, %three : tensor<5x32xi32>
    %l = arith.addi %a3, %b : tensor<5x32xi32>
    %bd = arith.divsi %b, %seven : tensor<5x32xi32>
    %r = arith.subi %a, %bd : tensor<5x32xi32>
    %z = arith.maxsi %l, %r : tensor<5x32xi32>
    %za = ktdp.construct_access_tile %zv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<10x32xi32> -> !ktdp.access_tile<5x32xindex>
    ktdp.store %z, %za : tensor<5x32xi32>, <5x32xindex>
    return
  }
}
