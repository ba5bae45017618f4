// relayout_gather_replicate_32to8.mlir -- an inter-core relayout (grouped
// all-gather with replication): a decode hidden state of 4096 f16 (rank 3:
// hidden, 1, 1) held in 32 pieces of 128 (core k holds 128k..128k+127) is
// gathered whole onto 8 cores (0, 4, ..., 28). The destination states the
// replication: 1 piece x 8 owners, 8 views with the same coordinate_set,
// which are the piece's slots, stacked on dimension 0 (4096 per slot), so
// the composed destination is 32768x1x1. Core t writes quarter t % 4 of
// slot t / 4, which lives on core 4 * (t / 4): three stores in four go to
// another core's scratchpad.
// Written by tests/tools/relayout-kernels.py.

#box0 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box1 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box2 = affine_set<(d0, d1, d2) : (d0 - 128 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box3 = affine_set<(d0, d1, d2) : (d0 - 256 >= 0, -d0 + 383 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box4 = affine_set<(d0, d1, d2) : (d0 - 384 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box5 = affine_set<(d0, d1, d2) : (d0 - 512 >= 0, -d0 + 639 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box6 = affine_set<(d0, d1, d2) : (d0 - 640 >= 0, -d0 + 767 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box7 = affine_set<(d0, d1, d2) : (d0 - 768 >= 0, -d0 + 895 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box8 = affine_set<(d0, d1, d2) : (d0 - 896 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box9 = affine_set<(d0, d1, d2) : (d0 - 1024 >= 0, -d0 + 1151 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box10 = affine_set<(d0, d1, d2) : (d0 - 1152 >= 0, -d0 + 1279 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box11 = affine_set<(d0, d1, d2) : (d0 - 1280 >= 0, -d0 + 1407 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box12 = affine_set<(d0, d1, d2) : (d0 - 1408 >= 0, -d0 + 1535 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box13 = affine_set<(d0, d1, d2) : (d0 - 1536 >= 0, -d0 + 1663 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box14 = affine_set<(d0, d1, d2) : (d0 - 1664 >= 0, -d0 + 1791 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box15 = affine_set<(d0, d1, d2) : (d0 - 1792 >= 0, -d0 + 1919 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box16 = affine_set<(d0, d1, d2) : (d0 - 1920 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box17 = affine_set<(d0, d1, d2) : (d0 - 2048 >= 0, -d0 + 2175 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box18 = affine_set<(d0, d1, d2) : (d0 - 2176 >= 0, -d0 + 2303 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box19 = affine_set<(d0, d1, d2) : (d0 - 2304 >= 0, -d0 + 2431 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box20 = affine_set<(d0, d1, d2) : (d0 - 2432 >= 0, -d0 + 2559 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box21 = affine_set<(d0, d1, d2) : (d0 - 2560 >= 0, -d0 + 2687 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box22 = affine_set<(d0, d1, d2) : (d0 - 2688 >= 0, -d0 + 2815 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box23 = affine_set<(d0, d1, d2) : (d0 - 2816 >= 0, -d0 + 2943 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box24 = affine_set<(d0, d1, d2) : (d0 - 2944 >= 0, -d0 + 3071 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box25 = affine_set<(d0, d1, d2) : (d0 - 3072 >= 0, -d0 + 3199 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box26 = affine_set<(d0, d1, d2) : (d0 - 3200 >= 0, -d0 + 3327 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box27 = affine_set<(d0, d1, d2) : (d0 - 3328 >= 0, -d0 + 3455 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box28 = affine_set<(d0, d1, d2) : (d0 - 3456 >= 0, -d0 + 3583 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box29 = affine_set<(d0, d1, d2) : (d0 - 3584 >= 0, -d0 + 3711 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box30 = affine_set<(d0, d1, d2) : (d0 - 3712 >= 0, -d0 + 3839 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box31 = affine_set<(d0, d1, d2) : (d0 - 3840 >= 0, -d0 + 3967 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box32 = affine_set<(d0, d1, d2) : (d0 - 3968 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box33 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#ord = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

func.func @relayout_gather_replicate_32to8(%src: index, %dst: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %tid = ktdp.get_compute_tile_id : index

  %s0 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<128x1x1xf16>
  %s1 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>}
      : memref<128x1x1xf16>
  %s2 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 2>}
      : memref<128x1x1xf16>
  %s3 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 3>}
      : memref<128x1x1xf16>
  %s4 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 4>}
      : memref<128x1x1xf16>
  %s5 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 5>}
      : memref<128x1x1xf16>
  %s6 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 6>}
      : memref<128x1x1xf16>
  %s7 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box8, memory_space = #ktdp.memory_space<ct_local, ct_id = 7>}
      : memref<128x1x1xf16>
  %s8 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box9, memory_space = #ktdp.memory_space<ct_local, ct_id = 8>}
      : memref<128x1x1xf16>
  %s9 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box10, memory_space = #ktdp.memory_space<ct_local, ct_id = 9>}
      : memref<128x1x1xf16>
  %s10 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box11, memory_space = #ktdp.memory_space<ct_local, ct_id = 10>}
      : memref<128x1x1xf16>
  %s11 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box12, memory_space = #ktdp.memory_space<ct_local, ct_id = 11>}
      : memref<128x1x1xf16>
  %s12 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box13, memory_space = #ktdp.memory_space<ct_local, ct_id = 12>}
      : memref<128x1x1xf16>
  %s13 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box14, memory_space = #ktdp.memory_space<ct_local, ct_id = 13>}
      : memref<128x1x1xf16>
  %s14 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box15, memory_space = #ktdp.memory_space<ct_local, ct_id = 14>}
      : memref<128x1x1xf16>
  %s15 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box16, memory_space = #ktdp.memory_space<ct_local, ct_id = 15>}
      : memref<128x1x1xf16>
  %s16 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box17, memory_space = #ktdp.memory_space<ct_local, ct_id = 16>}
      : memref<128x1x1xf16>
  %s17 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box18, memory_space = #ktdp.memory_space<ct_local, ct_id = 17>}
      : memref<128x1x1xf16>
  %s18 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box19, memory_space = #ktdp.memory_space<ct_local, ct_id = 18>}
      : memref<128x1x1xf16>
  %s19 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box20, memory_space = #ktdp.memory_space<ct_local, ct_id = 19>}
      : memref<128x1x1xf16>
  %s20 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box21, memory_space = #ktdp.memory_space<ct_local, ct_id = 20>}
      : memref<128x1x1xf16>
  %s21 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box22, memory_space = #ktdp.memory_space<ct_local, ct_id = 21>}
      : memref<128x1x1xf16>
  %s22 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box23, memory_space = #ktdp.memory_space<ct_local, ct_id = 22>}
      : memref<128x1x1xf16>
  %s23 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box24, memory_space = #ktdp.memory_space<ct_local, ct_id = 23>}
      : memref<128x1x1xf16>
  %s24 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box25, memory_space = #ktdp.memory_space<ct_local, ct_id = 24>}
      : memref<128x1x1xf16>
  %s25 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box26, memory_space = #ktdp.memory_space<ct_local, ct_id = 25>}
      : memref<128x1x1xf16>
  %s26 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box27, memory_space = #ktdp.memory_space<ct_local, ct_id = 26>}
      : memref<128x1x1xf16>
  %s27 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box28, memory_space = #ktdp.memory_space<ct_local, ct_id = 27>}
      : memref<128x1x1xf16>
  %s28 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box29, memory_space = #ktdp.memory_space<ct_local, ct_id = 28>}
      : memref<128x1x1xf16>
  %s29 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box30, memory_space = #ktdp.memory_space<ct_local, ct_id = 29>}
      : memref<128x1x1xf16>
  %s30 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box31, memory_space = #ktdp.memory_space<ct_local, ct_id = 30>}
      : memref<128x1x1xf16>
  %s31 = ktdp.construct_memory_view %src, sizes: [128, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box32, memory_space = #ktdp.memory_space<ct_local, ct_id = 31>}
      : memref<128x1x1xf16>
  %from = ktdp.construct_distributed_memory_view (%s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7, %s8, %s9, %s10, %s11, %s12, %s13, %s14, %s15, %s16, %s17, %s18, %s19, %s20, %s21, %s22, %s23, %s24, %s25, %s26, %s27, %s28, %s29, %s30, %s31
      : memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>, memref<128x1x1xf16>) : memref<4096x1x1xf16>
  %d0 = ktdp.construct_memory_view %dst, sizes: [4096, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box33, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<4096x1x1xf16>
  %d1 = ktdp.construct_memory_view %dst, sizes: [4096, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box33, memory_space = #ktdp.memory_space<ct_local, ct_id = 4>}
      : memref<4096x1x1xf16>
  %d2 = ktdp.construct_memory_view %dst, sizes: [4096, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box33, memory_space = #ktdp.memory_space<ct_local, ct_id = 8>}
      : memref<4096x1x1xf16>
  %d3 = ktdp.construct_memory_view %dst, sizes: [4096, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box33, memory_space = #ktdp.memory_space<ct_local, ct_id = 12>}
      : memref<4096x1x1xf16>
  %d4 = ktdp.construct_memory_view %dst, sizes: [4096, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box33, memory_space = #ktdp.memory_space<ct_local, ct_id = 16>}
      : memref<4096x1x1xf16>
  %d5 = ktdp.construct_memory_view %dst, sizes: [4096, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box33, memory_space = #ktdp.memory_space<ct_local, ct_id = 20>}
      : memref<4096x1x1xf16>
  %d6 = ktdp.construct_memory_view %dst, sizes: [4096, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box33, memory_space = #ktdp.memory_space<ct_local, ct_id = 24>}
      : memref<4096x1x1xf16>
  %d7 = ktdp.construct_memory_view %dst, sizes: [4096, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box33, memory_space = #ktdp.memory_space<ct_local, ct_id = 28>}
      : memref<4096x1x1xf16>
  %to = ktdp.construct_distributed_memory_view (%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7
      : memref<4096x1x1xf16>, memref<4096x1x1xf16>, memref<4096x1x1xf16>, memref<4096x1x1xf16>, memref<4096x1x1xf16>, memref<4096x1x1xf16>, memref<4096x1x1xf16>, memref<4096x1x1xf16>) : memref<32768x1x1xf16>
  %l0_0r = arith.remsi %tid, %c4 : index
  %l0_0m = arith.muli %l0_0r, %c1024 : index
  %w0_0q = arith.divsi %tid, %c4 : index
  %w0_0m = arith.muli %w0_0q, %c4096 : index
  %w0_1r = arith.remsi %tid, %c4 : index
  %w0_1m = arith.muli %w0_1r, %c1024 : index
  %w0_s0 = arith.addi %w0_0m, %w0_1m : index
  %rt = ktdp.construct_access_tile %from[%l0_0m, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<4096x1x1xf16> -> !ktdp.access_tile<1024x1x1xindex>
  %val = ktdp.load %rt : <1024x1x1xindex> -> tensor<1024x1x1xf16>
  %wt = ktdp.construct_access_tile %to[%w0_s0, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<32768x1x1xf16> -> !ktdp.access_tile<1024x1x1xindex>
  ktdp.store %val, %wt : tensor<1024x1x1xf16>, <1024x1x1xindex>
  return
}
