// matmul_f32acc_k3.mlir -- a K loop of three steps into an f32 accumulator
// (issue 15: the class of samples/matmul_kloop.mlir with other sizes).
//
// What it computes
//   C[32, 128] = A[32, 192] @ B[192, 128], fp16 in HBM, row-major.
//   grid = [2, 2]: tile (pid_n, pid_m) owns the 16x64 block
//   C[16*pid_m .. +15, 64*pid_n .. +63]. It starts from a zero fp32
//   accumulator, adds A's 16x64 block times B's 64x64 block for each of
//   the three K steps (k0 = 0, 64, 128), rounds to fp16 and stores.
// The bound of emu.cosim_kernels' table, for spyre-batch too:
// MAX-ULPS: 1

#a_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 191 >= 0)>
#b_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 191 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#c_set   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#a_block = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b_block = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2     = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @matmul_f32acc_k3(%a_ptr: index, %b_ptr: index, %c_ptr: index)
      attributes {grid = [2, 2]} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c192 = arith.constant 192 : index
    %zero = arith.constant 0.0 : f32
    %pid_n, %pid_m = ktdp.get_compute_tile_id : index, index
    %m0 = arith.muli %pid_m, %c16 : index
    %n0 = arith.muli %pid_n, %c64 : index
    %a_view = ktdp.construct_memory_view %a_ptr, sizes: [32, 192], strides: [192, 1] {
      coordinate_set = #a_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x192xf16>
    %b_view = ktdp.construct_memory_view %b_ptr, sizes: [192, 128], strides: [128, 1] {
      coordinate_set = #b_set, memory_space = #ktdp.memory_space<global>
    } : memref<192x128xf16>
    %c_view = ktdp.construct_memory_view %c_ptr, sizes: [32, 128], strides: [128, 1] {
      coordinate_set = #c_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x128xf16>
    %empty = tensor.empty() : tensor<16x64xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x64xf32>) -> tensor<16x64xf32>
    %acc = scf.for %k0 = %c0 to %c192 step %c64 iter_args(%acc_it = %acc0) -> (tensor<16x64xf32>) {
      %a_acc = ktdp.construct_access_tile %a_view[%m0, %k0] {
        access_tile_set = #a_block, access_tile_order = #id2
      } : memref<32x192xf16> -> !ktdp.access_tile<16x64xindex>
      %b_acc = ktdp.construct_access_tile %b_view[%k0, %n0] {
        access_tile_set = #b_block, access_tile_order = #id2
      } : memref<192x128xf16> -> !ktdp.access_tile<64x64xindex>
      %a = ktdp.load %a_acc : !ktdp.access_tile<16x64xindex> -> tensor<16x64xf16>
      %b = ktdp.load %b_acc : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
      %next = linalg.matmul ins(%a, %b : tensor<16x64xf16>, tensor<64x64xf16>)
                            outs(%acc_it : tensor<16x64xf32>) -> tensor<16x64xf32>
      scf.yield %next : tensor<16x64xf32>
    }
    %c = arith.truncf %acc : tensor<16x64xf32> to tensor<16x64xf16>
    %c_acc = ktdp.construct_access_tile %c_view[%m0, %n0] {
      access_tile_set = #a_block, access_tile_order = #id2
    } : memref<32x128xf16> -> !ktdp.access_tile<16x64xindex>
    ktdp.store %c, %c_acc : tensor<16x64xf16>, !ktdp.access_tile<16x64xindex>
    return
  }
}
