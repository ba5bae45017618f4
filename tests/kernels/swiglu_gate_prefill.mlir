// swiglu_gate_prefill.mlir -- the SwiGLU gate of a Llama-3-8B MLP for a
// 32-token prefill: silu(G) * U on 32x14336 f16 tiles (896 KiB each; the
// two operands and the result are 2.6 MiB, more than a core's 2 MiB
// scratchpad), streamed through LX in chunks of rows (issue 23, class 5).
//
// What it computes
//   Y[32, 14336] = G / (1 + exp(-G)) * U (f16), one core.
// RUN-ARGS: --no-lx-limit

#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 14335 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @swiglu_gate_prefill(%g_ptr: index, %u_ptr: index, %y_ptr: index)
      attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f16
    %g_view = ktdp.construct_memory_view %g_ptr, sizes: [32, 14336], strides: [14336, 1] {
      coordinate_set = #set, memory_space = #ktdp.memory_space<global>
    } : memref<32x14336xf16>
    %u_view = ktdp.construct_memory_view %u_ptr, sizes: [32, 14336], strides: [14336, 1] {
      coordinate_set = #set, memory_space = #ktdp.memory_space<global>
    } : memref<32x14336xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [32, 14336], strides: [14336, 1] {
      coordinate_set = #set, memory_space = #ktdp.memory_space<global>
    } : memref<32x14336xf16>
    %g_acc = ktdp.construct_access_tile %g_view[%c0, %c0] {
      access_tile_set = #set, access_tile_order = #id2
    } : memref<32x14336xf16> -> !ktdp.access_tile<32x14336xindex>
    %u_acc = ktdp.construct_access_tile %u_view[%c0, %c0] {
      access_tile_set = #set, access_tile_order = #id2
    } : memref<32x14336xf16> -> !ktdp.access_tile<32x14336xindex>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #set, access_tile_order = #id2
    } : memref<32x14336xf16> -> !ktdp.access_tile<32x14336xindex>
    %g = ktdp.load %g_acc : !ktdp.access_tile<32x14336xindex> -> tensor<32x14336xf16>
    %u = ktdp.load %u_acc : !ktdp.access_tile<32x14336xindex> -> tensor<32x14336xf16>
    %e0 = tensor.empty() : tensor<32x14336xf16>
    %ng = linalg.negf ins(%g : tensor<32x14336xf16>) outs(%e0 : tensor<32x14336xf16>) -> tensor<32x14336xf16>
    %ex = linalg.exp ins(%ng : tensor<32x14336xf16>) outs(%e0 : tensor<32x14336xf16>) -> tensor<32x14336xf16>
    %ones = linalg.fill ins(%one : f16) outs(%e0 : tensor<32x14336xf16>) -> tensor<32x14336xf16>
    %den = linalg.add ins(%ex, %ones : tensor<32x14336xf16>, tensor<32x14336xf16>) outs(%e0 : tensor<32x14336xf16>) -> tensor<32x14336xf16>
    %silu = linalg.div ins(%g, %den : tensor<32x14336xf16>, tensor<32x14336xf16>) outs(%e0 : tensor<32x14336xf16>) -> tensor<32x14336xf16>
    %y = linalg.mul ins(%silu, %u : tensor<32x14336xf16>, tensor<32x14336xf16>) outs(%e0 : tensor<32x14336xf16>) -> tensor<32x14336xf16>
    ktdp.store %y, %y_acc : tensor<32x14336xf16>, !ktdp.access_tile<32x14336xindex>
    return
  }
}
