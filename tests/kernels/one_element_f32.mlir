// one_element_f32.mlir -- a single f32 element through a chain of
// transcendental ops on one tile: y[0] = exp(x[0]) * 2 + sqrt(|x[0]|).
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @one_element_f32(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %two = arith.constant dense<2.0> : tensor<1xf32>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [1], strides: [1] {
      coordinate_set = #one, memory_space = #ktdp.memory_space<global>
    } : memref<1xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [1], strides: [1] {
      coordinate_set = #one, memory_space = #ktdp.memory_space<global>
    } : memref<1xf32>
    %xa = ktdp.construct_access_tile %xv[%c0] {
      access_tile_set = #one, access_tile_order = #id1
    } : memref<1xf32> -> !ktdp.access_tile<1xindex>
    %x = ktdp.load %xa : <1xindex> -> tensor<1xf32>
    %e = math.exp %x : tensor<1xf32>
    %e2 = arith.mulf %e, %two : tensor<1xf32>
    %a = math.absf %x : tensor<1xf32>
    %s = math.sqrt %a : tensor<1xf32>
    %y = arith.addf %e2, %s : tensor<1xf32>
    %ya = ktdp.construct_access_tile %yv[%c0] {
      access_tile_set = #one, access_tile_order = #id1
    } : memref<1xf32> -> !ktdp.access_tile<1xindex>
    ktdp.store %y, %ya : tensor<1xf32>, <1xindex>
    return
  }
}
