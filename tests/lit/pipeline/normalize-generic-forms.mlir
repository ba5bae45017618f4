// linalg.generic as the named ops it is (normalize-tensor-ops): a
// reduction generic is a linalg.reduce, inputs read along fewer
// dimensions are broadcast, a reduce that maps its element before adding
// it is a map and a reduce of one addition, a total into a rank-0 tensor
// is a reduce of the rows and a reduce of those.
// RUN: spyre-opt %s --normalize-tensor-ops | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @row_max
// CHECK:      %[[M:.*]] = linalg.reduce ins(%arg0 : tensor<4x64xf32>) outs(%{{.*}} : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:   (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT:     %[[X:.*]] = arith.maximumf %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:     linalg.yield %[[X]] : f32
// CHECK-NOT:  linalg.generic
func.func @row_max(%x: tensor<4x64xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %m = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %mx = arith.maximumf %in, %acc : f32
    linalg.yield %mx : f32
  } -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// CHECK-LABEL: func.func @subtract_row_add_col
// CHECK-DAG:  %[[R:.*]] = linalg.broadcast ins(%arg1 : tensor<4xf32>) outs(%{{.*}} : tensor<4x64xf32>) dimensions = [1]
// CHECK-DAG:  %[[C:.*]] = linalg.broadcast ins(%arg2 : tensor<64xf32>) outs(%{{.*}} : tensor<4x64xf32>) dimensions = [0]
// CHECK:      linalg.generic {indexing_maps = [#[[ID:.*]], #[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[R]], %[[C]] :
func.func @subtract_row_add_col(%x: tensor<4x64xf32>, %m: tensor<4xf32>, %b: tensor<64xf32>) -> tensor<4x64xf32> {
  %e = tensor.empty() : tensor<4x64xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m, %b : tensor<4x64xf32>, tensor<4xf32>, tensor<64xf32>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%in: f32, %mm: f32, %bb: f32, %out: f32):
    %d = arith.subf %in, %mm : f32
    %s = arith.addf %d, %bb : f32
    linalg.yield %s : f32
  } -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// CHECK-LABEL: func.func @sum_of_squares
// CHECK:      %[[SQ:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x64xf16>) outs(%{{.*}} : tensor<4x64xf32>)
// CHECK:        arith.extf
// CHECK-NEXT:   %[[P:.*]] = arith.mulf
// CHECK-NEXT:   linalg.yield %[[P]] : f32
// CHECK:      linalg.reduce ins(%[[SQ]] : tensor<4x64xf32>) outs(%arg1 : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:   (%[[V:.*]]: f32, %[[A:.*]]: f32) {
// CHECK-NEXT:     %[[S:.*]] = arith.addf %[[V]], %[[A]] : f32
// CHECK-NEXT:     linalg.yield %[[S]] : f32
func.func @sum_of_squares(%x: tensor<4x64xf16>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf16>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f16, %acc: f32):
    %f = arith.extf %in : f16 to f32
    %sq = arith.mulf %f, %f : f32
    %a = arith.addf %sq, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// A reduction that also reads its index: the body but its combining op as
// an elementwise generic whose index is a ramp input, then a reduce.
// CHECK-LABEL: func.func @keeps_index
// CHECK:      %[[RAMP:.*]] = linalg.broadcast ins(%{{.*}} : tensor<64xindex>) outs(%{{.*}} : tensor<4x64xindex>) dimensions = [0]
// CHECK:      %[[M:.*]] = linalg.generic {{.*}} ins(%arg0, %[[RAMP]] : tensor<4x64xf32>, tensor<4x64xindex>)
// CHECK-NOT:  linalg.index
// CHECK:        arith.mulf
// CHECK:      linalg.reduce ins(%[[M]] : tensor<4x64xf32>) outs(%arg1 : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:   (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT:     arith.addf %[[IN]], %[[ACC]] : f32
func.func @keeps_index(%x: tensor<4x64xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %in, %jf : f32
    %a = arith.addf %p, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// A total of every element into a rank-0 tensor: one value per row from
// the identity (-0.0 for an addition), then the rows into one element from
// the kernel's init; the rank-0 result's users read that element.
// CHECK-LABEL: func.func @total
// CHECK:      %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK:      %[[RI:.*]] = linalg.fill ins(%[[NZ]] : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK:      %[[ROWS:.*]] = linalg.reduce { arith.addf } ins(%arg0 : tensor<3x40xf32>) outs(%[[RI]] : tensor<3xf32>) dimensions = [1]
// CHECK:      %[[W:.*]] = tensor.expand_shape %[[ROWS]] {{\[\[}}0, 1]] output_shape [1, 3]
// CHECK:      %[[I1:.*]] = linalg.fill ins(%arg1 : f32) outs(%{{.*}} : tensor<1xf32>)
// CHECK:      %[[T:.*]] = linalg.reduce { arith.addf } ins(%[[W]] : tensor<1x3xf32>) outs(%[[I1]] : tensor<1xf32>) dimensions = [1]
// CHECK:      %[[E:.*]] = tensor.extract %[[T]][%{{.*}}] : tensor<1xf32>
// CHECK:      return %[[E]]
func.func @total(%x: tensor<3x40xf32>, %z: f32) -> f32 {
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %t = linalg.reduce { arith.addf } ins(%x : tensor<3x40xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
  %v = tensor.extract %t[] : tensor<f32>
  return %v : f32
}
