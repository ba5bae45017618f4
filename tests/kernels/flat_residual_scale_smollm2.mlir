// flat_residual_scale_smollm2.mlir -- SmolLM2-135M's scaled residual add on
// a 48-token prefill, written the way a generator writes it at a graph
// boundary (issue 23): each tile loads 3 tokens of 576 (3456 bytes, more
// than the compute engine's 2048), flattens them (`view(-1)`, a
// shape-tensor driven tensor.reshape to rank 1), computes on the flat
// 1728-element tiles and gives the result its [3, 576] shape back before
// the store.
//
// What it computes
//   h, r, y : 48x576 f16. grid = [16]: tile t computes, for the tokens
//   3t to 3t + 2, y[i, j] = fp16(h[i, j] + fp16(r[i, j] * 0.5)).
#act = affine_set<(d0, d1) : (d0 >= 0, -d0 + 47 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @flat_residual_scale(%arg0: index, %arg1: index, %arg2: index) attributes {grid = [16]} {
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<5.000000e-01> : tensor<1728xf16>
    %cst_0 = arith.constant dense<1728> : tensor<1xi64>
    %cst_1 = arith.constant dense<[3, 576]> : tensor<2xi64>
    %0 = ktdp.construct_memory_view %arg0, sizes: [48, 576], strides: [576, 1] {
      coordinate_set = #act, memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<48x576xf16>
    %1 = ktdp.construct_memory_view %arg1, sizes: [48, 576], strides: [576, 1] {
      coordinate_set = #act, memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<48x576xf16>
    %2 = ktdp.construct_memory_view %arg2, sizes: [48, 576], strides: [576, 1] {
      coordinate_set = #act, memory_space = #ktdp.spyre_memory_space<HBM>
    } : memref<48x576xf16>
    %3 = ktdp.get_compute_tile_id : index
    %4 = arith.muli %3, %c3 : index
    %5 = ktdp.construct_access_tile %0[%4, %c0] {
      access_tile_set = #chunk, access_tile_order = #id2
    } : memref<48x576xf16> -> !ktdp.access_tile<3x576xindex>
    %6 = ktdp.load %5 : !ktdp.access_tile<3x576xindex> -> tensor<3x576xf16>
    %7 = ktdp.construct_access_tile %1[%4, %c0] {
      access_tile_set = #chunk, access_tile_order = #id2
    } : memref<48x576xf16> -> !ktdp.access_tile<3x576xindex>
    %8 = ktdp.load %7 : !ktdp.access_tile<3x576xindex> -> tensor<3x576xf16>
    %9 = tensor.reshape %6(%cst_0) : (tensor<3x576xf16>, tensor<1xi64>) -> tensor<1728xf16>
    %10 = tensor.reshape %8(%cst_0) : (tensor<3x576xf16>, tensor<1xi64>) -> tensor<1728xf16>
    %11 = arith.mulf %10, %cst : tensor<1728xf16>
    %12 = arith.addf %9, %11 : tensor<1728xf16>
    %13 = tensor.reshape %12(%cst_1) : (tensor<1728xf16>, tensor<2xi64>) -> tensor<3x576xf16>
    %14 = ktdp.construct_access_tile %2[%4, %c0] {
      access_tile_set = #chunk, access_tile_order = #id2
    } : memref<48x576xf16> -> !ktdp.access_tile<3x576xindex>
    ktdp.store %13, %14 : tensor<3x576xf16>, !ktdp.access_tile<3x576xindex>
    return
  }
}
