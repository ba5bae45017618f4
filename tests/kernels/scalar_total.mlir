// scalar_total.mlir -- a reduction to a rank-0 tensor and a scalar taken
// out of a tile: total = sum of all 3x40 f32 elements (dimensions [0, 1]),
// expanded to one element and stored; then y = x * x[0, 0] + total.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @scalar_total(%x_ptr: index, %y_ptr: index, %t_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [3, 40], strides: [40, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<3x40xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [3, 40], strides: [40, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<3x40xf32>
    %tv = ktdp.construct_memory_view %t_ptr, sizes: [1], strides: [1] {
      coordinate_set = #one, memory_space = #ktdp.memory_space<global>
    } : memref<1xf32>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<3x40xf32> -> !ktdp.access_tile<3x40xindex>
    %x = ktdp.load %xa : <3x40xindex> -> tensor<3x40xf32>
    %e = tensor.empty() : tensor<f32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %tot = linalg.reduce { arith.addf } ins(%x : tensor<3x40xf32>) outs(%z : tensor<f32>) dimensions = [0, 1]
    %ta = ktdp.construct_access_tile %tv[%c0] {
      access_tile_set = #one, access_tile_order = #id1
    } : memref<1xf32> -> !ktdp.access_tile<1xindex>
    %tot1 = tensor.expand_shape %tot [] output_shape [1] : tensor<f32> into tensor<1xf32>
    ktdp.store %tot1, %ta : tensor<1xf32>, <1xindex>
    %first = tensor.extract %x[%c0, %c0] : tensor<3x40xf32>
    %totv = tensor.extract %tot[] : tensor<f32>
    %fs = tensor.splat %first : tensor<3x40xf32>
    %ts = tensor.splat %totv : tensor<3x40xf32>
    %m = arith.mulf %x, %fs : tensor<3x40xf32>
    %y = arith.addf %m, %ts : tensor<3x40xf32>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<3x40xf32> -> !ktdp.access_tile<3x40xindex>
    ktdp.store %y, %ya : tensor<3x40xf32>, <3x40xindex>
    return
  }
}
