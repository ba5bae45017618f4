// residual_add_prefill.mlir -- the residual add of a Llama-3-8B decoder layer
// for a 128-token prefill: two 128x4096 f16 tiles (1 MiB each) and their
// sum, three times what a core's 2 MiB scratchpad holds (issue 23, class 5).
//
// What it computes
//   Y[128, 4096] = H[128, 4096] + R[128, 4096] (f16), one core.
// RUN-ARGS: --no-lx-limit

#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @residual_add_prefill(%h_ptr: index, %r_ptr: index, %y_ptr: index)
      attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %h_view = ktdp.construct_memory_view %h_ptr, sizes: [128, 4096], strides: [4096, 1] {
      coordinate_set = #set, memory_space = #ktdp.memory_space<global>
    } : memref<128x4096xf16>
    %r_view = ktdp.construct_memory_view %r_ptr, sizes: [128, 4096], strides: [4096, 1] {
      coordinate_set = #set, memory_space = #ktdp.memory_space<global>
    } : memref<128x4096xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [128, 4096], strides: [4096, 1] {
      coordinate_set = #set, memory_space = #ktdp.memory_space<global>
    } : memref<128x4096xf16>
    %h_acc = ktdp.construct_access_tile %h_view[%c0, %c0] {
      access_tile_set = #set, access_tile_order = #id2
    } : memref<128x4096xf16> -> !ktdp.access_tile<128x4096xindex>
    %r_acc = ktdp.construct_access_tile %r_view[%c0, %c0] {
      access_tile_set = #set, access_tile_order = #id2
    } : memref<128x4096xf16> -> !ktdp.access_tile<128x4096xindex>
    %y_acc = ktdp.construct_access_tile %y_view[%c0, %c0] {
      access_tile_set = #set, access_tile_order = #id2
    } : memref<128x4096xf16> -> !ktdp.access_tile<128x4096xindex>
    %h = ktdp.load %h_acc : !ktdp.access_tile<128x4096xindex> -> tensor<128x4096xf16>
    %r = ktdp.load %r_acc : !ktdp.access_tile<128x4096xindex> -> tensor<128x4096xf16>
    %empty = tensor.empty() : tensor<128x4096xf16>
    %y = linalg.add ins(%h, %r : tensor<128x4096xf16>, tensor<128x4096xf16>)
                    outs(%empty : tensor<128x4096xf16>) -> tensor<128x4096xf16>
    ktdp.store %y, %y_acc : tensor<128x4096xf16>, !ktdp.access_tile<128x4096xindex>
    return
  }
}
