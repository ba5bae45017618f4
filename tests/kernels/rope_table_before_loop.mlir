// rope_table_before_loop.mlir -- rotary position embedding with its cos/sin
// tables loaded once, before the loop over heads that uses them.
//
// What it computes
//   X, Y : 256x128 fp16 (4 heads of 64 positions, head h in rows
//   64h .. 64h+63); C, S : 64x64 fp16 (cos and sin per position and
//   frequency). grid = [8]: tile t handles positions 8t .. 8t+7 of every
//   head. For each head, with x1 = X[r, 0:64] and x2 = X[r, 64:128]:
//     Y[r, 0:64]   = x1 * C[p] - x2 * S[p]
//     Y[r, 64:128] = x2 * C[p] + x1 * S[p]
//
// Why it is interesting
//   The tables are tiles defined outside the stage that uses them: loaded
//   before the scf.for and read by the elementwise ops of every iteration.
//   The pipeline streams them from LX next to the operands it loads in the
//   loop.

#x_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#t_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#half   = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2    = affine_map<(d0, d1) -> (d0, d1)>

module {
  func.func @rope(%x_ptr: index, %c_ptr: index, %s_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %id = ktdp.get_compute_tile_id : index
    %p0 = arith.muli %id, %c8 : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [256, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x128xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [256, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x128xf16>
    %c_view = ktdp.construct_memory_view %c_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #t_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    %s_view = ktdp.construct_memory_view %s_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #t_set, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>

    // The tables: loaded once, outside the loop.
    %c_acc = ktdp.construct_access_tile %c_view[%p0, %c0] {
      access_tile_set = #half, access_tile_order = #id2
    } : memref<64x64xf16> -> !ktdp.access_tile<8x64xindex>
    %cos = ktdp.load %c_acc : <8x64xindex> -> tensor<8x64xf16>
    %s_acc = ktdp.construct_access_tile %s_view[%p0, %c0] {
      access_tile_set = #half, access_tile_order = #id2
    } : memref<64x64xf16> -> !ktdp.access_tile<8x64xindex>
    %sin = ktdp.load %s_acc : <8x64xindex> -> tensor<8x64xf16>

    scf.for %r0 = %p0 to %c256 step %c64 {
      %x1_acc = ktdp.construct_access_tile %x_view[%r0, %c0] {
        access_tile_set = #half, access_tile_order = #id2
      } : memref<256x128xf16> -> !ktdp.access_tile<8x64xindex>
      %x2_acc = ktdp.construct_access_tile %x_view[%r0, %c64] {
        access_tile_set = #half, access_tile_order = #id2
      } : memref<256x128xf16> -> !ktdp.access_tile<8x64xindex>
      %x1 = ktdp.load %x1_acc : <8x64xindex> -> tensor<8x64xf16>
      %x2 = ktdp.load %x2_acc : <8x64xindex> -> tensor<8x64xf16>
      %a = arith.mulf %x1, %cos : tensor<8x64xf16>
      %b = arith.mulf %x2, %sin : tensor<8x64xf16>
      %y1 = arith.subf %a, %b : tensor<8x64xf16>
      %c = arith.mulf %x2, %cos : tensor<8x64xf16>
      %d = arith.mulf %x1, %sin : tensor<8x64xf16>
      %y2 = arith.addf %c, %d : tensor<8x64xf16>
      %y1_acc = ktdp.construct_access_tile %y_view[%r0, %c0] {
        access_tile_set = #half, access_tile_order = #id2
      } : memref<256x128xf16> -> !ktdp.access_tile<8x64xindex>
      %y2_acc = ktdp.construct_access_tile %y_view[%r0, %c64] {
        access_tile_set = #half, access_tile_order = #id2
      } : memref<256x128xf16> -> !ktdp.access_tile<8x64xindex>
      ktdp.store %y1, %y1_acc : tensor<8x64xf16>, <8x64xindex>
      ktdp.store %y2, %y2_acc : tensor<8x64xf16>, <8x64xindex>
    }
    return
  }
}
