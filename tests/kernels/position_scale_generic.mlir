// position_scale_generic.mlir -- a position-dependent scale over a Llama-3
// hidden state of a 32-token prefill (32 x 4096 f16, one block of rows per
// core), the way a generator writes an elementwise op that reads its own
// indices: a linalg.generic whose body turns linalg.index 0 (the row within
// the block) and the block's first row into the token's position, i32 and
// then f16, and scales by 1 / (1 + position / 64). The tile is larger than
// the scratchpad's compute share, so it streams.
//
// What it computes
//   x, y : 32x4096 f16. grid = [8]: tile t holds rows 4t .. 4t+3;
//   y[r, c] = x[r, c] * fp16(1 / (1 + fp16(r) / 64)).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @position_scale(%x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %first = arith.index_cast %r0 : index to i32
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<4x4096xindex> -> tensor<4x4096xf16>
    %one = arith.constant 1.000000e+00 : f16
    %inv64 = arith.constant 1.562500e-02 : f16
    %e = tensor.empty() : tensor<4x4096xf16>
    %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x4096xf16>) outs(%e : tensor<4x4096xf16>) {
    ^bb0(%in: f16, %out: f16):
      %r = linalg.index 0 : index
      %ri = arith.index_cast %r : index to i32
      %pos = arith.addi %ri, %first : i32
      %pf = arith.sitofp %pos : i32 to f16
      %q = arith.mulf %pf, %inv64 : f16
      %d = arith.addf %q, %one : f16
      %k = arith.divf %one, %d : f16
      %v = arith.mulf %in, %k : f16
      linalg.yield %v : f16
    } -> tensor<4x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    ktdp.store %y, %ya : tensor<4x4096xf16>, !ktdp.access_tile<4x4096xindex>
    return
  }
}
