// RUN: spyre-opt %s -verify-diagnostics -ktir-legality-check="cores=4"
// RUN: spyre-opt %s -ktir-legality-check | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED: func.func @wide

// expected-error @+1 {{the grid has 8 tiles but the target has 4 cores; shrink the grid or pick a larger architecture}}
func.func @wide() attributes {grid = [2, 4]} {
  return
}
