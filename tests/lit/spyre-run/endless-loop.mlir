// A kernel that never ends stops after its op budget with a diagnostic on
// the op it was executing, instead of hanging.
// RUN: not spyre-run %s --max-ops 1000 2>&1 | FileCheck %s
// CHECK: endless-loop.mlir:[[@LINE+5]]:{{[0-9]+}}: error: core 0 stopped after executing 1000 ops (an endless loop?)

func.func @spin() attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %true = arith.constant true
    scf.condition(%true) %i : index
  } do {
  ^bb0(%j: index):
    scf.yield %j : index
  }
  return
}
