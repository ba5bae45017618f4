// matmul_scaled.mlir -- samples/matmul_kloop.mlir (A x B, 128x256 by
// 256x256 fp16 with fp32 accumulation, a loop over K blocks, on 32 tiles)
// with its K loop run %reps times over (k0 wraps round K): C = %reps x
// (A x B), the memory the sample's, the run growing linearly with %reps
// (about 2 M events a repetition: 8 -> 16 M, 64 -> 128 M, 512 -> 1 G;
// bench/README.md). A benchmark of long runs (issue 26), not a sample.
// RUN-ARGS: --arg reps=1
// MAX-ULPS: 1

#a_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#b_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#c_set    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#a_block  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b_block  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#c_block  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @matmul_scaled(%a_ptr: index,   // A: 128x256 fp16
                           %b_ptr: index,   // B: 256x256 fp16
                           %c_ptr: index,   // C: 128x256 fp16
                           %reps: index)
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

    // The K loop %reps times over: k0 wraps round K.
    %KR = arith.muli %K, %reps : index
    %acc = scf.for %kk = %c0 to %KR step %block_k
        iter_args(%acc_it = %acc_zero) -> (tensor<16x64xf32>) {
      %k0 = arith.remui %kk, %K : index
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
