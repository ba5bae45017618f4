// int_div_odd_rows_i32.mlir -- i32 division on 4 rows of 37 (a stick and
// 5 lanes) over 2 tiles, streamed a stick at a time; the
// divisor select(y != 0, (y * 1000 to int) | 1, 0): never 0 on the data,
// 0 on a stick's padding lanes (LX holds zeros there), where it must not
// fault. Every division op: divsi floordivsi ceildivsi divui ceildivui
// remsi remui; numerators (x * 1000 to int) | 1 (odd: never the most
// negative value, so never an overflow).
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 36 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 36 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @int_div_odd_rows_i32(%x_ptr: index, %y_ptr: index, %q_ptr: index, %r_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %cp = arith.constant 2 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %cp : index
    %k = arith.constant dense<1000.0> : tensor<2x37xf32>
    %fz = arith.constant dense<0.0> : tensor<2x37xf32>
    %one = arith.constant dense<1> : tensor<2x37xi32>
    %zero = arith.constant dense<0> : tensor<2x37xi32>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 37], strides: [37, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x37xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [4, 37], strides: [37, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x37xf32>
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [4, 37], strides: [37, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x37xi32>
    %rv = ktdp.construct_memory_view %r_ptr, sizes: [4, 37], strides: [37, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x37xi32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id
    } : memref<4x37xf32> -> !ktdp.access_tile<2x37xindex>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id
    } : memref<4x37xf32> -> !ktdp.access_tile<2x37xindex>
    %qa = ktdp.construct_access_tile %qv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id
    } : memref<4x37xi32> -> !ktdp.access_tile<2x37xindex>
    %ra = ktdp.construct_access_tile %rv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id
    } : memref<4x37xi32> -> !ktdp.access_tile<2x37xindex>
    %x = ktdp.load %xa : <2x37xindex> -> tensor<2x37xf32>
    %y = ktdp.load %ya : <2x37xindex> -> tensor<2x37xf32>
    %xk = arith.mulf %x, %k : tensor<2x37xf32>
    %yk = arith.mulf %y, %k : tensor<2x37xf32>
    %aw = arith.fptosi %xk : tensor<2x37xf32> to tensor<2x37xi32>
    %bw = arith.fptosi %yk : tensor<2x37xf32> to tensor<2x37xi32>
    %a = arith.ori %aw, %one : tensor<2x37xi32>
    %kodd = arith.ori %bw, %one : tensor<2x37xi32>
    %nz = arith.cmpf one, %y, %fz : tensor<2x37xf32>
    %b = arith.select %nz, %kodd, %zero : tensor<2x37xi1>, tensor<2x37xi32>
    %q0 = arith.divsi %a, %b : tensor<2x37xi32>
    %q1 = arith.floordivsi %a, %b : tensor<2x37xi32>
    %q2 = arith.ceildivsi %a, %b : tensor<2x37xi32>
    %q3 = arith.divui %a, %b : tensor<2x37xi32>
    %q4 = arith.ceildivui %a, %b : tensor<2x37xi32>
    %s1 = arith.xori %q0, %q1 : tensor<2x37xi32>
    %s2 = arith.addi %s1, %q2 : tensor<2x37xi32>
    %s3 = arith.xori %s2, %q3 : tensor<2x37xi32>
    %q = arith.addi %s3, %q4 : tensor<2x37xi32>
    %r1 = arith.remsi %a, %b : tensor<2x37xi32>
    %r2 = arith.remui %a, %b : tensor<2x37xi32>
    %r = arith.xori %r1, %r2 : tensor<2x37xi32>
    ktdp.store %q, %qa : tensor<2x37xi32>, <2x37xindex>
    ktdp.store %r, %ra : tensor<2x37xi32>, <2x37xindex>
    return
  }
}
