// masked_row_sum_zero_else.mlir -- a masked row sum with a zero-constant
// else branch: the per-token sum of integer (quantised) activations that a
// zero-point correction subtracts, centred per token, with zeros written
// for the padding tokens of the batch: `if mask[t]: y = x - sum(x) / n
// else: y = 0` (Llama-3-8B hidden size 4096, 32 tokens, one per program).
//
// What it computes
//   x : 32 x 4096 i32, mask : 32 i32 (a token is real when its low bit is
//   set), y : 32 x 4096 f32. grid = [32]: tile t loads mask[t] and branches
//   on it (scf.if on a loaded scalar): the then branch sums row x[t] in i32
//   (exact in any order), and yields f32(x[t]) - f32(sum) / 4096; the else
//   branch yields a constant tile, dense<0.0>. y[t] is the branch's
//   result. The store moves into both branches; the constant tile is a
//   splat per stick, never held whole (16 KiB).
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#ts = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @masked_row_sum_zero_else(%x_ptr: index, %mask_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %n = arith.constant 4096.0 : f32
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xi32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf32>
    %mv = ktdp.construct_memory_view %mask_ptr, sizes: [32], strides: [1] {coordinate_set = #ts, memory_space = #ktdp.memory_space<global>} : memref<32xi32>
    %ma = ktdp.construct_access_tile %mv[%t] {access_tile_set = #one, access_tile_order = #id1} : memref<32xi32> -> !ktdp.access_tile<1xindex>
    %mt = ktdp.load %ma : !ktdp.access_tile<1xindex> -> tensor<1xi32>
    %m = tensor.extract %mt[%c0] : tensor<1xi32>
    %bit = arith.andi %m, %i1 : i32
    %real = arith.cmpi ne, %bit, %i0 : i32
    %y = scf.if %real -> (tensor<1x4096xf32>) {
      %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xi32> -> !ktdp.access_tile<1x4096xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xi32>
      %e = tensor.empty() : tensor<1xi32>
      %z = linalg.fill ins(%i0 : i32) outs(%e : tensor<1xi32>) -> tensor<1xi32>
      %s = linalg.reduce { arith.addi } ins(%x : tensor<1x4096xi32>) outs(%z : tensor<1xi32>) dimensions = [1]
      %sf = arith.sitofp %s : tensor<1xi32> to tensor<1xf32>
      %eb = tensor.empty() : tensor<1x4096xf32>
      %sb = linalg.broadcast ins(%sf : tensor<1xf32>) outs(%eb : tensor<1x4096xf32>) dimensions = [1]
      %nb = tensor.splat %n : tensor<1x4096xf32>
      %mean = arith.divf %sb, %nb : tensor<1x4096xf32>
      %xf = arith.sitofp %x : tensor<1x4096xi32> to tensor<1x4096xf32>
      %c = arith.subf %xf, %mean : tensor<1x4096xf32>
      scf.yield %c : tensor<1x4096xf32>
    } else {
      %zeros = arith.constant dense<0.0> : tensor<1x4096xf32>
      scf.yield %zeros : tensor<1x4096xf32>
    }
    %ya = ktdp.construct_access_tile %yv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf32> -> !ktdp.access_tile<1x4096xindex>
    ktdp.store %y, %ya : tensor<1x4096xf32>, !ktdp.access_tile<1x4096xindex>
    return
  }
}
