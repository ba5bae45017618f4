// leaky_where_tensors.mlir -- a leaky relu as a generator lowers
// `torch.where(x < 0, x * 0.01, x)` over a Llama-3 hidden state of a
// 32-token prefill (32 x 4096 f16, four rows per core): arith.cmpf and
// arith.select on whole tensors, so the stage computes an i1 mask tile
// beside the f16 ones. It streams a stick at a time, the mask in the
// sticks' lanes (it used to hold three 32 KiB tiles whole).
//
// What it computes
//   x, y : 32x4096 f16. grid = [8]: y = x < 0 ? fp16(x * 0.01) : x.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @leaky_where(%x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
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
    %zeros = arith.constant dense<0.000000e+00> : tensor<4x4096xf16>
    %small = arith.constant dense<1.000000e-02> : tensor<4x4096xf16>
    %neg = arith.cmpf olt, %x, %zeros : tensor<4x4096xf16>
    %leak = arith.mulf %x, %small : tensor<4x4096xf16>
    %y = arith.select %neg, %leak, %x : tensor<4x4096xi1>, tensor<4x4096xf16>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #rows, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<4x4096xindex>
    ktdp.store %y, %ya : tensor<4x4096xf16>, !ktdp.access_tile<4x4096xindex>
    return
  }
}
