// mtb_llama1b_qproj_decode.mlir -- Llama-3.2-1B q_proj for one decode token
// (issue 23, section 1): `linalg.matmul_transpose_b` of the 1x2048 hidden
// state against the 2048x2048 weight as stored (out x in), the 32 tiles
// each owning 64 output features, K in chunks of 256 accumulated in f32
// through the matmul's own accumulator (outs of the iter_args value).
//
// What it computes
//   x : 1x2048 f16, W : 2048x2048 f16, y : 1x2048 f16. grid = [32]: tile t
//   computes y[0, 64t + j] = fp16(sum over k of fp32(x[0, k]) *
//   fp32(W[64t + j, k])), the f32 sum taken chunk by chunk in k order.
// Bound of the co-simulation (emu.cosim_kernels, spyre-batch):
// as matmul_f32acc_k3: the f32 sums round apart by an f32 step, which
// can flip an f16 rounding (worst seen 0.25).
// MAX-ULPS: 1
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#x_chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#w_chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#y_chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @llama1b_qproj_decode(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %c2048 = arith.constant 2048 : index
    %zero = arith.constant 0.0 : f32
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [1, 2048], strides: [2048, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x2048xf16>
    %w_view = ktdp.construct_memory_view %w_ptr, sizes: [2048, 2048], strides: [2048, 1] {
      coordinate_set = #w_set, memory_space = #ktdp.memory_space<global>
    } : memref<2048x2048xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [1, 2048], strides: [2048, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<1x2048xf16>
    %t = ktdp.get_compute_tile_id : index
    %n0 = arith.muli %t, %c64 : index
    %empty = tensor.empty() : tensor<1x64xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x64xf32>) -> tensor<1x64xf32>
    %acc = scf.for %k = %c0 to %c2048 step %c256 iter_args(%a = %acc0) -> (tensor<1x64xf32>) {
      %xa = ktdp.construct_access_tile %x_view[%c0, %k] {
        access_tile_set = #x_chunk, access_tile_order = #id2
      } : memref<1x2048xf16> -> !ktdp.access_tile<1x256xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %wa = ktdp.construct_access_tile %w_view[%n0, %k] {
        access_tile_set = #w_chunk, access_tile_order = #id2
      } : memref<2048x2048xf16> -> !ktdp.access_tile<64x256xindex>
      %w = ktdp.load %wa : !ktdp.access_tile<64x256xindex> -> tensor<64x256xf16>
      %r = linalg.matmul_transpose_b ins(%x, %w : tensor<1x256xf16>, tensor<64x256xf16>)
                                     outs(%a : tensor<1x64xf32>) -> tensor<1x64xf32>
      scf.yield %r : tensor<1x64xf32>
    }
    %y = arith.truncf %acc : tensor<1x64xf32> to tensor<1x64xf16>
    %ya = ktdp.construct_access_tile %y_view[%c0, %n0] {
      access_tile_set = #y_chunk, access_tile_order = #id2
    } : memref<1x2048xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %y, %ya : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
