// int_div_shift.mlir -- signed and unsigned integer corners on i32 (4x32,
// one tile): floordivsi, ceildivsi, remsi by -3; shrsi and shrui of
// negative values; divui, remui; uitofp and fptoui; i16 wrap.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @int_div_shift(%a_ptr: index, %p_ptr: index, %q_ptr: index, %f_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %m3 = arith.constant dense<-3> : tensor<4x32xi32>
    %k7 = arith.constant dense<7> : tensor<4x32xi32>
    %s2 = arith.constant dense<2> : tensor<4x32xi32>
    %big = arith.constant dense<-100000> : tensor<4x32xi32>
    %av = ktdp.construct_memory_view %a_ptr, sizes: [4, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x32xi32>
    %pv = ktdp.construct_memory_view %p_ptr, sizes: [4, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x32xi32>
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [4, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x32xi32>
    %fv = ktdp.construct_memory_view %f_ptr, sizes: [4, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x32xf32>
    %aa = ktdp.construct_access_tile %av[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<4x32xi32> -> !ktdp.access_tile<4x32xindex>
    %a0 = ktdp.load %aa : <4x32xindex> -> tensor<4x32xi32>
    %a = arith.subi %a0, %k7 : tensor<4x32xi32>
    %fd = arith.floordivsi %a, %m3 : tensor<4x32xi32>
    %cd = arith.ceildivsi %a, %m3 : tensor<4x32xi32>
    %rs = arith.remsi %a, %m3 : tensor<4x32xi32>
    %p1 = arith.addi %fd, %cd : tensor<4x32xi32>
    %p2 = arith.muli %p1, %k7 : tensor<4x32xi32>
    %p = arith.addi %p2, %rs : tensor<4x32xi32>
    %neg = arith.addi %a, %big : tensor<4x32xi32>
    %sh = arith.shrsi %neg, %s2 : tensor<4x32xi32>
    %su = arith.shrui %neg, %s2 : tensor<4x32xi32>
    %du = arith.divui %su, %k7 : tensor<4x32xi32>
    %ru = arith.remui %neg, %k7 : tensor<4x32xi32>
    %x1 = arith.xori %sh, %du : tensor<4x32xi32>
    %n16 = arith.trunci %neg : tensor<4x32xi32> to tensor<4x32xi16>
    %e16 = arith.extui %n16 : tensor<4x32xi16> to tensor<4x32xi32>
    %x2 = arith.addi %x1, %e16 : tensor<4x32xi32>
    %q = arith.addi %x2, %ru : tensor<4x32xi32>
    %f = arith.uitofp %su : tensor<4x32xi32> to tensor<4x32xf32>
    %pa = ktdp.construct_access_tile %pv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<4x32xi32> -> !ktdp.access_tile<4x32xindex>
    ktdp.store %p, %pa : tensor<4x32xi32>, <4x32xindex>
    %qa = ktdp.construct_access_tile %qv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<4x32xi32> -> !ktdp.access_tile<4x32xindex>
    ktdp.store %q, %qa : tensor<4x32xi32>, <4x32xindex>
    %fa = ktdp.construct_access_tile %fv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<4x32xf32> -> !ktdp.access_tile<4x32xindex>
    ktdp.store %f, %fa : tensor<4x32xf32>, <4x32xindex>
    return
  }
}
