// var_mean_tokens_llama3.mlir -- torch.var_mean(x, dim=0, correction=1)
// over 64 tokens of a Llama-3-8B hidden state (64 x 4096 f16) as inductor
// writes it: grid [32], 128 columns (two f16 sticks) per tile, the
// reductions over the OUTER dimension in f32 (tensor.empty + linalg.fill
// inits), the mean broadcast back over the tokens for the second pass,
//   mean[j] = sum_i x[i, j] / 64,  var[j] = sum_i (x[i, j] - mean[j])^2 / 63
// (two f32 [4096] outputs). The compute unit streams each column-stick's
// rows twice (chunk-reductions, pipeline/utils/ColumnSticks.h): the first
// pass sums them, the second their squared distances to the mean; it holds
// two vectors, not the tile. The sums fold the rows in order, lane by lane
// (the interpreter's linalg.reduce is pairwise): within rounding from there.
#x = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#o = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>
#xt = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#ot = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @triton_per_fused_var_mean_0(%in_ptr0: index, %out_var: index, %out_mean: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.000000e+00 : f32
    %pid = ktdp.get_compute_tile_id : index
    %x0 = arith.muli %pid, %c128 : index
    %xv = ktdp.construct_memory_view %in_ptr0, sizes: [64, 4096], strides: [4096, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<64x4096xf16>
    %vv = ktdp.construct_memory_view %out_var, sizes: [4096], strides: [1] {coordinate_set = #o, memory_space = #ktdp.memory_space<global>} : memref<4096xf32>
    %mv = ktdp.construct_memory_view %out_mean, sizes: [4096], strides: [1] {coordinate_set = #o, memory_space = #ktdp.memory_space<global>} : memref<4096xf32>
    %xa = ktdp.construct_access_tile %xv[%c0, %x0] {access_tile_set = #xt, access_tile_order = #id2} : memref<64x4096xf16> -> !ktdp.access_tile<64x128xindex>
    %x = ktdp.load %xa : <64x128xindex> -> tensor<64x128xf16>
    %xf = arith.extf %x : tensor<64x128xf16> to tensor<64x128xf32>
    %e1 = tensor.empty() : tensor<128xf32>
    %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128xf32>) -> tensor<128xf32>
    %sum = linalg.reduce ins(%xf : tensor<64x128xf32>) outs(%z1 : tensor<128xf32>) dimensions = [0]
      (%in: f32, %acc: f32) {
        %a = arith.addf %in, %acc : f32
        linalg.yield %a : f32
      }
    %n = arith.constant dense<1.562500e-02> : tensor<128xf32>
    %mean = arith.mulf %sum, %n : tensor<128xf32>
    %e2 = tensor.empty() : tensor<64x128xf32>
    %mb = linalg.broadcast ins(%mean : tensor<128xf32>) outs(%e2 : tensor<64x128xf32>) dimensions = [0]
    %d = arith.subf %xf, %mb : tensor<64x128xf32>
    %d2 = arith.mulf %d, %d : tensor<64x128xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128xf32>) -> tensor<128xf32>
    %m2 = linalg.reduce { arith.addf } ins(%d2 : tensor<64x128xf32>) outs(%z2 : tensor<128xf32>) dimensions = [0]
    %inv = arith.constant dense<0.0158730168> : tensor<128xf32>
    %var = arith.mulf %m2, %inv : tensor<128xf32>
    %va = ktdp.construct_access_tile %vv[%x0] {access_tile_set = #ot, access_tile_order = #id1} : memref<4096xf32> -> !ktdp.access_tile<128xindex>
    ktdp.store %var, %va : tensor<128xf32>, <128xindex>
    %ma = ktdp.construct_access_tile %mv[%x0] {access_tile_set = #ot, access_tile_order = #id1} : memref<4096xf32> -> !ktdp.access_tile<128xindex>
    ktdp.store %mean, %ma : tensor<128xf32>, <128xindex>
    return
  }
}
