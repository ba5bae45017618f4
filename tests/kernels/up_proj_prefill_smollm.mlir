// up_proj_prefill_smollm.mlir -- SmolLM2-135M's MLP up-projection for a
// 64-token prefill: X[64, 576] @ W[576, 1536] (f16). Its 64x1536 result
// with an f32 accumulator does not fit half a core's scratchpad next to the
// operands, and a row of it not the compute engine, so chunk-large-matmuls
// runs it in chunks of N, each stored on its own (issue 23, class 5).
//
// What it computes
//   Y[64, 1536] (f16) = X[64, 576] @ W[576, 1536], accumulated from zero
//   (linalg.fill); one core.
// RUN-ARGS: --no-lx-limit

#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 575 >= 0, d1 >= 0, -d1 + 1535 >= 0)>
#y_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 1535 >= 0)>
#id2   = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @up_proj_prefill_smollm(%x_ptr: index, %w_ptr: index, %y_ptr: index)
      attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f16
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [64, 576], strides: [576, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x576xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [576, 1536], strides: [1536, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<576x1536xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [64, 1536], strides: [1536, 1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x1536xf16>
    %x_acc = ktdp.construct_access_tile %x_view[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = #id2
    } : memref<64x576xf16> -> !ktdp.access_tile<64x576xindex>
    %w_acc = ktdp.construct_access_tile %w_view[%c0, %c0] {
      access_tile_set = #w_set, access_tile_order = #id2
    } : memref<576x1536xf16> -> !ktdp.access_tile<576x1536xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<64x576xindex> -> tensor<64x576xf16>
    %w = ktdp.load %w_acc : !ktdp.access_tile<576x1536xindex> -> tensor<576x1536xf16>
    %empty = tensor.empty() : tensor<64x1536xf16>
    %init = linalg.fill ins(%zero : f16) outs(%empty : tensor<64x1536xf16>) -> tensor<64x1536xf16>
    %y = linalg.matmul ins(%x, %w : tensor<64x576xf16>, tensor<576x1536xf16>)
                       outs(%init : tensor<64x1536xf16>) -> tensor<64x1536xf16>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #y_set, access_tile_order = #id2
    } : memref<64x1536xf16> -> !ktdp.access_tile<64x1536xindex>
    ktdp.store %y, %y_acc : tensor<64x1536xf16>, !ktdp.access_tile<64x1536xindex>
    return
  }
}
