// softmax.mlir -- numerically stable row softmax:
//   Y[m, :] = exp(X[m, :] - max(X[m, :])) / sum(exp(X[m, :] - max(X[m, :])))
//
// What it computes
//   X, Y : 128x256 fp16, row-major in HBM; %x_ptr and %y_ptr are element
//   indices into HBM.
//   grid = [32]: rows are dealt out cyclically -- tile i handles rows
//   i, i+32, i+64, i+96 -- by an scf.for that starts at the tile id and steps
//   by the number of tiles. For each row (1x256 fp16 = 4 sticks) the tile
//   loads the row, takes its max (linalg.reduce with arith.maximumf, starting
//   from -inf), subtracts it, exponentiates, sums (linalg.reduce with an
//   explicit combiner region), divides and stores the row of Y. Every row
//   belongs to exactly one tile, so every Y element is written once.
//
// Why it is interesting
//   The classic three-pass row kernel: two reductions and a broadcast back
//   (tensor.extract of the 1-element result, then tensor.splat) on data that
//   stays in the scratchpad between passes. The loop runs 4 iterations per
//   core, so the pipeline gets a chance to overlap the load of row r+32 with
//   the compute of row r (double buffering); the emulator timeline shows
//   whether it did. Rows are cyclic rather than blocked, the pattern Triton
//   emits for "for row in range(pid, n_rows, num_programs)".

#x_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#row_tile = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @softmax(%x_ptr: index, %y_ptr: index) attributes {grid = [32]} {
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

    return
  }
}
