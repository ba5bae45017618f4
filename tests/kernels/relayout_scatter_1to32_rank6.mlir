// relayout_scatter_1to32_rank6.mlir -- an inter-core relayout (general,
// 1 to 32): a rank-6 tensor 1x2x4x4x64x8 f16 (32 blocks of 64x8) held
// whole and row-major by core 0 is dealt out, block (b, c, d) to core
// 16b + 4c + d, each stored column-major (strides 1 and 64 on the last
// two dimensions): every core reads core 0's scratchpad and writes its
// block transposed into its own.
// Written by tests/tools/relayout-kernels.py.

#box0 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0, d3 >= 0, -d3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box1 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 3 >= 0, d3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box2 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0, d3 - 1 >= 0, -d3 + 1 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box3 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0, d3 - 2 >= 0, -d3 + 2 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box4 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0, d3 - 3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box5 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 1 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box6 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 1 >= 0, -d2 + 1 >= 0, d3 - 1 >= 0, -d3 + 1 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box7 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 1 >= 0, -d2 + 1 >= 0, d3 - 2 >= 0, -d3 + 2 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box8 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 1 >= 0, -d2 + 1 >= 0, d3 - 3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box9 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 2 >= 0, -d2 + 2 >= 0, d3 >= 0, -d3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box10 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 2 >= 0, -d2 + 2 >= 0, d3 - 1 >= 0, -d3 + 1 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box11 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 2 >= 0, -d2 + 2 >= 0, d3 - 2 >= 0, -d3 + 2 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box12 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 2 >= 0, -d2 + 2 >= 0, d3 - 3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box13 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 3 >= 0, -d2 + 3 >= 0, d3 >= 0, -d3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box14 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 3 >= 0, -d2 + 3 >= 0, d3 - 1 >= 0, -d3 + 1 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box15 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 3 >= 0, -d2 + 3 >= 0, d3 - 2 >= 0, -d3 + 2 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box16 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 - 3 >= 0, -d2 + 3 >= 0, d3 - 3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box17 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 >= 0, d3 >= 0, -d3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box18 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 >= 0, d3 - 1 >= 0, -d3 + 1 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box19 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 >= 0, d3 - 2 >= 0, -d3 + 2 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box20 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 >= 0, d3 - 3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box21 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 1 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box22 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 1 >= 0, -d2 + 1 >= 0, d3 - 1 >= 0, -d3 + 1 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box23 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 1 >= 0, -d2 + 1 >= 0, d3 - 2 >= 0, -d3 + 2 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box24 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 1 >= 0, -d2 + 1 >= 0, d3 - 3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box25 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 2 >= 0, -d2 + 2 >= 0, d3 >= 0, -d3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box26 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 2 >= 0, -d2 + 2 >= 0, d3 - 1 >= 0, -d3 + 1 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box27 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 2 >= 0, -d2 + 2 >= 0, d3 - 2 >= 0, -d3 + 2 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box28 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 2 >= 0, -d2 + 2 >= 0, d3 - 3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box29 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 3 >= 0, -d2 + 3 >= 0, d3 >= 0, -d3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box30 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 3 >= 0, -d2 + 3 >= 0, d3 - 1 >= 0, -d3 + 1 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box31 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 3 >= 0, -d2 + 3 >= 0, d3 - 2 >= 0, -d3 + 2 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#box32 = affine_set<(d0, d1, d2, d3, d4, d5) : (d0 >= 0, -d0 >= 0, d1 - 1 >= 0, -d1 + 1 >= 0, d2 - 3 >= 0, -d2 + 3 >= 0, d3 - 3 >= 0, -d3 + 3 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 7 >= 0)>
#ord = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>

func.func @relayout_scatter_1to32_rank6(%src: index, %dst: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %tid = ktdp.get_compute_tile_id : index

  %s0 = ktdp.construct_memory_view %src, sizes: [1, 2, 4, 4, 64, 8], strides: [16384, 8192, 2048, 512, 8, 1]
      {coordinate_set = #box1, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<1x2x4x4x64x8xf16>
  %from = ktdp.construct_distributed_memory_view (%s0
      : memref<1x2x4x4x64x8xf16>) : memref<1x2x4x4x64x8xf16>
  %d0 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box0, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>}
      : memref<1x1x1x1x64x8xf16>
  %d1 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box2, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>}
      : memref<1x1x1x1x64x8xf16>
  %d2 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box3, memory_space = #ktdp.memory_space<ct_local, ct_id = 2>}
      : memref<1x1x1x1x64x8xf16>
  %d3 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box4, memory_space = #ktdp.memory_space<ct_local, ct_id = 3>}
      : memref<1x1x1x1x64x8xf16>
  %d4 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box5, memory_space = #ktdp.memory_space<ct_local, ct_id = 4>}
      : memref<1x1x1x1x64x8xf16>
  %d5 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box6, memory_space = #ktdp.memory_space<ct_local, ct_id = 5>}
      : memref<1x1x1x1x64x8xf16>
  %d6 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box7, memory_space = #ktdp.memory_space<ct_local, ct_id = 6>}
      : memref<1x1x1x1x64x8xf16>
  %d7 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box8, memory_space = #ktdp.memory_space<ct_local, ct_id = 7>}
      : memref<1x1x1x1x64x8xf16>
  %d8 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box9, memory_space = #ktdp.memory_space<ct_local, ct_id = 8>}
      : memref<1x1x1x1x64x8xf16>
  %d9 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box10, memory_space = #ktdp.memory_space<ct_local, ct_id = 9>}
      : memref<1x1x1x1x64x8xf16>
  %d10 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box11, memory_space = #ktdp.memory_space<ct_local, ct_id = 10>}
      : memref<1x1x1x1x64x8xf16>
  %d11 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box12, memory_space = #ktdp.memory_space<ct_local, ct_id = 11>}
      : memref<1x1x1x1x64x8xf16>
  %d12 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box13, memory_space = #ktdp.memory_space<ct_local, ct_id = 12>}
      : memref<1x1x1x1x64x8xf16>
  %d13 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box14, memory_space = #ktdp.memory_space<ct_local, ct_id = 13>}
      : memref<1x1x1x1x64x8xf16>
  %d14 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box15, memory_space = #ktdp.memory_space<ct_local, ct_id = 14>}
      : memref<1x1x1x1x64x8xf16>
  %d15 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box16, memory_space = #ktdp.memory_space<ct_local, ct_id = 15>}
      : memref<1x1x1x1x64x8xf16>
  %d16 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box17, memory_space = #ktdp.memory_space<ct_local, ct_id = 16>}
      : memref<1x1x1x1x64x8xf16>
  %d17 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box18, memory_space = #ktdp.memory_space<ct_local, ct_id = 17>}
      : memref<1x1x1x1x64x8xf16>
  %d18 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box19, memory_space = #ktdp.memory_space<ct_local, ct_id = 18>}
      : memref<1x1x1x1x64x8xf16>
  %d19 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box20, memory_space = #ktdp.memory_space<ct_local, ct_id = 19>}
      : memref<1x1x1x1x64x8xf16>
  %d20 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box21, memory_space = #ktdp.memory_space<ct_local, ct_id = 20>}
      : memref<1x1x1x1x64x8xf16>
  %d21 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box22, memory_space = #ktdp.memory_space<ct_local, ct_id = 21>}
      : memref<1x1x1x1x64x8xf16>
  %d22 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box23, memory_space = #ktdp.memory_space<ct_local, ct_id = 22>}
      : memref<1x1x1x1x64x8xf16>
  %d23 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box24, memory_space = #ktdp.memory_space<ct_local, ct_id = 23>}
      : memref<1x1x1x1x64x8xf16>
  %d24 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box25, memory_space = #ktdp.memory_space<ct_local, ct_id = 24>}
      : memref<1x1x1x1x64x8xf16>
  %d25 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box26, memory_space = #ktdp.memory_space<ct_local, ct_id = 25>}
      : memref<1x1x1x1x64x8xf16>
  %d26 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box27, memory_space = #ktdp.memory_space<ct_local, ct_id = 26>}
      : memref<1x1x1x1x64x8xf16>
  %d27 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box28, memory_space = #ktdp.memory_space<ct_local, ct_id = 27>}
      : memref<1x1x1x1x64x8xf16>
  %d28 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box29, memory_space = #ktdp.memory_space<ct_local, ct_id = 28>}
      : memref<1x1x1x1x64x8xf16>
  %d29 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box30, memory_space = #ktdp.memory_space<ct_local, ct_id = 29>}
      : memref<1x1x1x1x64x8xf16>
  %d30 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box31, memory_space = #ktdp.memory_space<ct_local, ct_id = 30>}
      : memref<1x1x1x1x64x8xf16>
  %d31 = ktdp.construct_memory_view %dst, sizes: [1, 1, 1, 1, 64, 8], strides: [512, 512, 512, 512, 1, 64]
      {coordinate_set = #box32, memory_space = #ktdp.memory_space<ct_local, ct_id = 31>}
      : memref<1x1x1x1x64x8xf16>
  %to = ktdp.construct_distributed_memory_view (%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15, %d16, %d17, %d18, %d19, %d20, %d21, %d22, %d23, %d24, %d25, %d26, %d27, %d28, %d29, %d30, %d31
      : memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>, memref<1x1x1x1x64x8xf16>) : memref<1x2x4x4x64x8xf16>
  %l1_0q = arith.divsi %tid, %c16 : index
  %l1_0r = arith.remsi %l1_0q, %c2 : index
  %l2_0q = arith.divsi %tid, %c4 : index
  %l2_0r = arith.remsi %l2_0q, %c4 : index
  %l3_0r = arith.remsi %tid, %c4 : index
  %w1_0q = arith.divsi %tid, %c16 : index
  %w1_0r = arith.remsi %w1_0q, %c2 : index
  %w2_0q = arith.divsi %tid, %c4 : index
  %w2_0r = arith.remsi %w2_0q, %c4 : index
  %w3_0r = arith.remsi %tid, %c4 : index
  %rt = ktdp.construct_access_tile %from[%c0, %l1_0r, %l2_0r, %l3_0r, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<1x2x4x4x64x8xf16> -> !ktdp.access_tile<1x1x1x1x64x8xindex>
  %val = ktdp.load %rt : <1x1x1x1x64x8xindex> -> tensor<1x1x1x1x64x8xf16>
  %wt = ktdp.construct_access_tile %to[%c0, %w1_0r, %w2_0r, %w3_0r, %c0, %c0]
      {access_tile_order = #ord, access_tile_set = #box0}
      : memref<1x2x4x4x64x8xf16> -> !ktdp.access_tile<1x1x1x1x64x8xindex>
  ktdp.store %val, %wt : tensor<1x1x1x1x64x8xf16>, <1x1x1x1x64x8xindex>
  return
}
