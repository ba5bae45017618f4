// ffn_relu_chain.mlir -- two matmuls in a chain with an activation between
// them, the shape of a small feed-forward block (issue 15: the class of
// the corpus' ffn_swiglu kernels with other sizes).
//
// What it computes
//   x : 2x128 fp16, W1 : 128x128 fp16, W2 : 128x64 fp16, y : 2x64 fp16.
//   h = max(x @ W1, 0) (fp16 products and sums), y = h @ W2. One tile.
// The bound of emu.cosim_kernels' table, for spyre-batch too:
// MAX-ULPS: 8

#x_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#w1_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#w2_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#y_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2    = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @ffn_relu_chain(%x_ptr: index, %w1_ptr: index, %w2_ptr: index,
                            %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [2, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<2x128xf16>
    %w1_view = ktdp.construct_memory_view %w1_ptr, sizes: [128, 128], strides: [128, 1] {
      coordinate_set = #w1_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x128xf16>
    %w2_view = ktdp.construct_memory_view %w2_ptr, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = #w2_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<2x128xf16> -> !ktdp.access_tile<2x128xindex>
    %w1_acc = ktdp.construct_access_tile %w1_view[%c0, %c0] {
      access_tile_set = #w1_set, access_tile_order = #id2
    } : memref<128x128xf16> -> !ktdp.access_tile<128x128xindex>
    %w2_acc = ktdp.construct_access_tile %w2_view[%c0, %c0] {
      access_tile_set = #w2_set, access_tile_order = #id2
    } : memref<128x64xf16> -> !ktdp.access_tile<128x64xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<2x128xindex> -> tensor<2x128xf16>
    %w1 = ktdp.load %w1_acc : !ktdp.access_tile<128x128xindex> -> tensor<128x128xf16>
    %w2 = ktdp.load %w2_acc : !ktdp.access_tile<128x64xindex> -> tensor<128x64xf16>
    %h_init = tensor.empty() : tensor<2x128xf16>
    %h = linalg.matmul ins(%x, %w1 : tensor<2x128xf16>, tensor<128x128xf16>)
                       outs(%h_init : tensor<2x128xf16>) -> tensor<2x128xf16>
    %zero = arith.constant dense<0.0> : tensor<2x128xf16>
    %r = arith.maximumf %h, %zero : tensor<2x128xf16>
    %y_init = tensor.empty() : tensor<2x64xf16>
    %y = linalg.matmul ins(%r, %w2 : tensor<2x128xf16>, tensor<128x64xf16>)
                       outs(%y_init : tensor<2x64xf16>) -> tensor<2x64xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #y_set, access_tile_order = #id2
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    ktdp.store %y, %y_acc : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
    return
  }
}
