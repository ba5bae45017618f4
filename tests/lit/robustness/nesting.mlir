// Class 5 of issue 16: recursion depth. Brackets nested deeper than 256
// levels are refused on the line where the limit is crossed, before MLIR's
// recursive parser, verifier and printer or the interpreter see them
// (5,000 nested scf.if crashed all three tools on their stacks). 250 levels
// still run. A 40,000-character location compiles in-process (the
// snapshot printer's regular expressions recursed on it).
// RUN: python3 %S/Inputs/hostile.py nest 5000 %t.5000.mlir
// RUN: not spyre-opt %t.5000.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not spyre-run %t.5000.mlir --arg c=1 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not robustness-compile %t.5000.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: 256:{{[0-9]+}}: error: nesting deeper than 256 levels of brackets
// RUN: python3 %S/Inputs/hostile.py nest 255 %t.255.mlir
// RUN: not spyre-opt %t.255.mlir 2>&1 | FileCheck %s --check-prefix=EDGE
// EDGE: 256:{{[0-9]+}}: error: nesting deeper than 256 levels
// RUN: python3 %S/Inputs/hostile.py nest 250 %t.250.mlir
// RUN: spyre-opt %t.250.mlir --ktir-to-dataflow -o /dev/null
// RUN: spyre-run %t.250.mlir --arg c=1 | FileCheck %s --check-prefix=RUNS
// RUN: robustness-compile %t.250.mlir | FileCheck %s --check-prefix=COMPILES
// RUNS: deep: {{.*}} 1 cores
// COMPILES: compiled: 19 snapshots
// RUN: python3 %S/Inputs/hostile.py longloc 40000 %t.loc.mlir
// RUN: robustness-compile %t.loc.mlir | FileCheck %s --check-prefix=COMPILES
// RUN: spyre-opt --ktir-to-dataflow %t.loc.mlir -o /dev/null
