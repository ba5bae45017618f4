// tiny_many_ops_f32.mlir -- eight f32 elements through a chain of twelve
// small elementwise ops on one tile: a kernel whose run is all per-op and
// per-instruction overhead, nothing to stream.
//
// What it computes
//   X, Y : 8 f32, one tile:
//     a = x + 1.5; b = a * x; c = b - 0.25; d = max(c, x); e = min(d, 3);
//     f = |e|; g = -f; h = g / 2; k = sqrt(f); m = h + k; n = m * m;
//     y = n - x.

#v8 = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#id1 = affine_map<(d0) -> (d0)>

module {
  func.func @tiny_many_ops_f32(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %k15 = arith.constant dense<1.5> : tensor<8xf32>
    %k025 = arith.constant dense<0.25> : tensor<8xf32>
    %k3 = arith.constant dense<3.0> : tensor<8xf32>
    %k2 = arith.constant dense<2.0> : tensor<8xf32>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [8], strides: [1] {
      coordinate_set = #v8, memory_space = #ktdp.memory_space<global>
    } : memref<8xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [8], strides: [1] {
      coordinate_set = #v8, memory_space = #ktdp.memory_space<global>
    } : memref<8xf32>
    %xa = ktdp.construct_access_tile %xv[%c0] {
      access_tile_set = #v8, access_tile_order = #id1
    } : memref<8xf32> -> !ktdp.access_tile<8xindex>
    %x = ktdp.load %xa : <8xindex> -> tensor<8xf32>
    %a = arith.addf %x, %k15 : tensor<8xf32>
    %b = arith.mulf %a, %x : tensor<8xf32>
    %c = arith.subf %b, %k025 : tensor<8xf32>
    %d = arith.maximumf %c, %x : tensor<8xf32>
    %e = arith.minimumf %d, %k3 : tensor<8xf32>
    %f = math.absf %e : tensor<8xf32>
    %g = arith.negf %f : tensor<8xf32>
    %h = arith.divf %g, %k2 : tensor<8xf32>
    %k = math.sqrt %f : tensor<8xf32>
    %m = arith.addf %h, %k : tensor<8xf32>
    %n = arith.mulf %m, %m : tensor<8xf32>
    %y = arith.subf %n, %x : tensor<8xf32>
    %ya = ktdp.construct_access_tile %yv[%c0] {
      access_tile_set = #v8, access_tile_order = #id1
    } : memref<8xf32> -> !ktdp.access_tile<8xindex>
    ktdp.store %y, %ya : tensor<8xf32>, <8xindex>
    return
  }
}
