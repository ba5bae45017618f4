// tail_rows_symbol.mlir -- an access tile whose row count is a symbol: n
// rows of 64 f16 (n = 11 in the test) in blocks of 4 rows on 3 tiles;
// the last block has only 3 rows, so its tile set is bounded by
// min(4, n - r0) through a symbol: y = x * 3 - 1 on the rows that exist.
// RUN-ARGS: --arg n=11
#view = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#blk = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tail_rows_symbol(%x_ptr: index, %y_ptr: index, %n: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %three = arith.constant dense<3.0> : tensor<4x64xf16>
    %one = arith.constant dense<1.0> : tensor<4x64xf16>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %left = arith.subi %n, %r0 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [%n, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<?x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [%n, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<?x64xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] symbols(%left) {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<?x64xf16> -> !ktdp.access_tile<4x64xindex>
    %x = ktdp.load %xa : <4x64xindex> -> tensor<4x64xf16>
    %m = arith.mulf %x, %three : tensor<4x64xf16>
    %y = arith.subf %m, %one : tensor<4x64xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] symbols(%left) {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<?x64xf16> -> !ktdp.access_tile<4x64xindex>
    ktdp.store %y, %ya : tensor<4x64xf16>, <4x64xindex>
    return
  }
}
