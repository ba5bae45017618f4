// An emulator deadlock is said on the KTIR line of a blocked instruction
// (the first blocked engine whose instruction has a line), as the
// compiler's errors are, not at "<unknown>"; the listing's source is
// two-units.mlir, its receives on lines 7 and 12.
// RUN: spyre-compile %S/Inputs/deadlock-two-units.spys -o %t.spyb
// RUN: not spyre-run %t.spyb --engine emu 2>&1 | FileCheck %s
// CHECK: two-units.mlir:7: error: emulator: deadlock at cycle 0: every remaining engine is blocked
// CHECK-NEXT: core 0 sfu#0 pc 0 (dflow.receive, KTIR line 7) blocked on empty channel 1
// CHECK-NEXT: core 0 l1su#0 pc 0 (dflow.receive, KTIR line 12) blocked on empty channel 0
