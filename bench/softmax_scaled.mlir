// softmax_scaled.mlir -- samples/softmax.mlir (numerically stable row
// softmax of 128x256 fp16 on 32 tiles) repeated %reps times over the same
// rows: each repetition recomputes and rewrites Y, so the result is the
// sample's and the memory the run needs stays the sample's, while the run
// grows linearly with %reps (about 33,000 events a repetition: 30 -> 1 M
// events, 480 -> 16 M, 3,840 -> 128 M, 30,720 -> 1 G; bench/README.md).
// A benchmark of long runs (issue 26), not a sample.
// RUN-ARGS: --arg reps=2
// MAX-ULPS: 4

#x_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#row_tile = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @softmax_scaled(%x_ptr: index, %y_ptr: index, %reps: index) attributes {grid = [32]} {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %n_rows = arith.constant 128 : index
    %n_tiles = arith.constant 32 : index
    %neg_inf = arith.constant 0xFC00 : f16
    %zero = arith.constant 0.0 : f16

    %id = ktdp.get_compute_tile_id : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [128, 256], strides: [256, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x256xf16>

    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [128, 256], strides: [256, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x256xf16>

    scf.for %rep = %c0 to %reps step %c1 {
      scf.for %row = %id to %n_rows step %n_tiles {
        %x_acc = ktdp.construct_access_tile %x_view[%row, %c0] {
          access_tile_set = #row_tile,
          access_tile_order = #identity
        } : memref<128x256xf16> -> !ktdp.access_tile<1x256xindex>
        %x = ktdp.load %x_acc : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>

        // Pass 1: row max (short-form reduce).
        %max_init = tensor.splat %neg_inf : tensor<1xf16>
        %row_max = linalg.reduce { arith.maximumf }
            ins(%x : tensor<1x256xf16>)
            outs(%max_init : tensor<1xf16>)
            dimensions = [1]
        %max_s = tensor.extract %row_max[%c0] : tensor<1xf16>
        %max_b = tensor.splat %max_s : tensor<1x256xf16>

        // Pass 2: exponentiate the shifted row and sum it (explicit-region reduce).
        %shifted = arith.subf %x, %max_b : tensor<1x256xf16>
        %num = math.exp %shifted : tensor<1x256xf16>
        %sum_init = tensor.splat %zero : tensor<1xf16>
        %row_sum = linalg.reduce ins(%num : tensor<1x256xf16>)
                                 outs(%sum_init : tensor<1xf16>)
                                 dimensions = [1]
          (%in: f16, %acc: f16) {
            %s = arith.addf %in, %acc : f16
            linalg.yield %s : f16
          }
        %sum_s = tensor.extract %row_sum[%c0] : tensor<1xf16>
        %sum_b = tensor.splat %sum_s : tensor<1x256xf16>

        // Pass 3: normalise and store.
        %y = arith.divf %num, %sum_b : tensor<1x256xf16>

        %y_acc = ktdp.construct_access_tile %y_view[%row, %c0] {
          access_tile_set = #row_tile,
          access_tile_order = #identity
        } : memref<128x256xf16> -> !ktdp.access_tile<1x256xindex>
        ktdp.store %y, %y_acc : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
      }
    }

    return
  }
}
