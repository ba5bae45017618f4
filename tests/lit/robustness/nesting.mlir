// Class 5 of issue 16: recursion depth. Brackets nested deeper than 256
// levels are refused on the line where the limit is crossed, before MLIR's
// recursive parser, verifier and printer or the interpreter see them
// (5,000 nested scf.if crashed all three tools on their stacks). 255
// nested scf.if (256 levels with the function body) still run. A 40,000-character location compiles in-process (the
// snapshot printer's regular expressions recursed on it).
// RUN: python3 %S/Inputs/hostile.py nest 5000 %t.5000.mlir
// RUN: not spyre-opt %t.5000.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not spyre-run %t.5000.mlir --arg c=1 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not robustness-compile %t.5000.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// The function body is level 1, so the 256th scf.if (line 257) is the
// first beyond the limit.
// DEEP: .mlir:257:{{[0-9]+}}: error: nesting deeper than 256 levels of brackets
// RUN: python3 %S/Inputs/hostile.py nest 256 %t.256.mlir
// RUN: not spyre-opt %t.256.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: python3 %S/Inputs/hostile.py nest 255 %t.255.mlir
// RUN: spyre-opt %t.255.mlir --ktir-to-dataflow -o /dev/null
// RUN: spyre-run %t.255.mlir --arg c=1 | FileCheck %s --check-prefix=RUNS
// RUN: robustness-compile %t.255.mlir | FileCheck %s --check-prefix=COMPILES
// RUNS: deep: {{.*}} 1 cores
// COMPILES: compiled: 27 snapshots
// RUN: python3 %S/Inputs/hostile.py longloc 40000 %t.loc.mlir
// RUN: robustness-compile %t.loc.mlir | FileCheck %s --check-prefix=COMPILES
// RUN: spyre-opt --ktir-to-dataflow %t.loc.mlir -o /dev/null
//
// A chain of 100,000 terms in one expression crashed MLIR's affine parser
// (one recursion per term): at most 4096 operators in one pair of brackets.
// RUN: python3 %S/Inputs/hostile.py chain 100000 %t.chain.mlir
// RUN: not spyre-opt %t.chain.mlir 2>&1 | FileCheck %s --check-prefix=CHAIN
// RUN: not spyre-run %t.chain.mlir --arg n=1 2>&1 | FileCheck %s --check-prefix=CHAIN
// CHAIN: .mlir:1:{{[0-9]+}}: error: more than 4096 operators (+, -, *, floordiv, ceildiv, mod) in one bracketed expression
// RUN: python3 %S/Inputs/hostile.py chain 4000 %t.chain4000.mlir
// RUN: spyre-opt %t.chain4000.mlir -o /dev/null
