// Class 3 of issue 16: every file is read with a size limit
// (docs/limits.md), so /dev/zero, a directory or a huge file ends in a
// message (exit 1), not in gigabytes of memory; a record reads only the
// .npz members its manifest names.
// RUN: sed "s/GRID/1/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.mlir
// RUN: not spyre-run %t.mlir --seed 1 --arch /dev/zero 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: architecture file '/dev/zero' is larger than 1048576 bytes
// RUN: not spyre-run %t.mlir --seed 1 --input a=/dev/zero 2>&1 | FileCheck %s --check-prefix=NPY
// NPY: /dev/zero: not a .npy file
// RUN: not spyre-run /dev/zero --seed 1 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: not spyre-opt /dev/zero 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: /dev/zero: larger than the limit of 67108864 bytes
// RUN: not spyre-run %S --seed 1 2>&1 | FileCheck %s --check-prefix=DIR
// RUN: not spyre-opt %S 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: is a directory
// RUN: not spyre-run %t.mlir --seed 1 --arch %S 2>&1 | FileCheck %s --check-prefix=ARCHDIR
// ARCHDIR: cannot read architecture file '{{.*}}': Is a directory
//
// A record whose .npz also holds an unused 600 MiB member (600 KiB
// deflated): it is never decompressed. The same member, used, is refused
// before anything is allocated for it.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: python3 %S/Inputs/hostile.py record %t.d/rec.json
// RUN: python3 %S/Inputs/hostile.py npz %t.d/rec.npz 'in__a=<f2:4,64' 'in__b=<f2:4,64' 'junk=<f2:314572800'
// RUN: spyre-run %t.mlir --record %t.d/rec.json | FileCheck %s --check-prefix=UNUSED
// UNUSED: copy: {{.*}} 1 cores
// RUN: python3 %S/Inputs/hostile.py npz %t.d/rec.npz 'in__a=<f2:4,64' 'in__b=<f2:314572800'
// RUN: not spyre-run %t.mlir --record %t.d/rec.json 2>&1 | FileCheck %s --check-prefix=USED
// USED: member 'in__b.npy' is too large to load ({{[0-9]+}} bytes
//
// A FIFO nobody writes to (before: open() blocked for ever) reads as an
// empty file: an empty module for spyre-opt, refused with a message as a
// kernel to run, an architecture, an input or a record; a record's .npz
// must be a regular file.
// RUN: rm -f %t.fifo && mkfifo %t.fifo
// RUN: timeout 20 spyre-opt %t.fifo --ktir-to-dataflow 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: module {
// RUN: not timeout 20 spyre-run %t.fifo --seed 1 2>&1 | FileCheck %s --check-prefix=FIFOKERNEL
// FIFOKERNEL: error: the kernel defines no function
// RUN: not timeout 20 spyre-run %t.mlir --seed 1 --arch %t.fifo 2>&1 | FileCheck %s --check-prefix=FIFOARCH
// FIFOARCH: error: missing key
// RUN: not timeout 20 spyre-run %t.mlir --seed 1 --input a=%t.fifo 2>&1 | FileCheck %s --check-prefix=FIFONPY
// FIFONPY: not a .npy file: only 0 bytes
// RUN: not timeout 20 spyre-run %t.mlir --record %t.fifo 2>&1 | FileCheck %s --check-prefix=FIFOREC
// FIFOREC: not valid JSON
// RUN: rm -f %t.d/rec.npz && mkfifo %t.d/rec.npz
// RUN: not timeout 20 spyre-run %t.mlir --record %t.d/rec.json 2>&1 | FileCheck %s --check-prefix=NPZFIFO
// NPZFIFO: cannot open .npz (ZIP) archive: not a regular file
