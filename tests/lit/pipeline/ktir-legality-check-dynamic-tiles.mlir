// An access tile whose type has an extent known only at run time (its set
// bounds the rows by its symbols) compiles as a loop over its rows
// (normalize-tensor-ops); what that loop cannot carry is refused on the
// access tile's line, with the reason.
// RUN: spyre-opt %s -split-input-file -verify-diagnostics -ktir-legality-check

#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// A copy, and a sum over the rows: accepted.
func.func @copy_and_sum(%k: index, %o: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %kv = ktdp.construct_memory_view %k, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
  %ov = ktdp.construct_memory_view %o, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
  %ka = ktdp.construct_access_tile %kv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
  %x = ktdp.load %ka : <?x128xindex> -> tensor<?x128xf16>
  %oa = ktdp.construct_access_tile %ov[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
  ktdp.store %x, %oa : tensor<?x128xf16>, !ktdp.access_tile<?x128xindex>
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<128xf16>
  %i = linalg.fill ins(%z : f16) outs(%e : tensor<128xf16>) -> tensor<128xf16>
  %s = linalg.reduce { arith.addf } ins(%x : tensor<?x128xf16>) outs(%i : tensor<128xf16>) dimensions = [0]
  return
}

// -----
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @row_sums(%k: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %kv = ktdp.construct_memory_view %k, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
  // expected-error @+1 {{this access tile's type '!ktdp.access_tile<?x128xindex>' has an extent known only at run time; the backend compiles it as a loop over its rows, but not here: a reduction of it is not over its dynamic dimension alone}}
  %ka = ktdp.construct_access_tile %kv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
  %x = ktdp.load %ka : <?x128xindex> -> tensor<?x128xf16>
  %e = tensor.empty(%n) : tensor<?xf16>
  %s = linalg.reduce { arith.addf } ins(%x : tensor<?x128xf16>) outs(%e : tensor<?xf16>) dimensions = [1]
  return
}

// -----
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul(%k: index, %w: tensor<128x128xf16>, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %kv = ktdp.construct_memory_view %k, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
  // expected-error @+1 {{but not here: 'linalg.matmul' uses it (only elementwise ops, reductions over its dynamic dimension and stores into tiles of the same rows are compiled)}}
  %ka = ktdp.construct_access_tile %kv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
  %x = ktdp.load %ka : <?x128xindex> -> tensor<?x128xf16>
  %e = tensor.empty(%n) : tensor<?x128xf16>
  %y = linalg.matmul ins(%x, %w : tensor<?x128xf16>, tensor<128x128xf16>) outs(%e : tensor<?x128xf16>) -> tensor<?x128xf16>
  return
}

// -----
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#fewer = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 2 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @other_rows(%k: index, %o: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %kv = ktdp.construct_memory_view %k, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
  %ov = ktdp.construct_memory_view %o, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
  // expected-error @+1 {{but not here: it is stored into a tile that is not of the same rows}}
  %ka = ktdp.construct_access_tile %kv[%c0, %c0] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
  %x = ktdp.load %ka : <?x128xindex> -> tensor<?x128xf16>
  // expected-error @+1 {{but not here: what is stored into it is computed from a loaded tile whose rows cannot be a loop (said on that tile)}}
  %oa = ktdp.construct_access_tile %ov[%c0, %c0] symbols(%n) {access_tile_set = #fewer, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
  ktdp.store %x, %oa : tensor<?x128xf16>, !ktdp.access_tile<?x128xindex>
  return
}

// -----
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#tri = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, d0 - d1 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @not_a_box(%k: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %kv = ktdp.construct_memory_view %k, sizes: [128, 128], strides: [128, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<128x128xf16>
  // expected-error @+1 {{but not here: a constraint ties its dynamic dimension to another one}}
  %ka = ktdp.construct_access_tile %kv[%c0, %c0] symbols(%n) {access_tile_set = #tri, access_tile_order = #id2} : memref<128x128xf16> -> !ktdp.access_tile<?x128xindex>
  %x = ktdp.load %ka : <?x128xindex> -> tensor<?x128xf16>
  return
}
