// Class 6 of issue 16: the most negative value divided by -1 in divsi,
// remsi, floordivsi and ceildivsi (scalars and tensors, every width) is an
// error on the op, like division by zero, not SIGFPE (i64 and index, held
// exactly, included).
// RUN: for op in divsi remsi floordivsi ceildivsi; do \
// RUN:   for t in i8:-128 i16:-32768 i32:-2147483648; do \
// RUN:     sed "s/OP/$op/g;s/TYPE/${t%%%%:*}/g" %S/Inputs/divide.mlir > %t.$op.mlir || exit 1; \
// RUN:     not spyre-run %t.$op.mlir --arg x=${t##*:} --arg y=-1 2>&1 | FileCheck %s --check-prefix=OVER || exit 1; \
// RUN:     sed "s/OP/$op/g;s/TYPE/${t%%%%:*}/g;s/X/${t##*:}/g" %S/Inputs/divide-constants.mlir > %t.c$op.mlir || exit 1; \
// RUN:     not spyre-run %t.c$op.mlir 2>&1 | FileCheck %s --check-prefix=OVER || exit 1; \
// RUN:   done || exit 1; \
// RUN:   for t in i64 index; do \
// RUN:     sed "s/OP/$op/g;s/TYPE/$t/g" %S/Inputs/divide.mlir > %t.$op$t.mlir || exit 1; \
// RUN:     not spyre-run %t.$op$t.mlir --arg x=-9223372036854775808 --arg y=-1 2>&1 | FileCheck %s --check-prefix=OVER || exit 1; \
// RUN:     sed "s/OP/$op/g;s/TYPE/$t/g;s/X/-9223372036854775808/g" %S/Inputs/divide-constants.mlir > %t.c$op$t.mlir || exit 1; \
// RUN:     not spyre-run %t.c$op$t.mlir 2>&1 | FileCheck %s --check-prefix=OVER || exit 1; \
// RUN:     spyre-run %t.$op$t.mlir --arg x=-9223372036854775807 --arg y=-1 | FileCheck %s --check-prefix=OK || exit 1; \
// RUN:   done || exit 1; \
// RUN: done
// The emulator faults the same way on a stored vector division, every width
// (narrow widths wrapped silently before).
// RUN: for op in divsi remsi floordivsi ceildivsi; do \
// RUN:   for t in i8:-128 i16:-32768 i32:-2147483648 i64:-9223372036854775808; do \
// RUN:     sed "s/OP/$op/g;s/TYPE/${t%%%%:*}/g" %S/Inputs/divide-store.mlir > %t.s$op.mlir || exit 1; \
// RUN:     not spyre-run %t.s$op.mlir --engine emu --seed 0 --arg x=${t##*:} --arg y=-1 2>&1 | FileCheck %s --check-prefix=EMUOVER || exit 1; \
// RUN:   done || exit 1; \
// RUN: done
// EMUOVER: emulator: {{.*}} (arith.{{divsi|remsi|floordivsi|ceildivsi}}, KTIR line 9): integer division overflow: the most negative {{8|16|32|64}}-bit value divided by -1 does not fit
// OVER: error: integer division overflow: the most negative {{8|16|32|64}}-bit value divided by -1 does not fit
// OK: divide: {{.*}} 1 cores
