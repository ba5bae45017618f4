// A pass given an architecture it cannot read stops with an error naming
// it, with the file's own problems (line and reason) as notes.
// RUN: not spyre-opt %s --build-pipelines=arch=%S/Inputs/no-store-units.toml 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not spyre-opt %s --assign-addresses=arch=%t.missing.toml 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not spyre-opt %s --ktir-to-dataflow=arch=no-such-preset 2>&1 | FileCheck %s --check-prefix=MISSING

// BAD:     error: cannot read the architecture '{{.*}}no-store-units.toml'
// BAD:     note: {{.*}}no-store-units.toml:{{[0-9]+}}:{{[0-9]+}}: error: 'dataflow.engines' has no engine with role "store"
// MISSING: error: cannot read the architecture
func.func @k() attributes {grid = [1]} {
  return
}
