// tanh_log_chain.mlir -- chained transcendental ops on f16, 8 tiles of 2x64:
//   y = tanh(x) + log(1 + x*x) - sin(x) * cos(x)
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tanh_log_chain(%x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant dense<1.0> : tensor<2x64xf16>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c2 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<16x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<16x64xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<16x64xf16> -> !ktdp.access_tile<2x64xindex>
    %x = ktdp.load %xa : <2x64xindex> -> tensor<2x64xf16>
    %th = math.tanh %x : tensor<2x64xf16>
    %xx = arith.mulf %x, %x : tensor<2x64xf16>
    %p = arith.addf %one, %xx : tensor<2x64xf16>
    %lg = math.log %p : tensor<2x64xf16>
    %sn = math.sin %x : tensor<2x64xf16>
    %cs = math.cos %x : tensor<2x64xf16>
    %sc = arith.mulf %sn, %cs : tensor<2x64xf16>
    %u = arith.addf %th, %lg : tensor<2x64xf16>
    %y = arith.subf %u, %sc : tensor<2x64xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<16x64xf16> -> !ktdp.access_tile<2x64xindex>
    ktdp.store %y, %ya : tensor<2x64xf16>, <2x64xindex>
    return
  }
}
