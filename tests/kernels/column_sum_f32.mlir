// column_sum_f32.mlir -- reduction along axis 0: s[j] = sum_i x[i, j] for a
// 24x48 f32 matrix (48 columns: one and a half 32-element f32
// sticks), one tile.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 47 >= 0)>
#out = affine_set<(d0) : (d0 >= 0, -d0 + 47 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @column_sum_f32(%x_ptr: index, %s_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [24, 48], strides: [48, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<24x48xf32>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [48], strides: [1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<48xf32>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<24x48xf32> -> !ktdp.access_tile<24x48xindex>
    %x = ktdp.load %xa : <24x48xindex> -> tensor<24x48xf32>
    %e = tensor.empty() : tensor<48xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<48xf32>) -> tensor<48xf32>
    %s = linalg.reduce { arith.addf } ins(%x : tensor<24x48xf32>) outs(%init : tensor<48xf32>) dimensions = [0]
    %sa = ktdp.construct_access_tile %sv[%c0] {
      access_tile_set = #out, access_tile_order = #id1
    } : memref<48xf32> -> !ktdp.access_tile<48xindex>
    ktdp.store %s, %sa : tensor<48xf32>, <48xindex>
    return
  }
}
