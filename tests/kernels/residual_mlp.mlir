// residual_mlp.mlir -- a two-layer MLP with a residual: x is read by the
// first matmul and by the add after the second. Issue 15: x and the 8x128
// hidden tile (2 KiB each) are more than the compute engine holds (2 KiB);
// stage-intermediates splits the stage and stages them in LX.
//
// What it computes
//   x : 8x128 fp16, W1 : 128x128 fp16, W2 : 128x128 fp16, y : 8x128 fp16.
//   y = x + max(x @ W1, 0) @ W2 (fp16 products and sums). One tile.

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2   = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @residual_mlp(%x_ptr: index, %w1_ptr: index, %w2_ptr: index,
                          %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %w1_view = ktdp.construct_memory_view %w1_ptr, sizes: [128, 128], strides: [128, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x128xf16>
    %w2_view = ktdp.construct_memory_view %w2_ptr, sizes: [128, 128], strides: [128, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x128xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<8x128xf16> -> !ktdp.access_tile<8x128xindex>
    %w1_acc = ktdp.construct_access_tile %w1_view[%c0, %c0] {
      access_tile_set = #w_set, access_tile_order = #id2
    } : memref<128x128xf16> -> !ktdp.access_tile<128x128xindex>
    %w2_acc = ktdp.construct_access_tile %w2_view[%c0, %c0] {
      access_tile_set = #w_set, access_tile_order = #id2
    } : memref<128x128xf16> -> !ktdp.access_tile<128x128xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<8x128xindex> -> tensor<8x128xf16>
    %w1 = ktdp.load %w1_acc : !ktdp.access_tile<128x128xindex> -> tensor<128x128xf16>
    %w2 = ktdp.load %w2_acc : !ktdp.access_tile<128x128xindex> -> tensor<128x128xf16>
    %h_init = tensor.empty() : tensor<8x128xf16>
    %h = linalg.matmul ins(%x, %w1 : tensor<8x128xf16>, tensor<128x128xf16>)
                       outs(%h_init : tensor<8x128xf16>) -> tensor<8x128xf16>
    %zero = arith.constant dense<0.0> : tensor<8x128xf16>
    %r = arith.maximumf %h, %zero : tensor<8x128xf16>
    %o_init = tensor.empty() : tensor<8x128xf16>
    %o = linalg.matmul ins(%r, %w2 : tensor<8x128xf16>, tensor<128x128xf16>)
                       outs(%o_init : tensor<8x128xf16>) -> tensor<8x128xf16>
    %y = arith.addf %x, %o : tensor<8x128xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<8x128xf16> -> !ktdp.access_tile<8x128xindex>
    ktdp.store %y, %y_acc : tensor<8x128xf16>, !ktdp.access_tile<8x128xindex>
    return
  }
}
