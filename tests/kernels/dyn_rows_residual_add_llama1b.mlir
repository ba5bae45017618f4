// dyn_rows_residual_add_llama1b.mlir -- the residual add of a chunked
// prefill step of Llama-3.2-1B (hidden 2048, f16) over a run-time number
// of tokens n <= 512: the access tiles are !ktdp.access_tile<?x64xindex>
// with symbols(%n), the row count known only at launch, as a generator
// writes a dynamic token dimension. normalize-tensor-ops makes each a loop
// over chunks of rows (64 rows of 64 f16), then the rows left one at a time.
// RUN-ARGS: --arg n=300
//
// What it computes
//   x, r, y : 512x2048 f16 (rows past n are not touched), n : index.
//   grid = [32]: tile t computes y[i, 64t + j] = x[i, 64t + j] + r[i, 64t + j]
//   for i < n, j < 64.
#v = affine_set<(d0, d1) : (d0 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dyn_residual_add(%x_ptr: index, %r_ptr: index, %y_ptr: index, %n: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %t = ktdp.get_compute_tile_id : index
    %col = arith.muli %t, %c64 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [512, 2048], strides: [2048, 1] {
      coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf16>
    %rv = ktdp.construct_memory_view %r_ptr, sizes: [512, 2048], strides: [2048, 1] {
      coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [512, 2048], strides: [2048, 1] {
      coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<512x2048xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %col] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2}
        : memref<512x2048xf16> -> !ktdp.access_tile<?x64xindex>
    %ra = ktdp.construct_access_tile %rv[%c0, %col] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2}
        : memref<512x2048xf16> -> !ktdp.access_tile<?x64xindex>
    %x = ktdp.load %xa : <?x64xindex> -> tensor<?x64xf16>
    %r = ktdp.load %ra : <?x64xindex> -> tensor<?x64xf16>
    %y = arith.addf %x, %r : tensor<?x64xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %col] symbols(%n) {access_tile_set = #rows, access_tile_order = #id2}
        : memref<512x2048xf16> -> !ktdp.access_tile<?x64xindex>
    ktdp.store %y, %ya : tensor<?x64xf16>, !ktdp.access_tile<?x64xindex>
    return
  }
}
