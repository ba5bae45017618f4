// Hand-written DataflowIR for lower-to-spyrecode.mlir: a 2-D grid's tile
// id, a loop that swaps its two loop-carried values, a view's size from a
// kernel argument.
func.func @k(%x: index, %n: i32) attributes {grid = [2, 4], dflow.placement = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>} {
  %ready = dflow.channel "mnilu" -> "sfu" depth 2 : <none>
  dflow.program "mnilu" instances 8 {
    %c0 = arith.constant 0 : index
    %m = arith.index_cast %n : i32 to index
    %view = ktdp.construct_memory_view %x, sizes: [%m, 64], strides: [64, 1] {memory_space = #ktdp.memory_space<global>} : memref<?x64xf16>
    %a, %b = ktdp.get_compute_tile_id : index, index
    %tile = ktdp.construct_access_tile %view[%b, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
    %buf = dflow.lx_view[%c0] : memref<1x64xf16, "lx">
    dflow.dma %tile -> %buf {hops = 1 : i64, sticks = 1 : i64} : !ktdp.access_tile<1x64xindex> -> memref<1x64xf16, "lx">
    dflow.signal %ready : <none>
  }
  dflow.program "sfu" instances 8 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a, %b = ktdp.get_compute_tile_id : index, index
    dflow.wait %ready : <none>
    %r:2 = scf.for %i = %c0 to %b step %c1 iter_args(%u = %a, %v = %b) -> (index, index) {
      scf.yield %v, %u : index, index
    }
  }
  return
}
