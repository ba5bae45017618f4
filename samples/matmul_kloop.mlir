// matmul_kloop.mlir -- blocked matrix multiply with a K loop:
//   C[M, N] = A[M, K] @ B[K, N],  M = 128, N = 256, K = 256
//
// What it computes
//   A : 128x256 fp16, B : 256x256 fp16, C : 128x256 fp16, row-major in HBM;
//   %a_ptr, %b_ptr, %c_ptr are element indices into HBM.
//   grid = [4, 8], tile coordinates (pid_n, pid_m): pid_n = dimension 0 picks
//   a 64-column block of C, pid_m = dimension 1 a 16-row block (linear tile
//   id = pid_n + 4*pid_m, so core k computes block (k mod 4, k / 4)).
//   Each tile owns the 16x64 block C[16*pid_m .. +15, 64*pid_n .. +63]. It
//   starts from a zero fp32 accumulator and runs an scf.for over K in steps of
//   64 (4 iterations); each iteration loads a 16x64 block of A and a 64x64
//   block of B and does linalg.matmul INTO the accumulator (the loop-carried
//   iter_args value is the matmul's outs operand, so it accumulates). After
//   the loop it rounds to fp16 and stores its block. The 32 blocks tile C
//   exactly once.
//
// Why it is interesting
//   This is the kernel where scheduling matters most. The accumulator
//   (16x64 fp32 = 4 KiB) stays resident in the scratchpad for the whole loop
//   while A and B blocks stream through, so the pipeline can double-buffer the
//   next K block's loads behind the current matmul. Operand reuse is visible
//   in the ring view: every B column block is needed by 8 cores and every A
//   row block by 4. Per-core scratchpad peak is about 2 KiB (A) + 8 KiB (B)
//   + 4 KiB (acc) per in-flight iteration -- well under 2 MiB, so try
//   changing the block sizes to see where the trade-offs are.

#a_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#b_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#c_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#a_block  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b_block  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#c_block  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @matmul_kloop(%a_ptr: index,   // A: 128x256 fp16
                          %b_ptr: index,   // B: 256x256 fp16
                          %c_ptr: index)   // C: 128x256 fp16
      attributes {grid = [4, 8]} {
    %c0 = arith.constant 0 : index
    %block_m = arith.constant 16 : index
    %block_n = arith.constant 64 : index
    %block_k = arith.constant 64 : index
    %K = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32

    %pid_n, %pid_m = ktdp.get_compute_tile_id : index, index
    %m0 = arith.muli %pid_m, %block_m : index
    %n0 = arith.muli %pid_n, %block_n : index

    %a_view = ktdp.construct_memory_view %a_ptr, sizes: [128, 256], strides: [256, 1] {
      coordinate_set = #a_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x256xf16>

    %b_view = ktdp.construct_memory_view %b_ptr, sizes: [256, 256], strides: [256, 1] {
      coordinate_set = #b_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<256x256xf16>

    %c_view = ktdp.construct_memory_view %c_ptr, sizes: [128, 256], strides: [256, 1] {
      coordinate_set = #c_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x256xf16>

    %acc_empty = tensor.empty() : tensor<16x64xf32>
    %acc_zero = linalg.fill ins(%zero : f32) outs(%acc_empty : tensor<16x64xf32>) -> tensor<16x64xf32>

    %acc = scf.for %k0 = %c0 to %K step %block_k
        iter_args(%acc_it = %acc_zero) -> (tensor<16x64xf32>) {
      %a_acc = ktdp.construct_access_tile %a_view[%m0, %k0] {
        access_tile_set = #a_block,
        access_tile_order = #identity
      } : memref<128x256xf16> -> !ktdp.access_tile<16x64xindex>

      %b_acc = ktdp.construct_access_tile %b_view[%k0, %n0] {
        access_tile_set = #b_block,
        access_tile_order = #identity
      } : memref<256x256xf16> -> !ktdp.access_tile<64x64xindex>

      %a = ktdp.load %a_acc : !ktdp.access_tile<16x64xindex> -> tensor<16x64xf16>
      %b = ktdp.load %b_acc : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>

      // acc_next = acc_it + a @ b  (fp16 operands, fp32 accumulation)
      %acc_next = linalg.matmul ins(%a, %b : tensor<16x64xf16>, tensor<64x64xf16>)
                                outs(%acc_it : tensor<16x64xf32>) -> tensor<16x64xf32>
      scf.yield %acc_next : tensor<16x64xf32>
    }

    %c = arith.truncf %acc : tensor<16x64xf32> to tensor<16x64xf16>

    %c_acc = ktdp.construct_access_tile %c_view[%m0, %n0] {
      access_tile_set = #c_block,
      access_tile_order = #identity
    } : memref<128x256xf16> -> !ktdp.access_tile<16x64xindex>
    ktdp.store %c, %c_acc : tensor<16x64xf16>, !ktdp.access_tile<16x64xindex>

    return
  }
}
