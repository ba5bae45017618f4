// runtime_arg_valid_tokens.mlir -- the frontend's `!ktdp.runtime_arg`
// spelling of a host-supplied scalar: the number of valid tokens of a
// padded 32-token prefill batch (granularity 1, at most 32), read with
// ktdp.runtime_arg_extract, bounds the loop that scales the hidden states
// (Llama-3-8B's 4096) of the valid tokens; 8 programs take rows
// pid, pid + 8, ...; the padding rows are left as they were. Its upper
// bound is read too, as a clamp.
// RUN-ARGS: --arg n_valid=27
#hs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @scale_valid_tokens(%n_valid: !ktdp.runtime_arg<index, granularity=1, upperbound=32>, %x_ptr: index, %y_ptr: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %scale = arith.constant dense<0.125> : tensor<1x4096xf16>
    %pid = ktdp.get_compute_tile_id : index
    %n = ktdp.runtime_arg_extract value from %n_valid : <index, granularity=1, upperbound=32> -> index
    %most = ktdp.runtime_arg_extract upperbound from %n_valid : <index, granularity=1, upperbound=32> -> index
    %rows = arith.minui %n, %most : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #hs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #hs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    scf.for %r = %pid to %rows step %c8 {
      %xa = ktdp.construct_access_tile %xv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
      %y = arith.mulf %x, %scale : tensor<1x4096xf16>
      %ya = ktdp.construct_access_tile %yv[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      ktdp.store %y, %ya : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    }
    return
  }
}
