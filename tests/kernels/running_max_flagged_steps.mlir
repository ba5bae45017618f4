// running_max_flagged_steps.mlir -- a running max updated only when a
// flag is set: per-token activation-range calibration over decode steps,
// where a step's flag word (loaded from memory) says in its low bit
// whether the token was live at that step (Llama-3-8B hidden size 4096, 32 tokens, 8 steps).
//
// What it computes
//   x : 8 steps x 32 tokens x 4096 f16 (as 256 x 4096 rows, step-major),
//   live : 8 x 32 i32, m : 32 x 4096 f16. grid = [32]: tile t carries a
//   1 x 4096 f16 row (8 KiB) through `scf.for %s = 0 to 8`, starting at
//   -inf; it loads live[s, t] and, when its low bit is set, takes the
//   elementwise maximum with x[s, t] (scf.if on a loaded scalar, else the
//   row unchanged). Stores m[t]. The row stays in LX between steps; the
//   flag is handed to every unit that follows the branch.
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#m_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#f_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#one = affine_set<(d0, d1) : (d0 == 0, d1 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @running_max_flagged_steps(%x_ptr: index, %live_ptr: index, %m_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %ninf = arith.constant 0xFC00 : f16
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [256, 4096], strides: [4096, 1] {coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>} : memref<256x4096xf16>
    %fv = ktdp.construct_memory_view %live_ptr, sizes: [8, 32], strides: [32, 1] {coordinate_set = #f_set, memory_space = #ktdp.memory_space<global>} : memref<8x32xi32>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #m_set, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %e = tensor.empty() : tensor<1x4096xf16>
    %m0 = linalg.fill ins(%ninf : f16) outs(%e : tensor<1x4096xf16>) -> tensor<1x4096xf16>
    %m = scf.for %s = %c0 to %c8 step %c1 iter_args(%run = %m0) -> (tensor<1x4096xf16>) {
      %fa = ktdp.construct_access_tile %fv[%s, %t] {access_tile_set = #one, access_tile_order = #id2} : memref<8x32xi32> -> !ktdp.access_tile<1x1xindex>
      %ft = ktdp.load %fa : !ktdp.access_tile<1x1xindex> -> tensor<1x1xi32>
      %flag = tensor.extract %ft[%c0, %c0] : tensor<1x1xi32>
      %bit = arith.andi %flag, %i1 : i32
      %live = arith.cmpi ne, %bit, %i0 : i32
      %next = scf.if %live -> (tensor<1x4096xf16>) {
        %step = arith.muli %s, %c32 : index
        %r = arith.addi %step, %t : index
        %xa = ktdp.construct_access_tile %xv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<256x4096xf16> -> !ktdp.access_tile<1x4096xindex>
        %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
        %mx = arith.maximumf %run, %x : tensor<1x4096xf16>
        scf.yield %mx : tensor<1x4096xf16>
      } else {
        scf.yield %run : tensor<1x4096xf16>
      }
      scf.yield %next : tensor<1x4096xf16>
    }
    %ma = ktdp.construct_access_tile %mv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    ktdp.store %m, %ma : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    return
  }
}
