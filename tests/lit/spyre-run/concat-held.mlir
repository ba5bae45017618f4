// A tensor.concat of computed tiles along the last dimension, used whole
// (by a matmul: an int4 weight's unpacked halves, a rotate-half), in pieces
// of 24, 10 and 30 f16 columns: none a whole stick of 64 lanes, so each
// piece written a stick at a time spills past its end into the next piece,
// written after it (vectorize-held-tiles' concatenation pieces). Exact on
// both engines and at every snapshot.
// RUN: spyre-run %s --seed 0 --engine both 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: spyre-run %s --seed 0 --bisect 2>&1 | FileCheck %s --check-prefix=BISECT
// BOTH: y: exact (4 elements)
// BISECT: vectorize-held-tiles exact
// BISECT: cat3: every snapshot agrees with the KTIR's outputs: exact
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#os = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @cat3(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [4], strides: [1] {coordinate_set = #os, memory_space = #ktdp.memory_space<global>} : memref<4xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id2} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %t = ktdp.load %xa : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %e = tensor.empty() : tensor<4x64xf16>
  %m = arith.mulf %t, %t : tensor<4x64xf16>
  %a = tensor.extract_slice %m[0, 0] [4, 10] [1, 1] : tensor<4x64xf16> to tensor<4x10xf16>
  %b = tensor.extract_slice %m[0, 10] [4, 30] [1, 1] : tensor<4x64xf16> to tensor<4x30xf16>
  %c = tensor.extract_slice %m[0, 40] [4, 24] [1, 1] : tensor<4x64xf16> to tensor<4x24xf16>
  %na = arith.negf %a : tensor<4x10xf16>
  %cat = tensor.concat dim(1) %c, %na, %b : (tensor<4x24xf16>, tensor<4x10xf16>, tensor<4x30xf16>) -> tensor<4x64xf16>
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf16>
  %z = arith.constant dense<0.0> : tensor<1x64xf16>
  %p = linalg.matmul ins(%w, %cat : tensor<1x4xf16>, tensor<4x64xf16>) outs(%z : tensor<1x64xf16>) -> tensor<1x64xf16>
  %zero = arith.constant dense<0.0> : tensor<1xf16>
  %s = linalg.reduce { arith.addf } ins(%p : tensor<1x64xf16>) outs(%zero : tensor<1xf16>) dimensions = [1]
  %s4 = tensor.concat dim(0) %s, %s, %s, %s : (tensor<1xf16>, tensor<1xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<4xf16>
  %ya = ktdp.construct_access_tile %yv[%c0] {access_tile_set = #os, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %s4, %ya : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
