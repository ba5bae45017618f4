// Class 7 of issue 16: 64-bit integers are never rounded silently. The
// interpreter holds integers exactly below 2^53 in magnitude; a value at or
// beyond that (loaded, computed by addi/muli/..., a constant or an
// argument) is an error on the op that made it (before: 2^53 + 1 copied
// as 2^53, exit 0).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: python3 %S/Inputs/hostile.py i64 9007199254740991,-9007199254740991,4503599627370497,-1 %t.d/exact.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/exact.npy --input b=%t.d/exact.npy --arg k=0 --output b=%t.d/out.npy
// RUN: cmp %t.d/exact.npy %t.d/out.npy
// RUN: for v in 9007199254740992 9007199254740993 4611686018427387904 9223372036854775807 -9223372036854775808; do \
// RUN:   python3 %S/Inputs/hostile.py i64 1,2,$v,3 %t.d/big.npy; \
// RUN:   not spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/big.npy --input b=%t.d/exact.npy --arg k=0 2>&1 | FileCheck %s --check-prefix=LOAD; \
// RUN: done
// LOAD: error: loaded a 64-bit integer of about {{.*}}, which reaches 2^53 in magnitude
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/exact.npy --input b=%t.d/exact.npy --arg k=1 2>&1 | FileCheck %s --check-prefix=ADD
// ADD: error: a 64-bit result reaches 2^53 in magnitude
// RUN: not spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/exact.npy --input b=%t.d/exact.npy --arg k=9007199254740993 2>&1 | FileCheck %s --check-prefix=ARG
// ARG: error: argument %k: 9007199254740992{{.*}} is not an integer of magnitude below 2^53
// RUN: python3 %S/Inputs/hostile.py i64 1,2,3,4 %t.d/small.npy
// RUN: python3 %S/Inputs/hostile.py i64 4503599627370497,4503599627370498,4503599627370499,4503599627370500 %t.d/want.npy
// RUN: spyre-run %S/Inputs/i64-copy.mlir --input a=%t.d/small.npy --input b=%t.d/exact.npy --arg k=4503599627370496 --output b=%t.d/sum.npy
// RUN: cmp %t.d/want.npy %t.d/sum.npy
