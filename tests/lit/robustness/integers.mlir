// Class 7 of issue 16: 64-bit integers are exact. The interpreter holds i64
// and index values as integers (their own 64 bits), so a load, a store, the
// integer arithmetic, comparisons, shifts, index casts, constants and
// arguments keep 2^53 + 1, 2^62, 2^63 - 1 and INT64_MIN exactly, and
// results wrap modulo 2^64 as MLIR defines (before: 2^53 + 1 was copied as
// 2^53, exit 0; then values from 2^53 on were refused).
// RUN: rm -rf %t.d && mkdir -p %t.d
// Every op class on i64 tensors, index tensors and i64 scalars, checked
// against Python's integers (Inputs/i64ops.py) byte for byte.
// RUN: for op in copy addi subi muli maxsi minsi maxui minui divsi remsi floordivsi ceildivsi divui remui ceildivui andi ori xori shli shrsi shrui cmpi_eq cmpi_ne cmpi_slt cmpi_sge cmpi_ult cmpi_ugt; do \
// RUN:   for t in i64 index scalar; do \
// RUN:     python3 %S/Inputs/i64ops.py $op $t %t.d/$op-$t && \
// RUN:     spyre-run %t.d/$op-$t/kernel.mlir --input a=%t.d/$op-$t/a.npy --input b=%t.d/$op-$t/b.npy --input c=%t.d/$op-$t/c.npy --output c=%t.d/$op-$t/got.npy > /dev/null && \
// RUN:     cmp %t.d/$op-$t/want.npy %t.d/$op-$t/got.npy || exit 1; \
// RUN:   done; \
// RUN: done
// A pure load -> store of the boundary values, and an addition of an
// argument given as a whole number beyond 2^53 (Inputs/i64-copy.mlir:
// b = maxsi(a + k, a)).
// RUN: python3 %S/Inputs/hostile.py i64 9007199254740993,9007199254740992,4611686018427387904,9223372036854775807 %t.d/big.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/big.npy --input b=%t.d/big.npy --arg k=0 --output b=%t.d/out.npy
// RUN: cmp %t.d/big.npy %t.d/out.npy
// RUN: python3 %S/Inputs/hostile.py i64 1,2,3,-9223372036854775808 %t.d/small.npy
// RUN: python3 %S/Inputs/hostile.py i64 9007199254740994,9007199254740995,9007199254740996,-9214364837600034815 %t.d/want.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/small.npy --input b=%t.d/small.npy --arg k=9007199254740993 --output b=%t.d/sum.npy
// RUN: cmp %t.d/want.npy %t.d/sum.npy
// 2^62 + 2^62 wraps to INT64_MIN, so maxsi keeps the loaded 2^62.
// RUN: python3 %S/Inputs/hostile.py i64 4611686018427387904,4611686018427387904,4611686018427387904,4611686018427387904 %t.d/p62.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/p62.npy --input b=%t.d/small.npy --arg k=4611686018427387904 --output b=%t.d/wrap.npy
// RUN: cmp %t.d/p62.npy %t.d/wrap.npy
// An i64 argument written as a fraction, or as a number a double cannot
// hold exactly, is refused.
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/small.npy --input b=%t.d/small.npy --arg k=1.5 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/small.npy --input b=%t.d/small.npy --arg k=9.007199254740993e15 2>&1 | FileCheck %s --check-prefix=ARG
// ARG: error: argument %k: {{.*}} is not a whole number
// The emulator holds values as doubles: an i64 it cannot keep exact ends
// in an error on the instruction and KTIR line (a load of 2^53 + 1, a
// result reaching 2^53, an argument of 2^53 or more), never a rounded
// answer; values below 2^53 agree with the interpreter.
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --engine emu --input a=%t.d/big.npy --input b=%t.d/big.npy --arg k=0 2>&1 | FileCheck %s --check-prefix=EMU-LOAD
// EMU-LOAD: (dflow.dma, KTIR line 14): an i64 / index value beyond 2^53
// RUN: python3 %S/Inputs/hostile.py i64 9007199254740000,2,3,-5 %t.d/near.npy
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --engine emu --input a=%t.d/near.npy --input b=%t.d/small.npy --arg k=1000 2>&1 | FileCheck %s --check-prefix=EMU-STORE
// EMU-STORE: KTIR line 18): an i64 / index value beyond 2^53
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --engine emu --input a=%t.d/small.npy --input b=%t.d/small.npy --arg k=9007199254740993 2>&1 | FileCheck %s --check-prefix=EMU-ARG
// EMU-ARG: integer argument 'k' is 2^53 or more in magnitude
// RUN: python3 %S/Inputs/hostile.py i64 1,2,3,-5 %t.d/tiny.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --engine both --input a=%t.d/tiny.npy --input b=%t.d/tiny.npy --arg k=7 | FileCheck %s --check-prefix=EMU-OK
// EMU-OK: outputs equal the interpreter's
