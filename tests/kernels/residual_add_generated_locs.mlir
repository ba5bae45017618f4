// residual_add_generated_locs.mlir -- a residual add from a Python kernel
// generator that gives every argument the location of its `def` line and
// every op its emitting line (issue 23, sections 1 and 4). Before each op
// and argument was placed on its line of this file, the arguments' symbol
// names were read at residual.py's line and column (16:5) in this file,
// the same name for all three, and lower-to-spyrecode failed its own check
// on duplicate names.
//
// What it computes
//   x, res, y : 32x576 f16 (SmolLM2's hidden size). grid = [32]: tile t
//   computes y[t, :] = x[t, :] + res[t, :].
module {
  func.func @residual_add(%x: index loc(#loc1), %res: index loc(#loc1), %y: index loc(#loc1)) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index loc(#loc2)
    %pid = ktdp.get_compute_tile_id : index loc(#loc2)
    %tmp0 = ktdp.construct_memory_view %x, sizes: [32, 576], strides: [576, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 575 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x576xf16> loc(#loc3)
    %tmp1 = ktdp.construct_memory_view %res, sizes: [32, 576], strides: [576, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 575 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x576xf16> loc(#loc3)
    %tmp2 = ktdp.construct_memory_view %y, sizes: [32, 576], strides: [576, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 575 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x576xf16> loc(#loc3)
    %desc_0 = ktdp.construct_access_tile %tmp0[%pid, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x576xf16> -> !ktdp.access_tile<1x576xindex> loc(#loc4)
    %desc_1 = ktdp.construct_access_tile %tmp1[%pid, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x576xf16> -> !ktdp.access_tile<1x576xindex> loc(#loc4)
    %desc_2 = ktdp.construct_access_tile %tmp2[%pid, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x576xf16> -> !ktdp.access_tile<1x576xindex> loc(#loc4)
    %a = ktdp.load %desc_0 : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16> loc(#loc5)
    %b = ktdp.load %desc_1 : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16> loc(#loc5)
    %sum = arith.addf %a, %b : tensor<1x576xf16> loc(#loc6)
    ktdp.store %sum, %desc_2 : tensor<1x576xf16>, !ktdp.access_tile<1x576xindex> loc(#loc7)
    return loc(#loc7)
  } loc(#loc1)
} loc(#loc)
#loc = loc("/home/gen/kernels/residual.py":1:0)
#loc1 = loc("/home/gen/kernels/residual.py":16:5)
#loc2 = loc("/home/gen/kernels/residual.py":18:9)
#loc3 = loc("/home/gen/kernels/residual.py":21:13)
#loc4 = loc("/home/gen/kernels/residual.py":24:13)
#loc5 = loc("/home/gen/kernels/residual.py":27:9)
#loc6 = loc("/home/gen/kernels/residual.py":28:11)
#loc7 = loc("/home/gen/kernels/residual.py":30:5)
