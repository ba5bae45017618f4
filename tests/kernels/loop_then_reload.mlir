// loop_then_reload.mlir -- memory written in a loop and read back after it:
// a loop writes y[r] = x[r] + r for 6 rows of 32 f32, an scf.if (tile 0
// only; one tile here) overwrites row 2 with zeros, and after both the
// whole of y is loaded again and its column sums stored to s.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#cols = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @loop_then_reload(%x_ptr: index, %y_ptr: index, %s_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %zero = arith.constant 0.0 : f32
    %zrow = arith.constant dense<0.0> : tensor<1x32xf32>
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [6, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [6, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf32>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [32], strides: [1] {
      coordinate_set = #cols, memory_space = #ktdp.memory_space<global>
    } : memref<32xf32>
    scf.for %r = %c0 to %c6 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %rs = tensor.splat %rf : tensor<1x32xf32>
      %xa = ktdp.construct_access_tile %xv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<6x32xf32> -> !ktdp.access_tile<1x32xindex>
      %x = ktdp.load %xa : <1x32xindex> -> tensor<1x32xf32>
      %y = arith.addf %x, %rs : tensor<1x32xf32>
      %ya = ktdp.construct_access_tile %yv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<6x32xf32> -> !ktdp.access_tile<1x32xindex>
      ktdp.store %y, %ya : tensor<1x32xf32>, <1x32xindex>
    }
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      %za = ktdp.construct_access_tile %yv[%c2, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<6x32xf32> -> !ktdp.access_tile<1x32xindex>
      ktdp.store %zrow, %za : tensor<1x32xf32>, <1x32xindex>
    }
    %all = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<6x32xf32> -> !ktdp.access_tile<6x32xindex>
    %yy = ktdp.load %all : <6x32xindex> -> tensor<6x32xf32>
    %e = tensor.empty() : tensor<32xf32>
    %i = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
    %s = linalg.reduce { arith.addf } ins(%yy : tensor<6x32xf32>) outs(%i : tensor<32xf32>) dimensions = [0]
    %sa = ktdp.construct_access_tile %sv[%c0] {
      access_tile_set = #cols, access_tile_order = #id1
    } : memref<32xf32> -> !ktdp.access_tile<32xindex>
    ktdp.store %s, %sa : tensor<32xf32>, <32xindex>
    return
  }
}
