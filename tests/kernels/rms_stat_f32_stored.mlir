// rms_stat_f32_stored.mlir -- the statistic half of a split RMSNorm as an
// inductor-style generator emits it for Llama-3-8B's 32-token prefill:
// `ms = x.float().pow(2).sum(-1)` stored as f32 for a later kernel to scale
// by. A reduction linalg.generic whose body widens each f16 element to f32
// and squares it into an f32 accumulator started by a linalg.fill; one row
// per core, and the row's total goes straight to memory (no broadcast back
// into the row). The reduction streams a stick at a time with an f32
// vector accumulator (chunk-reductions): it held the widened row whole
// before (24,580 bytes against the compute engine's 2,048).
//
// What it computes
//   x : 32x4096 f16, ms : 32 f32. grid = [32]:  ms[r] = sum_c f32(x[r, c])^2.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#one_row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#stats = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#single = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#to_row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @rms_stat(%x_ptr: index, %ms_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.000000e+00 : f32
    %tok = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>
    } : memref<32x4096xf16>
    %msv = ktdp.construct_memory_view %ms_ptr, sizes: [32], strides: [1] {
      coordinate_set = #stats, memory_space = #ktdp.memory_space<global>
    } : memref<32xf32>
    %xa = ktdp.construct_access_tile %xv[%tok, %c0] {
      access_tile_set = #one_row, access_tile_order = #id2
    } : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %empty = tensor.empty() : tensor<1xf32>
    %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<1xf32>) -> tensor<1xf32>
    %ms = linalg.generic {indexing_maps = [#id2, #to_row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x4096xf16>) outs(%init : tensor<1xf32>) {
    ^bb0(%in: f16, %acc: f32):
      %wide = arith.extf %in : f16 to f32
      %sq = arith.mulf %wide, %wide : f32
      %sum = arith.addf %sq, %acc : f32
      linalg.yield %sum : f32
    } -> tensor<1xf32>
    %msa = ktdp.construct_access_tile %msv[%tok] {
      access_tile_set = #single, access_tile_order = #id1
    } : memref<32xf32> -> !ktdp.access_tile<1xindex>
    ktdp.store %ms, %msa : tensor<1xf32>, !ktdp.access_tile<1xindex>
    return
  }
}
