// --output writes a memory region a run placed (a ct_local view's data,
// named as the run names it) as it writes an array argument; a name that
// is neither lists the regions.
// RUN: rm -rf %t && mkdir -p %t
// RUN: spyre-run %S/../../kernels/relayout_gather_25to1.mlir --seed 0 --engine interp --output lx0_0x1fcc00_f16=%t/core0.npy 2>&1 | FileCheck %s --check-prefix=OK
// RUN: test -s %t/core0.npy
// RUN: not spyre-run %S/../../kernels/relayout_gather_25to1.mlir --seed 0 --engine interp --output lx99=%t/x.npy 2>&1 | FileCheck %s --check-prefix=BAD
// OK: relayout_gather_25to1: {{.*}} cycles
// BAD: spyre-run: --output lx99: no array argument or memory region of that name (the regions: lx0_0x1fcc00_f16 lx10_0x1fcc00_f16
