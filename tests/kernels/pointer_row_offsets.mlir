// pointer_row_offsets.mlir -- pointer arguments with arithmetic on them:
// each of 2 tiles reads its 2x64 block of x at x_ptr + 128 * (pid + 1)
// (the block after a one-block header) and writes y = x * x + x at
// y_ptr + 128 * pid. No view is built on %x_ptr or %y_ptr directly, so
// --seed cannot make arrays for them: without values they get automatic
// addresses and the discovery run fills the blocks the kernel reads
// (docs/inputs.md).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @pointer_row_offsets(%x_ptr: index, %y_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %pid = ktdp.get_compute_tile_id : index
    %next = arith.addi %pid, %c1 : index
    %xoff = arith.muli %next, %c128 : index
    %xblk = arith.addi %x_ptr, %xoff : index
    %yoff = arith.muli %pid, %c128 : index
    %yblk = arith.addi %y_ptr, %yoff : index
    %xv = ktdp.construct_memory_view %xblk, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = #blk, memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %yv = ktdp.construct_memory_view %yblk, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = #blk, memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    %x = ktdp.load %xa : <2x64xindex> -> tensor<2x64xf16>
    %sq = arith.mulf %x, %x : tensor<2x64xf16>
    %y = arith.addf %sq, %x : tensor<2x64xf16>
    ktdp.store %y, %ya : tensor<2x64xf16>, <2x64xindex>
    return
  }
}
