// Diagnostics of memory views, distributed views, load/store, tile ids and
// runtime_arg_extract.
// RUN: spyre-opt %s -split-input-file -verify-diagnostics

func.func @f() {
  // expected-error @+1 {{'ktdp.get_compute_tile_id' op must return at least one index (one per grid dimension)}}
  "ktdp.get_compute_tile_id"() : () -> ()
  return
}

// -----
func.func @f(%a: index) {
  // expected-error @+1 {{has 2 sizes but 1 strides}}
  %v = ktdp.construct_memory_view %a, sizes: [4, 4], strides: [1] {memory_space = #ktdp.memory_space<global>} : memref<4x4xf16>
  return
}

// -----
func.func @f(%a: index, %n: index) {
  // expected-error @+1 {{expects 1 dynamic size operands, got 0}}
  %v = "ktdp.construct_memory_view"(%a) <{static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>, memory_space = #ktdp.memory_space<global>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> memref<?xf16>
  return
}

// -----
func.func @f(%a: index, %n: index) {
  // expected-error @+1 {{expects 0 dynamic stride operands, got 1}}
  %v = "ktdp.construct_memory_view"(%a, %n) <{static_sizes = array<i64: 4>, static_strides = array<i64: 1>, memory_space = #ktdp.memory_space<global>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (index, index) -> memref<4xf16>
  return
}

// -----
func.func @f(%a: index) {
  // expected-error @+1 {{size of dimension 0 must be non-negative, got -4}}
  %v = ktdp.construct_memory_view %a, sizes: [-4], strides: [1] {memory_space = #ktdp.memory_space<global>} : memref<4xf16>
  return
}

// -----
func.func @f(%a: index) {
  // expected-error @+1 {{result memref has rank 1 but 2 sizes were given}}
  %v = ktdp.construct_memory_view %a, sizes: [4, 4], strides: [4, 1] {memory_space = #ktdp.memory_space<global>} : memref<16xf16>
  return
}

// -----
func.func @f(%a: index) {
  // expected-error @+1 {{size 8 of dimension 1 does not match the memref's extent 4}}
  %v = ktdp.construct_memory_view %a, sizes: [4, 8], strides: [8, 1] {memory_space = #ktdp.memory_space<global>} : memref<4x4xf16>
  return
}

// -----
func.func @f(%a: index) {
  // expected-error @+1 {{coordinate_set has 1 dimensions but the view has rank 2}}
  %v = ktdp.construct_memory_view %a, sizes: [4, 4], strides: [4, 1] {coordinate_set = affine_set<(d0) : (d0 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x4xf16>
  return
}

// -----
func.func @f(%a: index) {
  // expected-error @+1 {{coordinate_set has 1 symbols but only 0 dynamic sizes are there to bind them}}
  %v = ktdp.construct_memory_view %a, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf16>
  return
}

// -----
func.func @f(%a: memref<4xf16>, %b: memref<4xf32>) {
  // expected-error @+1 {{partition #1 holds 'f32' but the distributed view holds 'f16'}}
  %d = ktdp.construct_distributed_memory_view(%a, %b : memref<4xf16>, memref<4xf32>) : memref<8xf16>
  return
}

// -----
func.func @f(%a: memref<4xf16>, %b: memref<2x2xf16>) {
  // expected-error @+1 {{partition #1 has rank 2 but the distributed view has rank 1}}
  %d = ktdp.construct_distributed_memory_view(%a, %b : memref<4xf16>, memref<2x2xf16>) : memref<8xf16>
  return
}

// -----
func.func @f(%t: !ktdp.access_tile<4x4xindex>) {
  // expected-error @+1 {{result shape 4x8 does not match the access tile shape 4x4}}
  %x = ktdp.load %t : <4x4xindex> -> tensor<4x8xf16>
  return
}

// -----
func.func @f(%t: !ktdp.access_tile<4xindex>, %x: tensor<f16>) {
  // expected-error @+1 {{data shape a scalar (rank 0) does not match the access tile shape 4}}
  ktdp.store %x, %t : tensor<f16>, <4xindex>
  return
}

// -----
func.func @f(%v: memref<4xf16>) {
  %c0 = arith.constant 0 : index
  %t = ktdp.construct_access_tile %v[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  // expected-error @+1 {{result element type 'f32' does not match the viewed memory's 'f16'}}
  %x = ktdp.load %t : <4xindex> -> tensor<4xf32>
  return
}

// -----
func.func @f(%r: !ktdp.runtime_arg<i32>) {
  // expected-error @+1 {{'value' extracts a 'i32' but the result is 'index'}}
  %x = ktdp.runtime_arg_extract value from %r : <i32> -> index
  return
}

// -----
func.func @f(%r: !ktdp.runtime_arg<index, upperbound = 8>) {
  // expected-error @+1 {{the runtime_arg carries no 'granularity'}}
  %x = ktdp.runtime_arg_extract granularity from %r : <index, upperbound=8> -> index
  return
}

// -----
func.func @f(%r: !ktdp.runtime_arg<index, upperbound = 8>) {
  // expected-error @+1 {{'upperbound' must be extracted as index, not 'i32'}}
  %x = ktdp.runtime_arg_extract upperbound from %r : <index, upperbound=8> -> i32
  return
}
