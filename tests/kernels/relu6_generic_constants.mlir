// relu6_generic_constants.mlir -- relu6 over a Llama-3 hidden state of a
// 32-token prefill (32 x 4096 f16, four rows per core), as a generator
// writes an activation: one linalg.generic whose body declares its own
// constants (0 and 6) beside the ops that use them. Streamed a stick at a
// time, each constant is a splat in the stick's lanes.
//
// What it computes
//   x, y : 32x4096 f16. grid = [8]: y = min(max(x, 0), 6).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @relu6(%x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
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
    %e = tensor.empty() : tensor<4x4096xf16>
    %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x4096xf16>) outs(%e : tensor<4x4096xf16>) {
    ^bb0(%in: f16, %out: f16):
      %zero = arith.constant 0.000000e+00 : f16
      %six = arith.constant 6.000000e+00 : f16
      %lo = arith.maximumf %in, %zero : f16
      %v = arith.minimumf %lo, %six : f16
      linalg.yield %v : f16
    } -> tensor<4x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    ktdp.store %y, %ya : tensor<4x4096xf16>, !ktdp.access_tile<4x4096xindex>
    return
  }
}
