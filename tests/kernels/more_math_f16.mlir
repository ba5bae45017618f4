// more_math_f16.mlir -- less common math on f16 (3x64, one tile):
//   y = fma(floor(x * 4), 0.25, erf(x)) - |x| ** 0.5 + rem(x, 0.75), min with 3
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @more_math_f16(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %four = arith.constant dense<4.0> : tensor<3x64xf16>
    %q = arith.constant dense<0.25> : tensor<3x64xf16>
    %h = arith.constant dense<0.5> : tensor<3x64xf16>
    %m = arith.constant dense<0.75> : tensor<3x64xf16>
    %three = arith.constant dense<3.0> : tensor<3x64xf16>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [3, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<3x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [3, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<3x64xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<3x64xf16> -> !ktdp.access_tile<3x64xindex>
    %x = ktdp.load %xa : <3x64xindex> -> tensor<3x64xf16>
    %x4 = arith.mulf %x, %four : tensor<3x64xf16>
    %fl = math.floor %x4 : tensor<3x64xf16>
    %er = math.erf %x : tensor<3x64xf16>
    %f = math.fma %fl, %q, %er : tensor<3x64xf16>
    %ab = math.absf %x : tensor<3x64xf16>
    %pw = math.powf %ab, %h : tensor<3x64xf16>
    %d = arith.subf %f, %pw : tensor<3x64xf16>
    %rm = arith.remf %x, %m : tensor<3x64xf16>
    %s = arith.addf %d, %rm : tensor<3x64xf16>
    %y = arith.minimumf %s, %three : tensor<3x64xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<3x64xf16> -> !ktdp.access_tile<3x64xindex>
    ktdp.store %y, %ya : tensor<3x64xf16>, <3x64xindex>
    return
  }
}
