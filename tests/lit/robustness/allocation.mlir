// Class 2 of issue 16: nothing is allocated before the limit check. A
// tensor too large for the scratchpad is refused on its op with the
// scratchpad-overflow error (before: std::bad_alloc and an abort), whether
// its shape is static (1024x1024 f16 = 2 MiB + 2 bytes over, up to 2^62
// elements) or known only at run time; --seed refuses views larger than it
// fills instead of filling gigabytes for one row.
// RUN: for shape in 1024x1025 65536x65536 2147483648 4294967296 65536x65536x65536 2147483648x2147483648; do \
// RUN:   sed "s/SHAPE/$shape/g" %S/Inputs/big-tensor.mlir > %t.$shape.mlir || exit 1; \
// RUN:   not spyre-run %t.$shape.mlir --arg n=0 2>&1 | FileCheck %s --check-prefix=LX || exit 1; \
// RUN: done
// LX: error: scratchpad (LX) overflow on core 0
// RUN: for n in 16385 2147483648 4503599627370495; do \
// RUN:   not spyre-run %S/Inputs/dynamic-tensor.mlir --arg n=$n 2>&1 | FileCheck %s --check-prefix=DYN || exit 1; \
// RUN: done
// DYN: error: scratchpad (LX) overflow on core 0: a tensor of {{[0-9]+}} bytes does not fit in the 2097152-byte scratchpad
// RUN: spyre-run %S/Inputs/dynamic-tensor.mlir --arg n=16384 | FileCheck %s --check-prefix=FITS
// FITS: dyn: {{.*}} 1 cores
//
// RUN: sed "s/ROWS/65536/g;s/COLS/65536/g" %S/Inputs/seed-one-row.mlir > %t.seed.mlir
// RUN: not spyre-run %t.seed.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=SEED
// SEED: error: cannot make random data for %a: its memory view of 4294967296 elements is larger than --seed fills (16777216 elements); give it an input
// RUN: sed "s/ROWS/4096/g;s/COLS/4096/g" %S/Inputs/seed-one-row.mlir > %t.seedok.mlir
// RUN: spyre-run %t.seedok.mlir --seed 1 | FileCheck %s --check-prefix=SEEDOK
// SEEDOK: one_row: {{.*}} 1 cores
