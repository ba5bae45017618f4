// rmsnorm_with_rstd.mlir -- Llama-3.2-1B's RMSNorm in a training forward,
// as inductor fuses it (`triton_per_fused_mean_mul_pow_rsqrt`): besides the
// normalised rows it stores each row's rstd for the backward pass. 32
// tokens x 2048 f16 on 8 cores, an scf.for over each core's 4 rows, the sum
// of squares in f32 (a reduction linalg.generic), the weight row read
// through (d0, d1) -> (d1). Two outputs of different shapes: the rows, and
// one f32 per row. The row streams in two passes (stream-row-passes), the
// rstd is pushed between them and its store unit takes it before the
// normalised sticks: 4,786 cycles. Before, the per-row output kept the
// stage from streaming: it held 20,488 bytes of tiles whole, 8,504 cycles.
//
// What it computes
//   x, y : 32x2048 f16, w : 2048 f16, rstd : 32 f32. grid = [8]:
//   rstd[r] = rsqrt(sum_c f32(x[r, c])^2 / 2048 + 1e-6),
//   y[r, c] = f16(f32(x[r, c]) * rstd[r] * f32(w[c])).
#x_all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#rows_all = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#w_all = affine_set<(d0) : (d0 >= 0, -d0 + 2047 >= 0)>
#one_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2047 >= 0)>
#single = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#to_row = affine_map<(d0, d1) -> (d0)>
#to_col = affine_map<(d0, d1) -> (d1)>
module {
  func.func @triton_per_fused_mean_mul_pow_rsqrt_0(%in_ptr0: index, %in_ptr1: index, %out_ptr0: index, %out_ptr1: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.000000e+00 : f32
    %n = arith.constant 2.048000e+03 : f32
    %eps = arith.constant 9.99999997E-7 : f32
    %pid = ktdp.get_compute_tile_id : index
    %first = arith.muli %pid, %c4 : index
    %xv = ktdp.construct_memory_view %in_ptr0, sizes: [32, 2048], strides: [2048, 1] {coordinate_set = #x_all, memory_space = #ktdp.memory_space<global>} : memref<32x2048xf16>
    %wv = ktdp.construct_memory_view %in_ptr1, sizes: [2048], strides: [1] {coordinate_set = #w_all, memory_space = #ktdp.memory_space<global>} : memref<2048xf16>
    %yv = ktdp.construct_memory_view %out_ptr0, sizes: [32, 2048], strides: [2048, 1] {coordinate_set = #x_all, memory_space = #ktdp.memory_space<global>} : memref<32x2048xf16>
    %rv = ktdp.construct_memory_view %out_ptr1, sizes: [32], strides: [1] {coordinate_set = #rows_all, memory_space = #ktdp.memory_space<global>} : memref<32xf32>
    %wa = ktdp.construct_access_tile %wv[%c0] {access_tile_set = #w_all, access_tile_order = #id1} : memref<2048xf16> -> !ktdp.access_tile<2048xindex>
    %w = ktdp.load %wa : !ktdp.access_tile<2048xindex> -> tensor<2048xf16>
    scf.for %i = %c0 to %c4 step %c1 {
      %r = arith.addi %first, %i : index
      %xa = ktdp.construct_access_tile %xv[%r, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<32x2048xf16> -> !ktdp.access_tile<1x2048xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
      %e1 = tensor.empty() : tensor<1xf32>
      %acc0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
      %ss = linalg.generic {indexing_maps = [#id2, #to_row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x2048xf16>) outs(%acc0 : tensor<1xf32>) {
      ^bb0(%in: f16, %acc: f32):
        %f = arith.extf %in : f16 to f32
        %sq = arith.mulf %f, %f : f32
        %sum = arith.addf %sq, %acc : f32
        linalg.yield %sum : f32
      } -> tensor<1xf32>
      %rstd = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%ss : tensor<1xf32>) outs(%e1 : tensor<1xf32>) {
      ^bb0(%in: f32, %out: f32):
        %mean = arith.divf %in, %n : f32
        %plus = arith.addf %mean, %eps : f32
        %rs = math.rsqrt %plus : f32
        linalg.yield %rs : f32
      } -> tensor<1xf32>
      %ye = tensor.empty() : tensor<1x2048xf16>
      %y = linalg.generic {indexing_maps = [#id2, #to_row, #to_col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %rstd, %w : tensor<1x2048xf16>, tensor<1xf32>, tensor<2048xf16>) outs(%ye : tensor<1x2048xf16>) {
      ^bb0(%in: f16, %rs: f32, %wi: f16, %out: f16):
        %f = arith.extf %in : f16 to f32
        %n1 = arith.mulf %f, %rs : f32
        %wf = arith.extf %wi : f16 to f32
        %scaled = arith.mulf %n1, %wf : f32
        %h = arith.truncf %scaled : f32 to f16
        linalg.yield %h : f16
      } -> tensor<1x2048xf16>
      %ya = ktdp.construct_access_tile %yv[%r, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<32x2048xf16> -> !ktdp.access_tile<1x2048xindex>
      ktdp.store %y, %ya : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
      %ra = ktdp.construct_access_tile %rv[%r] {access_tile_set = #single, access_tile_order = #id1} : memref<32xf32> -> !ktdp.access_tile<1xindex>
      ktdp.store %rstd, %ra : tensor<1xf32>, !ktdp.access_tile<1xindex>
    }
    return
  }
}
