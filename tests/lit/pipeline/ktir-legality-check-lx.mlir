// Given the scratchpad size, a load or store of a tile larger than a core's
// scratchpad is refused on its line when it cannot be streamed through the
// scratchpad in chunks, saying why; a copy or elementwise work on it is
// accepted (chunk-large-transfers streams it).
// RUN: spyre-opt %s -split-input-file -verify-diagnostics -ktir-legality-check="lx-bytes=1000"

#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @copy_and_scale(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %two = arith.constant dense<2.0> : tensor<8x64xf16>
  %v = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %w = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %u = ktdp.construct_access_tile %w[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %d = ktdp.load %t : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %e = arith.mulf %d, %two : tensor<8x64xf16>
  ktdp.store %e, %u : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  return
}

// -----
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @reduced(%x: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<8xf16>
  %v = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  // expected-error @+1 {{this 'tensor<8x64xf16>' tile takes 1024 bytes but a core's scratchpad holds 1000, and it cannot be streamed through it in chunks: 'linalg.reduce' needs it whole}}
  %d = ktdp.load %t : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %r = linalg.reduce { arith.addf } ins(%d : tensor<8x64xf16>) outs(%zero : tensor<8xf16>) dimensions = [1]
  return
}

// -----
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @wide_rows(%x: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %v = ktdp.construct_memory_view %x, sizes: [2, 512], strides: [512, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x512xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<2x512xf16> -> !ktdp.access_tile<2x512xindex>
  // expected-error @+1 {{cannot be streamed through it in chunks: one row of it does not fit a quarter of the scratchpad}}
  %d = ktdp.load %t : !ktdp.access_tile<2x512xindex> -> tensor<2x512xf16>
  return
}

// -----
// A row of weights broadcast along the rows is read whole by every chunk.
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#r = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @row_weights(%x: index, %g: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %v = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %gv = ktdp.construct_memory_view %g, sizes: [64], strides: [1] {coordinate_set = #r, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
  %w = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %gt = ktdp.construct_access_tile %gv[%c0] {access_tile_set = #r, access_tile_order = #id1} : memref<64xf16> -> !ktdp.access_tile<64xindex>
  %u = ktdp.construct_access_tile %w[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %d = ktdp.load %t : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %row = ktdp.load %gt : !ktdp.access_tile<64xindex> -> tensor<64xf16>
  %empty = tensor.empty() : tensor<8x64xf16>
  %b = linalg.broadcast ins(%row : tensor<64xf16>) outs(%empty : tensor<8x64xf16>) dimensions = [0]
  %e = arith.mulf %d, %b : tensor<8x64xf16>
  ktdp.store %e, %u : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  return
}
