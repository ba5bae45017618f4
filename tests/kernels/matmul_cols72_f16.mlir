// matmul_cols72_f16.mlir -- one matmul of fp16 operands into an fp32
// result, with rows of B of 72 elements (one and an eighth 64-element
// sticks), on 2 tiles of 4 rows:
//   C[8, 72] (fp32) = A[8, 32] @ B[32, 72] (fp16), C from zero.
// B streams from LX a stick at a time; the last vector of each row of C is
// read and written only up to the row's end.
#as = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#bs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 71 >= 0)>
#cs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 71 >= 0)>
#at = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#ct = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 71 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @matmul_cols72_f16(%a_ptr: index, %b_ptr: index, %c_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %av = ktdp.construct_memory_view %a_ptr, sizes: [8, 32], strides: [32, 1] {
      coordinate_set = #as, memory_space = #ktdp.memory_space<global>
    } : memref<8x32xf16>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [32, 72], strides: [72, 1] {
      coordinate_set = #bs, memory_space = #ktdp.memory_space<global>
    } : memref<32x72xf16>
    %cv = ktdp.construct_memory_view %c_ptr, sizes: [8, 72], strides: [72, 1] {
      coordinate_set = #cs, memory_space = #ktdp.memory_space<global>
    } : memref<8x72xf32>
    %aa = ktdp.construct_access_tile %av[%r0, %c0] {
      access_tile_set = #at, access_tile_order = #id2
    } : memref<8x32xf16> -> !ktdp.access_tile<4x32xindex>
    %ba = ktdp.construct_access_tile %bv[%c0, %c0] {
      access_tile_set = #bs, access_tile_order = #id2
    } : memref<32x72xf16> -> !ktdp.access_tile<32x72xindex>
    %a = ktdp.load %aa : <4x32xindex> -> tensor<4x32xf16>
    %b = ktdp.load %ba : <32x72xindex> -> tensor<32x72xf16>
    %e = tensor.empty() : tensor<4x72xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x72xf32>) -> tensor<4x72xf32>
    %c = linalg.matmul ins(%a, %b : tensor<4x32xf16>, tensor<32x72xf16>) outs(%z : tensor<4x72xf32>) -> tensor<4x72xf32>
    %ca = ktdp.construct_access_tile %cv[%r0, %c0] {
      access_tile_set = #ct, access_tile_order = #id2
    } : memref<8x72xf32> -> !ktdp.access_tile<4x72xindex>
    ktdp.store %c, %ca : tensor<4x72xf32>, <4x72xindex>
    return
  }
}
