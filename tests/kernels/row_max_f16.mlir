// row_max_f16.mlir -- reduction along axis 1 with maximumf: m[i] =
// max_j x[i, j] over 12 rows of 96 f16 (one and a half sticks), 4 tiles of
// 3 rows each; the init is -inf (0xFC00).
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 95 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 95 >= 0)>
#out = affine_set<(d0) : (d0 >= 0, -d0 + 11 >= 0)>
#part = affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @row_max_f16(%x_ptr: index, %m_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %ninf = arith.constant 0xFC00 : f16
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c3 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [12, 96], strides: [96, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<12x96xf16>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [12], strides: [1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<12xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<12x96xf16> -> !ktdp.access_tile<3x96xindex>
    %x = ktdp.load %xa : <3x96xindex> -> tensor<3x96xf16>
    %e = tensor.empty() : tensor<3xf16>
    %init = linalg.fill ins(%ninf : f16) outs(%e : tensor<3xf16>) -> tensor<3xf16>
    %m = linalg.reduce { arith.maximumf } ins(%x : tensor<3x96xf16>) outs(%init : tensor<3xf16>) dimensions = [1]
    %ma = ktdp.construct_access_tile %mv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<12xf16> -> !ktdp.access_tile<3xindex>
    ktdp.store %m, %ma : tensor<3xf16>, <3xindex>
    return
  }
}
