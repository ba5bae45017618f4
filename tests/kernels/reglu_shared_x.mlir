// reglu_shared_x.mlir -- two matmuls that read the same x, an elementwise
// product of their results, and a third matmul (a gated feed-forward block,
// ReGLU). Issue 15: x and the 8x192 intermediates (3 KiB each) are more
// than the compute engine holds (2 KiB); stage-intermediates splits the
// stage and stages them in LX.
//
// What it computes
//   x : 8x128 fp16, Wg, Wu : 128x192 fp16, Wd : 192x64 fp16, y : 8x64 fp16.
//   y = (max(x @ Wg, 0) * (x @ Wu)) @ Wd (fp16 products and sums). One tile.

#x_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#w_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 191 >= 0)>
#wd_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 191 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#y_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2    = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @reglu_shared_x(%x_ptr: index, %wg_ptr: index, %wu_ptr: index,
                            %wd_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %wg_view = ktdp.construct_memory_view %wg_ptr, sizes: [128, 192], strides: [192, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x192xf16>
    %wu_view = ktdp.construct_memory_view %wu_ptr, sizes: [128, 192], strides: [192, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x192xf16>
    %wd_view = ktdp.construct_memory_view %wd_ptr, sizes: [192, 64], strides: [64, 1] {
      coordinate_set = #wd_set, memory_space = #ktdp.memory_space<global>
    } : memref<192x64xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [8, 64], strides: [64, 1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x64xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<8x128xf16> -> !ktdp.access_tile<8x128xindex>
    %wg_acc = ktdp.construct_access_tile %wg_view[%c0, %c0] {
      access_tile_set = #w_set, access_tile_order = #id2
    } : memref<128x192xf16> -> !ktdp.access_tile<128x192xindex>
    %wu_acc = ktdp.construct_access_tile %wu_view[%c0, %c0] {
      access_tile_set = #w_set, access_tile_order = #id2
    } : memref<128x192xf16> -> !ktdp.access_tile<128x192xindex>
    %wd_acc = ktdp.construct_access_tile %wd_view[%c0, %c0] {
      access_tile_set = #wd_set, access_tile_order = #id2
    } : memref<192x64xf16> -> !ktdp.access_tile<192x64xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<8x128xindex> -> tensor<8x128xf16>
    %wg = ktdp.load %wg_acc : !ktdp.access_tile<128x192xindex> -> tensor<128x192xf16>
    %wu = ktdp.load %wu_acc : !ktdp.access_tile<128x192xindex> -> tensor<128x192xf16>
    %wd = ktdp.load %wd_acc : !ktdp.access_tile<192x64xindex> -> tensor<192x64xf16>
    %g_init = tensor.empty() : tensor<8x192xf16>
    %g = linalg.matmul ins(%x, %wg : tensor<8x128xf16>, tensor<128x192xf16>)
                       outs(%g_init : tensor<8x192xf16>) -> tensor<8x192xf16>
    %u_init = tensor.empty() : tensor<8x192xf16>
    %u = linalg.matmul ins(%x, %wu : tensor<8x128xf16>, tensor<128x192xf16>)
                       outs(%u_init : tensor<8x192xf16>) -> tensor<8x192xf16>
    %zero = arith.constant dense<0.0> : tensor<8x192xf16>
    %r = arith.maximumf %g, %zero : tensor<8x192xf16>
    %h = arith.mulf %r, %u : tensor<8x192xf16>
    %y_init = tensor.empty() : tensor<8x64xf16>
    %y = linalg.matmul ins(%h, %wd : tensor<8x192xf16>, tensor<192x64xf16>)
                       outs(%y_init : tensor<8x64xf16>) -> tensor<8x64xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #y_set, access_tile_order = #id2
    } : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
    ktdp.store %y, %y_acc : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
    return
  }
}
