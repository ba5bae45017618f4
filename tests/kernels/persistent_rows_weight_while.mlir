// persistent_rows_weight_while.mlir -- a persistent kernel as a Triton-to-
// KTIR generator writes one: each of 8 programs loads Llama-3's 4096-wide
// norm weight once, broadcasts it to a row tile before its loop, then walks
// the rows pid, pid + 8, ... of a 32-token prefill in an scf.while whose
// bound is an i32 argument, scaling each row by the weight. The broadcast
// (and the load under it) is made again in the loop body
// (extract-compute-groups), so the loop's stage streams the weight next to
// the row; hoist-invariant-transfers, which now also looks through
// scf.while, moves its HBM load back before the loop into a persistent LX
// buffer: 5,652 cycles. Before: the compute engine held the broadcast
// weight for the whole loop, 16,384 bytes against its 2,048 (the same with
// an scf.for), 6,214 cycles.
//
// What it computes
//   x, y : n x 4096 f16, w : 4096 f16, n = 32. grid = [8]:
//   y[r, c] = x[r, c] * w[c].
// RUN-ARGS: --arg n_rows=32
#x_all = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#w_all = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>
#one_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @scale_rows_persistent(%x_ptr: index, %w_ptr: index, %y_ptr: index, %n_rows: i32) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %pid = ktdp.get_compute_tile_id : index
    %n = arith.index_cast %n_rows : i32 to index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [%n, 4096], strides: [4096, 1] {coordinate_set = #x_all, memory_space = #ktdp.memory_space<global>} : memref<?x4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [%n, 4096], strides: [4096, 1] {coordinate_set = #x_all, memory_space = #ktdp.memory_space<global>} : memref<?x4096xf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [4096], strides: [1] {coordinate_set = #w_all, memory_space = #ktdp.memory_space<global>} : memref<4096xf16>
    %wa = ktdp.construct_access_tile %wv[%c0] {access_tile_set = #w_all, access_tile_order = #id1} : memref<4096xf16> -> !ktdp.access_tile<4096xindex>
    %w = ktdp.load %wa : !ktdp.access_tile<4096xindex> -> tensor<4096xf16>
    %we = tensor.empty() : tensor<1x4096xf16>
    %wb = linalg.broadcast ins(%w : tensor<4096xf16>) outs(%we : tensor<1x4096xf16>) dimensions = [0]
    %last = scf.while (%r = %pid) : (index) -> index {
      %more = arith.cmpi slt, %r, %n : index
      scf.condition(%more) %r : index
    } do {
    ^bb0(%row: index):
      %xa = ktdp.construct_access_tile %xv[%row, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<?x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
      %y = arith.mulf %x, %wb : tensor<1x4096xf16>
      %ya = ktdp.construct_access_tile %yv[%row, %c0] {access_tile_set = #one_row, access_tile_order = #id2} : memref<?x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      ktdp.store %y, %ya : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
      %next = arith.addi %row, %c8 : index
      scf.yield %next : index
    }
    return
  }
}
