// reduce_to_leader_partial_1kib.mlir -- the reduce of a row-parallel
// projection's partial outputs to one core, as a generator writes it for
// a decode step (Llama-3.2-1B's o_proj split over 8 cores along K): each
// core holds a 1x256 f32 partial of output columns 512..767 (1 KiB), the
// inter-tile reduce adds the eight (a linalg.add combiner) and delivers
// the sum to tile 2, which stores it:
//   out[0, 512:768] = sum_p partial[p, 512:768]
// The exchange, lowered, would hold three such partials (3 KiB, more than
// the compute engine's 2 KiB): it runs a stick at a time instead (field
// probe of 2026-12-06, class B).
#ps = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#os = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2047 >= 0)>
#slice = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 255 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_set<(i)[g] : (i >= 0, -i + 7 >= 0)>
#g0 = affine_set<(g) : (g == 0)>
#to2 = affine_set<(i)[g] : (i - 2 == 0)>
module {
  func.func @o_proj_reduce(%partials: index, %out: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %col = arith.constant 512 : index
    %zero = arith.constant 0.000000e+00 : f32
    %p = ktdp.get_compute_tile_id : index
    %pv = ktdp.construct_memory_view %partials, sizes: [8, 2048], strides: [2048, 1] {coordinate_set = #ps, memory_space = #ktdp.memory_space<global>} : memref<8x2048xf32>
    %ov = ktdp.construct_memory_view %out, sizes: [1, 2048], strides: [2048, 1] {coordinate_set = #os, memory_space = #ktdp.memory_space<global>} : memref<1x2048xf32>
    %e = tensor.empty() : tensor<1x256xf32>
    %zeros = linalg.fill ins(%zero : f32) outs(%e : tensor<1x256xf32>) -> tensor<1x256xf32>
    %pa = ktdp.construct_access_tile %pv[%p, %col] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x = ktdp.load %pa : <1x256xindex> -> tensor<1x256xf32>
    %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x : tensor<1x256xf32>
    }
    %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #to2, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %init = tensor.empty() : tensor<1x256xf32>
      %s = linalg.add ins(%lhs, %rhs : tensor<1x256xf32>, tensor<1x256xf32>) outs(%init : tensor<1x256xf32>) -> tensor<1x256xf32>
      ktdp.yield_reduced %s : tensor<1x256xf32>
    }
    %leader = arith.cmpi eq, %p, %c2 : index
    scf.if %leader {
      %oa = ktdp.construct_access_tile %ov[%c0, %col] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %sum, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
