// A grid larger than the target is refused on the kernel.
// RUN: spyre-opt %s --place-tiles=arch=spyre-4core -verify-diagnostics

// expected-error @+1 {{the grid has 8 tiles but 'spyre-4core' has 4 cores}}
func.func @k() attributes {grid = [8]} {
  return
}
