// linear_q_proj_prefill.mlir -- one core's share of a Llama-3-8B query
// projection for a 32-token prefill: a 4096x128 f16 weight tile (1 MiB, the
// 4096 output features dealt out over 32 cores) and the 32x4096 activation
// (256 KiB), more than half of a core's 2 MiB scratchpad (issue 23, class
// 5). chunk-large-matmuls runs it as a loop over chunks of K into an f32
// accumulator, rounded to f16 once.
//
// What it computes
//   Y[32, 128] (f16) = X[32, 4096] @ W[4096, 128] (f16), accumulated from
//   zero (linalg.fill); one core.

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#y_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2   = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @linear_q_proj_prefill(%x_ptr: index, %w_ptr: index, %y_ptr: index)
      attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f16
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [4096, 128], strides: [128, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<4096x128xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [32, 128], strides: [128, 1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x128xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<32x4096xindex>
    %w_acc = ktdp.construct_access_tile %w_view[%c0, %c0] {
      access_tile_set = #w_set, access_tile_order = #id2
    } : memref<4096x128xf16> -> !ktdp.access_tile<4096x128xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<32x4096xindex> -> tensor<32x4096xf16>
    %w = ktdp.load %w_acc : !ktdp.access_tile<4096x128xindex> -> tensor<4096x128xf16>
    %empty = tensor.empty() : tensor<32x128xf16>
    %init = linalg.fill ins(%zero : f16) outs(%empty : tensor<32x128xf16>) -> tensor<32x128xf16>
    %y = linalg.matmul ins(%x, %w : tensor<32x4096xf16>, tensor<4096x128xf16>)
                       outs(%init : tensor<32x128xf16>) -> tensor<32x128xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #y_set, access_tile_order = #id2
    } : memref<32x128xf16> -> !ktdp.access_tile<32x128xindex>
    ktdp.store %y, %y_acc : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
    return
  }
}
