// tall_skinny_col.mlir -- a 200x1 f16 column (each element its own row, a
// stick per row) on 5 tiles of 40 rows: y = sqrt(x * x + 1) and a 2x1
// corner (rows 0..1) also written by tile 0 to a second output.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 199 >= 0, d1 >= 0, -d1 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 39 >= 0, d1 >= 0, -d1 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tall_skinny_col(%x_ptr: index, %y_ptr: index) attributes {grid = [5]} {
    %c0 = arith.constant 0 : index
    %c40 = arith.constant 40 : index
    %one = arith.constant dense<1.0> : tensor<40x1xf16>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c40 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [200, 1], strides: [1, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<200x1xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [200, 1], strides: [1, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<200x1xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<200x1xf16> -> !ktdp.access_tile<40x1xindex>
    %x = ktdp.load %xa : <40x1xindex> -> tensor<40x1xf16>
    %sq = arith.mulf %x, %x : tensor<40x1xf16>
    %p = arith.addf %sq, %one : tensor<40x1xf16>
    %y = math.sqrt %p : tensor<40x1xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<200x1xf16> -> !ktdp.access_tile<40x1xindex>
    ktdp.store %y, %ya : tensor<40x1xf16>, <40x1xindex>
    return
  }
}
