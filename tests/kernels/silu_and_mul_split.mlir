// silu_and_mul_split.mlir -- vLLM's `silu_and_mul` after Llama-3-8B's fused
// gate/up projection on a 32-token prefill (intermediate size 14336, f16),
// as a generator lowers `gate, up = x.chunk(2, dim=-1); silu(gate) * up`:
// one load of the token's 28672 values, cut in halves with
// tensor.extract_slice. normalize-tensor-ops makes each half a load of its
// own box of the view.
//
// What it computes
//   x : 32x28672 f16, y : 32x14336 f16. grid = [32]: tile t computes
//   y[t, :] = silu(x[t, :14336]) * x[t, 14336:], silu(g) = g / (1 + exp(-g)).
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 28671 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 14335 >= 0)>
#xrow = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 28671 >= 0)>
#yrow = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 14335 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @silu_and_mul(%x_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 28672], strides: [28672, 1] {
      coordinate_set = #xs, memory_space = #ktdp.memory_space<global>
    } : memref<32x28672xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [32, 14336], strides: [14336, 1] {
      coordinate_set = #ys, memory_space = #ktdp.memory_space<global>
    } : memref<32x14336xf16>
    %xa = ktdp.construct_access_tile %xv[%t, %c0] {
      access_tile_set = #xrow, access_tile_order = #id2
    } : memref<32x28672xf16> -> !ktdp.access_tile<1x28672xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x28672xindex> -> tensor<1x28672xf16>
    %gate = tensor.extract_slice %x[0, 0] [1, 14336] [1, 1] : tensor<1x28672xf16> to tensor<1x14336xf16>
    %up = tensor.extract_slice %x[0, 14336] [1, 14336] [1, 1] : tensor<1x28672xf16> to tensor<1x14336xf16>
    %one = arith.constant dense<1.000000e+00> : tensor<1x14336xf16>
    %ng = arith.negf %gate : tensor<1x14336xf16>
    %e = math.exp %ng : tensor<1x14336xf16>
    %d = arith.addf %e, %one : tensor<1x14336xf16>
    %s = arith.divf %gate, %d : tensor<1x14336xf16>
    %y = arith.mulf %s, %up : tensor<1x14336xf16>
    %ya = ktdp.construct_access_tile %yv[%t, %c0] {
      access_tile_set = #yrow, access_tile_order = #id2
    } : memref<32x14336xf16> -> !ktdp.access_tile<1x14336xindex>
    ktdp.store %y, %ya : tensor<1x14336xf16>, !ktdp.access_tile<1x14336xindex>
    return
  }
}
