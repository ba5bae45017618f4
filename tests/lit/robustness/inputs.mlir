// Class 8 of issue 16: inputs are checked against the kernel. An --input
// array of the wrong dtype or too few elements for its memory view, an
// unknown --arg / --input name, a record's scratchpad region outside the
// scratchpad, and a grid that is not a list of positive integers are
// refused with a message naming both sides (before: run on zeros, random
// data, or one tile, exit 0).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sed "s/GRID/1/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.d/tile.mlir
// RUN: python3 %S/Inputs/hostile.py npy '<f4' 4,64 %t.d/f32.npy
// RUN: python3 %S/Inputs/hostile.py npy '<f2' 2,64 %t.d/short.npy
// RUN: python3 %S/Inputs/hostile.py npy '<f2' 4,64 %t.d/right.npy
// RUN: not spyre-run %t.d/tile.mlir --input a=%t.d/f32.npy --seed 1 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: argument %a is a f32 array (4x64) but this memory view holds f16
// RUN: not spyre-run %t.d/tile.mlir --input a=%t.d/short.npy --seed 1 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: error: argument %a is a 2x64 array of 128 elements but this memory view (4x64) reaches 256
// RUN: not spyre-run %t.d/tile.mlir --input nosuch=%t.d/right.npy --seed 1 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not spyre-run %t.d/tile.mlir --arg nosuch=3 --seed 1 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: error: no argument named %nosuch (the kernel's arguments are %a, %b)
// RUN: spyre-run %t.d/tile.mlir --input a=%t.d/right.npy --input b=%t.d/right.npy | FileCheck %s --check-prefix=OK
// OK: copy: {{.*}} 1 cores
//
// A record's scratchpad region at byte 2^31, 2^32, 2^40 (1 TiB) and
// 2^62 of a 2 MiB scratchpad, or ending one byte past it.
// RUN: for b in 2147483648 4294967296 1099511627776 4611686018427387904 2096641; do \
// RUN:   python3 %S/Inputs/hostile.py record %t.d/lx.json "memory_manifest.lxbuf={\"kind\":\"region\",\"space\":\"LX\",\"core\":0,\"byte_start\":$b}" || exit 1; \
// RUN:   not spyre-run %t.d/tile.mlir --record %t.d/lx.json 2>&1 | FileCheck %s --check-prefix=REGION || exit 1; \
// RUN: done
// REGION: error: region lxbuf (bytes {{[0-9]+}} to {{[0-9]+}}) lies outside the 2097152-byte scratchpad of core 0
// RUN: python3 %S/Inputs/hostile.py record %t.d/lx.json 'memory_manifest.lxbuf={"kind":"region","space":"LX","core":0,"byte_start":2096640}'
// RUN: spyre-run %t.d/tile.mlir --record %t.d/lx.json | FileCheck %s --check-prefix=OK
// RUN: python3 %S/Inputs/hostile.py record %t.d/neg.json 'memory_manifest.lxbuf={"kind":"region","space":"LX","core":0,"byte_start":-1}'
// RUN: not spyre-run %t.d/tile.mlir --record %t.d/neg.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: lxbuf: byte_start must be between 0 and 9223372036854775807, got -1
//
// Grids spyre-opt refuses, spyre-run refuses the same way.
// RUN: for g in '[1.5]' '["a"]' '[]' '32' '[0]' '[true]'; do \
// RUN:   sed "s/\[GRID\]/$g/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.d/g.mlir || exit 1; \
// RUN:   not spyre-opt --ktir-to-dataflow %t.d/g.mlir 2>&1 | FileCheck %s --check-prefix=GRID || exit 1; \
// RUN:   not spyre-run %t.d/g.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=GRID || exit 1; \
// RUN: done
// GRID: error: grid {{must|dimension}}
