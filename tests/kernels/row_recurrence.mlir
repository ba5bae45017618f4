// row_recurrence.mlir -- a recurrence through memory: row r of y is
// computed from row r - 1 of y, which the previous loop iteration stored:
//   y[0] = x[0];  y[r] = y[r - 1] * 0.5 + x[r]   for r = 1 .. 11
// on 12 rows of 64 f16, one tile. Each iteration must see the store of the
// one before it.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @row_recurrence(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c12 = arith.constant 12 : index
    %half = arith.constant dense<0.5> : tensor<1x64xf16>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [12, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<12x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [12, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<12x64xf16>
    %x0a = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #row, access_tile_order = #id2
    } : memref<12x64xf16> -> !ktdp.access_tile<1x64xindex>
    %x0 = ktdp.load %x0a : <1x64xindex> -> tensor<1x64xf16>
    %y0a = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #row, access_tile_order = #id2
    } : memref<12x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %x0, %y0a : tensor<1x64xf16>, <1x64xindex>
    scf.for %r = %c1 to %c12 step %c1 {
      %p = arith.subi %r, %c1 : index
      %pa = ktdp.construct_access_tile %yv[%p, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<12x64xf16> -> !ktdp.access_tile<1x64xindex>
      %prev = ktdp.load %pa : <1x64xindex> -> tensor<1x64xf16>
      %xa = ktdp.construct_access_tile %xv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<12x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %xa : <1x64xindex> -> tensor<1x64xf16>
      %h = arith.mulf %prev, %half : tensor<1x64xf16>
      %y = arith.addf %h, %x : tensor<1x64xf16>
      %ya = ktdp.construct_access_tile %yv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<12x64xf16> -> !ktdp.access_tile<1x64xindex>
      ktdp.store %y, %ya : tensor<1x64xf16>, <1x64xindex>
    }
    return
  }
}
