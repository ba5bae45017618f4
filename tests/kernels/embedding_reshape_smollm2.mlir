// embedding_reshape_smollm2.mlir -- vLLM's vocabulary-parallel embedding
// lookup for SmolLM2-135M on one of 4 tensor-parallel ranks (issue 23,
// section 4): each token's id is loaded from memory and taken out of the
// loaded tensor (tensor.extract, index_cast) to anchor the row it gathers
// from the rank's 12288 x 576 shard of the 49152-word table; the row is
// scaled, then flattened and given back its [1, 576] shape by
// shape-tensor driven tensor.reshape ops (a generator's `view(-1)` and
// `view(1, 576)` at a graph boundary).
//
// What it computes
//   ids : 32 i32 (rank-local ids), table : 12288x576 f16, y : 32x576 f16.
//   grid = [32]: tile t computes y[t, :] = table[ids[t], :] * 0.5.
#ids = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#table = affine_set<(d0, d1) : (d0 >= 0, -d0 + 12287 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#row1 = affine_set<(d0) : (d0 >= 0, -d0 + 575 >= 0)>
#table_row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#y_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @embedding(%ids_ptr: index, %table_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index
    %ids = ktdp.construct_memory_view %ids_ptr, sizes: [32], strides: [1] {
      coordinate_set = #ids, memory_space = #ktdp.memory_space<global>
    } : memref<32xi32>
    %table = ktdp.construct_memory_view %table_ptr, sizes: [12288, 576], strides: [576, 1] {
      coordinate_set = #table, memory_space = #ktdp.memory_space<global>
    } : memref<12288x576xf16>
    %y = ktdp.construct_memory_view %y_ptr, sizes: [32, 576], strides: [576, 1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x576xf16>
    %ia = ktdp.construct_access_tile %ids[%t] {
      access_tile_set = #one, access_tile_order = #id1
    } : memref<32xi32> -> !ktdp.access_tile<1xindex>
    %id = ktdp.load %ia : !ktdp.access_tile<1xindex> -> tensor<1xi32>
    %id0 = tensor.extract %id[%c0] : tensor<1xi32>
    %row = arith.index_cast %id0 : i32 to index
    %ra = ktdp.construct_access_tile %table[%row, %c0] {
      access_tile_set = #table_row, access_tile_order = #id2
    } : memref<12288x576xf16> -> !ktdp.access_tile<1x576xindex>
    %r2 = ktdp.load %ra : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16>
    %half = arith.constant dense<5.000000e-01> : tensor<1x576xf16>
    %scaled = arith.mulf %r2, %half : tensor<1x576xf16>
    %flat_shape = arith.constant dense<[576]> : tensor<1xi64>
    %flat = tensor.reshape %scaled(%flat_shape) : (tensor<1x576xf16>, tensor<1xi64>) -> tensor<576xf16>
    %row_shape = arith.constant dense<[1, 576]> : tensor<2xi64>
    %out = tensor.reshape %flat(%row_shape) : (tensor<576xf16>, tensor<2xi64>) -> tensor<1x576xf16>
    %ya = ktdp.construct_access_tile %y[%t, %c0] {
      access_tile_set = #table_row, access_tile_order = #id2
    } : memref<32x576xf16> -> !ktdp.access_tile<1x576xindex>
    ktdp.store %out, %ya : tensor<1x576xf16>, !ktdp.access_tile<1x576xindex>
    return
  }
}
