// RUN: spyre-opt %s -normalize-grid | FileCheck %s
// RUN: spyre-opt %s -normalize-grid --mlir-print-debuginfo --mlir-print-local-scope --mlir-print-op-generic | FileCheck %s --check-prefix=LOC

// Dimension 0 varies fastest: x = id mod 2, y = (id floordiv 2) mod 3,
// z = id floordiv 6.
// CHECK-LABEL: func.func @three_d
// CHECK-SAME: attributes {grid = [24]}
// CHECK: %[[ID:.*]] = ktdp.get_compute_tile_id : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[X:.*]] = arith.remui %[[ID]], %[[C2]] : index
// CHECK-NEXT: %[[C2B:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[ID]], %[[C2B]] : index
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[Y:.*]] = arith.remui %[[Q]], %[[C3]] : index
// CHECK-NEXT: %[[C6:.*]] = arith.constant 6 : index
// CHECK-NEXT: %[[Z:.*]] = arith.divui %[[ID]], %[[C6]] : index
// CHECK: return %[[X]], %[[Y]], %[[Z]]
func.func @three_d() -> (index, index, index) attributes {grid = [2, 3, 4]} {
  %x, %y, %z = ktdp.get_compute_tile_id : index, index, index
  return %x, %y, %z : index, index, index
}

// Fewer results than dimensions: the leading coordinates.
// CHECK-LABEL: func.func @leading
// CHECK-SAME: attributes {grid = [32]}
// CHECK: %[[ID:.*]] = ktdp.get_compute_tile_id : index
// CHECK: %[[X:.*]] = arith.remui %[[ID]], %{{.*}} : index
// CHECK: return %[[X]]
func.func @leading() -> index attributes {grid = [32, 1]} {
  %x = ktdp.get_compute_tile_id : index
  return %x : index
}

// A one-dimensional grid is left alone.
// CHECK-LABEL: func.func @flat
// CHECK-SAME: attributes {grid = [8]}
// CHECK-NEXT: %[[ID:.*]] = ktdp.get_compute_tile_id : index
// CHECK-NEXT: return %[[ID]]
func.func @flat() -> index attributes {grid = [8]} {
  %x = ktdp.get_compute_tile_id : index
  return %x : index
}

// The body MLIR's parser builds for a named linalg op has no location; its
// ops take the op's (the matmul's line), so that the vector ops later passes
// clone from them keep a KTIR line.
// LOC-LABEL: sym_name = "matmul_body"
// LOC: "arith.mulf"{{.*}} loc("{{.*}}normalize-grid.mlir":[[# @LINE + 6]]:
// LOC: "arith.addf"{{.*}} loc("{{.*}}normalize-grid.mlir":[[# @LINE + 5]]:
// LOC: "linalg.yield"{{.*}} loc("{{.*}}normalize-grid.mlir":[[# @LINE + 4]]:
// LOC-NOT: loc(unknown)
func.func @matmul_body(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>,
                       %c: tensor<2x2xf32>) -> tensor<2x2xf32> attributes {grid = [1]} {
  %r = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// No grid, but its ct_local views name cores 0 to 5 (an inter-core
// relayout as generators write it): it runs on the cores it names.
// CHECK-LABEL: func.func @named_cores
// CHECK-SAME: attributes {grid = [6]}
func.func @named_cores(%p: index) -> index {
  %a = ktdp.construct_memory_view %p, sizes: [4], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
    memory_space = #ktdp.memory_space<ct_local, ct_id = 5>
  } : memref<4xf16>
  %x = ktdp.get_compute_tile_id : index
  return %x : index
}

// No grid and no other core named: one tile, no attribute added.
// CHECK-LABEL: func.func @own_scratchpad
// CHECK-NOT: grid
// CHECK: return
func.func @own_scratchpad(%p: index) -> index {
  %a = ktdp.construct_memory_view %p, sizes: [4], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
    memory_space = #ktdp.memory_space<ct_local, ct_id = 0>
  } : memref<4xf16>
  %x = ktdp.get_compute_tile_id : index
  return %x : index
}
