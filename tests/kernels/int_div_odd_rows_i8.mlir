// int_div_odd_rows_i8.mlir -- i8 division on 2 rows of 203 (a stick and
// 75 lanes), a row per tile, from f16 inputs (a mixed-width stage); the
// divisor select(y != 0, (y * 1000 to int) | 1, 0): never 0 on the data,
// 0 on a stick's padding lanes (LX holds zeros there), where it must not
// fault. Every division op: divsi floordivsi ceildivsi divui ceildivui
// remsi remui; numerators (x * 1000 to int) | 1 (odd: never the most
// negative value, so never an overflow).
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 202 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 202 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @int_div_odd_rows_i8(%x_ptr: index, %y_ptr: index, %q_ptr: index, %r_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %cp = arith.constant 1 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %cp : index
    %k = arith.constant dense<1000.0> : tensor<1x203xf16>
    %fz = arith.constant dense<0.0> : tensor<1x203xf16>
    %one = arith.constant dense<1> : tensor<1x203xi8>
    %zero = arith.constant dense<0> : tensor<1x203xi8>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [2, 203], strides: [203, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x203xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [2, 203], strides: [203, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x203xf16>
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [2, 203], strides: [203, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x203xi8>
    %rv = ktdp.construct_memory_view %r_ptr, sizes: [2, 203], strides: [203, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x203xi8>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id
    } : memref<2x203xf16> -> !ktdp.access_tile<1x203xindex>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id
    } : memref<2x203xf16> -> !ktdp.access_tile<1x203xindex>
    %qa = ktdp.construct_access_tile %qv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id
    } : memref<2x203xi8> -> !ktdp.access_tile<1x203xindex>
    %ra = ktdp.construct_access_tile %rv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id
    } : memref<2x203xi8> -> !ktdp.access_tile<1x203xindex>
    %x = ktdp.load %xa : <1x203xindex> -> tensor<1x203xf16>
    %y = ktdp.load %ya : <1x203xindex> -> tensor<1x203xf16>
    %xk = arith.mulf %x, %k : tensor<1x203xf16>
    %yk = arith.mulf %y, %k : tensor<1x203xf16>
    %aw = arith.fptosi %xk : tensor<1x203xf16> to tensor<1x203xi16>
    %bw = arith.fptosi %yk : tensor<1x203xf16> to tensor<1x203xi16>
    %at = arith.trunci %aw : tensor<1x203xi16> to tensor<1x203xi8>
    %bt = arith.trunci %bw : tensor<1x203xi16> to tensor<1x203xi8>
    %a = arith.ori %at, %one : tensor<1x203xi8>
    %kodd = arith.ori %bt, %one : tensor<1x203xi8>
    %nz = arith.cmpf one, %y, %fz : tensor<1x203xf16>
    %b = arith.select %nz, %kodd, %zero : tensor<1x203xi1>, tensor<1x203xi8>
    %q0 = arith.divsi %a, %b : tensor<1x203xi8>
    %q1 = arith.floordivsi %a, %b : tensor<1x203xi8>
    %q2 = arith.ceildivsi %a, %b : tensor<1x203xi8>
    %q3 = arith.divui %a, %b : tensor<1x203xi8>
    %q4 = arith.ceildivui %a, %b : tensor<1x203xi8>
    %s1 = arith.xori %q0, %q1 : tensor<1x203xi8>
    %s2 = arith.addi %s1, %q2 : tensor<1x203xi8>
    %s3 = arith.xori %s2, %q3 : tensor<1x203xi8>
    %q = arith.addi %s3, %q4 : tensor<1x203xi8>
    %r1 = arith.remsi %a, %b : tensor<1x203xi8>
    %r2 = arith.remui %a, %b : tensor<1x203xi8>
    %r = arith.xori %r1, %r2 : tensor<1x203xi8>
    ktdp.store %q, %qa : tensor<1x203xi8>, <1x203xindex>
    ktdp.store %r, %ra : tensor<1x203xi8>, <1x203xindex>
    return
  }
}
