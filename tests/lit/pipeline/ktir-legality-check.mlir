// RUN: spyre-opt %s -split-input-file -verify-diagnostics -ktir-legality-check

// A legal kernel passes untouched.
func.func @ok(%a: index) attributes {grid = [2, 2]} {
  %x, %y = ktdp.get_compute_tile_id : index, index
  return
}

// -----
func.func @foreign() attributes {grid = [1]} {
  // expected-error @+1 {{'memref.alloc' is not part of KTIR: the Spyre pipeline accepts ops of the ktdp, spyreop, arith, math, linalg, tensor, scf and func dialects}}
  %m = memref.alloc() : memref<4xf16>
  return
}

// -----
func.func private @helper()
func.func @calls() attributes {grid = [1]} {
  // expected-error @+1 {{function calls are not supported: inline the callee into the kernel}}
  func.call @helper() : () -> ()
  return
}

// -----
// expected-warning @+1 {{kernel @gridless has no grid attribute and runs on a single tile; add `attributes {grid = [N]}` to spread it over cores}}
func.func @gridless() {
  return
}

// -----
// expected-error @+1 {{grid must have at least one dimension}}
func.func @empty_grid() attributes {grid = []} {
  return
}

// -----
// expected-error @+1 {{grid dimension 1 must be a positive integer, got 0 : i64}}
func.func @zero_grid() attributes {grid = [2, 0]} {
  return
}

// -----
func.func @too_many_ids() attributes {grid = [4]} {
  // expected-error @+1 {{asks for 2 tile coordinates but the grid has 1 dimensions}}
  %x, %y = ktdp.get_compute_tile_id : index, index
  return
}
