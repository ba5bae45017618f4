// layernorm_loops.mlir -- layer normalisation over rows too wide to hold,
// in three loops over column chunks; each loop uses the per-row statistic
// the loop before it computed.
//
// What it computes
//   X, Y : 128x512 fp16, W : 512 fp16. grid = [16]: tile t normalises rows
//   8t .. 8t+7, 128 columns at a time:
//     loop 1: sum[r]  = sum_j X[r, j]                     (in fp16, as the tile)
//     mean = sum / 512, broadcast over a chunk's columns (outside the loops)
//     loop 2: ssq[r]  = sum_j (X[r, j] - mean[r])^2
//     rstd = rsqrt(ssq / 512 + 1e-3), broadcast the same way
//     loop 3: Y[r, j] = (X[r, j] - mean[r]) * rstd[r] * W[j]
//
// Why it is interesting
//   mean_b and rstd_b are tiles defined outside the stages that use them
//   (computed by an earlier group, used by the next loop's elementwise ops).
// The bound of emu.cosim_kernels' table, for spyre-batch too:
// MAX-ULPS: 1

#x_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#chunk  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#w_set  = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>
#w_tile = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#id2    = affine_map<(d0, d1) -> (d0, d1)>
#id1    = affine_map<(d0) -> (d0)>

module {
  func.func @layernorm(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [16]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %zero = arith.constant 0.0 : f16
    %inv_n = arith.constant dense<1.953125e-03> : tensor<8xf16>
    %eps = arith.constant dense<1.0e-03> : tensor<8xf16>
    %id = ktdp.get_compute_tile_id : index
    %row0 = arith.muli %id, %c8 : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [128, 512], strides: [512, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x512xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [512], strides: [1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<512xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [128, 512], strides: [512, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<128x512xf16>

    %zeros_e = tensor.empty() : tensor<8xf16>
    %zeros = linalg.fill ins(%zero : f16) outs(%zeros_e : tensor<8xf16>) -> tensor<8xf16>

    // Loop 1: row sums.
    %sum = scf.for %j = %c0 to %c512 step %c128 iter_args(%acc = %zeros) -> (tensor<8xf16>) {
      %x_acc = ktdp.construct_access_tile %x_view[%row0, %j] {
        access_tile_set = #chunk, access_tile_order = #id2
      } : memref<128x512xf16> -> !ktdp.access_tile<8x128xindex>
      %x = ktdp.load %x_acc : <8x128xindex> -> tensor<8x128xf16>
      %part = linalg.reduce { arith.addf } ins(%x : tensor<8x128xf16>)
                outs(%zeros : tensor<8xf16>) dimensions = [1]
      %next = arith.addf %acc, %part : tensor<8xf16>
      scf.yield %next : tensor<8xf16>
    }
    %mean = arith.mulf %sum, %inv_n : tensor<8xf16>
    %mean_e = tensor.empty() : tensor<8x128xf16>
    %mean_b = linalg.broadcast ins(%mean : tensor<8xf16>) outs(%mean_e : tensor<8x128xf16>) dimensions = [1]

    // Loop 2: sum of squared deviations from the mean of loop 1.
    %ssq = scf.for %j = %c0 to %c512 step %c128 iter_args(%acc = %zeros) -> (tensor<8xf16>) {
      %x_acc = ktdp.construct_access_tile %x_view[%row0, %j] {
        access_tile_set = #chunk, access_tile_order = #id2
      } : memref<128x512xf16> -> !ktdp.access_tile<8x128xindex>
      %x = ktdp.load %x_acc : <8x128xindex> -> tensor<8x128xf16>
      %d = arith.subf %x, %mean_b : tensor<8x128xf16>
      %sq = arith.mulf %d, %d : tensor<8x128xf16>
      %part = linalg.reduce { arith.addf } ins(%sq : tensor<8x128xf16>)
                outs(%zeros : tensor<8xf16>) dimensions = [1]
      %next = arith.addf %acc, %part : tensor<8xf16>
      scf.yield %next : tensor<8xf16>
    }
    %var = arith.mulf %ssq, %inv_n : tensor<8xf16>
    %var_eps = arith.addf %var, %eps : tensor<8xf16>
    %rstd = math.rsqrt %var_eps : tensor<8xf16>
    %rstd_e = tensor.empty() : tensor<8x128xf16>
    %rstd_b = linalg.broadcast ins(%rstd : tensor<8xf16>) outs(%rstd_e : tensor<8x128xf16>) dimensions = [1]

    // Loop 3: normalise and scale.
    scf.for %j = %c0 to %c512 step %c128 {
      %x_acc = ktdp.construct_access_tile %x_view[%row0, %j] {
        access_tile_set = #chunk, access_tile_order = #id2
      } : memref<128x512xf16> -> !ktdp.access_tile<8x128xindex>
      %x = ktdp.load %x_acc : <8x128xindex> -> tensor<8x128xf16>
      %d = arith.subf %x, %mean_b : tensor<8x128xf16>
      %n = arith.mulf %d, %rstd_b : tensor<8x128xf16>
      %w_acc = ktdp.construct_access_tile %w_view[%j] {
        access_tile_set = #w_tile, access_tile_order = #id1
      } : memref<512xf16> -> !ktdp.access_tile<128xindex>
      %w = ktdp.load %w_acc : <128xindex> -> tensor<128xf16>
      %w_e = tensor.empty() : tensor<8x128xf16>
      %w_b = linalg.broadcast ins(%w : tensor<128xf16>) outs(%w_e : tensor<8x128xf16>) dimensions = [0]
      %y = arith.mulf %n, %w_b : tensor<8x128xf16>
      %y_acc = ktdp.construct_access_tile %y_view[%row0, %j] {
        access_tile_set = #chunk, access_tile_order = #id2
      } : memref<128x512xf16> -> !ktdp.access_tile<8x128xindex>
      ktdp.store %y, %y_acc : tensor<8x128xf16>, <8x128xindex>
    }
    return
  }
}
