// generic_index_rank3.mlir -- a linalg.generic that reads all three of its
// indices on a 4x3x96 f16 tile (rows of one and a half sticks): each
// element gets 1000 * i + 100 * j + k added, so a lane given the index of
// the wrong row, plane or column shows in the output.
//
// What it computes
//   x, y : 4x3x96 f16. grid = [1]: y[i, j, k] = x[i, j, k] + fp16(1000 i + 100 j + k).
#all = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2 >= 0, d2 >= 0, -d2 + 95 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @r3(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 3, 96], strides: [288, 96, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<4x3x96xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [4, 3, 96], strides: [288, 96, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<4x3x96xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0, %c0] {
      access_tile_set = #all, access_tile_order = #id3
    } : memref<4x3x96xf16> -> !ktdp.access_tile<4x3x96xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<4x3x96xindex> -> tensor<4x3x96xf16>
    %e = tensor.empty() : tensor<4x3x96xf16>
    %y = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x : tensor<4x3x96xf16>) outs(%e : tensor<4x3x96xf16>) {
    ^bb0(%in: f16, %out: f16):
      %a = linalg.index 0 : index
      %b = linalg.index 1 : index
      %c = linalg.index 2 : index
      %k = arith.constant 1000 : index
      %k2 = arith.constant 100 : index
      %a1 = arith.muli %a, %k : index
      %b1 = arith.muli %b, %k2 : index
      %s = arith.addi %a1, %b1 : index
      %t = arith.addi %s, %c : index
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f16
      %v = arith.addf %in, %tf : f16
      linalg.yield %v : f16
    } -> tensor<4x3x96xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0, %c0] {
      access_tile_set = #all, access_tile_order = #id3
    } : memref<4x3x96xf16> -> !ktdp.access_tile<4x3x96xindex>
    ktdp.store %y, %ya : tensor<4x3x96xf16>, !ktdp.access_tile<4x3x96xindex>
    return
  }
}
