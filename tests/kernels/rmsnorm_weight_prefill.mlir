// rmsnorm_weight_prefill.mlir -- the last step of a Llama-3-8B RMSNorm for
// a 128-token prefill: the normalized rows times the norm's weight,
// broadcast along the rows. The 128x4096 f16 input and result (1 MiB
// each) do not fit a core's 2 MiB scratchpad together (issue 23, class 5).
//
// What it computes
//   Y[i, j] = X[i, j] * W[j] (f16), X 128x4096, W 4096; one core.
// RUN-ARGS: --no-lx-limit

#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#cols = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @rmsnorm_weight_prefill(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [128, 4096], strides: [4096, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<128x4096xf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [4096], strides: [1] {
      coordinate_set = #cols, memory_space = #ktdp.memory_space<global>
    } : memref<4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [128, 4096], strides: [4096, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<128x4096xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<128x4096xf16> -> !ktdp.access_tile<128x4096xindex>
    %wa = ktdp.construct_access_tile %wv[%c0] {
      access_tile_set = #cols, access_tile_order = #id1
    } : memref<4096xf16> -> !ktdp.access_tile<4096xindex>
    %x = ktdp.load %xa : <128x4096xindex> -> tensor<128x4096xf16>
    %w = ktdp.load %wa : <4096xindex> -> tensor<4096xf16>
    %e = tensor.empty() : tensor<128x4096xf16>
    %wb = linalg.broadcast ins(%w : tensor<4096xf16>) outs(%e : tensor<128x4096xf16>) dimensions = [0]
    %y = arith.mulf %x, %wb : tensor<128x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<128x4096xf16> -> !ktdp.access_tile<128x4096xindex>
    ktdp.store %y, %ya : tensor<128x4096xf16>, <128x4096xindex>
    return
  }
}
