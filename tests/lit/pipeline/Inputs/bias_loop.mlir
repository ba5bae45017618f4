// A row loop adding a loop-invariant bias row to two rows of x per
// iteration (grid of 2 tiles): the input of the ScheduleIR pass tests.
#m = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#t = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @bias_loop(%x: index, %bias: index, %y: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %id = ktdp.get_compute_tile_id : index
  %base = arith.muli %id, %c8 : index
  %xv = ktdp.construct_memory_view %x, sizes: [16, 64], strides: [64, 1] {coordinate_set = #m, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
  %bv = ktdp.construct_memory_view %bias, sizes: [1, 64], strides: [64, 1] {coordinate_set = #b, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [16, 64], strides: [64, 1] {coordinate_set = #m, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
  %bt = ktdp.construct_access_tile %bv[%c0, %c0] {access_tile_set = #t, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<2x64xindex>
  scf.for %i = %c0 to %c8 step %c2 {
    %row = arith.addi %base, %i : index
    %xt = ktdp.construct_access_tile %xv[%row, %c0] {access_tile_set = #t, access_tile_order = #id} : memref<16x64xf16> -> !ktdp.access_tile<2x64xindex>
    %xd = ktdp.load %xt : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %bd = ktdp.load %bt : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %e = tensor.empty() : tensor<2x64xf16>
    %s = linalg.add ins(%xd, %bd : tensor<2x64xf16>, tensor<2x64xf16>) outs(%e : tensor<2x64xf16>) -> tensor<2x64xf16>
    %yt = ktdp.construct_access_tile %yv[%row, %c0] {access_tile_set = #t, access_tile_order = #id} : memref<16x64xf16> -> !ktdp.access_tile<2x64xindex>
    ktdp.store %s, %yt : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
  }
  return
}
