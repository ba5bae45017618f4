// RUN: spyre-opt %s -split-input-file -verify-diagnostics -ktir-legality-check="cores=4"

// A kernel without a grid runs on the cores its ct_local views name.
// expected-warning @+1 {{kernel @no_grid has no grid attribute; its ct_local memory views name cores 0 to 2, so it runs on a grid of [3] (add `attributes {grid = [3]}` to say so)}}
func.func @no_grid(%p: index) {
  // expected-note @+1 {{ct_id 2 is named here}}
  %a = ktdp.construct_memory_view %p, sizes: [4], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
    memory_space = #ktdp.memory_space<ct_local, ct_id = 2>
  } : memref<4xf16>
  return
}

// -----
// ... but not on more cores than the target has.
// expected-warning @+2 {{so it runs on a grid of [7]}}
// expected-error @+1 {{the kernel has no grid and its ct_local memory views name cores 0 to 6: the grid has 7 tiles but the target has 4 cores; shrink the grid or pick a larger architecture}}
func.func @no_grid_too_wide(%p: index) {
  // expected-note @+1 {{ct_id 6 is named here}}
  %a = ktdp.construct_memory_view %p, sizes: [4], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
    memory_space = #ktdp.memory_space<ct_local, ct_id = 6>
  } : memref<4xf16>
  return
}

// -----
// A declared grid that leaves out a core a view names: refused on the view,
// as the interpreter refuses it.
func.func @outside_grid(%p: index) attributes {grid = [2]} {
  // expected-error @+1 {{ct_id 3 names a core outside the grid of 2 tiles}}
  %a = ktdp.construct_memory_view %p, sizes: [4], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
    memory_space = #ktdp.memory_space<ct_local, ct_id = 3>
  } : memref<4xf16>
  return
}
