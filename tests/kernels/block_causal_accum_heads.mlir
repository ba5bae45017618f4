// block_causal_accum_heads.mlir -- block-causal accumulation over key
// blocks, as a flash-attention style kernel skips the blocks above the
// diagonal: Llama-3-8B prefill of 128 tokens in 32-token blocks, head_dim
// 128, its 8 KV heads.
//
// What it computes
//   v : 8 heads x 128 tokens x 128 f16 (as 1024 x 128 rows, head-major),
//   o : the same shape. grid = [4, 8]: tile (qb, h) carries an f32 32x128
//   accumulator through `scf.for %kb = 0 to 4`; an scf.if / else inside the
//   loop adds V[h, kb] (32 x 128, widened to f32) only when kb <= qb, the
//   else branch yields the accumulator unchanged. o[h, qb] = acc / (qb + 1)
//   in f16. The accumulator (16 KiB) stays in LX: each branch that updates
//   it streams it from LX and back a stick at a time, the other does nothing
//   (pipeline/utils/StageAccumulators.h).
#v_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @block_causal_accum_heads(%v_ptr: index, %o_ptr: index) attributes {grid = [4, 8]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %qb, %h = ktdp.get_compute_tile_id : index, index
    %vv = ktdp.construct_memory_view %v_ptr, sizes: [1024, 128], strides: [128, 1] {coordinate_set = #v_set, memory_space = #ktdp.memory_space<global>} : memref<1024x128xf16>
    %ov = ktdp.construct_memory_view %o_ptr, sizes: [1024, 128], strides: [128, 1] {coordinate_set = #v_set, memory_space = #ktdp.memory_space<global>} : memref<1024x128xf16>
    %head = arith.muli %h, %c128 : index
    %e = tensor.empty() : tensor<32x128xf32>
    %a0 = linalg.fill ins(%zero : f32) outs(%e : tensor<32x128xf32>) -> tensor<32x128xf32>
    %acc = scf.for %kb = %c0 to %c4 step %c1 iter_args(%a = %a0) -> (tensor<32x128xf32>) {
      %visible = arith.cmpi ule, %kb, %qb : index
      %next = scf.if %visible -> (tensor<32x128xf32>) {
        %k0 = arith.muli %kb, %c32 : index
        %r = arith.addi %head, %k0 : index
        %vt = ktdp.construct_access_tile %vv[%r, %c0] {access_tile_set = #blk, access_tile_order = #id2} : memref<1024x128xf16> -> !ktdp.access_tile<32x128xindex>
        %v = ktdp.load %vt : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
        %v32 = arith.extf %v : tensor<32x128xf16> to tensor<32x128xf32>
        %s = arith.addf %a, %v32 : tensor<32x128xf32>
        scf.yield %s : tensor<32x128xf32>
      } else {
        scf.yield %a : tensor<32x128xf32>
      }
      scf.yield %next : tensor<32x128xf32>
    }
    %n = arith.addi %qb, %c1 : index
    %ni = arith.index_cast %n : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %nt = tensor.splat %nf : tensor<32x128xf32>
    %o = arith.divf %acc, %nt : tensor<32x128xf32>
    %o16 = arith.truncf %o : tensor<32x128xf32> to tensor<32x128xf16>
    %q0 = arith.muli %qb, %c32 : index
    %orow = arith.addi %head, %q0 : index
    %ot = ktdp.construct_access_tile %ov[%orow, %c0] {access_tile_set = #blk, access_tile_order = #id2} : memref<1024x128xf16> -> !ktdp.access_tile<32x128xindex>
    ktdp.store %o16, %ot : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
    return
  }
}
