// rmsnorm_scaled.mlir -- tests/kernels/rmsnorm_loops.mlir (RMS
// normalisation of 128x512 fp16 rows, a loop over column chunks for the
// sums of squares and one to scale, on 16 tiles) repeated %reps times over
// the same rows: the result is that kernel's and the memory stays its,
// while the run grows linearly with %reps (bench/README.md gives the
// events per repetition). A benchmark of long runs (issue 26).
// RUN-ARGS: --arg reps=2
// MAX-ULPS: 2

#x_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#chunk  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#w_set  = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>
#w_tile = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#id2    = affine_map<(d0, d1) -> (d0, d1)>
#id1    = affine_map<(d0) -> (d0)>

module {
  func.func @rmsnorm_scaled(%x_ptr: index, %w_ptr: index, %y_ptr: index, %reps: index) attributes {grid = [16]} {
    %c1 = arith.constant 1 : index
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

    scf.for %rep = %c0 to %reps step %c1 {
      // Loop 1: row sums of squares.
      %ssq = scf.for %j = %c0 to %c512 step %c128 iter_args(%acc = %zeros) -> (tensor<8xf16>) {
        %x_acc = ktdp.construct_access_tile %x_view[%row0, %j] {
          access_tile_set = #chunk, access_tile_order = #id2
        } : memref<128x512xf16> -> !ktdp.access_tile<8x128xindex>
        %x = ktdp.load %x_acc : <8x128xindex> -> tensor<8x128xf16>
        %sq = arith.mulf %x, %x : tensor<8x128xf16>
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

      // Loop 2: scale.
      scf.for %j = %c0 to %c512 step %c128 {
        %x_acc = ktdp.construct_access_tile %x_view[%row0, %j] {
          access_tile_set = #chunk, access_tile_order = #id2
        } : memref<128x512xf16> -> !ktdp.access_tile<8x128xindex>
        %x = ktdp.load %x_acc : <8x128xindex> -> tensor<8x128xf16>
        %n = arith.mulf %x, %rstd_b : tensor<8x128xf16>
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
    }
    return
  }
}
