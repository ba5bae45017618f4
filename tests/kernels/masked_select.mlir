// masked_select.mlir -- comparisons and selects on f32: 2 tiles of 4x32,
//   y = x > 0 ? x * x : exp2(x) - 1;  z = (x >= -0.5 and x <= 0.5) ? 1 : 0 as i32
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @masked_select(%x_ptr: index, %y_ptr: index, %z_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : tensor<4x32xf32>
    %one = arith.constant dense<1.0> : tensor<4x32xf32>
    %lo = arith.constant dense<-0.5> : tensor<4x32xf32>
    %hi = arith.constant dense<0.5> : tensor<4x32xf32>
    %i1 = arith.constant dense<1> : tensor<4x32xi32>
    %i0 = arith.constant dense<0> : tensor<4x32xi32>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [8, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8x32xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [8, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8x32xf32>
    %zv = ktdp.construct_memory_view %z_ptr, sizes: [8, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8x32xi32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x32xf32> -> !ktdp.access_tile<4x32xindex>
    %x = ktdp.load %xa : <4x32xindex> -> tensor<4x32xf32>
    %pos = arith.cmpf ogt, %x, %zero : tensor<4x32xf32>
    %sq = arith.mulf %x, %x : tensor<4x32xf32>
    %e2 = math.exp2 %x : tensor<4x32xf32>
    %em = arith.subf %e2, %one : tensor<4x32xf32>
    %y = arith.select %pos, %sq, %em : tensor<4x32xi1>, tensor<4x32xf32>
    %ge = arith.cmpf oge, %x, %lo : tensor<4x32xf32>
    %le = arith.cmpf ole, %x, %hi : tensor<4x32xf32>
    %in = arith.andi %ge, %le : tensor<4x32xi1>
    %z = arith.select %in, %i1, %i0 : tensor<4x32xi1>, tensor<4x32xi32>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x32xf32> -> !ktdp.access_tile<4x32xindex>
    ktdp.store %y, %ya : tensor<4x32xf32>, <4x32xindex>
    %za = ktdp.construct_access_tile %zv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x32xi32> -> !ktdp.access_tile<4x32xindex>
    ktdp.store %z, %za : tensor<4x32xi32>, <4x32xindex>
    return
  }
}
