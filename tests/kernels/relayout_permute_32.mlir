// relayout_permute_32.mlir -- an inter-core relayout (permutation): the
// 32 query heads of a decode step (Llama-3-8B: 32 x 128 f16, rank 4: head,
// token, head dim, 1), head h on core h, move to core (h % 4) * 8 + h / 4
// (an 8x4 arrangement of the cores transposed). Core t reads the head it
// will own from another core's scratchpad and stores it into its own.
// Written by tests/tools/relayout-kernels.py.

#box0 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box1 = affine_set<(d0, d1, d2, d3) : (d0 - 1 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box2 = affine_set<(d0, d1, d2, d3) : (d0 - 2 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box3 = affine_set<(d0, d1, d2, d3) : (d0 - 3 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box4 = affine_set<(d0, d1, d2, d3) : (d0 - 4 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box5 = affine_set<(d0, d1, d2, d3) : (d0 - 5 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box6 = affine_set<(d0, d1, d2, d3) : (d0 - 6 >= 0, -d0 + 6 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box7 = affine_set<(d0, d1, d2, d3) : (d0 - 7 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box8 = affine_set<(d0, d1, d2, d3) : (d0 - 8 >= 0, -d0 + 8 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box9 = affine_set<(d0, d1, d2, d3) : (d0 - 9 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box10 = affine_set<(d0, d1, d2, d3) : (d0 - 10 >= 0, -d0 + 10 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box11 = affine_set<(d0, d1, d2, d3) : (d0 - 11 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box12 = affine_set<(d0, d1, d2, d3) : (d0 - 12 >= 0, -d0 + 12 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box13 = affine_set<(d0, d1, d2, d3) : (d0 - 13 >= 0, -d0 + 13 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box14 = affine_set<(d0, d1, d2, d3) : (d0 - 14 >= 0, -d0 + 14 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box15 = affine_set<(d0, d1, d2, d3) : (d0 - 15 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box16 = affine_set<(d0, d1, d2, d3) : (d0 - 16 >= 0, -d0 + 16 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box17 = affine_set<(d0, d1, d2, d3) : (d0 - 17 >= 0, -d0 + 17 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box18 = affine_set<(d0, d1, d2, d3) : (d0 - 18 >= 0, -d0 + 18 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box19 = affine_set<(d0, d1, d2, d3) : (d0 - 19 >= 0, -d0 + 19 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box20 = affine_set<(d0, d1, d2, d3) : (d0 - 20 >= 0, -d0 + 20 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box21 = affine_set<(d0, d1, d2, d3) : (d0 - 21 >= 0, -d0 + 21 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box22 = affine_set<(d0, d1, d2, d3) : (d0 - 22 >= 0, -d0 + 22 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box23 = affine_set<(d0, d1, d2, d3) : (d0 - 23 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box24 = affine_set<(d0, d1, d2, d3) : (d0 - 24 >= 0, -d0 + 24 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box25 = affine_set<(d0, d1, d2, d3) : (d0 - 25 >= 0, -d0 + 25 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box26 = affine_set<(d0, d1, d2, d3) : (d0 - 26 >= 0, -d0 + 26 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box27 = affine_set<(d0, d1, d2, d3) : (d0 - 27 >= 0, -d0 + 27 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box28 = affine_set<(d0, d1, d2, d3) : (d0 - 28 >= 0, -d0 + 28 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box29 = affine_set<(d0, d1, d2, d3) : (d0 - 29 >= 0, -d0 + 29 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box30 = affine_set<(d0, d1, d2, d3) : (d0 - 30 >= 0, -d0 + 30 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#box31 = affine_set<(d0, d1, d2, d3) : (d0 - 31 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 >= 0)>
#ord = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

func.func @relayout_permute_32(%src: index, %dst: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %tid = ktdp.get_compute_tile_id : index

  %s0 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<1x1x128x1xf16>
  %s1 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>}
      : memref<1x1x128x1xf16>
  %s2 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 2>}
      : memref<1x1x128x1xf16>
  %s3 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 3>}
      : memref<1x1x128x1xf16>
  %s4 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 4>}
      : memref<1x1x128x1xf16>
  %s5 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 5>}
      : memref<1x1x128x1xf16>
  %s6 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 6>}
      : memref<1x1x128x1xf16>
  %s7 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 7>}
      : memref<1x1x128x1xf16>
  %s8 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box8, memory_space = #ktdp.memory_space<ct_local, ct_id = 8>}
      : memref<1x1x128x1xf16>
  %s9 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box9, memory_space = #ktdp.memory_space<ct_local, ct_id = 9>}
      : memref<1x1x128x1xf16>
  %s10 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box10, memory_space = #ktdp.memory_space<ct_local, ct_id = 10>}
      : memref<1x1x128x1xf16>
  %s11 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box11, memory_space = #ktdp.memory_space<ct_local, ct_id = 11>}
      : memref<1x1x128x1xf16>
  %s12 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box12, memory_space = #ktdp.memory_space<ct_local, ct_id = 12>}
      : memref<1x1x128x1xf16>
  %s13 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box13, memory_space = #ktdp.memory_space<ct_local, ct_id = 13>}
      : memref<1x1x128x1xf16>
  %s14 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box14, memory_space = #ktdp.memory_space<ct_local, ct_id = 14>}
      : memref<1x1x128x1xf16>
  %s15 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box15, memory_space = #ktdp.memory_space<ct_local, ct_id = 15>}
      : memref<1x1x128x1xf16>
  %s16 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box16, memory_space = #ktdp.memory_space<ct_local, ct_id = 16>}
      : memref<1x1x128x1xf16>
  %s17 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box17, memory_space = #ktdp.memory_space<ct_local, ct_id = 17>}
      : memref<1x1x128x1xf16>
  %s18 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box18, memory_space = #ktdp.memory_space<ct_local, ct_id = 18>}
      : memref<1x1x128x1xf16>
  %s19 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box19, memory_space = #ktdp.memory_space<ct_local, ct_id = 19>}
      : memref<1x1x128x1xf16>
  %s20 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box20, memory_space = #ktdp.memory_space<ct_local, ct_id = 20>}
      : memref<1x1x128x1xf16>
  %s21 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box21, memory_space = #ktdp.memory_space<ct_local, ct_id = 21>}
      : memref<1x1x128x1xf16>
  %s22 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box22, memory_space = #ktdp.memory_space<ct_local, ct_id = 22>}
      : memref<1x1x128x1xf16>
  %s23 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box23, memory_space = #ktdp.memory_space<ct_local, ct_id = 23>}
      : memref<1x1x128x1xf16>
  %s24 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box24, memory_space = #ktdp.memory_space<ct_local, ct_id = 24>}
      : memref<1x1x128x1xf16>
  %s25 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box25, memory_space = #ktdp.memory_space<ct_local, ct_id = 25>}
      : memref<1x1x128x1xf16>
  %s26 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box26, memory_space = #ktdp.memory_space<ct_local, ct_id = 26>}
      : memref<1x1x128x1xf16>
  %s27 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box27, memory_space = #ktdp.memory_space<ct_local, ct_id = 27>}
      : memref<1x1x128x1xf16>
  %s28 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box28, memory_space = #ktdp.memory_space<ct_local, ct_id = 28>}
      : memref<1x1x128x1xf16>
  %s29 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box29, memory_space = #ktdp.memory_space<ct_local, ct_id = 29>}
      : memref<1x1x128x1xf16>
  %s30 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box30, memory_space = #ktdp.memory_space<ct_local, ct_id = 30>}
      : memref<1x1x128x1xf16>
  %s31 = ktdp.construct_memory_view %src, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box31, memory_space = #ktdp.memory_space<ct_local, ct_id = 31>}
      : memref<1x1x128x1xf16>
  %from = ktdp.construct_distributed_memory_view (%s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7, %s8, %s9, %s10, %s11, %s12, %s13, %s14, %s15, %s16, %s17, %s18, %s19, %s20, %s21, %s22, %s23, %s24, %s25, %s26, %s27, %s28, %s29, %s30, %s31
      : memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>) : memref<32x1x128x1xf16>
  %d0 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<1x1x128x1xf16>
  %d1 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 8>}
      : memref<1x1x128x1xf16>
  %d2 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 16>}
      : memref<1x1x128x1xf16>
  %d3 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 24>}
      : memref<1x1x128x1xf16>
  %d4 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>}
      : memref<1x1x128x1xf16>
  %d5 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 9>}
      : memref<1x1x128x1xf16>
  %d6 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 17>}
      : memref<1x1x128x1xf16>
  %d7 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 25>}
      : memref<1x1x128x1xf16>
  %d8 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box8, memory_space = #ktdp.memory_space<ct_local, ct_id = 2>}
      : memref<1x1x128x1xf16>
  %d9 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box9, memory_space = #ktdp.memory_space<ct_local, ct_id = 10>}
      : memref<1x1x128x1xf16>
  %d10 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box10, memory_space = #ktdp.memory_space<ct_local, ct_id = 18>}
      : memref<1x1x128x1xf16>
  %d11 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box11, memory_space = #ktdp.memory_space<ct_local, ct_id = 26>}
      : memref<1x1x128x1xf16>
  %d12 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box12, memory_space = #ktdp.memory_space<ct_local, ct_id = 3>}
      : memref<1x1x128x1xf16>
  %d13 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box13, memory_space = #ktdp.memory_space<ct_local, ct_id = 11>}
      : memref<1x1x128x1xf16>
  %d14 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box14, memory_space = #ktdp.memory_space<ct_local, ct_id = 19>}
      : memref<1x1x128x1xf16>
  %d15 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box15, memory_space = #ktdp.memory_space<ct_local, ct_id = 27>}
      : memref<1x1x128x1xf16>
  %d16 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box16, memory_space = #ktdp.memory_space<ct_local, ct_id = 4>}
      : memref<1x1x128x1xf16>
  %d17 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box17, memory_space = #ktdp.memory_space<ct_local, ct_id = 12>}
      : memref<1x1x128x1xf16>
  %d18 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box18, memory_space = #ktdp.memory_space<ct_local, ct_id = 20>}
      : memref<1x1x128x1xf16>
  %d19 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box19, memory_space = #ktdp.memory_space<ct_local, ct_id = 28>}
      : memref<1x1x128x1xf16>
  %d20 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box20, memory_space = #ktdp.memory_space<ct_local, ct_id = 5>}
      : memref<1x1x128x1xf16>
  %d21 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box21, memory_space = #ktdp.memory_space<ct_local, ct_id = 13>}
      : memref<1x1x128x1xf16>
  %d22 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box22, memory_space = #ktdp.memory_space<ct_local, ct_id = 21>}
      : memref<1x1x128x1xf16>
  %d23 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box23, memory_space = #ktdp.memory_space<ct_local, ct_id = 29>}
      : memref<1x1x128x1xf16>
  %d24 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box24, memory_space = #ktdp.memory_space<ct_local, ct_id = 6>}
      : memref<1x1x128x1xf16>
  %d25 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box25, memory_space = #ktdp.memory_space<ct_local, ct_id = 14>}
      : memref<1x1x128x1xf16>
  %d26 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box26, memory_space = #ktdp.memory_space<ct_local, ct_id = 22>}
      : memref<1x1x128x1xf16>
  %d27 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box27, memory_space = #ktdp.memory_space<ct_local, ct_id = 30>}
      : memref<1x1x128x1xf16>
  %d28 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box28, memory_space = #ktdp.memory_space<ct_local, ct_id = 7>}
      : memref<1x1x128x1xf16>
  %d29 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box29, memory_space = #ktdp.memory_space<ct_local, ct_id = 15>}
      : memref<1x1x128x1xf16>
  %d30 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box30, memory_space = #ktdp.memory_space<ct_local, ct_id = 23>}
      : memref<1x1x128x1xf16>
  %d31 = ktdp.construct_memory_view %dst, sizes: [1, 1, 128, 1], strides: [128, 128, 1, 1]
      {coordinate_set = #box31, memory_space = #ktdp.memory_space<ct_local, ct_id = 31>}
      : memref<1x1x128x1xf16>
  %to = ktdp.construct_distributed_memory_view (%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15, %d16, %d17, %d18, %d19, %d20, %d21, %d22, %d23, %d24, %d25, %d26, %d27, %d28, %d29, %d30, %d31
      : memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>, memref<1x1x128x1xf16>) : memref<32x1x128x1xf16>
  %l0_0r = arith.remsi %tid, %c8 : index
  %l0_0m = arith.muli %l0_0r, %c4 : index
  %l0_1q = arith.divsi %tid, %c8 : index
  %l0_s0 = arith.addi %l0_0m, %l0_1q : index
  %w0_0r = arith.remsi %tid, %c8 : index
  %w0_0m = arith.muli %w0_0r, %c4 : index
  %w0_1q = arith.divsi %tid, %c8 : index
  %w0_s0 = arith.addi %w0_0m, %w0_1q : index
  %rt = ktdp.construct_access_tile %from[%l0_s0, %c0, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<32x1x128x1xf16> -> !ktdp.access_tile<1x1x128x1xindex>
  %val = ktdp.load %rt : <1x1x128x1xindex> -> tensor<1x1x128x1xf16>
  %wt = ktdp.construct_access_tile %to[%w0_s0, %c0, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<32x1x128x1xf16> -> !ktdp.access_tile<1x1x128x1xindex>
  ktdp.store %val, %wt : tensor<1x1x128x1xf16>, <1x1x128x1xindex>
  return
}
