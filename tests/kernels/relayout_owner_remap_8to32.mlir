// relayout_owner_remap_8to32.mlir -- an inter-core relayout (replicate /
// owner remap): a 32-token prefill activation of hidden size 2048 (f16,
// rank 4: 1, tokens, hidden, 1) held by 8 cores (core 4p holds tokens
// 4p..4p+3) is replicated to 4 owners per piece, cores p, p + 8, p + 16,
// p + 24: 8 pieces x 4 owners, the owners' views of a piece stacked as
// slots on dimension 0 (composed 4x32x2048x1). Core t copies piece t % 8
// from core 4 (t % 8) into its own slot t / 8.
// Written by tests/tools/relayout-kernels.py.

#box0 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 2047 >= 0, d3 >= 0, -d3 >= 0)>
#box1 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 - 4 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 2047 >= 0, d3 >= 0, -d3 >= 0)>
#box2 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 - 8 >= 0, -d1 + 11 >= 0, d2 >= 0, -d2 + 2047 >= 0, d3 >= 0, -d3 >= 0)>
#box3 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 - 12 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 2047 >= 0, d3 >= 0, -d3 >= 0)>
#box4 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 - 16 >= 0, -d1 + 19 >= 0, d2 >= 0, -d2 + 2047 >= 0, d3 >= 0, -d3 >= 0)>
#box5 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 - 20 >= 0, -d1 + 23 >= 0, d2 >= 0, -d2 + 2047 >= 0, d3 >= 0, -d3 >= 0)>
#box6 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 - 24 >= 0, -d1 + 27 >= 0, d2 >= 0, -d2 + 2047 >= 0, d3 >= 0, -d3 >= 0)>
#box7 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 - 28 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 2047 >= 0, d3 >= 0, -d3 >= 0)>
#ord = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

func.func @relayout_owner_remap_8to32(%src: index, %dst: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %tid = ktdp.get_compute_tile_id : index

  %s0 = ktdp.construct_memory_view %src, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<1x4x2048x1xf16>
  %s1 = ktdp.construct_memory_view %src, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 4>}
      : memref<1x4x2048x1xf16>
  %s2 = ktdp.construct_memory_view %src, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 8>}
      : memref<1x4x2048x1xf16>
  %s3 = ktdp.construct_memory_view %src, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 12>}
      : memref<1x4x2048x1xf16>
  %s4 = ktdp.construct_memory_view %src, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 16>}
      : memref<1x4x2048x1xf16>
  %s5 = ktdp.construct_memory_view %src, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 20>}
      : memref<1x4x2048x1xf16>
  %s6 = ktdp.construct_memory_view %src, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 24>}
      : memref<1x4x2048x1xf16>
  %s7 = ktdp.construct_memory_view %src, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 28>}
      : memref<1x4x2048x1xf16>
  %from = ktdp.construct_distributed_memory_view (%s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7
      : memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>) : memref<1x32x2048x1xf16>
  %d0 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<1x4x2048x1xf16>
  %d1 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 8>}
      : memref<1x4x2048x1xf16>
  %d2 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 16>}
      : memref<1x4x2048x1xf16>
  %d3 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 24>}
      : memref<1x4x2048x1xf16>
  %d4 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>}
      : memref<1x4x2048x1xf16>
  %d5 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 9>}
      : memref<1x4x2048x1xf16>
  %d6 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 17>}
      : memref<1x4x2048x1xf16>
  %d7 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 25>}
      : memref<1x4x2048x1xf16>
  %d8 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 2>}
      : memref<1x4x2048x1xf16>
  %d9 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 10>}
      : memref<1x4x2048x1xf16>
  %d10 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 18>}
      : memref<1x4x2048x1xf16>
  %d11 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 26>}
      : memref<1x4x2048x1xf16>
  %d12 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 3>}
      : memref<1x4x2048x1xf16>
  %d13 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 11>}
      : memref<1x4x2048x1xf16>
  %d14 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 19>}
      : memref<1x4x2048x1xf16>
  %d15 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 27>}
      : memref<1x4x2048x1xf16>
  %d16 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 4>}
      : memref<1x4x2048x1xf16>
  %d17 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 12>}
      : memref<1x4x2048x1xf16>
  %d18 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 20>}
      : memref<1x4x2048x1xf16>
  %d19 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 28>}
      : memref<1x4x2048x1xf16>
  %d20 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 5>}
      : memref<1x4x2048x1xf16>
  %d21 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 13>}
      : memref<1x4x2048x1xf16>
  %d22 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 21>}
      : memref<1x4x2048x1xf16>
  %d23 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 29>}
      : memref<1x4x2048x1xf16>
  %d24 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 6>}
      : memref<1x4x2048x1xf16>
  %d25 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 14>}
      : memref<1x4x2048x1xf16>
  %d26 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 22>}
      : memref<1x4x2048x1xf16>
  %d27 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 30>}
      : memref<1x4x2048x1xf16>
  %d28 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 7>}
      : memref<1x4x2048x1xf16>
  %d29 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 15>}
      : memref<1x4x2048x1xf16>
  %d30 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 23>}
      : memref<1x4x2048x1xf16>
  %d31 = ktdp.construct_memory_view %dst, sizes: [1, 4, 2048, 1], strides: [8192, 2048, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 31>}
      : memref<1x4x2048x1xf16>
  %to = ktdp.construct_distributed_memory_view (%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15, %d16, %d17, %d18, %d19, %d20, %d21, %d22, %d23, %d24, %d25, %d26, %d27, %d28, %d29, %d30, %d31
      : memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>, memref<1x4x2048x1xf16>) : memref<4x32x2048x1xf16>
  %l1_0r = arith.remsi %tid, %c8 : index
  %l1_0m = arith.muli %l1_0r, %c4 : index
  %w0_0q = arith.divsi %tid, %c8 : index
  %w1_0r = arith.remsi %tid, %c8 : index
  %w1_0m = arith.muli %w1_0r, %c4 : index
  %rt = ktdp.construct_access_tile %from[%c0, %l1_0m, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<1x32x2048x1xf16> -> !ktdp.access_tile<1x4x2048x1xindex>
  %val = ktdp.load %rt : <1x4x2048x1xindex> -> tensor<1x4x2048x1xf16>
  %wt = ktdp.construct_access_tile %to[%w0_0q, %w1_0m, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<4x32x2048x1xf16> -> !ktdp.access_tile<1x4x2048x1xindex>
  ktdp.store %val, %wt : tensor<1x4x2048x1xf16>, <1x4x2048x1xindex>
  return
}
