// dyn2d_silu_mul.mlir -- vLLM's silu_and_mul (the SwiGLU activation of an
// MLP) as a Triton-style generator writes it (issue 23, section 4): the
// token count and the width are i32 arguments, both views are
// memref<?x?xf16> of those sizes, and both loops run on i32 (the row loop
// over the tokens of a tile, the column loop 64 at a time).
// RUN-ARGS: --arg num_tokens=20 --arg d=256
//
// What it computes
//   x : num_tokens x 2d f16 (gate and up side by side), y : num_tokens x d
//   f16. grid = [8]: tile t takes tokens t, t + 8, ...;
//   y[r, j] = silu(x[r, j]) * x[r, d + j], rounded to f16 after each op.
#in_set = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
#chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @silu_and_mul(%out_ptr: index, %in_ptr: index, %num_tokens: i32, %d: i32) attributes {grid = [8]} {
    %c0_i32 = arith.constant 0 : i32
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %c64_i32 = arith.constant 64 : i32
    %d2 = arith.muli %d, %c2_i32 : i32
    %n_idx = arith.index_cast %num_tokens : i32 to index
    %d_idx = arith.index_cast %d : i32 to index
    %d2_idx = arith.index_cast %d2 : i32 to index
    %x_view = ktdp.construct_memory_view %in_ptr, sizes: [%n_idx, %d2_idx], strides: [%d2_idx, 1] {
      coordinate_set = #in_set, memory_space = #ktdp.memory_space<global>
    } : memref<?x?xf16>
    %y_view = ktdp.construct_memory_view %out_ptr, sizes: [%n_idx, %d_idx], strides: [%d_idx, 1] {
      coordinate_set = #in_set, memory_space = #ktdp.memory_space<global>
    } : memref<?x?xf16>
    %pid = ktdp.get_compute_tile_id : index
    %pid_i32 = arith.index_cast %pid : index to i32
    scf.for %r = %pid_i32 to %num_tokens step %c8_i32 : i32 {
      %row = arith.index_cast %r : i32 to index
      scf.for %j = %c0_i32 to %d step %c64_i32 : i32 {
        %ju = arith.addi %j, %d : i32
        %col = arith.index_cast %j : i32 to index
        %col_up = arith.index_cast %ju : i32 to index
        %ga = ktdp.construct_access_tile %x_view[%row, %col] {
          access_tile_set = #chunk, access_tile_order = #id2
        } : memref<?x?xf16> -> !ktdp.access_tile<1x64xindex>
        %g = ktdp.load %ga : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %ua = ktdp.construct_access_tile %x_view[%row, %col_up] {
          access_tile_set = #chunk, access_tile_order = #id2
        } : memref<?x?xf16> -> !ktdp.access_tile<1x64xindex>
        %u = ktdp.load %ua : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %s = spyreop.silu %g : tensor<1x64xf16>
        %y = arith.mulf %s, %u : tensor<1x64xf16>
        %ya = ktdp.construct_access_tile %y_view[%row, %col] {
          access_tile_set = #chunk, access_tile_order = #id2
        } : memref<?x?xf16> -> !ktdp.access_tile<1x64xindex>
        ktdp.store %y, %ya : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
