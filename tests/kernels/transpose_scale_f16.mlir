// transpose_scale_f16.mlir -- linalg.transpose of a 24x32 f16 tile on 2
// tiles (x is 48x32), then elementwise work on the transpose (rows of 24
// f16: partial 64-element sticks):
//   y = x^T * 3 - x^T   (32x24 per tile, stored into a 32x48 result)
// The compute unit keeps x (1.5 KiB) and reads each stick of x^T from it
// with a strided read (nest-vector-pipelines, pipeline/utils/TransposedRows.h);
// the transpose and y are never held whole.
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 47 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#xt = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 47 >= 0)>
#yt = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 23 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @transpose_scale_f16(%x_ptr: index, %y_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c24 = arith.constant 24 : index
    %three = arith.constant dense<3.0> : tensor<32x24xf16>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c24 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [48, 32], strides: [32, 1] {
      coordinate_set = #xs, memory_space = #ktdp.memory_space<global>
    } : memref<48x32xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 48], strides: [48, 1] {
      coordinate_set = #ys, memory_space = #ktdp.memory_space<global>
    } : memref<32x48xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #xt, access_tile_order = #id2
    } : memref<48x32xf16> -> !ktdp.access_tile<24x32xindex>
    %x = ktdp.load %xa : <24x32xindex> -> tensor<24x32xf16>
    %e = tensor.empty() : tensor<32x24xf16>
    %xT = linalg.transpose ins(%x : tensor<24x32xf16>) outs(%e : tensor<32x24xf16>) permutation = [1, 0]
    %s = arith.mulf %xT, %three : tensor<32x24xf16>
    %y = arith.subf %s, %xT : tensor<32x24xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %r0] {
      access_tile_set = #yt, access_tile_order = #id2
    } : memref<32x48xf16> -> !ktdp.access_tile<32x24xindex>
    ktdp.store %y, %ya : tensor<32x24xf16>, <32x24xindex>
    return
  }
}
