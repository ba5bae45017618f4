// w8a8_colsum_kloop_smollm2.mlir -- the W8A8 zero-point correction for
// SmolLM2-360M's up_proj as a generator writes it: an int8 weight W [960
// (K), 2560 (N)] on grid [5] (512 columns each),
//   colsum[n] = sum_k i32(W[k, n])   through a loop over 15 K chunks of 64
//               rows (tensor.empty + linalg.fill, a linalg.reduce over
//               dimensions = [0] with arith.extsi in its body, iter_args)
//   corr[n]   = f32(colsum[n]) * w_scale[n] * -a_zp
// The running i32 sums (512 of them, 2 KiB) stay in LX across the loop
// (build-pipelines, pipeline/utils/StageAccumulators.h); each iteration
// folds its chunk a column of sticks at a time into them (chunk-reductions,
// pipeline/utils/ColumnSticks.h). Integer sums: exact.
// RUN-ARGS: --arg a_zp=5
#w = affine_set<(d0, d1) : (d0 >= 0, -d0 + 959 >= 0, d1 >= 0, -d1 + 2559 >= 0)>
#n = affine_set<(d0) : (d0 >= 0, -d0 + 2559 >= 0)>
#wt = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#nt = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @w8a8_colsum(%w_ptr: index, %scale_ptr: index, %colsum_ptr: index, %corr_ptr: index, %a_zp: i32) attributes {grid = [5]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    %zi = arith.constant 0 : i32
    %pid = ktdp.get_compute_tile_id : index
    %n0 = arith.muli %pid, %c512 : index
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [960, 2560], strides: [2560, 1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<960x2560xi8>
    %sv = ktdp.construct_memory_view %scale_ptr, sizes: [2560], strides: [1] {coordinate_set = #n, memory_space = #ktdp.memory_space<global>} : memref<2560xf32>
    %cv = ktdp.construct_memory_view %colsum_ptr, sizes: [2560], strides: [1] {coordinate_set = #n, memory_space = #ktdp.memory_space<global>} : memref<2560xi32>
    %rv = ktdp.construct_memory_view %corr_ptr, sizes: [2560], strides: [1] {coordinate_set = #n, memory_space = #ktdp.memory_space<global>} : memref<2560xf32>
    %e = tensor.empty() : tensor<512xi32>
    %init = linalg.fill ins(%zi : i32) outs(%e : tensor<512xi32>) -> tensor<512xi32>
    %acc = scf.for %kc = %c0 to %c15 step %c1 iter_args(%a = %init) -> (tensor<512xi32>) {
      %k0 = arith.muli %kc, %c64 : index
      %wa = ktdp.construct_access_tile %wv[%k0, %n0] {access_tile_set = #wt, access_tile_order = #id2} : memref<960x2560xi8> -> !ktdp.access_tile<64x512xindex>
      %wt = ktdp.load %wa : <64x512xindex> -> tensor<64x512xi8>
      %r = linalg.reduce ins(%wt : tensor<64x512xi8>) outs(%a : tensor<512xi32>) dimensions = [0]
        (%in: i8, %o: i32) {
          %x = arith.extsi %in : i8 to i32
          %s = arith.addi %x, %o : i32
          linalg.yield %s : i32
        }
      scf.yield %r : tensor<512xi32>
    }
    %ca = ktdp.construct_access_tile %cv[%n0] {access_tile_set = #nt, access_tile_order = #id1} : memref<2560xi32> -> !ktdp.access_tile<512xindex>
    ktdp.store %acc, %ca : tensor<512xi32>, <512xindex>
    %sa = ktdp.construct_access_tile %sv[%n0] {access_tile_set = #nt, access_tile_order = #id1} : memref<2560xf32> -> !ktdp.access_tile<512xindex>
    %sc = ktdp.load %sa : <512xindex> -> tensor<512xf32>
    %accf = arith.sitofp %acc : tensor<512xi32> to tensor<512xf32>
    %nz = arith.subi %zi, %a_zp : i32
    %nzf = arith.sitofp %nz : i32 to f32
    %nzb = tensor.splat %nzf : tensor<512xf32>
    %t1 = arith.mulf %accf, %sc : tensor<512xf32>
    %corr = arith.mulf %t1, %nzb : tensor<512xf32>
    %ra = ktdp.construct_access_tile %rv[%n0] {access_tile_set = #nt, access_tile_order = #id1} : memref<2560xf32> -> !ktdp.access_tile<512xindex>
    ktdp.store %corr, %ra : tensor<512xf32>, <512xindex>
    return
  }
}
