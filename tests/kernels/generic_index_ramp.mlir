// generic_index_ramp.mlir -- linalg.generic whose body uses linalg.index and
// a captured scalar: y[i, j] = x[i, j] * (i + 1) + j * s, where s is a
// kernel argument (f32), on a 6x32 f32 tile, one tile.
// RUN-ARGS: --arg s=0.25
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @generic_index_ramp(%x_ptr: index, %y_ptr: index, %s: f32) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [6, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [6, 32], strides: [32, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf32>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<6x32xf32> -> !ktdp.access_tile<6x32xindex>
    %x = ktdp.load %xa : <6x32xindex> -> tensor<6x32xf32>
    %e = tensor.empty() : tensor<6x32xf32>
    %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<6x32xf32>) outs(%e : tensor<6x32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %i = linalg.index 0 : index
        %j = linalg.index 1 : index
        %i1 = arith.addi %i, %c1 : index
        %ii = arith.index_cast %i1 : index to i32
        %jj = arith.index_cast %j : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %fj = arith.sitofp %jj : i32 to f32
        %a = arith.mulf %in, %fi : f32
        %b = arith.mulf %fj, %s : f32
        %r = arith.addf %a, %b : f32
        linalg.yield %r : f32
    } -> tensor<6x32xf32>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<6x32xf32> -> !ktdp.access_tile<6x32xindex>
    ktdp.store %y, %ya : tensor<6x32xf32>, <6x32xindex>
    return
  }
}
