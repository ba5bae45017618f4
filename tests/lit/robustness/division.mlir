// Class 6 of issue 16: the most negative value divided by -1 in divsi,
// remsi, floordivsi and ceildivsi (scalars and tensors, every width) is an
// error on the op, like division by zero, not SIGFPE. For i64 and index
// the most negative value is beyond what the interpreter holds exactly, so
// it is refused where it first appears (a constant or an argument).
// RUN: for op in divsi remsi floordivsi ceildivsi; do \
// RUN:   for t in i8:-128 i16:-32768 i32:-2147483648; do \
// RUN:     sed "s/OP/$op/g;s/TYPE/${t%%%%:*}/g" %S/Inputs/divide.mlir > %t.$op.mlir; \
// RUN:     not spyre-run %t.$op.mlir --arg x=${t##*:} --arg y=-1 2>&1 | FileCheck %s --check-prefix=OVER; \
// RUN:     sed "s/OP/$op/g;s/TYPE/${t%%%%:*}/g;s/X/${t##*:}/g" %S/Inputs/divide-constants.mlir > %t.c$op.mlir; \
// RUN:     not spyre-run %t.c$op.mlir 2>&1 | FileCheck %s --check-prefix=OVER; \
// RUN:   done; \
// RUN:   for t in i64 index; do \
// RUN:     sed "s/OP/$op/g;s/TYPE/$t/g" %S/Inputs/divide.mlir > %t.$op$t.mlir; \
// RUN:     not spyre-run %t.$op$t.mlir --arg x=-9223372036854775808 --arg y=-1 2>&1 | FileCheck %s --check-prefix=EXACT; \
// RUN:     sed "s/OP/$op/g;s/TYPE/$t/g;s/X/-9223372036854775808/g" %S/Inputs/divide-constants.mlir > %t.c$op$t.mlir; \
// RUN:     not spyre-run %t.c$op$t.mlir 2>&1 | FileCheck %s --check-prefix=CONST; \
// RUN:     spyre-run %t.$op$t.mlir --arg x=-9007199254740991 --arg y=-1 | FileCheck %s --check-prefix=OK; \
// RUN:   done; \
// RUN: done
// OVER: error: integer division overflow: the most negative {{8|16|32}}-bit value divided by -1 does not fit
// EXACT: error: argument %x: -9223372036854775808{{.*}} is not an integer of magnitude below 2^53
// CONST: error: {{the constant|a constant element}} {{.*}}reaches 2^53 in magnitude
// OK: divide: {{.*}} 1 cores
