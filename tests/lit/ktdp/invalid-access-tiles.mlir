// Diagnostics of construct_access_tile and construct_indirect_access_tile.
// RUN: spyre-opt %s -split-input-file -verify-diagnostics

func.func @f(%v: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{base_map takes 1 operands but 2 indices were given}}
  %t = "ktdp.construct_access_tile"(%v, %i, %i) <{base_map = affine_map<(d0) -> (d0, d0)>, access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>, operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<4x4xf16>, index, index) -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{the anchor has 1 coordinates but the base has rank 2}}
  %t = ktdp.construct_access_tile %v[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4x4xf16> -> !ktdp.access_tile<4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{access_tile_set has 1 dimensions but the anchor has 2 coordinates}}
  %t = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0) : (d0 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4x4xf16> -> !ktdp.access_tile<4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{access_tile_set has 1 symbols but 0 symbol operands were given}}
  %t = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0, d1)[s0] : (d0 >= 0, s0 - d0 >= 0, d1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{access_tile_order must map the 2 set dimensions onto themselves, got affine_map<(d0) -> (d0)>}}
  %t = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{access_tile_order must be a permutation, got affine_map<(d0, d1) -> (d0, d0)>}}
  %t = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d0)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{result access tile has rank 1 but access_tile_set has 2 dimensions}}
  %t = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<16xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %x: memref<4xi32>, %s: index) {
  // expected-error @+1 {{symbol(...) is not allowed in an indirect access tile subscript}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[ind(%x[%m + symbol(%s)]), (%k)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16>, memref<4xi32> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>) {
  // expected-error @+1 {{intermediate variable '%m' is listed twice}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %m) %v[(%m), (%m)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %x: memref<4xi32>) {
  // expected-error @+1 {{expected 2 types (the base, then one per ind(...) index view), got 1}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[ind(%x[%m]), (%k)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>) {
  // expected-error @+1 {{variables_space_order must be a permutation}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[(%m), (%k)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d1, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>) {
  // expected-error @+1 {{needs one index intermediate variable per dimension of variables_space_set (2), got 1}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m) %v[(%m), (%m)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>) {
  // expected-error @+1 {{variables_space_set has 1 symbols but 0 symbol operands were given}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[(%m), (%k)] {variables_space_set = affine_set<(d0, d1)[s0] : (d0 >= 0, s0 - d1 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>) {
  // expected-error @+1 {{expects one subscript per base dimension (2), got 1}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[(%m)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>) {
  // expected-error @+1 {{direct subscript #0 must be a single expression, got 2}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[(%m, %k), (%k)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %x: memref<4x4xi32>) {
  // expected-error @+1 {{indirect subscript #0 has 1 expressions but its index view has rank 2}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[ind(%x[%m]), (%k)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16>, memref<4x4xi32> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %x: memref<4xf32>) {
  // expected-error @+1 {{index view of subscript #0 must hold integers, got 'f32'}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[ind(%x[%m]), (%k)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16>, memref<4xf32> -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>) {
  // expected-error @+1 {{result access tile has rank 1 but variables_space_set has 2 dimensions}}
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %v[(%m), (%k)] {variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<16xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %x: memref<4xi32>) {
  // expected-error @+1 {{subscript #0 must be written over the 0 captured and 2 intermediate variables}}
  %t = "ktdp.construct_indirect_access_tile"(%v) <{per_dim_subscript_kinds = [false, false], per_dim_subscript_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d1)>], variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> ({
  ^bb0(%a: index, %b: index):
    ktdp.region_terminator
  }) : (memref<4x4xf16>) -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %x: memref<4xi32>) {
  // expected-error @+1 {{has more ind(...) subscripts than index views (0)}}
  %t = "ktdp.construct_indirect_access_tile"(%v) <{per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>], variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> ({
  ^bb0(%a: index, %b: index):
    ktdp.region_terminator
  }) : (memref<4x4xf16>) -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>, %x: memref<4xi32>) {
  // expected-error @+1 {{has 1 index views but 0 ind(...) subscripts}}
  %t = "ktdp.construct_indirect_access_tile"(%v, %x) <{per_dim_subscript_kinds = [false, false], per_dim_subscript_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>], variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> ({
  ^bb0(%a: index, %b: index):
    ktdp.region_terminator
  }) : (memref<4x4xf16>, memref<4xi32>) -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
func.func @f(%v: memref<4x4xf16>) {
  // expected-error @+1 {{region #0 ('variables') failed to verify constraint: region with 1 blocks}}
  %t = "ktdp.construct_indirect_access_tile"(%v) <{per_dim_subscript_kinds = [false, false], per_dim_subscript_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>], variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> ({
  }) : (memref<4x4xf16>) -> !ktdp.access_tile<4x4xindex>
  return
}

// -----
// A set that is not a box (a triangle: 10 points in a 4x4 bounding box):
// the type must be the bounding box (masked lanes) or hold the 10 points.
func.func @f(%v: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{access_tile_set is not a box: it has 10 points in a bounding box of 4x4, so the type must be !ktdp.access_tile<4x4xindex> (the bounding box, anchored at the set's lowest point; positions outside the set are masked lanes) or hold exactly 10 elements (the points packed in order); got '!ktdp.access_tile<4x3xindex>'}}
  %t = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, d0 - d1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf16> -> !ktdp.access_tile<4x3xindex>
  return
}

// -----
// The bounding box is the extent of the points (rows 0 and 4: 5 rows), in
// tile order: a transposing order swaps it.
func.func @f(%v: memref<8x8xf16>, %i: index) {
  // expected-error @+1 {{it has 4 points in a bounding box of 2x5, so the type must be !ktdp.access_tile<2x5xindex>}}
  %t = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d0 mod 4 == 0, d1 >= 0, -d1 + 1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x8xf16> -> !ktdp.access_tile<8x2xindex>
  return
}

// -----
// Both valid shapes of that set: the box and the points packed.
func.func @f(%v: memref<8x8xf16>, %i: index) {
  %box = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d0 mod 4 == 0, d1 >= 0, -d1 + 1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x8xf16> -> !ktdp.access_tile<2x5xindex>
  %packed = ktdp.construct_access_tile %v[%i, %i] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d0 mod 4 == 0, d1 >= 0, -d1 + 1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x8xf16> -> !ktdp.access_tile<2x2xindex>
  return
}

// -----
// Anchors over SSA values (multi-result uses included) must stay affine.
func.func @f(%v: memref<8x8xf16>) {
  %g:2 = ktdp.get_compute_tile_id : index, index
  // expected-error @+1 {{non-affine expression: one side of a product must be a constant or symbolic}}
  %t = ktdp.construct_access_tile %v[%g#0 * %g#1, 0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x8xf16> -> !ktdp.access_tile<1x1xindex>
  return
}

// -----
func.func @f(%v: memref<8x8xf16>) {
  %g:2 = ktdp.get_compute_tile_id : index, index
  // expected-error @+1 {{division by zero in an affine expression}}
  %t = ktdp.construct_access_tile %v[%g#0 floordiv 0, 0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x8xf16> -> !ktdp.access_tile<1x1xindex>
  return
}
