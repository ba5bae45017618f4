// scatter_permute.mlir -- an indirect store (scatter): 2 tiles each write
// 5 rows of a 10x48 f16 source to the rows a permutation names:
//   out[perm[r], :] = x[r, :] + 1 with perm[r] = 9 - r. Each tile first
//   writes its 5 entries of perm (i32) to memory and the scatter then reads
//   them back from there: the indirect store depends on that store.
#part = affine_set<(d0) : (d0 >= 0, -d0 + 4 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 47 >= 0)>
#perm = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 47 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @scatter_permute(%x_ptr: index, %perm_ptr: index, %out_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %one = arith.constant dense<1.0> : tensor<5x48xf16>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c5 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [10, 48], strides: [48, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<10x48xf16>
    %pv = ktdp.construct_memory_view %perm_ptr, sizes: [10], strides: [1] {
      coordinate_set = #perm, memory_space = #ktdp.memory_space<global>
    } : memref<10xi32>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [10, 48], strides: [48, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<10x48xf16>
    %r0i = arith.index_cast %r0 : index to i32
    %nine = arith.constant 9 : i32
    %top = arith.subi %nine, %r0i : i32
    %tops = tensor.splat %top : tensor<5xi32>
    %ramp = arith.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
    %mine = arith.subi %tops, %ramp : tensor<5xi32>
    %pa = ktdp.construct_access_tile %pv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<10xi32> -> !ktdp.access_tile<5xindex>
    ktdp.store %mine, %pa : tensor<5xi32>, <5xindex>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<10x48xf16> -> !ktdp.access_tile<5x48xindex>
    %x = ktdp.load %xa : <5x48xindex> -> tensor<5x48xf16>
    %y = arith.addf %x, %one : tensor<5x48xf16>
    %sa = ktdp.construct_indirect_access_tile
        intermediate_variables(%i, %j)
        %ov[ind(%pv[%r0 + %i]), (%j)] {
          variables_space_set = #band, variables_space_order = #id2
        } : memref<10x48xf16>, memref<10xi32> -> !ktdp.access_tile<5x48xindex>
    ktdp.store %y, %sa : tensor<5x48xf16>, <5x48xindex>
    return
  }
}
