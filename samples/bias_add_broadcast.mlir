// bias_add_broadcast.mlir -- bias add with a broadcast operand:
//   OUT[m, n] = X[m, n] + BIAS[n]
//
// What it computes
//   X, OUT : 128x256 fp16 and BIAS : 256 fp16, all in HBM; %x_ptr, %bias_ptr,
//   %out_ptr are element indices into HBM.
//   grid = [32]: tile i owns rows 4*i .. 4*i+3. It loads its 4x256 slice of X
//   and the WHOLE 1-D bias vector (256 fp16 = 4 sticks), replicates the bias
//   across its 4 rows with linalg.broadcast (dimensions = [0]), adds with
//   linalg.add and stores the 4x256 block of OUT. Row slices are disjoint, so
//   every OUT element is written exactly once.
//
// Why it is interesting
//   Two kinds of operand in one kernel: X is partitioned (every core reads a
//   different slice) while BIAS is replicated (all 32 cores read the same 512
//   bytes). Look at how the pipeline moves the shared vector -- 32 separate
//   HBM reads, or one read shared over the ring -- and at the rank-1 access
//   tile and the broadcast that turns a 1-D tile into a 2-D one inside the
//   scratchpad without touching memory again.

#x_set     = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#x_tile    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#bias_set  = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#identity2 = affine_map<(d0, d1) -> (d0, d1)>
#identity1 = affine_map<(d0) -> (d0)>

module {
  func.func @bias_add(%x_ptr: index, %bias_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %rows_per_tile = arith.constant 4 : index

    %id = ktdp.get_compute_tile_id : index
    %row0 = arith.muli %id, %rows_per_tile : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [128, 256], strides: [256, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x256xf16>

    %bias_view = ktdp.construct_memory_view %bias_ptr, sizes: [256], strides: [1] {
      coordinate_set = #bias_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<256xf16>

    %out_view = ktdp.construct_memory_view %out_ptr, sizes: [128, 256], strides: [256, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x256xf16>

    // Partitioned operand: this tile's 4 rows of X.
    %x_acc = ktdp.construct_access_tile %x_view[%row0, %c0] {
      access_tile_set = #x_tile,
      access_tile_order = #identity2
    } : memref<128x256xf16> -> !ktdp.access_tile<4x256xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<4x256xindex> -> tensor<4x256xf16>

    // Replicated operand: every tile reads the same 1-D bias vector.
    %bias_acc = ktdp.construct_access_tile %bias_view[%c0] {
      access_tile_set = #bias_set,
      access_tile_order = #identity1
    } : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %bias = ktdp.load %bias_acc : !ktdp.access_tile<256xindex> -> tensor<256xf16>

    // Broadcast the bias over the 4 rows (new dimension 0).
    %bias_init = tensor.empty() : tensor<4x256xf16>
    %bias_rows = linalg.broadcast ins(%bias : tensor<256xf16>)
                                  outs(%bias_init : tensor<4x256xf16>)
                                  dimensions = [0]

    %out_init = tensor.empty() : tensor<4x256xf16>
    %out = linalg.add ins(%x, %bias_rows : tensor<4x256xf16>, tensor<4x256xf16>)
                      outs(%out_init : tensor<4x256xf16>) -> tensor<4x256xf16>

    %out_acc = ktdp.construct_access_tile %out_view[%row0, %c0] {
      access_tile_set = #x_tile,
      access_tile_order = #identity2
    } : memref<128x256xf16> -> !ktdp.access_tile<4x256xindex>
    ktdp.store %out, %out_acc : tensor<4x256xf16>, !ktdp.access_tile<4x256xindex>

    return
  }
}
