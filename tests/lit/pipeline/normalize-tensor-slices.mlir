// Slices of loaded and stored tiles (normalize-tensor-ops): a tile cut by
// tensor.extract_slice right after its load is loaded box by box, a
// tensor.concat is insert slices, an elementwise op on them runs per
// piece, and a stored assembly is one store per piece.
// RUN: spyre-opt %s --normalize-tensor-ops | FileCheck %s

#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// rotate_half: y = cat(-x[:, 4:], x[:, :4]) * s.
// CHECK-LABEL: func.func @rotate_half
// CHECK:      %[[XV:.*]] = ktdp.construct_memory_view %arg0
// CHECK:      %[[SV:.*]] = ktdp.construct_memory_view %arg1
// CHECK:      %[[YV:.*]] = ktdp.construct_memory_view %arg2
// CHECK-NEXT: %[[X1T:.*]] = ktdp.construct_access_tile %[[XV]][%c0, %c0] {{.*}} -> !ktdp.access_tile<2x4xindex>
// CHECK-NEXT: %[[X1:.*]] = ktdp.load %[[X1T]] : <2x4xindex> -> tensor<2x4xf16>
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[X2T:.*]] = ktdp.construct_access_tile %[[XV]][%c0, %c0 + %[[C4]]] {{.*}} -> !ktdp.access_tile<2x4xindex>
// CHECK-NEXT: %[[X2:.*]] = ktdp.load %[[X2T]] : <2x4xindex> -> tensor<2x4xf16>
// CHECK-NEXT: %[[S1T:.*]] = ktdp.construct_access_tile %[[SV]][%c0, %c0] {{.*}} -> !ktdp.access_tile<2x4xindex>
// CHECK-NEXT: %[[S1:.*]] = ktdp.load %[[S1T]]
// CHECK-NEXT: arith.constant 4 : index
// CHECK-NEXT: %[[S2T:.*]] = ktdp.construct_access_tile %[[SV]][%c0, %c0 + %{{.*}}] {{.*}} -> !ktdp.access_tile<2x4xindex>
// CHECK-NEXT: %[[S2:.*]] = ktdp.load %[[S2T]]
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[X2]] : tensor<2x4xf16>
// CHECK-NEXT: %[[Y1:.*]] = arith.mulf %[[N]], %[[S1]] : tensor<2x4xf16>
// CHECK-NEXT: %[[Y2:.*]] = arith.mulf %[[X1]], %[[S2]] : tensor<2x4xf16>
// CHECK-NEXT: %[[Y1T:.*]] = ktdp.construct_access_tile %[[YV]][%c0, %c0] {{.*}} -> !ktdp.access_tile<2x4xindex>
// CHECK-NEXT: ktdp.store %[[Y1]], %[[Y1T]] : tensor<2x4xf16>, <2x4xindex>
// CHECK-NEXT: arith.constant 4 : index
// CHECK-NEXT: %[[Y2T:.*]] = ktdp.construct_access_tile %[[YV]][%c0, %c0 + %{{.*}}] {{.*}} -> !ktdp.access_tile<2x4xindex>
// CHECK-NEXT: ktdp.store %[[Y2]], %[[Y2T]] : tensor<2x4xf16>, <2x4xindex>
// CHECK-NEXT: return
func.func @rotate_half(%x_ptr: index, %s_ptr: index, %y_ptr: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x_ptr, sizes: [2, 8], strides: [8, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<2x8xf16>
  %sv = ktdp.construct_memory_view %s_ptr, sizes: [2, 8], strides: [8, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<2x8xf16>
  %yv = ktdp.construct_memory_view %y_ptr, sizes: [2, 8], strides: [8, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<2x8xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #v, access_tile_order = #id2} : memref<2x8xf16> -> !ktdp.access_tile<2x8xindex>
  %sa = ktdp.construct_access_tile %sv[%c0, %c0] {access_tile_set = #v, access_tile_order = #id2} : memref<2x8xf16> -> !ktdp.access_tile<2x8xindex>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #v, access_tile_order = #id2} : memref<2x8xf16> -> !ktdp.access_tile<2x8xindex>
  %x = ktdp.load %xa : !ktdp.access_tile<2x8xindex> -> tensor<2x8xf16>
  %s = ktdp.load %sa : !ktdp.access_tile<2x8xindex> -> tensor<2x8xf16>
  %x1 = tensor.extract_slice %x[0, 0] [2, 4] [1, 1] : tensor<2x8xf16> to tensor<2x4xf16>
  %x2 = tensor.extract_slice %x[0, 4] [2, 4] [1, 1] : tensor<2x8xf16> to tensor<2x4xf16>
  %n = arith.negf %x2 : tensor<2x4xf16>
  %r = tensor.concat dim(1) %n, %x1 : (tensor<2x4xf16>, tensor<2x4xf16>) -> tensor<2x8xf16>
  %y = arith.mulf %r, %s : tensor<2x8xf16>
  ktdp.store %y, %ya : tensor<2x8xf16>, !ktdp.access_tile<2x8xindex>
  return
}

// A slice of an elementwise result is the op on its operand's slice; a
// slice of what is not loaded (here an argument) stays a slice.
// CHECK-LABEL: func.func @slice_of_computed
// CHECK-NEXT: %[[H:.*]] = tensor.extract_slice %arg0[0, 0] [2, 4] [1, 1] : tensor<2x8xf16> to tensor<2x4xf16>
// CHECK-NEXT: math.exp %[[H]] : tensor<2x4xf16>
func.func @slice_of_computed(%t: tensor<2x8xf16>) -> tensor<2x4xf16> {
  %x = math.exp %t : tensor<2x8xf16>
  %h = tensor.extract_slice %x[0, 0] [2, 4] [1, 1] : tensor<2x8xf16> to tensor<2x4xf16>
  return %h : tensor<2x4xf16>
}

// The same through a `view` of the row as 1-D (collapse_shape of the
// loaded [1, 8], expand_shape back before the store): the unit dimension
// is kept in the boxes, so the halves are still loads and the stores one
// per half.
// CHECK-LABEL: func.func @rotate_half_viewed
// CHECK-DAG:  ktdp.load %{{.*}} : <1x4xindex> -> tensor<1x4xf16>
// CHECK-DAG:  ktdp.load %{{.*}} : <1x4xindex> -> tensor<1x4xf16>
// CHECK:      arith.negf %{{.*}} : tensor<4xf16>
// CHECK:      tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xf16> into tensor<1x4xf16>
// CHECK:      ktdp.store %{{.*}}, %{{.*}} : tensor<1x4xf16>, <1x4xindex>
// CHECK:      ktdp.store %{{.*}}, %{{.*}} : tensor<1x4xf16>, <1x4xindex>
// CHECK-NOT:  tensor.extract_slice
// CHECK-NOT:  tensor.insert_slice
// CHECK:      return
#row8 = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 7 >= 0)>
func.func @rotate_half_viewed(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [2, 8], strides: [8, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<2x8xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 8], strides: [8, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<2x8xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #row8, access_tile_order = #id2} : memref<2x8xf16> -> !ktdp.access_tile<1x8xindex>
  %xt = ktdp.load %xa : !ktdp.access_tile<1x8xindex> -> tensor<1x8xf16>
  %x1 = tensor.collapse_shape %xt [[0, 1]] : tensor<1x8xf16> into tensor<8xf16>
  %lo = tensor.extract_slice %x1[0] [4] [1] : tensor<8xf16> to tensor<4xf16>
  %hi = tensor.extract_slice %x1[4] [4] [1] : tensor<8xf16> to tensor<4xf16>
  %nhi = arith.negf %hi : tensor<4xf16>
  %r = tensor.concat dim(0) %nhi, %lo : (tensor<4xf16>, tensor<4xf16>) -> tensor<8xf16>
  %r2 = tensor.expand_shape %r [[0, 1]] output_shape [1, 8] : tensor<8xf16> into tensor<1x8xf16>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #row8, access_tile_order = #id2} : memref<2x8xf16> -> !ktdp.access_tile<1x8xindex>
  ktdp.store %r2, %ya : tensor<1x8xf16>, !ktdp.access_tile<1x8xindex>
  return
}
