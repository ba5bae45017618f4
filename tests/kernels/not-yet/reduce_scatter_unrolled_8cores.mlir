// reduce_scatter_unrolled_8cores.mlir -- a reduce-scatter of a
// row-parallel projection's output over 8 cores, unrolled as a generator
// writes it: core p holds partial[p, :] (1x2048 f32, Llama-3.2-1B's
// hidden); for each k, an inter-tile reduce of columns 256k..256k+255 to
// tile k, which stores them:
//   out[0, 256k : 256k + 256] = sum_p partial[p, 256k : 256k + 256]
// Each of the eight exchanges runs a stick at a time and holds 512 bytes
// (its two ring tables and three one-stick tiles), but the SpyreCode
// lowering gives every exchange registers of its own (tile registers are
// not reused from one pipeline to the next): 4096 bytes in all, more than
// the compute engine's 2 KiB (25600 before the exchanges streamed).
#ps = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#os = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2047 >= 0)>
#slice = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 255 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_set<(i)[g] : (i >= 0, -i + 7 >= 0)>
#g0 = affine_set<(g) : (g == 0)>
#to0 = affine_set<(i)[g] : (i - 0 == 0)>
#to1 = affine_set<(i)[g] : (i - 1 == 0)>
#to2 = affine_set<(i)[g] : (i - 2 == 0)>
#to3 = affine_set<(i)[g] : (i - 3 == 0)>
#to4 = affine_set<(i)[g] : (i - 4 == 0)>
#to5 = affine_set<(i)[g] : (i - 5 == 0)>
#to6 = affine_set<(i)[g] : (i - 6 == 0)>
#to7 = affine_set<(i)[g] : (i - 7 == 0)>
module {
  func.func @reduce_scatter(%partials: index, %out: index) attributes {grid = [8]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.000000e+00 : f32
    %p = ktdp.get_compute_tile_id : index
    %pv = ktdp.construct_memory_view %partials, sizes: [8, 2048], strides: [2048, 1] {coordinate_set = #ps, memory_space = #ktdp.memory_space<global>} : memref<8x2048xf32>
    %ov = ktdp.construct_memory_view %out, sizes: [1, 2048], strides: [2048, 1] {coordinate_set = #os, memory_space = #ktdp.memory_space<global>} : memref<1x2048xf32>
    %e = tensor.empty() : tensor<1x256xf32>
    %zeros = linalg.fill ins(%zero : f32) outs(%e : tensor<1x256xf32>) -> tensor<1x256xf32>
    %col0 = arith.constant 0 : index
    %pa0 = ktdp.construct_access_tile %pv[%p, %col0] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x0 = ktdp.load %pa0 : <1x256xindex> -> tensor<1x256xf32>
    %f0 = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x0 : tensor<1x256xf32>
    }
    %s0 = ktdp.inter_tile_reduce(%f0) consumer_tiles_per_group = #to0, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %a = arith.addf %lhs, %rhs : tensor<1x256xf32>
      ktdp.yield_reduced %a : tensor<1x256xf32>
    }
    %k0 = arith.constant 0 : index
    %is0 = arith.cmpi eq, %p, %k0 : index
    scf.if %is0 {
      %oa = ktdp.construct_access_tile %ov[%c0, %col0] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s0, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    %col1 = arith.constant 256 : index
    %pa1 = ktdp.construct_access_tile %pv[%p, %col1] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x1 = ktdp.load %pa1 : <1x256xindex> -> tensor<1x256xf32>
    %f1 = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x1 : tensor<1x256xf32>
    }
    %s1 = ktdp.inter_tile_reduce(%f1) consumer_tiles_per_group = #to1, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %a = arith.addf %lhs, %rhs : tensor<1x256xf32>
      ktdp.yield_reduced %a : tensor<1x256xf32>
    }
    %k1 = arith.constant 1 : index
    %is1 = arith.cmpi eq, %p, %k1 : index
    scf.if %is1 {
      %oa = ktdp.construct_access_tile %ov[%c0, %col1] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s1, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    %col2 = arith.constant 512 : index
    %pa2 = ktdp.construct_access_tile %pv[%p, %col2] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x2 = ktdp.load %pa2 : <1x256xindex> -> tensor<1x256xf32>
    %f2 = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x2 : tensor<1x256xf32>
    }
    %s2 = ktdp.inter_tile_reduce(%f2) consumer_tiles_per_group = #to2, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %a = arith.addf %lhs, %rhs : tensor<1x256xf32>
      ktdp.yield_reduced %a : tensor<1x256xf32>
    }
    %k2 = arith.constant 2 : index
    %is2 = arith.cmpi eq, %p, %k2 : index
    scf.if %is2 {
      %oa = ktdp.construct_access_tile %ov[%c0, %col2] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s2, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    %col3 = arith.constant 768 : index
    %pa3 = ktdp.construct_access_tile %pv[%p, %col3] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x3 = ktdp.load %pa3 : <1x256xindex> -> tensor<1x256xf32>
    %f3 = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x3 : tensor<1x256xf32>
    }
    %s3 = ktdp.inter_tile_reduce(%f3) consumer_tiles_per_group = #to3, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %a = arith.addf %lhs, %rhs : tensor<1x256xf32>
      ktdp.yield_reduced %a : tensor<1x256xf32>
    }
    %k3 = arith.constant 3 : index
    %is3 = arith.cmpi eq, %p, %k3 : index
    scf.if %is3 {
      %oa = ktdp.construct_access_tile %ov[%c0, %col3] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s3, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    %col4 = arith.constant 1024 : index
    %pa4 = ktdp.construct_access_tile %pv[%p, %col4] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x4 = ktdp.load %pa4 : <1x256xindex> -> tensor<1x256xf32>
    %f4 = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x4 : tensor<1x256xf32>
    }
    %s4 = ktdp.inter_tile_reduce(%f4) consumer_tiles_per_group = #to4, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %a = arith.addf %lhs, %rhs : tensor<1x256xf32>
      ktdp.yield_reduced %a : tensor<1x256xf32>
    }
    %k4 = arith.constant 4 : index
    %is4 = arith.cmpi eq, %p, %k4 : index
    scf.if %is4 {
      %oa = ktdp.construct_access_tile %ov[%c0, %col4] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s4, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    %col5 = arith.constant 1280 : index
    %pa5 = ktdp.construct_access_tile %pv[%p, %col5] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x5 = ktdp.load %pa5 : <1x256xindex> -> tensor<1x256xf32>
    %f5 = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x5 : tensor<1x256xf32>
    }
    %s5 = ktdp.inter_tile_reduce(%f5) consumer_tiles_per_group = #to5, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %a = arith.addf %lhs, %rhs : tensor<1x256xf32>
      ktdp.yield_reduced %a : tensor<1x256xf32>
    }
    %k5 = arith.constant 5 : index
    %is5 = arith.cmpi eq, %p, %k5 : index
    scf.if %is5 {
      %oa = ktdp.construct_access_tile %ov[%c0, %col5] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s5, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    %col6 = arith.constant 1536 : index
    %pa6 = ktdp.construct_access_tile %pv[%p, %col6] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x6 = ktdp.load %pa6 : <1x256xindex> -> tensor<1x256xf32>
    %f6 = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x6 : tensor<1x256xf32>
    }
    %s6 = ktdp.inter_tile_reduce(%f6) consumer_tiles_per_group = #to6, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %a = arith.addf %lhs, %rhs : tensor<1x256xf32>
      ktdp.yield_reduced %a : tensor<1x256xf32>
    }
    %k6 = arith.constant 6 : index
    %is6 = arith.cmpi eq, %p, %k6 : index
    scf.if %is6 {
      %oa = ktdp.construct_access_tile %ov[%c0, %col6] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s6, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    %col7 = arith.constant 1792 : index
    %pa7 = ktdp.construct_access_tile %pv[%p, %col7] {access_tile_set = #slice, access_tile_order = #id2} : memref<8x2048xf32> -> !ktdp.access_tile<1x256xindex>
    %x7 = ktdp.load %pa7 : <1x256xindex> -> tensor<1x256xf32>
    %f7 = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> {
    ^bb0(%gid: index):
      ktdp.yield_partial %x7 : tensor<1x256xf32>
    }
    %s7 = ktdp.inter_tile_reduce(%f7) consumer_tiles_per_group = #to7, identity(%zeros : tensor<1x256xf32>) : !ktdp.tile_future<(tensor<1x256xf32>), groups = #g0> -> tensor<1x256xf32> {
    ^bb0(%lhs: tensor<1x256xf32>, %rhs: tensor<1x256xf32>):
      %a = arith.addf %lhs, %rhs : tensor<1x256xf32>
      ktdp.yield_reduced %a : tensor<1x256xf32>
    }
    %k7 = arith.constant 7 : index
    %is7 = arith.cmpi eq, %p, %k7 : index
    scf.if %is7 {
      %oa = ktdp.construct_access_tile %ov[%c0, %col7] {access_tile_set = #slice, access_tile_order = #id2} : memref<1x2048xf32> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s7, %oa : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
