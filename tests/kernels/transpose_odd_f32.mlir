// transpose_odd_f32.mlir -- two transposes of a 12x40 f32 matrix: one by
// linalg.transpose in compute (y = x^T + 1), one by an access tile whose
// order swaps the dimensions (z = x^T loaded directly).
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 39 >= 0, d1 >= 0, -d1 + 11 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
module {
  func.func @transpose_odd_f32(%x_ptr: index, %y_ptr: index, %z_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %one = arith.constant dense<1.0> : tensor<40x12xf32>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [12, 40], strides: [40, 1] {
      coordinate_set = #xs, memory_space = #ktdp.memory_space<global>
    } : memref<12x40xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [40, 12], strides: [12, 1] {
      coordinate_set = #ys, memory_space = #ktdp.memory_space<global>
    } : memref<40x12xf32>
    %zv = ktdp.construct_memory_view %z_ptr, sizes: [40, 12], strides: [12, 1] {
      coordinate_set = #ys, memory_space = #ktdp.memory_space<global>
    } : memref<40x12xf32>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #xs, access_tile_order = #id2
    } : memref<12x40xf32> -> !ktdp.access_tile<12x40xindex>
    %x = ktdp.load %xa : <12x40xindex> -> tensor<12x40xf32>
    %e = tensor.empty() : tensor<40x12xf32>
    %xt = linalg.transpose ins(%x : tensor<12x40xf32>) outs(%e : tensor<40x12xf32>) permutation = [1, 0]
    %y = arith.addf %xt, %one : tensor<40x12xf32>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #ys, access_tile_order = #id2
    } : memref<40x12xf32> -> !ktdp.access_tile<40x12xindex>
    ktdp.store %y, %ya : tensor<40x12xf32>, <40x12xindex>
    %ta = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #xs, access_tile_order = #swap
    } : memref<12x40xf32> -> !ktdp.access_tile<40x12xindex>
    %z = ktdp.load %ta : <40x12xindex> -> tensor<40x12xf32>
    %za = ktdp.construct_access_tile %zv[%c0, %c0] {
      access_tile_set = #ys, access_tile_order = #id2
    } : memref<40x12xf32> -> !ktdp.access_tile<40x12xindex>
    ktdp.store %z, %za : tensor<40x12xf32>, <40x12xindex>
    return
  }
}
