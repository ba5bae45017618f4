// tensor.reshape to a static shape becomes collapse / expand shapes;
// tensor.generate with a body that folds becomes its constant, one that
// reads run-time values becomes elementwise ops on ramp tensors (issue 23);
// a generic that reads linalg.index takes its indices as ramp inputs.
// CHECK-DAG: #[[MAPJ:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// RUN: spyre-opt %s --normalize-tensor-ops | FileCheck %s
// RUN: spyre-opt %S/Inputs/normalize-tensor-ops-errors.mlir --normalize-tensor-ops --split-input-file --verify-diagnostics

// CHECK-LABEL: func.func @reshapes
// CHECK:      tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 576] : tensor<576xf16> into tensor<1x576xf16>
// CHECK:      tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : tensor<2x3x4xf16> into tensor<24xf16>
// CHECK-NEXT: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [4, 6] : tensor<24xf16> into tensor<4x6xf16>
// CHECK-NOT:  tensor.reshape
func.func @reshapes(%x: tensor<576xf16>, %y: tensor<2x3x4xf16>) -> (tensor<1x576xf16>, tensor<4x6xf16>) {
  %s1 = arith.constant dense<[1, 576]> : tensor<2xi64>
  %a = tensor.reshape %x(%s1) : (tensor<576xf16>, tensor<2xi64>) -> tensor<1x576xf16>
  %s2 = arith.constant dense<[4, 6]> : tensor<2xi64>
  %b = tensor.reshape %y(%s2) : (tensor<2x3x4xf16>, tensor<2xi64>) -> tensor<4x6xf16>
  return %a, %b : tensor<1x576xf16>, tensor<4x6xf16>
}

// A view and its inverse (view(-1), then view(1, 576)) cancel.
// CHECK-LABEL: func.func @view_and_back
// CHECK-NOT:  tensor.collapse_shape
// CHECK-NOT:  tensor.expand_shape
// CHECK:      return %arg0 : tensor<1x576xf16>
func.func @view_and_back(%x: tensor<1x576xf16>) -> tensor<1x576xf16> {
  %s1 = arith.constant dense<[576]> : tensor<1xi64>
  %f = tensor.reshape %x(%s1) : (tensor<1x576xf16>, tensor<1xi64>) -> tensor<576xf16>
  %s2 = arith.constant dense<[1, 576]> : tensor<2xi64>
  %r = tensor.reshape %f(%s2) : (tensor<576xf16>, tensor<2xi64>) -> tensor<1x576xf16>
  return %r : tensor<1x576xf16>
}

// CHECK-LABEL: func.func @causal_mask
// CHECK:      arith.constant dense<{{\[\[}}0.000000e+00, 0xFC00, 0xFC00], [0.000000e+00, 0.000000e+00, 0xFC00], [0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<3x3xf16>
// CHECK-NOT:  tensor.generate
func.func @causal_mask() -> tensor<3x3xf16> {
  %ninf = arith.constant 0xFC00 : f16
  %zero = arith.constant 0.0 : f16
  %m = tensor.generate {
  ^bb0(%i: index, %j: index):
    %future = arith.cmpi ugt, %j, %i : index
    %v = arith.select %future, %ninf, %zero : f16
    tensor.yield %v : f16
  } : tensor<3x3xf16>
  return %m : tensor<3x3xf16>
}

// The mask of one query row at a run-time position: the column index is a
// ramp broadcast along the rows (the unread row index makes none), the
// position a splat.
// CHECK-LABEL: func.func @shifted_mask
// CHECK-NOT:  dense<0> : tensor<1xindex>
// CHECK:      %[[J:.*]] = arith.constant dense<[0, 1, 2, 3]> : tensor<4xindex>
// CHECK:      %[[R1:.*]] = linalg.broadcast ins(%[[J]] : tensor<4xindex>) outs(%{{.*}} : tensor<1x4xindex>) dimensions = [0]
// CHECK:      %[[P:.*]] = tensor.splat %{{.*}} : tensor<1x4xindex>
// CHECK:      %[[C:.*]] = arith.cmpi ugt, %[[R1]], %[[P]] : tensor<1x4xindex>
// CHECK:      arith.select %[[C]], %{{.*}}, %{{.*}} : tensor<1x4xi1>, tensor<1x4xf16>
// CHECK-NOT:  tensor.generate
func.func @shifted_mask(%pos: index) -> tensor<1x4xf16> {
  %m = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ninf = arith.constant 0xFC00 : f16
    %zero = arith.constant 0.0 : f16
    %future = arith.cmpi ugt, %j, %pos : index
    %v = arith.select %future, %ninf, %zero : f16
    tensor.yield %v : f16
  } : tensor<1x4xf16>
  return %m : tensor<1x4xf16>
}

// A generic on parallel loops that reads its indices: each dimension read
// becomes an input, a constant 1-D ramp broadcast along the others; the
// body reads a block argument instead of linalg.index.
// CHECK-LABEL: func.func @generic_indices
// CHECK:      %[[I:.*]] = arith.constant dense<[0, 1]> : tensor<2xindex>
// CHECK:      %[[BI:.*]] = linalg.broadcast ins(%[[I]] : tensor<2xindex>) outs(%{{.*}} : tensor<2x4xindex>) dimensions = [1]
// CHECK:      %[[J:.*]] = arith.constant dense<[0, 1, 2, 3]> : tensor<4xindex>
// CHECK:      %[[BJ:.*]] = linalg.broadcast ins(%[[J]] : tensor<4xindex>) outs(%{{.*}} : tensor<2x4xindex>) dimensions = [0]
// CHECK:      linalg.generic {{.*}} ins(%{{.*}}, %[[BI]], %[[BJ]] : tensor<2x4xf16>, tensor<2x4xindex>, tensor<2x4xindex>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f16, %[[II:.*]]: index, %[[JJ:.*]]: index, %{{.*}}: f16):
// CHECK:      arith.cmpi ugt, %[[JJ]], %[[II]] : index
// CHECK-NOT:  linalg.index
func.func @generic_indices(%x: tensor<2x4xf16>) -> tensor<2x4xf16> {
  %ninf = arith.constant 0xFC00 : f16
  %e = tensor.empty() : tensor<2x4xf16>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x4xf16>) outs(%e : tensor<2x4xf16>) {
  ^bb0(%in: f16, %out: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %future = arith.cmpi ugt, %j, %i : index
    %v = arith.select %future, %ninf, %in : f16
    linalg.yield %v : f16
  } -> tensor<2x4xf16>
  return %y : tensor<2x4xf16>
}

// A reduction that reads its index: an elementwise generic on a ramp of
// the index, then a reduce of the combining op (the addition).
// CHECK-LABEL: func.func @reduction_keeps_index
// CHECK:      %[[RAMP:.*]] = linalg.broadcast ins(%{{.*}} : tensor<4xindex>) outs(%{{.*}} : tensor<2x4xindex>) dimensions = [0]
// CHECK:      %[[M:.*]] = linalg.generic {{.*}} ins(%arg0, %[[RAMP]] : tensor<2x4xf32>, tensor<2x4xindex>)
// CHECK-NOT:  linalg.index
// CHECK:      linalg.reduce {{.*}}ins(%[[M]] : tensor<2x4xf32>) outs(%{{.*}} : tensor<2xf32>) dimensions = [1]
func.func @reduction_keeps_index(%x: tensor<2x4xf32>) -> tensor<2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x4xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %in, %jf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// A reduction of two outputs that reads its index with a comparison that
// is not strict (the last index of a tie): no combining op to split off,
// and not the argmax split below, so it stays one generic, in its order,
// the index a constant 1-D ramp input read along the reduced dimension.
// CHECK-LABEL: func.func @argmax_two_outputs
// CHECK:      %[[RAMP:.*]] = arith.constant dense<[0, 1, 2, 3]> : tensor<4xindex>
// CHECK:      linalg.generic {indexing_maps = [#{{[a-z0-9]+}}, #[[MAPJ]], #{{[a-z0-9]+}}, #{{[a-z0-9]+}}], iterator_types = ["parallel", "reduction"]} ins(%arg0, %[[RAMP]] : tensor<2x4xf16>, tensor<4xindex>) outs(%{{.*}}, %{{.*}} : tensor<2xf16>, tensor<2xi64>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f16, %[[IDX:.*]]: index, %{{.*}}: f16, %{{.*}}: i64):
// CHECK-NOT:  linalg.index
// CHECK:      arith.index_cast %[[IDX]] : index to i64
func.func @argmax_two_outputs(%x: tensor<2x4xf16>, %v0: tensor<2xf16>, %i0: tensor<2xi64>) -> (tensor<2xf16>, tensor<2xi64>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x4xf16>) outs(%v0, %i0 : tensor<2xf16>, tensor<2xi64>) {
  ^bb0(%in: f16, %acc: f16, %accj: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %ge = arith.cmpf oge, %in, %acc : f16
    %v = arith.select %ge, %in, %acc : f16
    %k = arith.select %ge, %ji, %accj : i64
    linalg.yield %v, %k : f16, i64
  } -> (tensor<2xf16>, tensor<2xi64>)
  return %r#0, %r#1 : tensor<2xf16>, tensor<2xi64>
}

// torch-mlir's argmax (a strict comparison: the first index of a tie; the
// value init a fill of -inf): the maximum (maxnumf, from the value init),
// the smallest index whose element equals it (minsi from the largest
// i64), and the index init where nothing beat the value init; each
// reduction then in its streamed form. A value init that is not a constant
// (it could be NaN, which the fold keeps and maxnumf would not) stays one
// generic.
// CHECK-LABEL: func.func @argmax_strict
// CHECK:      %[[V0:.*]] = linalg.fill
// CHECK:      %[[M:.*]] = linalg.reduce ins(%arg0 : tensor<2x4xf16>) outs(%[[V0]] : tensor<2xf16>) dimensions = [1]
// CHECK:        arith.maxnumf
// CHECK:      arith.constant 9223372036854775807 : i64
// CHECK:      arith.cmpf oeq
// CHECK:      linalg.reduce ins(%{{.*}} : tensor<2x4xi64>) outs(%{{.*}} : tensor<2xi64>) dimensions = [1]
// CHECK:        arith.minsi
// CHECK:      linalg.generic {{.*}} ins(%[[M]], %[[V0]], %{{.*}}, %arg1 : tensor<2xf16>, tensor<2xf16>, tensor<2xi64>, tensor<2xi64>)
// CHECK:        arith.cmpf ogt
// CHECK-NEXT:   arith.select
// CHECK-LABEL: func.func @argmax_init_unknown
// CHECK:      linalg.generic {{.*}} outs(%arg1, %arg2 : tensor<2xf16>, tensor<2xi64>)
// CHECK-NOT:  arith.maxnumf
func.func @argmax_strict(%x: tensor<2x4xf16>, %i0: tensor<2xi64>) -> (tensor<2xf16>, tensor<2xi64>) {
  %ninf = arith.constant 0xFC00 : f16
  %e = tensor.empty() : tensor<2xf16>
  %v0 = linalg.fill ins(%ninf : f16) outs(%e : tensor<2xf16>) -> tensor<2xf16>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x4xf16>) outs(%v0, %i0 : tensor<2xf16>, tensor<2xi64>) {
  ^bb0(%in: f16, %acc: f16, %accj: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %acc : f16
    %v = arith.select %gt, %in, %acc : f16
    %k = arith.select %gt, %ji, %accj : i64
    linalg.yield %v, %k : f16, i64
  } -> (tensor<2xf16>, tensor<2xi64>)
  return %r#0, %r#1 : tensor<2xf16>, tensor<2xi64>
}
func.func @argmax_init_unknown(%x: tensor<2x4xf16>, %v0: tensor<2xf16>, %i0: tensor<2xi64>) -> (tensor<2xf16>, tensor<2xi64>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x4xf16>) outs(%v0, %i0 : tensor<2xf16>, tensor<2xi64>) {
  ^bb0(%in: f16, %acc: f16, %accj: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %acc : f16
    %v = arith.select %gt, %in, %acc : f16
    %k = arith.select %gt, %ji, %accj : i64
    linalg.yield %v, %k : f16, i64
  } -> (tensor<2xf16>, tensor<2xi64>)
  return %r#0, %r#1 : tensor<2xf16>, tensor<2xi64>
}

// math.isnan / isinf / isfinite (inductor's nan_to_num) become the
// comparisons SpyreCode has.
// CHECK-LABEL: func.func @float_classes
// CHECK:      arith.cmpf uno, %arg0, %arg0 : tensor<4xf16>
// CHECK:      %[[A:.*]] = math.absf %arg0 : tensor<4xf16>
// CHECK-NEXT: arith.cmpf oeq, %[[A]], %{{.*}} : tensor<4xf16>
// CHECK:      %[[B:.*]] = math.absf %arg0 : tensor<4xf16>
// CHECK-NEXT: arith.cmpf one, %[[B]], %{{.*}} : tensor<4xf16>
// CHECK-NOT:  math.is
func.func @float_classes(%x: tensor<4xf16>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %n = math.isnan %x : tensor<4xf16>
  %i = math.isinf %x : tensor<4xf16>
  %f = math.isfinite %x : tensor<4xf16>
  return %n, %i, %f : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
