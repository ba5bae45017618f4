// An import that names no file is an error on the declaration's line; the
// path is resolved next to the kernel file.
// RUN: spyre-opt %s --ktir-legality-check -verify-diagnostics
// RUN: spyre-opt %s --ktir-to-dataflow -verify-diagnostics

// expected-error@+1 {{cannot use the device file 'Inputs/no_such_device.mlir' (}}
ktdf_arch.device @gone import("Inputs/no_such_device.mlir")
func.func @k() attributes {grid = [1]} {
  return
}
