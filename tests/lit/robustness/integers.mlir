// Class 7 of issue 16: 64-bit integers are exact. The interpreter and the
// emulator hold i64 and index values as integers (their own 64 bits), so a
// load, a store, the integer arithmetic, comparisons, shifts, index casts,
// constants and arguments keep 2^53 + 1, 2^62, 2^63 - 1 and INT64_MIN
// exactly, and results wrap modulo 2^64 as MLIR defines (before: 2^53 + 1
// was copied as 2^53, exit 0; then values from 2^53 on were refused, by the
// emulator until it held them as integers too).
// RUN: rm -rf %t.d && mkdir -p %t.d
// Every op class (Inputs/i64ops.py: copy, addi .. shrui, six cmpi
// predicates) on i64 tensors, index tensors and i64 scalars, one kernel per
// type holding every op: --engine both runs the interpreter and the
// emulator and fails unless their outputs are equal; the emulator's output
// is then checked against Python's integers byte for byte.
// RUN: for t in i64 index scalar; do \
// RUN:   python3 %S/Inputs/i64ops.py $t %t.d/$t && \
// RUN:   spyre-run %t.d/$t/kernel.mlir --engine both --input a=%t.d/$t/a.npy --input b=%t.d/$t/b.npy --input s=%t.d/$t/s.npy --input c=%t.d/$t/c.npy --output c=%t.d/$t/got.npy | FileCheck %s --check-prefix=BOTH && \
// RUN:   cmp %t.d/$t/want.npy %t.d/$t/got.npy || exit 1; \
// RUN: done
// BOTH: outputs equal the interpreter's
// A pure load -> store of the boundary values, and an addition of an
// argument given as a whole number beyond 2^53 (Inputs/i64-copy.mlir:
// b = maxsi(a + k, a)), on both engines.
// RUN: python3 %S/Inputs/hostile.py i64 9007199254740993,9007199254740992,4611686018427387904,9223372036854775807 %t.d/big.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --engine both --input a=%t.d/big.npy --input b=%t.d/big.npy --arg k=0 --output b=%t.d/out.npy | FileCheck %s --check-prefix=BOTH
// RUN: cmp %t.d/big.npy %t.d/out.npy
// RUN: python3 %S/Inputs/hostile.py i64 1,2,3,-9223372036854775808 %t.d/small.npy
// RUN: python3 %S/Inputs/hostile.py i64 9007199254740994,9007199254740995,9007199254740996,-9214364837600034815 %t.d/want.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --engine both --input a=%t.d/small.npy --input b=%t.d/small.npy --arg k=9007199254740993 --output b=%t.d/sum.npy | FileCheck %s --check-prefix=BOTH
// RUN: cmp %t.d/want.npy %t.d/sum.npy
// 2^62 + 2^62 wraps to INT64_MIN, so maxsi keeps the loaded 2^62.
// RUN: python3 %S/Inputs/hostile.py i64 4611686018427387904,4611686018427387904,4611686018427387904,4611686018427387904 %t.d/p62.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --engine both --input a=%t.d/p62.npy --input b=%t.d/small.npy --arg k=4611686018427387904 --output b=%t.d/wrap.npy | FileCheck %s --check-prefix=BOTH
// RUN: cmp %t.d/p62.npy %t.d/wrap.npy
// The same sum from a .spyb, its argument bound with --bind beyond 2^53.
// RUN: spyre-compile %S/Inputs/i64-copy.mlir -o %t.d/copy.spyb
// RUN: spyre-run %t.d/copy.spyb --engine emu --input a=%t.d/small.npy --input b=%t.d/small.npy --bind k=9007199254740993 --output b=%t.d/bound.npy
// RUN: cmp %t.d/want.npy %t.d/bound.npy
// An i64 argument written as a fraction, or as a number a double cannot
// hold exactly, is refused.
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/small.npy --input b=%t.d/small.npy --arg k=1.5 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/small.npy --input b=%t.d/small.npy --arg k=9.007199254740993e15 2>&1 | FileCheck %s --check-prefix=ARG
// ARG: error: argument %k: {{.*}} is not {{a whole number|exact as written}}
