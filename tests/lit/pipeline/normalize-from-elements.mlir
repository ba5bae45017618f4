// tensor.from_elements (torch-mlir's scalars made tensors) becomes a dense
// constant, a splat of its one value, or a splat of its most frequent
// element and a tensor.insert of each other element, row-major; a splat a
// generic reads through a broadcasting map (a 0-d tensor) becomes a splat of
// the loops' shape read through the identity.
// RUN: spyre-opt %s --normalize-tensor-ops | FileCheck %s

// CHECK-LABEL: func.func @one_element
// CHECK:      %[[S:.*]] = tensor.splat %arg0 : tensor<1xi32>
// CHECK-NEXT: return %[[S]]
func.func @one_element(%n: i32) -> tensor<1xi32> {
  %t = tensor.from_elements %n : tensor<1xi32>
  return %t : tensor<1xi32>
}

// CHECK-LABEL: func.func @constants
// CHECK:      %[[C:.*]] = arith.constant dense<{{\[\[}}1, 2], [3, 1]]> : tensor<2x2xi32>
// CHECK-NEXT: return %[[C]]
func.func @constants() -> tensor<2x2xi32> {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.constant 3 : i32
  %t = tensor.from_elements %a, %b, %c, %a : tensor<2x2xi32>
  return %t : tensor<2x2xi32>
}

// Three of the four are %m: one splat of it, one insert of %l at [0, 1].
// CHECK-LABEL: func.func @packed_row
// CHECK:      %[[S:.*]] = tensor.splat %arg0 : tensor<1x4xf32>
// CHECK-DAG:  %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:  %[[C1:.*]] = arith.constant 1 : index
// CHECK:      %[[I:.*]] = tensor.insert %arg1 into %[[S]][%[[C0]], %[[C1]]] : tensor<1x4xf32>
// CHECK-NOT:  tensor.insert
// CHECK:      return %[[I]]
func.func @packed_row(%m: f32, %l: f32) -> tensor<1x4xf32> {
  %t = tensor.from_elements %m, %l, %m, %m : tensor<1x4xf32>
  return %t : tensor<1x4xf32>
}

// CHECK-LABEL: func.func @zero_d_broadcast
// CHECK:      %[[S:.*]] = tensor.splat %arg1 : tensor<2x64xf32>
// CHECK:      linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[S]] : tensor<2x64xf32>, tensor<2x64xf32>)
// CHECK-NOT:  tensor<f32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
func.func @zero_d_broadcast(%x: tensor<2x64xf32>, %k: f32) -> tensor<2x64xf32> {
  %k0 = tensor.from_elements %k : tensor<f32>
  %e = tensor.empty() : tensor<2x64xf32>
  %y = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %k0 : tensor<2x64xf32>, tensor<f32>) outs(%e : tensor<2x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<2x64xf32>
  return %y : tensor<2x64xf32>
}
