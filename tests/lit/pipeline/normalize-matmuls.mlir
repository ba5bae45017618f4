// Matmuls as generators write them (issue 23). A B written transposed
// (linalg.matmul_transpose_b, torch-mlir's linalg.transpose of the weight,
// a linalg.generic contraction)
// that is loaded, with rows along K of whole sticks, stays as stored with
// the transposed map (vectorize-held-tiles computes dot products over its
// rows). Any other operand written transposed is read in the default
// layout: a load of an access tile is loaded again with the tile's order
// swapped (the DMA transposes it), the old load goes; anything else is
// transposed by a linalg.transpose. A batch_matmul of one batch is a
// matmul; an f32 partial added to an accumulator accumulates in place.
// RUN: spyre-opt %s --normalize-matmuls --mlir-print-local-scope | FileCheck %s
// RUN: spyre-opt %S/../../kernels/bmtb_llama1b_scores_decode.mlir --normalize-matmuls --mlir-print-local-scope | FileCheck %s --check-prefix=BATCH

#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 191 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @weight_as_stored
// CHECK:      %[[T:.*]] = ktdp.construct_access_tile %{{.*}}[%{{.*}}, %{{.*}}] {access_tile_order = affine_map<(d0, d1) -> (d0, d1)>, access_tile_set = affine_set<{{.*}}>} : memref<192x576xf16> -> !ktdp.access_tile<192x64xindex>
// CHECK-NEXT: %[[W:.*]] = ktdp.load %[[T]] : <192x64xindex> -> tensor<192x64xf16>
// CHECK-NEXT: linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%{{.*}}, %[[W]] : tensor<1x64xf16>, tensor<192x64xf16>) outs(%{{.*}} : tensor<1x192xf32>)
// CHECK-NOT:  tensor<64x192xf16>
func.func @weight_as_stored(%w: memref<192x576xf16>, %x: tensor<1x64xf16>, %k: index) -> tensor<1x192xf32> {
  %c0 = arith.constant 0 : index
  %init = arith.constant dense<0.0> : tensor<1x192xf32>
  %t = ktdp.construct_access_tile %w[%c0, %k] {
    access_tile_set = #w_set, access_tile_order = #id2
  } : memref<192x576xf16> -> !ktdp.access_tile<192x64xindex>
  %b = ktdp.load %t : !ktdp.access_tile<192x64xindex> -> tensor<192x64xf16>
  %y = linalg.matmul_transpose_b ins(%x, %b : tensor<1x64xf16>, tensor<192x64xf16>) outs(%init : tensor<1x192xf32>) -> tensor<1x192xf32>
  return %y : tensor<1x192xf32>
}

// Rows along K that are not whole sticks (40 f16, 80 bytes): the DMA
// reads the weight transposed.
// CHECK-LABEL: func.func @weight_rows_partial
// CHECK:      %[[T:.*]] = ktdp.construct_access_tile %{{.*}}[%{{.*}}, %{{.*}}] {access_tile_order = affine_map<(d0, d1) -> (d1, d0)>, access_tile_set = affine_set<{{.*}}>} : memref<192x576xf16> -> !ktdp.access_tile<40x192xindex>
// CHECK-NEXT: %[[W:.*]] = ktdp.load %[[T]] : <40x192xindex> -> tensor<40x192xf16>
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %[[W]] : tensor<1x40xf16>, tensor<40x192xf16>) outs(%{{.*}} : tensor<1x192xf32>)
func.func @weight_rows_partial(%w: memref<192x576xf16>, %x: tensor<1x40xf16>, %k: index) -> tensor<1x192xf32> {
  %c0 = arith.constant 0 : index
  %init = arith.constant dense<0.0> : tensor<1x192xf32>
  %t = ktdp.construct_access_tile %w[%c0, %k] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 191 >= 0, d1 >= 0, -d1 + 39 >= 0)>, access_tile_order = #id2
  } : memref<192x576xf16> -> !ktdp.access_tile<192x40xindex>
  %b = ktdp.load %t : !ktdp.access_tile<192x40xindex> -> tensor<192x40xf16>
  %y = linalg.matmul_transpose_b ins(%x, %b : tensor<1x40xf16>, tensor<192x40xf16>) outs(%init : tensor<1x192xf32>) -> tensor<1x192xf32>
  return %y : tensor<1x192xf32>
}

// torch-mlir's x @ W^T: a linalg.transpose of the loaded weight, then a
// matmul: the matmul reads the weight through the transposed map.
// CHECK-LABEL: func.func @torch_transpose
// CHECK:      %[[W:.*]] = ktdp.load %{{.*}} : <192x64xindex> -> tensor<192x64xf16>
// CHECK-NOT:  linalg.transpose
// CHECK:      linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%{{.*}}, %[[W]] : tensor<1x64xf16>, tensor<192x64xf16>)
func.func @torch_transpose(%w: memref<192x576xf16>, %x: tensor<1x64xf16>, %k: index) -> tensor<1x192xf32> {
  %c0 = arith.constant 0 : index
  %init = arith.constant dense<0.0> : tensor<1x192xf32>
  %t = ktdp.construct_access_tile %w[%c0, %k] {
    access_tile_set = #w_set, access_tile_order = #id2
  } : memref<192x576xf16> -> !ktdp.access_tile<192x64xindex>
  %b = ktdp.load %t : !ktdp.access_tile<192x64xindex> -> tensor<192x64xf16>
  %e = tensor.empty() : tensor<64x192xf16>
  %bt = linalg.transpose ins(%b : tensor<192x64xf16>) outs(%e : tensor<64x192xf16>) permutation = [1, 0]
  %y = linalg.matmul ins(%x, %bt : tensor<1x64xf16>, tensor<64x192xf16>) outs(%init : tensor<1x192xf32>) -> tensor<1x192xf32>
  return %y : tensor<1x192xf32>
}

// Q @ K^T as a linalg.generic contraction (f16 operands widened into an
// f32 accumulator): the linalg.matmul of its maps, the keys as stored.
// CHECK-LABEL: func.func @generic_contraction
// CHECK-NOT:  linalg.generic
// CHECK:      %[[K:.*]] = ktdp.load %{{.*}} : <192x64xindex> -> tensor<192x64xf16>
// CHECK-NEXT: linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%{{.*}}, %[[K]] : tensor<1x64xf16>, tensor<192x64xf16>) outs(%{{.*}} : tensor<1x192xf32>)
func.func @generic_contraction(%w: memref<192x576xf16>, %q: tensor<1x64xf16>, %c: tensor<1x192xf32>) -> tensor<1x192xf32> {
  %c0 = arith.constant 0 : index
  %t = ktdp.construct_access_tile %w[%c0, %c0] {
    access_tile_set = #w_set, access_tile_order = #id2
  } : memref<192x576xf16> -> !ktdp.access_tile<192x64xindex>
  %k = ktdp.load %t : !ktdp.access_tile<192x64xindex> -> tensor<192x64xf16>
  %s = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<1x64xf16>, tensor<192x64xf16>) outs(%c : tensor<1x192xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %n = arith.addf %acc, %p : f32
    linalg.yield %n : f32
  } -> tensor<1x192xf32>
  return %s : tensor<1x192xf32>
}

// A computed operand: transposed in compute.
// CHECK-LABEL: func.func @computed
// CHECK:      %[[E:.*]] = tensor.empty() : tensor<64x8xf16>
// CHECK-NEXT: %[[BT:.*]] = linalg.transpose ins(%{{.*}} : tensor<8x64xf16>) outs(%[[E]] : tensor<64x8xf16>) permutation = [1, 0]
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %[[BT]] : tensor<4x64xf16>, tensor<64x8xf16>)
func.func @computed(%a: tensor<4x64xf16>, %b0: tensor<8x64xf16>, %c: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %b = arith.mulf %b0, %b0 : tensor<8x64xf16>
  %y = linalg.matmul_transpose_b ins(%a, %b : tensor<4x64xf16>, tensor<8x64xf16>) outs(%c : tensor<4x8xf16>) -> tensor<4x8xf16>
  return %y : tensor<4x8xf16>
}

// A tile another op also reads: the matmul reads it as stored too.
// CHECK-LABEL: func.func @shared_tile
// CHECK:      %[[T0:.*]] = ktdp.construct_access_tile {{.*}} -> !ktdp.access_tile<192x64xindex>
// CHECK-NEXT: %[[B:.*]] = ktdp.load %[[T0]]
// CHECK-NEXT: linalg.matmul indexing_maps = {{.*}} ins(%{{.*}}, %[[B]] : tensor<1x64xf16>, tensor<192x64xf16>)
// CHECK:      return %{{.*}}, %[[B]]
func.func @shared_tile(%w: memref<192x576xf16>, %x: tensor<1x64xf16>) -> (tensor<1x192xf32>, tensor<192x64xf16>) {
  %c0 = arith.constant 0 : index
  %init = arith.constant dense<0.0> : tensor<1x192xf32>
  %t = ktdp.construct_access_tile %w[%c0, %c0] {
    access_tile_set = #w_set, access_tile_order = #id2
  } : memref<192x576xf16> -> !ktdp.access_tile<192x64xindex>
  %b = ktdp.load %t : !ktdp.access_tile<192x64xindex> -> tensor<192x64xf16>
  %y = linalg.matmul_transpose_b ins(%x, %b : tensor<1x64xf16>, tensor<192x64xf16>) outs(%init : tensor<1x192xf32>) -> tensor<1x192xf32>
  return %y, %b : tensor<1x192xf32>, tensor<192x64xf16>
}

// A batch matmul of one batch reading its keys transposed: a matmul of the
// collapsed tiles, the keys as stored, the map without the batch.
// BATCH-LABEL: func.func @llama1b_scores_decode
// BATCH: ktdp.construct_access_tile {{.*}}access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>{{.*}} -> !ktdp.access_tile<1x128x64xindex>
// BATCH: %[[A:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x1x64xf16> into tensor<1x64xf16>
// BATCH: %[[B:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x128x64xf16> into tensor<128x64xf16>
// BATCH: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<1x128xf16>
// BATCH: %[[M:.*]] = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%[[A]], %[[B]] : tensor<1x64xf16>, tensor<128x64xf16>) outs(%[[C]] : tensor<1x128xf16>)
// BATCH: tensor.expand_shape %[[M]] {{\[\[}}0, 1], [2]] output_shape [1, 1, 128]

// An f32 partial added to the loop's accumulator: accumulated in place.
// CHECK-LABEL: func.func @partial_added
// CHECK:      scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK:        %[[M:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x64xf16>, tensor<64x8xf16>) outs(%[[ACC]] : tensor<4x8xf32>)
// CHECK-NEXT:   scf.yield %[[M]]
func.func @partial_added(%a: tensor<4x64xf16>, %b: tensor<64x8xf16>, %n: index) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<4x8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<4x8xf32>) {
    %init = arith.constant dense<0.0> : tensor<4x8xf32>
    %part = linalg.matmul ins(%a, %b : tensor<4x64xf16>, tensor<64x8xf16>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
    %next = arith.addf %acc, %part : tensor<4x8xf32>
    scf.yield %next : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// An f16 partial is rounded before it is added, as the kernel says: kept.
// CHECK-LABEL: func.func @partial_f16
// CHECK: linalg.matmul
// CHECK: arith.addf
func.func @partial_f16(%a: tensor<4x64xf16>, %b: tensor<64x8xf16>, %acc: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %init = arith.constant dense<0.0> : tensor<4x8xf16>
  %part = linalg.matmul ins(%a, %b : tensor<4x64xf16>, tensor<64x8xf16>) outs(%init : tensor<4x8xf16>) -> tensor<4x8xf16>
  %next = arith.addf %acc, %part : tensor<4x8xf16>
  return %next : tensor<4x8xf16>
}
