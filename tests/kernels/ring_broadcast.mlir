// ring_broadcast.mlir -- a broadcast over the ring: tile 0 loads a 1x64 f16
// row, doubles it and produces it; all 4 tiles consume it and each stores
// row + t (its tile id as f16) to its own output row.
#src = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#producer = affine_set<(i)[g] : (i == 0, g == 0)>
#consumers = affine_set<(i)[g] : (i >= 0, -i + 3 >= 0, g == 0)>
#one_group = affine_set<(g) : (g == 0)>
module {
  func.func @ring_broadcast(%x_ptr: index, %y_ptr: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %two = arith.constant dense<2.0> : tensor<1x64xf16>
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [1, 64], strides: [64, 1] {
      coordinate_set = #src, memory_space = #ktdp.memory_space<global>
    } : memref<1x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %fut = ktdp.inter_tile_produce producer_tiles_per_group = #producer
        -> !ktdp.tile_future<(tensor<1x64xf16>), groups = #one_group>
    {
      ^bb0(%gid: index):
        %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
          access_tile_set = #row, access_tile_order = #id2
        } : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
        %x = ktdp.load %xa : <1x64xindex> -> tensor<1x64xf16>
        %d = arith.mulf %x, %two : tensor<1x64xf16>
        ktdp.yield_partial %d : tensor<1x64xf16>
    }
    %got = ktdp.inter_tile_consume(%fut) consumer_tiles_per_group = #consumers
        : !ktdp.tile_future<(tensor<1x64xf16>), groups = #one_group> -> tensor<1x64xf16>
    %ti = arith.index_cast %t : index to i32
    %tf = arith.sitofp %ti : i32 to f16
    %ts = tensor.splat %tf : tensor<1x64xf16>
    %y = arith.addf %got, %ts : tensor<1x64xf16>
    %ya = ktdp.construct_access_tile %yv[%t, %c0] {
      access_tile_set = #row, access_tile_order = #id2
    } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %y, %ya : tensor<1x64xf16>, <1x64xindex>
    return
  }
}
