// int_div_half_stick_i64.mlir -- i64 division of 8 elements, half of a
// 16-lane stick (f32 inputs converted: a mixed-width stage); the
// divisor select(y != 0, (y * 1000 to int) | 1, 0): never 0 on the data,
// 0 on a stick's padding lanes (LX holds zeros there), where it must not
// fault. Every division op: divsi floordivsi ceildivsi divui ceildivui
// remsi remui; numerators (x * 1000 to int) | 1 (odd: never the most
// negative value, so never an overflow).
#view = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @int_div_half_stick_i64(%x_ptr: index, %y_ptr: index, %q_ptr: index, %r_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %k = arith.constant dense<1000.0> : tensor<8xf32>
    %fz = arith.constant dense<0.0> : tensor<8xf32>
    %one = arith.constant dense<1> : tensor<8xi64>
    %zero = arith.constant dense<0> : tensor<8xi64>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [8], strides: [1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [8], strides: [1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8xf32>
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [8], strides: [1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8xi64>
    %rv = ktdp.construct_memory_view %r_ptr, sizes: [8], strides: [1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8xi64>
    %xa = ktdp.construct_access_tile %xv[%c0] {
      access_tile_set = #view, access_tile_order = #id
    } : memref<8xf32> -> !ktdp.access_tile<8xindex>
    %ya = ktdp.construct_access_tile %yv[%c0] {
      access_tile_set = #view, access_tile_order = #id
    } : memref<8xf32> -> !ktdp.access_tile<8xindex>
    %qa = ktdp.construct_access_tile %qv[%c0] {
      access_tile_set = #view, access_tile_order = #id
    } : memref<8xi64> -> !ktdp.access_tile<8xindex>
    %ra = ktdp.construct_access_tile %rv[%c0] {
      access_tile_set = #view, access_tile_order = #id
    } : memref<8xi64> -> !ktdp.access_tile<8xindex>
    %x = ktdp.load %xa : <8xindex> -> tensor<8xf32>
    %y = ktdp.load %ya : <8xindex> -> tensor<8xf32>
    %xk = arith.mulf %x, %k : tensor<8xf32>
    %yk = arith.mulf %y, %k : tensor<8xf32>
    %aw = arith.fptosi %xk : tensor<8xf32> to tensor<8xi32>
    %bw = arith.fptosi %yk : tensor<8xf32> to tensor<8xi32>
    %at = arith.extsi %aw : tensor<8xi32> to tensor<8xi64>
    %bt = arith.extsi %bw : tensor<8xi32> to tensor<8xi64>
    %a = arith.ori %at, %one : tensor<8xi64>
    %kodd = arith.ori %bt, %one : tensor<8xi64>
    %nz = arith.cmpf one, %y, %fz : tensor<8xf32>
    %b = arith.select %nz, %kodd, %zero : tensor<8xi1>, tensor<8xi64>
    %q0 = arith.divsi %a, %b : tensor<8xi64>
    %q1 = arith.floordivsi %a, %b : tensor<8xi64>
    %q2 = arith.ceildivsi %a, %b : tensor<8xi64>
    %q3 = arith.divui %a, %b : tensor<8xi64>
    %q4 = arith.ceildivui %a, %b : tensor<8xi64>
    %s1 = arith.xori %q0, %q1 : tensor<8xi64>
    %s2 = arith.addi %s1, %q2 : tensor<8xi64>
    %s3 = arith.xori %s2, %q3 : tensor<8xi64>
    %q = arith.addi %s3, %q4 : tensor<8xi64>
    %r1 = arith.remsi %a, %b : tensor<8xi64>
    %r2 = arith.remui %a, %b : tensor<8xi64>
    %r = arith.xori %r1, %r2 : tensor<8xi64>
    ktdp.store %q, %qa : tensor<8xi64>, <8xindex>
    ktdp.store %r, %ra : tensor<8xi64>, <8xindex>
    return
  }
}
