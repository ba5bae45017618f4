// grid2d_sparse.mlir -- a 2-D grid [3, 2] (6 tiles, fewer than the 32
// cores of the spyre preset) with two tile-id results: tile (c, r) handles
// the 2x32 block at rows 2r, columns 32c of an f32 4x96 matrix:
//   y = x * c + r   (both converted from the tile coordinates)
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 95 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @grid2d_sparse(%x_ptr: index, %y_ptr: index) attributes {grid = [3, 2]} {
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c, %r = ktdp.get_compute_tile_id : index, index
    %row0 = arith.muli %r, %c2 : index
    %col0 = arith.muli %c, %c32 : index
    %ci = arith.index_cast %c : index to i32
    %ri = arith.index_cast %r : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %rf = arith.sitofp %ri : i32 to f32
    %cs = tensor.splat %cf : tensor<2x32xf32>
    %rs = tensor.splat %rf : tensor<2x32xf32>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 96], strides: [96, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x96xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [4, 96], strides: [96, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x96xf32>
    %xa = ktdp.construct_access_tile %xv[%row0, %col0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<4x96xf32> -> !ktdp.access_tile<2x32xindex>
    %x = ktdp.load %xa : <2x32xindex> -> tensor<2x32xf32>
    %m = arith.mulf %x, %cs : tensor<2x32xf32>
    %y = arith.addf %m, %rs : tensor<2x32xf32>
    %ya = ktdp.construct_access_tile %yv[%row0, %col0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<4x96xf32> -> !ktdp.access_tile<2x32xindex>
    ktdp.store %y, %ya : tensor<2x32xf32>, <2x32xindex>
    return
  }
}
