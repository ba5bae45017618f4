// o_proj_prefill_1b.mlir -- one core's 512 output features of Llama-3.2-1B's
// attention output projection for a 32-token prefill: X[32, 2048] @
// W[2048, 512] (f16). The 2 MiB weight tile alone fills a core's scratchpad;
// chunk-large-matmuls runs the matmul in chunks of N (each stored on its
// own) and of K (issue 23, class 5).
//
// What it computes
//   Y[32, 512] (f16) = X[32, 2048] @ W[2048, 512] (f16), accumulated from
//   zero (linalg.fill); one core.
// RUN-ARGS: --no-lx-limit

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#y_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#id2   = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @o_proj_prefill_1b(%x_ptr: index, %w_ptr: index, %y_ptr: index)
      attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f16
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [32, 2048], strides: [2048, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x2048xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [2048, 512], strides: [512, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<2048x512xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [32, 512], strides: [512, 1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x512xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<32x2048xf16> -> !ktdp.access_tile<32x2048xindex>
    %w_acc = ktdp.construct_access_tile %w_view[%c0, %c0] {
      access_tile_set = #w_set, access_tile_order = #id2
    } : memref<2048x512xf16> -> !ktdp.access_tile<2048x512xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<32x2048xindex> -> tensor<32x2048xf16>
    %w = ktdp.load %w_acc : !ktdp.access_tile<2048x512xindex> -> tensor<2048x512xf16>
    %empty = tensor.empty() : tensor<32x512xf16>
    %init = linalg.fill ins(%zero : f16) outs(%empty : tensor<32x512xf16>) -> tensor<32x512xf16>
    %y = linalg.matmul ins(%x, %w : tensor<32x2048xf16>, tensor<2048x512xf16>)
                       outs(%init : tensor<32x512xf16>) -> tensor<32x512xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #y_set, access_tile_order = #id2
    } : memref<32x512xf16> -> !ktdp.access_tile<32x512xindex>
    ktdp.store %y, %y_acc : tensor<32x512xf16>, !ktdp.access_tile<32x512xindex>
    return
  }
}
