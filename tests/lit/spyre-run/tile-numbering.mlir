// A kernel of a grid of several dimensions with inter-tile ops is told
// which tile each linear number of its sets is (dimension 0 fastest, as
// ktir-cpu numbers them; the spec's "linear tile id order" conflict: a
// kernel written for the other order would silently group other tiles).
// A one-dimensional grid, or one without inter-tile ops, gets no note.
// RUN: spyre-run %s --function pairs --seed 0 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: spyre-run %s --function flat --seed 0 2>&1 | FileCheck %s --check-prefix=NONE
// NOTE: tile-numbering.mlir:[[@LINE+8]]:1: note: the inter-tile sets number the tiles of the grid [2, 3] with dimension 0 fastest, as ktir-cpu does: tile (x0, x1) is x0 + 2 x1 (a kernel written for the last dimension fastest groups other tiles)
// NONE-NOT: note: the inter-tile sets
// NONE: flat:
#pair = affine_set<(i)[g] : (i - 2 * g >= 0, -i + 2 * g + 1 >= 0)>
#three = affine_set<(g) : (g >= 0, -g + 2 >= 0)>
#s6 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 3 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @pairs(%out: index) attributes {grid = [2, 3]} {
  %x, %y = ktdp.get_compute_tile_id : index, index
  %c2 = arith.constant 2 : index
  %yy = arith.muli %y, %c2 : index
  %t = arith.addi %x, %yy : index
  %ti = arith.index_cast %t : index to i32
  %tf = arith.sitofp %ti : i32 to f16
  %part = tensor.splat %tf : tensor<1x4xf16>
  %zero = arith.constant dense<0.0> : tensor<1x4xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #pair -> !ktdp.tile_future<(tensor<1x4xf16>), groups = #three> {
  ^bb0(%g: index):
    ktdp.yield_partial %part : tensor<1x4xf16>
  }
  %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #pair, identity(%zero : tensor<1x4xf16>) : !ktdp.tile_future<(tensor<1x4xf16>), groups = #three> -> tensor<1x4xf16> {
  ^bb0(%l: tensor<1x4xf16>, %r: tensor<1x4xf16>):
    %s = arith.addf %l, %r : tensor<1x4xf16>
    ktdp.yield_reduced %s : tensor<1x4xf16>
  }
  %ov = ktdp.construct_memory_view %out, sizes: [6, 4], strides: [4, 1] {coordinate_set = #s6, memory_space = #ktdp.memory_space<global>} : memref<6x4xf16>
  %ot = ktdp.construct_access_tile %ov[%t, 0] {access_tile_set = #row, access_tile_order = #id2} : memref<6x4xf16> -> !ktdp.access_tile<1x4xindex>
  ktdp.store %sum, %ot : tensor<1x4xf16>, !ktdp.access_tile<1x4xindex>
  return
}

func.func @flat(%out: index) attributes {grid = [2, 3]} {
  %x, %y = ktdp.get_compute_tile_id : index, index
  %c2 = arith.constant 2 : index
  %yy = arith.muli %y, %c2 : index
  %t = arith.addi %x, %yy : index
  %one = arith.constant dense<1.0> : tensor<1x4xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [6, 4], strides: [4, 1] {coordinate_set = #s6, memory_space = #ktdp.memory_space<global>} : memref<6x4xf16>
  %ot = ktdp.construct_access_tile %ov[%t, 0] {access_tile_set = #row, access_tile_order = #id2} : memref<6x4xf16> -> !ktdp.access_tile<1x4xindex>
  ktdp.store %one, %ot : tensor<1x4xf16>, !ktdp.access_tile<1x4xindex>
  return
}
