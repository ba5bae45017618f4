// int_div_row_sum_i32.mlir -- a division result reduced: s[i] = sum_j a/b and
// m[i] = max_j a rem b over 4 rows of 37 i32 (a stick and 5 lanes), 2 tiles
// of 2 rows, a stick at a time. The divisor, select(y != 0, (y * 1000 to
// int) | 1, 0), is never 0 on the data and 0 on the padding lanes, which
// must neither fault nor reach the sums.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 36 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 36 >= 0)>
#rows = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#part = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @int_div_row_sum_i32(%x_ptr: index, %y_ptr: index, %s_ptr: index, %m_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %cp = arith.constant 2 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %cp : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 37], strides: [37, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x37xf32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<4x37xf32> -> !ktdp.access_tile<2x37xindex>
    %x = ktdp.load %xa : <2x37xindex> -> tensor<2x37xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [4, 37], strides: [37, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x37xf32>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<4x37xf32> -> !ktdp.access_tile<2x37xindex>
    %y = ktdp.load %ya : <2x37xindex> -> tensor<2x37xf32>
    %k = arith.constant dense<1000.0> : tensor<2x37xf32>
    %fz = arith.constant dense<0.0> : tensor<2x37xf32>
    %one = arith.constant dense<1> : tensor<2x37xi32>
    %zero = arith.constant dense<0> : tensor<2x37xi32>
    %z = arith.constant 0 : i32
    %low = arith.constant -2147483648 : i32
    %xk = arith.mulf %x, %k : tensor<2x37xf32>
    %yk = arith.mulf %y, %k : tensor<2x37xf32>
    %aw = arith.fptosi %xk : tensor<2x37xf32> to tensor<2x37xi32>
    %bw = arith.fptosi %yk : tensor<2x37xf32> to tensor<2x37xi32>
    %a = arith.ori %aw, %one : tensor<2x37xi32>
    %kodd = arith.ori %bw, %one : tensor<2x37xi32>
    %nz = arith.cmpf one, %y, %fz : tensor<2x37xf32>
    %b = arith.select %nz, %kodd, %zero : tensor<2x37xi1>, tensor<2x37xi32>
    %q = arith.divsi %a, %b : tensor<2x37xi32>
    %rm = arith.remsi %a, %b : tensor<2x37xi32>
    %e = tensor.empty() : tensor<2xi32>
    %zi = linalg.fill ins(%z : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
    %s = linalg.reduce { arith.addi } ins(%q : tensor<2x37xi32>) outs(%zi : tensor<2xi32>) dimensions = [1]
    %li = linalg.fill ins(%low : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
    %m = linalg.reduce { arith.maxsi } ins(%rm : tensor<2x37xi32>) outs(%li : tensor<2xi32>) dimensions = [1]
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [4], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<4xi32>
    %sa = ktdp.construct_access_tile %sv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<4xi32> -> !ktdp.access_tile<2xindex>
    ktdp.store %s, %sa : tensor<2xi32>, <2xindex>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [4], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<4xi32>
    %ma = ktdp.construct_access_tile %mv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<4xi32> -> !ktdp.access_tile<2xindex>
    ktdp.store %m, %ma : tensor<2xi32>, <2xindex>
    return
  }
}
