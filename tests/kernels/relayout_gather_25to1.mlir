// relayout_gather_25to1.mlir -- an inter-core relayout (gather): 6400 f16
// (rank 3) held in 25 pieces of 256 on cores 0..24 are gathered onto core
// 0. Core t stores its own piece into core 0's scratchpad. No grid: the
// highest core the views name is 24, so the kernel runs on 25 cores.
// Written by tests/tools/relayout-kernels.py.

#box0 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box1 = affine_set<(d0, d1, d2) : (d0 - 256 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box2 = affine_set<(d0, d1, d2) : (d0 - 512 >= 0, -d0 + 767 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box3 = affine_set<(d0, d1, d2) : (d0 - 768 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box4 = affine_set<(d0, d1, d2) : (d0 - 1024 >= 0, -d0 + 1279 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box5 = affine_set<(d0, d1, d2) : (d0 - 1280 >= 0, -d0 + 1535 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box6 = affine_set<(d0, d1, d2) : (d0 - 1536 >= 0, -d0 + 1791 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box7 = affine_set<(d0, d1, d2) : (d0 - 1792 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box8 = affine_set<(d0, d1, d2) : (d0 - 2048 >= 0, -d0 + 2303 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box9 = affine_set<(d0, d1, d2) : (d0 - 2304 >= 0, -d0 + 2559 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box10 = affine_set<(d0, d1, d2) : (d0 - 2560 >= 0, -d0 + 2815 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box11 = affine_set<(d0, d1, d2) : (d0 - 2816 >= 0, -d0 + 3071 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box12 = affine_set<(d0, d1, d2) : (d0 - 3072 >= 0, -d0 + 3327 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box13 = affine_set<(d0, d1, d2) : (d0 - 3328 >= 0, -d0 + 3583 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box14 = affine_set<(d0, d1, d2) : (d0 - 3584 >= 0, -d0 + 3839 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box15 = affine_set<(d0, d1, d2) : (d0 - 3840 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box16 = affine_set<(d0, d1, d2) : (d0 - 4096 >= 0, -d0 + 4351 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box17 = affine_set<(d0, d1, d2) : (d0 - 4352 >= 0, -d0 + 4607 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box18 = affine_set<(d0, d1, d2) : (d0 - 4608 >= 0, -d0 + 4863 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box19 = affine_set<(d0, d1, d2) : (d0 - 4864 >= 0, -d0 + 5119 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box20 = affine_set<(d0, d1, d2) : (d0 - 5120 >= 0, -d0 + 5375 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box21 = affine_set<(d0, d1, d2) : (d0 - 5376 >= 0, -d0 + 5631 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box22 = affine_set<(d0, d1, d2) : (d0 - 5632 >= 0, -d0 + 5887 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box23 = affine_set<(d0, d1, d2) : (d0 - 5888 >= 0, -d0 + 6143 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box24 = affine_set<(d0, d1, d2) : (d0 - 6144 >= 0, -d0 + 6399 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#box25 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 6399 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>
#ord = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

func.func @relayout_gather_25to1(%src: index, %dst: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %tid = ktdp.get_compute_tile_id : index

  %s0 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<256x1x1xf16>
  %s1 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>}
      : memref<256x1x1xf16>
  %s2 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 2>}
      : memref<256x1x1xf16>
  %s3 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 3>}
      : memref<256x1x1xf16>
  %s4 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 4>}
      : memref<256x1x1xf16>
  %s5 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 5>}
      : memref<256x1x1xf16>
  %s6 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 6>}
      : memref<256x1x1xf16>
  %s7 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 7>}
      : memref<256x1x1xf16>
  %s8 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box8, memory_space = #ktdp.memory_space<ct_local, ct_id = 8>}
      : memref<256x1x1xf16>
  %s9 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box9, memory_space = #ktdp.memory_space<ct_local, ct_id = 9>}
      : memref<256x1x1xf16>
  %s10 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box10, memory_space = #ktdp.memory_space<ct_local, ct_id = 10>}
      : memref<256x1x1xf16>
  %s11 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box11, memory_space = #ktdp.memory_space<ct_local, ct_id = 11>}
      : memref<256x1x1xf16>
  %s12 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box12, memory_space = #ktdp.memory_space<ct_local, ct_id = 12>}
      : memref<256x1x1xf16>
  %s13 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box13, memory_space = #ktdp.memory_space<ct_local, ct_id = 13>}
      : memref<256x1x1xf16>
  %s14 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box14, memory_space = #ktdp.memory_space<ct_local, ct_id = 14>}
      : memref<256x1x1xf16>
  %s15 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box15, memory_space = #ktdp.memory_space<ct_local, ct_id = 15>}
      : memref<256x1x1xf16>
  %s16 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box16, memory_space = #ktdp.memory_space<ct_local, ct_id = 16>}
      : memref<256x1x1xf16>
  %s17 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box17, memory_space = #ktdp.memory_space<ct_local, ct_id = 17>}
      : memref<256x1x1xf16>
  %s18 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box18, memory_space = #ktdp.memory_space<ct_local, ct_id = 18>}
      : memref<256x1x1xf16>
  %s19 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box19, memory_space = #ktdp.memory_space<ct_local, ct_id = 19>}
      : memref<256x1x1xf16>
  %s20 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box20, memory_space = #ktdp.memory_space<ct_local, ct_id = 20>}
      : memref<256x1x1xf16>
  %s21 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box21, memory_space = #ktdp.memory_space<ct_local, ct_id = 21>}
      : memref<256x1x1xf16>
  %s22 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box22, memory_space = #ktdp.memory_space<ct_local, ct_id = 22>}
      : memref<256x1x1xf16>
  %s23 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box23, memory_space = #ktdp.memory_space<ct_local, ct_id = 23>}
      : memref<256x1x1xf16>
  %s24 = ktdp.construct_memory_view %src, sizes: [256, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box24, memory_space = #ktdp.memory_space<ct_local, ct_id = 24>}
      : memref<256x1x1xf16>
  %from = ktdp.construct_distributed_memory_view (%s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7, %s8, %s9, %s10, %s11, %s12, %s13, %s14, %s15, %s16, %s17, %s18, %s19, %s20, %s21, %s22, %s23, %s24
      : memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>, memref<256x1x1xf16>) : memref<6400x1x1xf16>
  %d0 = ktdp.construct_memory_view %dst, sizes: [6400, 1, 1], strides: [1, 1, 1]
      {coordinate_set = #box25, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<6400x1x1xf16>
  %to = ktdp.construct_distributed_memory_view (%d0
      : memref<6400x1x1xf16>) : memref<6400x1x1xf16>
  %l0_0m = arith.muli %tid, %c256 : index
  %w0_0m = arith.muli %tid, %c256 : index
  %rt = ktdp.construct_access_tile %from[%l0_0m, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<6400x1x1xf16> -> !ktdp.access_tile<256x1x1xindex>
  %val = ktdp.load %rt : <256x1x1xindex> -> tensor<256x1x1xf16>
  %wt = ktdp.construct_access_tile %to[%w0_0m, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<6400x1x1xf16> -> !ktdp.access_tile<256x1x1xindex>
  ktdp.store %val, %wt : tensor<256x1x1xf16>, <256x1x1xindex>
  return
}
