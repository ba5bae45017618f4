// tiles_loop_grid2.mlir -- more tiles of work than cores: 2 cores (grid
// [2]) each loop over 5 of the 10 row blocks of a 30x64 f16 matrix (blocks
// of 3 rows, block b on core b mod 2): y = max(x, 0) * 1.5.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 29 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tiles_loop_grid2(%x_ptr: index, %y_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %zero = arith.constant dense<0.0> : tensor<3x64xf16>
    %k = arith.constant dense<1.5> : tensor<3x64xf16>
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [30, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<30x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [30, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<30x64xf16>
    scf.for %b = %t to %c10 step %c2 {
      %r0 = arith.muli %b, %c3 : index
      %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
        access_tile_set = #blk, access_tile_order = #id2
      } : memref<30x64xf16> -> !ktdp.access_tile<3x64xindex>
      %x = ktdp.load %xa : <3x64xindex> -> tensor<3x64xf16>
      %r = arith.maximumf %x, %zero : tensor<3x64xf16>
      %y = arith.mulf %r, %k : tensor<3x64xf16>
      %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
        access_tile_set = #blk, access_tile_order = #id2
      } : memref<30x64xf16> -> !ktdp.access_tile<3x64xindex>
      ktdp.store %y, %ya : tensor<3x64xf16>, <3x64xindex>
    }
    return
  }
}
