// generic_plain.mlir -- an elementwise linalg.generic whose body captures
// a kernel argument: y = x * x + s (s an f32 argument), on a 6x32 f32
// tile, one tile. (With linalg.index in the body it does not compile yet:
// docs/limits.md.)
// RUN-ARGS: --arg s=0.25
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @generic_plain(%x_ptr: index, %y_ptr: index, %s: f32) attributes {grid = [1]} {
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
        %a = arith.mulf %in, %in : f32
        %r = arith.addf %a, %s : f32
        linalg.yield %r : f32
    } -> tensor<6x32xf32>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<6x32xf32> -> !ktdp.access_tile<6x32xindex>
    ktdp.store %y, %ya : tensor<6x32xf32>, <6x32xindex>
    return
  }
}
