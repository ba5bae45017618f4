// column_max_f16.mlir -- a reduction along axis 0 next to an elementwise
// result of the same tile: for a 16x96 f16 matrix (96 columns: one and a
// half 64-element sticks), one tile,
//   y[i, j] = x[i, j] + 1            (stored, 16x96 f16)
//   m[j]    = max_i (x[i, j] + 1)    (stored, 96 f16)
// The compute unit streams the rows, pushes y a stick at a time and keeps
// only m's accumulator row (chunk-reductions, pipeline/utils/ColumnReductions.h).
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 95 >= 0)>
#out = affine_set<(d0) : (d0 >= 0, -d0 + 95 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @column_max_f16(%x_ptr: index, %y_ptr: index, %m_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %ninf = arith.constant 0xFC00 : f16
    %one = arith.constant dense<1.0> : tensor<16x96xf16>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [16, 96], strides: [96, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<16x96xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [16, 96], strides: [96, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<16x96xf16>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [96], strides: [1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<96xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<16x96xf16> -> !ktdp.access_tile<16x96xindex>
    %x = ktdp.load %xa : <16x96xindex> -> tensor<16x96xf16>
    %y = arith.addf %x, %one : tensor<16x96xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<16x96xf16> -> !ktdp.access_tile<16x96xindex>
    ktdp.store %y, %ya : tensor<16x96xf16>, <16x96xindex>
    %e = tensor.empty() : tensor<96xf16>
    %init = linalg.fill ins(%ninf : f16) outs(%e : tensor<96xf16>) -> tensor<96xf16>
    %m = linalg.reduce { arith.maximumf } ins(%y : tensor<16x96xf16>) outs(%init : tensor<96xf16>) dimensions = [0]
    %ma = ktdp.construct_access_tile %mv[%c0] {
      access_tile_set = #out, access_tile_order = #id1
    } : memref<96xf16> -> !ktdp.access_tile<96xindex>
    ktdp.store %m, %ma : tensor<96xf16>, <96xindex>
    return
  }
}
