// The linalg spellings of MLIR before 21 that generated kernels carry
// (issue 23): matmul_transpose_a / _b and batch_matmul_transpose_a / _b
// parse into linalg.matmul / linalg.batch_matmul with the transposed
// operand's indexing map, print in that form, and the printed form parses
// back to the same text. An expand_shape without output_shape (before MLIR
// 19) gets its static output shape.
// RUN: spyre-opt %s --mlir-print-local-scope | FileCheck %s
// RUN: spyre-opt %s | spyre-opt --mlir-print-local-scope | FileCheck %s
// RUN: spyre-opt %s > %t.1.mlir && spyre-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: spyre-opt %s --mlir-print-op-generic | spyre-opt --mlir-print-local-scope | FileCheck %s
// The old name in generic form, and indexing_maps on an old name, are
// refused on their lines.
// RUN: not spyre-opt %S/Inputs/legacy-linalg-generic.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC
// RUN: not spyre-opt %S/Inputs/legacy-linalg-maps.mlir 2>&1 | FileCheck %s --check-prefix=MAPS

// CHECK-LABEL: func.func @transpose_b
// CHECK: linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%{{.*}}, %{{.*}} : tensor<1x64xf16>, tensor<192x64xf16>) outs(%{{.*}} : tensor<1x192xf32>) -> tensor<1x192xf32>
func.func @transpose_b(%a: tensor<1x64xf16>, %b: tensor<192x64xf16>, %c: tensor<1x192xf32>) -> tensor<1x192xf32> {
  %0 = linalg.matmul_transpose_b ins(%a, %b : tensor<1x64xf16>, tensor<192x64xf16>) outs(%c : tensor<1x192xf32>) -> tensor<1x192xf32>
  return %0 : tensor<1x192xf32>
}

// CHECK-LABEL: func.func @transpose_a
// CHECK: linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
func.func @transpose_a(%a: tensor<64x32xf16>, %b: tensor<64x16xf16>, %c: tensor<32x16xf16>) -> tensor<32x16xf16> {
  %0 = linalg.matmul_transpose_a ins(%a, %b : tensor<64x32xf16>, tensor<64x16xf16>) outs(%c : tensor<32x16xf16>) -> tensor<32x16xf16>
  return %0 : tensor<32x16xf16>
}

// CHECK-LABEL: func.func @batch_transpose_b
// CHECK: linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
func.func @batch_transpose_b(%a: tensor<2x1x64xf16>, %b: tensor<2x128x64xf16>, %c: tensor<2x1x128xf16>) -> tensor<2x1x128xf16> {
  %0 = linalg.batch_matmul_transpose_b ins(%a, %b : tensor<2x1x64xf16>, tensor<2x128x64xf16>) outs(%c : tensor<2x1x128xf16>) -> tensor<2x1x128xf16>
  return %0 : tensor<2x1x128xf16>
}

// CHECK-LABEL: func.func @batch_transpose_a
// CHECK: linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
func.func @batch_transpose_a(%a: tensor<2x64x8xf32>, %b: tensor<2x64x4xf32>, %c: tensor<2x8x4xf32>) -> tensor<2x8x4xf32> {
  %0 = linalg.batch_matmul_transpose_a ins(%a, %b : tensor<2x64x8xf32>, tensor<2x64x4xf32>) outs(%c : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %0 : tensor<2x8x4xf32>
}

// Memref operands (no results) and an attribute dictionary.
// CHECK-LABEL: func.func @on_memrefs
// CHECK: linalg.matmul indexing_maps = [{{.*}}] {note = "gen"} ins(%{{.*}}, %{{.*}} : memref<4x8xf32>, memref<16x8xf32>) outs(%{{.*}} : memref<4x16xf32>)
func.func @on_memrefs(%a: memref<4x8xf32>, %b: memref<16x8xf32>, %c: memref<4x16xf32>) {
  linalg.matmul_transpose_b {note = "gen"} ins(%a, %b : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>)
  return
}

// CHECK-LABEL: func.func @expand_without_output_shape
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf16> into tensor<1x32x64xf16>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [32, 2, 32] : tensor<32x64xf16> into tensor<32x2x32xf16>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [4, 16] : tensor<64xf16> into tensor<4x16xf16>
func.func @expand_without_output_shape(%x: tensor<32x64xf16>, %y: tensor<64xf16>) -> (tensor<1x32x64xf16>, tensor<32x2x32xf16>, tensor<4x16xf16>) {
  %0 = tensor.expand_shape %x [[0, 1], [2]] : tensor<32x64xf16> into tensor<1x32x64xf16>
  %1 = tensor.expand_shape %x [[0],
                               [1, 2]]
      : tensor<32x64xf16> into tensor<32x2x32xf16>
  // tensor.expand_shape %x [[0, 1]] : in a comment, left alone
  %2 = tensor.expand_shape %y [[0, 1]] output_shape [4, 16] : tensor<64xf16> into tensor<4x16xf16>
  return %0, %1, %2 : tensor<1x32x64xf16>, tensor<32x2x32xf16>, tensor<4x16xf16>
}

// GENERIC: legacy-linalg-generic.mlir:3:8: error: 'linalg.matmul_transpose_b' op in generic form is not accepted: MLIR 22 has no linalg.matmul_transpose_b; write it in its custom form
// MAPS: legacy-linalg-maps.mlir:3:34: error: custom op 'linalg.matmul_transpose_b' takes no indexing_maps
