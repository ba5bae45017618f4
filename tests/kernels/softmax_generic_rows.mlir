// softmax_generic_rows.mlir -- a row softmax over 32 x 1024 f32 scores (four
// rows per core), as torch-mlir lowers `torch.softmax(x, dim=-1)`: every
// step a linalg.generic. The row max and the row sum are generics with a
// "reduction" iterator whose output map drops the columns (initialised by
// linalg.fill); `x - max[:, None]` and `e / sum[:, None]` are parallel
// generics whose second input's map is (d0, d1) -> (d0). normalize-tensor-ops
// makes them the linalg.reduce and linalg.broadcast the row passes stream
// (they held every tile whole: 65,568 bytes, 15,978 cycles).
//
// What it computes
//   x, y : 32x1024 f32. grid = [8]: y[r, :] = exp(x[r, :] - max) / sum.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @gen_softmax(%x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 1024], strides: [1024, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x1024xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 1024], strides: [1024, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x1024xf32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x1024xf32> -> !ktdp.access_tile<4x1024xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<4x1024xindex> -> tensor<4x1024xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %e0 = tensor.empty() : tensor<4xf32>
    %minit = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
    %m = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x1024xf32>) outs(%minit : tensor<4xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %mx = arith.maximumf %in, %acc : f32
      linalg.yield %mx : f32
    } -> tensor<4xf32>
    %e1 = tensor.empty() : tensor<4x1024xf32>
    %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x, %m : tensor<4x1024xf32>, tensor<4xf32>) outs(%e1 : tensor<4x1024xf32>) {
    ^bb0(%in: f32, %mm: f32, %out: f32):
      %d = arith.subf %in, %mm : f32
      %e = math.exp %d : f32
      linalg.yield %e : f32
    } -> tensor<4x1024xf32>
    %sinit = linalg.fill ins(%zero : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
    %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
        ins(%ex : tensor<4x1024xf32>) outs(%sinit : tensor<4xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    } -> tensor<4xf32>
    %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%ex, %s : tensor<4x1024xf32>, tensor<4xf32>) outs(%e1 : tensor<4x1024xf32>) {
    ^bb0(%in: f32, %ss: f32, %out: f32):
      %q = arith.divf %in, %ss : f32
      linalg.yield %q : f32
    } -> tensor<4x1024xf32>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x1024xf32> -> !ktdp.access_tile<4x1024xindex>
    ktdp.store %y, %ya : tensor<4x1024xf32>, !ktdp.access_tile<4x1024xindex>
    return
  }
}
