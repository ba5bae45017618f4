// Class 11 of issue 16: the verifier, the pipeline and the interpreter
// agree on access tile point counts. A set with 0 (or any number of)
// points not matching its type was compiled by spyre-opt
// --ktir-to-dataflow and refused by spyre-run; now the verifier refuses it
// for both, on the same line. Sets that are not boxes (d0 mod 2 == 0) are
// counted point by point.
// RUN: for case in 'tile -1 4x64' 'tile 2 4x64' 'tile 4 4x64' 'odd 0 8x64' 'odd 0 ?x48' 'tile 3 4294967296x4294967296'; do \
// RUN:   set -- $case || exit 1; \
// RUN:   sed "s/SET/$1/;s/LAST/$2/;s/TYPE/$3/g" %S/Inputs/points.mlir > %t.mlir || exit 1; \
// RUN:   not spyre-opt --ktir-to-dataflow %t.mlir 2>&1 | FileCheck %s --check-prefix=COUNT || exit 1; \
// RUN:   not spyre-opt %t.mlir 2>&1 | FileCheck %s --check-prefix=COUNT || exit 1; \
// RUN:   not spyre-run %t.mlir --seed 1 2>&1 | FileCheck %s --check-prefix=COUNT || exit 1; \
// RUN: done
// COUNT: {{.*}}.mlir:11:{{[0-9]+}}: error: 'ktdp.construct_access_tile' op access_tile_set {{has [0-9]+ points but the result type|is not a box: it has [0-9]+ points in a bounding box of [0-9x]+, so the type must be}}
// Agreeing counts compile and run: a box of 4x64, a strided set of 4x64,
// a dynamic extent the points fill.
// RUN: for case in 'tile 3 4x64' 'odd 0 4x64' 'odd 0 ?x64'; do \
// RUN:   set -- $case || exit 1; \
// RUN:   sed "s/SET/$1/;s/LAST/$2/;s/TYPE/$3/g" %S/Inputs/points.mlir > %t.mlir || exit 1; \
// RUN:   spyre-run %t.mlir --seed 1 | FileCheck %s --check-prefix=RUNS || exit 1; \
// RUN: done
// RUNS: points: {{.*}} 1 cores
