// dynamic_rows_loop.mlir -- a row count known only at launch (%n, 13 in the
// test): the views are n x 64 f16 with a symbol in their coordinate set;
// 4 tiles stride over the rows (tile t takes rows t, t + 4, ...), so the
// tiles do different numbers of rows: y[r] = x[r] * x[r] + 0.5.
// RUN-ARGS: --arg n=13
#view = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dynamic_rows_loop(%x_ptr: index, %y_ptr: index, %n: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %half = arith.constant dense<0.5> : tensor<1x64xf16>
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [%n, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<?x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [%n, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<?x64xf16>
    scf.for %r = %t to %n step %c4 {
      %xa = ktdp.construct_access_tile %xv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %xa : <1x64xindex> -> tensor<1x64xf16>
      %sq = arith.mulf %x, %x : tensor<1x64xf16>
      %y = arith.addf %sq, %half : tensor<1x64xf16>
      %ya = ktdp.construct_access_tile %yv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
      ktdp.store %y, %ya : tensor<1x64xf16>, <1x64xindex>
    }
    return
  }
}
