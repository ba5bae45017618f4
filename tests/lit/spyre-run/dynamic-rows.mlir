// A copy and a maximum over the first n rows, through access tiles of a
// run-time extent (`?x128` with symbols(%n)), compile as loops over the
// rows and agree with the interpreter for any n, 0 included (a reduction
// over no rows is its init). A matmul of such a tile is refused on the
// access tile's line, with the reason, by the legality check.
// RUN: spyre-run %s --seed 0 --arg n=0 --engine both 2>&1 | FileCheck %s --check-prefix=OK
// RUN: spyre-run %s --seed 0 --arg n=37 --engine both 2>&1 | FileCheck %s --check-prefix=OK
// RUN: spyre-run %s --seed 0 --arg n=128 --engine both 2>&1 | FileCheck %s --check-prefix=OK
// RUN: spyre-run %s --seed 0 --arg n=37 --bisect 2>&1 | FileCheck %s --check-prefix=BISECT
// RUN: not spyre-run %S/Inputs/dynamic-rows-matmul.mlir --seed 0 --arg n=37 --engine both 2>&1 | FileCheck %s --check-prefix=REFUSED
// OK: max_ptr: exact
// OK: out_ptr: exact
// OK: outputs equal the interpreter's
// BISECT: every snapshot agrees with the KTIR's outputs: exact
// REFUSED: dynamic-rows-matmul.mlir:13:11: error: this access tile's type '!ktdp.access_tile<?x128xindex>' has an extent known only at run time; the backend compiles it as a loop over its rows, but not here: 'linalg.matmul' uses it
// REFUSED: dynamic-rows-matmul.mlir:19:11: error: {{.*}} but not here: what is stored into it is computed from a loaded tile whose rows cannot be a loop (said on that tile)
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#o = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dyn_rows(%k_ptr: index, %out_ptr: index, %max_ptr: index, %n: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %kv = ktdp.construct_memory_view %k_ptr, sizes: [128, 128], strides: [128, 1] {
      coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [128, 128], strides: [128, 1] {
      coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
    %mv = ktdp.construct_memory_view %max_ptr, sizes: [1, 128], strides: [128, 1] {
      coordinate_set = #o, memory_space = #ktdp.memory_space<global>} : memref<1x128xf16>
    %ka = ktdp.construct_access_tile %kv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2}
        : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
    %k = ktdp.load %ka : <?x128xindex> -> tensor<?x128xf16>
    %oa = ktdp.construct_access_tile %ov[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2}
        : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
    ktdp.store %k, %oa : tensor<?x128xf16>, !ktdp.access_tile<?x128xindex>
    %ninf = arith.constant 0xFC00 : f16
    %e = tensor.empty() : tensor<128xf16>
    %init = linalg.fill ins(%ninf : f16) outs(%e : tensor<128xf16>) -> tensor<128xf16>
    %m = linalg.reduce { arith.maximumf } ins(%k : tensor<?x128xf16>) outs(%init : tensor<128xf16>) dimensions = [0]
    %m2 = tensor.expand_shape %m [[0, 1]] output_shape [1, 128] : tensor<128xf16> into tensor<1x128xf16>
    %ma = ktdp.construct_access_tile %mv[%c0, %c0] {access_tile_set = #o, access_tile_order = #id2}
        : memref<1x128xf16> -> !ktdp.access_tile<1x128xindex>
    ktdp.store %m2, %ma : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    return
  }
}
