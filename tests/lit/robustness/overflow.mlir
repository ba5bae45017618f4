// Class 1 of issue 16: integer overflow in sizes and counts. Every product
// of grid extents, set bounds and strides is checked (never wrapped) and
// refused with a diagnostic before anything is sized by it, by spyre-opt's
// pipeline and by spyre-run alike. Inputs/tile.mlir with its numbers
// replaced: G(rid), L(ast row of the tile set), S(tride).
//
// Grids: 2^31, 2^32, 2^62, 2^63-1 tiles, 2^32 x 2^32 (wraps to 0 in 64 bits).
// RUN: for g in 2147483648 4294967296 4611686018427387904 9223372036854775807; do \
// RUN:   sed "s/GRID/$g/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.$g.mlir; \
// RUN:   not spyre-opt --ktir-to-dataflow %t.$g.mlir 2>&1 | FileCheck %s --check-prefix=TILES || exit 1; \
// RUN:   not spyre-run %t.$g.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=TILES || exit 1; \
// RUN: done
// TILES: error: the grid has {{[0-9]+}} tiles but {{.*}} has 32 cores
// RUN: sed "s/GRID/4294967296, 4294967296/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.wrap.mlir
// RUN: not spyre-opt --ktir-to-dataflow %t.wrap.mlir 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: not spyre-run %t.wrap.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: error: the grid has too many tiles but {{.*}} has 32 cores
// RUN: sed "s/GRID/-9223372036854775808/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.min.mlir
// RUN: not spyre-opt --ktir-to-dataflow %t.min.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not spyre-run %t.min.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: grid dimension 0 must be a positive integer, got -9223372036854775808
//
// Access tile sets whose bounding box is 2^31+1 .. 2^63 rows of 64 (the
// point count wrapped to 64 at 2^58 rows before), each refused on the op:
// up to 2^53+1 rows by the verifier (more points than the tile type
// holds); from 2^58 rows, whose 64 columns make over 2^63 points, before
// the verifier can count them, by the pipeline's legality check and the
// interpreter. Each command in a loop fails the test on its own
// (`|| exit 1`: a loop's status is its last command's).
// RUN: for l in 2147483648 4294967296 9007199254740992; do \
// RUN:   sed "s/GRID/1/;s/LAST/$l/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.set$l.mlir || exit 1; \
// RUN:   not spyre-opt --ktir-to-dataflow %t.set$l.mlir 2>&1 | FileCheck %s --check-prefix=POINTS || exit 1; \
// RUN:   not spyre-run %t.set$l.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=POINTS || exit 1; \
// RUN: done
// POINTS: .mlir:16:9: error: 'ktdp.construct_access_tile' op access_tile_set has {{[0-9]+}} points but the result type '!ktdp.access_tile<4x64xindex>' holds 256
// RUN: for l in 288230376151711743 4611686018427387904 9223372036854775806; do \
// RUN:   sed "s/GRID/1/;s/LAST/$l/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.set$l.mlir || exit 1; \
// RUN:   not spyre-opt --ktir-to-dataflow %t.set$l.mlir 2>&1 | FileCheck %s --check-prefix=BOXOPT || exit 1; \
// RUN:   not spyre-run %t.set$l.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=BOXINTERP || exit 1; \
// RUN: done
// BOXOPT: .mlir:16:9: error: the access tile's bounding box spans over 2^63 points: it cannot be counted, let alone moved in chunks
// BOXINTERP: .mlir:16:9: error: the access tile's bounding box spans over 2^63 points, more than the 2097152-byte scratchpad can hold
//
// Strides: 2^61 fits in an element index but its byte addresses pass 2^62
// (refused when the view is built, given raw addresses); 2^62 and 2^63-1
// overflow the element index itself (refused by the verifier). Before,
// rows silently wrapped onto row 0. (2^53 rows apart, 4 rows of f16 reach
// byte 3 * 2^54: addressable, so not a case here.)
// RUN: sed "s/GRID/1/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/2305843009213693952/" %S/Inputs/tile.mlir > %t.s61.mlir
// RUN: not spyre-run %t.s61.mlir --arg a=0 --arg b=0 2>&1 | FileCheck %s --check-prefix=ADDR
// ADDR: .mlir:10:8: error: the memory view's addresses overflow: offset 0 with these sizes and strides reaches beyond byte 2^62
// --seed cannot fill views that large, and says so.
// RUN: for s in 9007199254740992 2305843009213693952; do \
// RUN:   sed "s/GRID/1/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/$s/" %S/Inputs/tile.mlir > %t.s$s.mlir || exit 1; \
// RUN:   not spyre-run %t.s$s.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=SEEDBIG || exit 1; \
// RUN: done
// SEEDBIG: .mlir:8:1: error: cannot make random data for %a: its memory view of {{[0-9]+}} elements is larger than --seed fills (16777216 elements); give it an input
// RUN: for s in 4611686018427387904 9223372036854775807; do \
// RUN:   sed "s/GRID/1/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/$s/" %S/Inputs/tile.mlir > %t.s$s.mlir; \
// RUN:   not spyre-opt %t.s$s.mlir 2>&1 | FileCheck %s --check-prefix=REACH || exit 1; \
// RUN:   not spyre-run %t.s$s.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=REACH || exit 1; \
// RUN: done
// REACH: error: 'ktdp.construct_memory_view' op strides and sizes reach beyond element 2^63
//
// The kernel as written still runs.
// RUN: sed "s/GRID/1/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.ok.mlir
// RUN: spyre-run %t.ok.mlir --seed 1 | FileCheck %s --check-prefix=OK
// OK: copy: {{.*}} 1 cores
