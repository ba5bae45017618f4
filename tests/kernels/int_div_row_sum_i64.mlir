// int_div_row_sum_i64.mlir -- a division result reduced: s[i] = sum_j a/b and
// m[i] = max_j a rem b over 3 rows of 21 i64 (a stick and 5 lanes), one row
// per tile, from f32 inputs (a mixed-width stage). The divisor, select(y !=
// 0, (y * 1000 to int) | 1, 0), is never 0 on the data and 0 on the padding
// lanes, which must neither fault nor reach the sums.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 20 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 20 >= 0)>
#rows = affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>
#part = affine_set<(d0) : (d0 >= 0, -d0 + 0 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @int_div_row_sum_i64(%x_ptr: index, %y_ptr: index, %s_ptr: index, %m_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %cp = arith.constant 1 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %cp : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [3, 21], strides: [21, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<3x21xf32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<3x21xf32> -> !ktdp.access_tile<1x21xindex>
    %x = ktdp.load %xa : <1x21xindex> -> tensor<1x21xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [3, 21], strides: [21, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<3x21xf32>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<3x21xf32> -> !ktdp.access_tile<1x21xindex>
    %y = ktdp.load %ya : <1x21xindex> -> tensor<1x21xf32>
    %k = arith.constant dense<1000.0> : tensor<1x21xf32>
    %fz = arith.constant dense<0.0> : tensor<1x21xf32>
    %one = arith.constant dense<1> : tensor<1x21xi64>
    %zero = arith.constant dense<0> : tensor<1x21xi64>
    %z = arith.constant 0 : i64
    %low = arith.constant -9223372036854775808 : i64
    %xk = arith.mulf %x, %k : tensor<1x21xf32>
    %yk = arith.mulf %y, %k : tensor<1x21xf32>
    %aw = arith.fptosi %xk : tensor<1x21xf32> to tensor<1x21xi32>
    %bw = arith.fptosi %yk : tensor<1x21xf32> to tensor<1x21xi32>
    %at = arith.extsi %aw : tensor<1x21xi32> to tensor<1x21xi64>
    %bt = arith.extsi %bw : tensor<1x21xi32> to tensor<1x21xi64>
    %a = arith.ori %at, %one : tensor<1x21xi64>
    %kodd = arith.ori %bt, %one : tensor<1x21xi64>
    %nz = arith.cmpf one, %y, %fz : tensor<1x21xf32>
    %b = arith.select %nz, %kodd, %zero : tensor<1x21xi1>, tensor<1x21xi64>
    %q = arith.divsi %a, %b : tensor<1x21xi64>
    %rm = arith.remsi %a, %b : tensor<1x21xi64>
    %e = tensor.empty() : tensor<1xi64>
    %zi = linalg.fill ins(%z : i64) outs(%e : tensor<1xi64>) -> tensor<1xi64>
    %s = linalg.reduce { arith.addi } ins(%q : tensor<1x21xi64>) outs(%zi : tensor<1xi64>) dimensions = [1]
    %li = linalg.fill ins(%low : i64) outs(%e : tensor<1xi64>) -> tensor<1xi64>
    %m = linalg.reduce { arith.maxsi } ins(%rm : tensor<1x21xi64>) outs(%li : tensor<1xi64>) dimensions = [1]
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [3], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<3xi64>
    %sa = ktdp.construct_access_tile %sv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<3xi64> -> !ktdp.access_tile<1xindex>
    ktdp.store %s, %sa : tensor<1xi64>, <1xindex>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [3], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<3xi64>
    %ma = ktdp.construct_access_tile %mv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<3xi64> -> !ktdp.access_tile<1xindex>
    ktdp.store %m, %ma : tensor<1xi64>, <1xindex>
    return
  }
}
