// matmul_f32acc_wide.mlir -- one matmul of fp16 operands into an fp32
// result that is stored as fp32, with rows of B two sticks wide (issue 15:
// B streamed from LX while the output is wider than B's elements).
//
// What it computes
//   C[8, 128] (fp32) = A[8, 64] @ B[64, 128] (fp16), one tile. The output
//   starts from zero (linalg.fill); every element is the fp32 sum over k of
//   A[i, k] * B[k, j] with the products taken in fp32.

#a_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#c_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2   = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @matmul_f32acc_wide(%a_ptr: index, %b_ptr: index, %c_ptr: index)
      attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a_view = ktdp.construct_memory_view %a_ptr, sizes: [8, 64], strides: [64, 1] {
      coordinate_set = #a_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x64xf16>
    %b_view = ktdp.construct_memory_view %b_ptr, sizes: [64, 128], strides: [128, 1] {
      coordinate_set = #b_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x128xf16>
    %c_view = ktdp.construct_memory_view %c_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #c_set, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf32>
    %a_acc = ktdp.construct_access_tile %a_view[%c0, %c0] {
      access_tile_set = #a_set, access_tile_order = #id2
    } : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
    %b_acc = ktdp.construct_access_tile %b_view[%c0, %c0] {
      access_tile_set = #b_set, access_tile_order = #id2
    } : memref<64x128xf16> -> !ktdp.access_tile<64x128xindex>
    %a = ktdp.load %a_acc : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
    %b = ktdp.load %b_acc : !ktdp.access_tile<64x128xindex> -> tensor<64x128xf16>
    %empty = tensor.empty() : tensor<8x128xf32>
    %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x128xf32>) -> tensor<8x128xf32>
    %c = linalg.matmul ins(%a, %b : tensor<8x64xf16>, tensor<64x128xf16>)
                       outs(%init : tensor<8x128xf32>) -> tensor<8x128xf32>
    %c_acc = ktdp.construct_access_tile %c_view[%c0, %c0] {
      access_tile_set = #c_set, access_tile_order = #id2
    } : memref<8x128xf32> -> !ktdp.access_tile<8x128xindex>
    ktdp.store %c, %c_acc : tensor<8x128xf32>, !ktdp.access_tile<8x128xindex>
    return
  }
}
