// matmul_bf16_outs_kproj_prefill.mlir -- a bf16 projection whose
// accumulator is bf16 zeros (a naive torch-mlir lowering of aten.mm on
// bf16), Qwen2 k_proj at prefill: 32 x 896 @ 896 x 128 -> 32 x 128 bf16.
// Summed in bf16 at every k it is ~5 % off (13 bf16 ulps); the products are
// summed in f32 (the architecture's accumulator) and rounded once, on both
// engines: exact (docs/numerics.md "Half-precision matmuls").
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 895 >= 0)>
#ws = affine_set<(d0, d1) : (d0 >= 0, -d0 + 895 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @matmul_bf16_outs_kproj_prefill(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : bf16
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 896], strides: [896, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x896xbf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [896, 128], strides: [128, 1] {coordinate_set = #ws, memory_space = #ktdp.memory_space<global>} : memref<896x128xbf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 128], strides: [128, 1] {coordinate_set = #ys, memory_space = #ktdp.memory_space<global>} : memref<32x128xbf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id2} : memref<32x896xbf16> -> !ktdp.access_tile<32x896xindex>
    %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #ws, access_tile_order = #id2} : memref<896x128xbf16> -> !ktdp.access_tile<896x128xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<32x896xindex> -> tensor<32x896xbf16>
    %w = ktdp.load %wa : !ktdp.access_tile<896x128xindex> -> tensor<896x128xbf16>
    %e = tensor.empty() : tensor<32x128xbf16>
    %z = linalg.fill ins(%zero : bf16) outs(%e : tensor<32x128xbf16>) -> tensor<32x128xbf16>
    %y = linalg.matmul ins(%x, %w : tensor<32x896xbf16>, tensor<896x128xbf16>) outs(%z : tensor<32x128xbf16>) -> tensor<32x128xbf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #ys, access_tile_order = #id2} : memref<32x128xbf16> -> !ktdp.access_tile<32x128xindex>
    ktdp.store %y, %ya : tensor<32x128xbf16>, !ktdp.access_tile<32x128xindex>
    return
  }
}
