// div_row_sum_f32.mlir -- a float division reduced: s[i] = sum_j x/y and
// m[i] = max_j x/y over 2 rows of 37 f32 (a stick and 5 lanes). On the
// padding lanes x/y is 0/0 = NaN, which must not reach the sum or the max.
// The sum is folded per lane, then across lanes (the interpreter: one
// running sum), so it may round differently: within rounding of the
// shadow (docs/numerics.md). MAX-ULPS is spyre-batch's tolerance only.
// MAX-ULPS: 4
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 36 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 36 >= 0)>
#rows = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#part = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @div_row_sum_f32(%x_ptr: index, %y_ptr: index, %s_ptr: index, %m_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %cp = arith.constant 2 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %cp : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [2, 37], strides: [37, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x37xf32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<2x37xf32> -> !ktdp.access_tile<2x37xindex>
    %x = ktdp.load %xa : <2x37xindex> -> tensor<2x37xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [2, 37], strides: [37, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x37xf32>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<2x37xf32> -> !ktdp.access_tile<2x37xindex>
    %y = ktdp.load %ya : <2x37xindex> -> tensor<2x37xf32>
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %d = arith.divf %x, %y : tensor<2x37xf32>
    %e = tensor.empty() : tensor<2xf32>
    %zi = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %s = linalg.reduce { arith.addf } ins(%d : tensor<2x37xf32>) outs(%zi : tensor<2xf32>) dimensions = [1]
    %li = linalg.fill ins(%ninf : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %m = linalg.reduce { arith.maximumf } ins(%d : tensor<2x37xf32>) outs(%li : tensor<2xf32>) dimensions = [1]
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [2], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<2xf32>
    %sa = ktdp.construct_access_tile %sv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<2xf32> -> !ktdp.access_tile<2xindex>
    ktdp.store %s, %sa : tensor<2xf32>, <2xindex>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [2], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<2xf32>
    %ma = ktdp.construct_access_tile %mv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<2xf32> -> !ktdp.access_tile<2xindex>
    ktdp.store %m, %ma : tensor<2xf32>, <2xindex>
    return
  }
}
