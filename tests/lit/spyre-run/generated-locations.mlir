// A generated kernel's ops carry the generator's locations (issue 23). A
// verifier's error and a pipeline's refusal still name the line of the
// kernel's own file, and a note says where the generator placed the op.
// RUN: not spyre-run %S/Inputs/generated-locations.mlir --seed 0 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not spyre-run %S/Inputs/generated-locations-parse.mlir --seed 0 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not spyre-run %S/Inputs/generated-locations-pipeline.mlir --seed 0 --engine emu 2>&1 | FileCheck %s --check-prefix=PIPELINE
// A kernel that compiles keeps the generator's names out of its symbols:
// the arguments are named as written in this file.
// RUN: spyre-compile %S/../../kernels/residual_add_generated_locs.mlir -o %t.spyb
// RUN: spyre-objdump %t.spyb | FileCheck %s --check-prefix=NAMES

// VERIFY: generated-locations.mlir:6:8: error: 'arith.cmpi' op operand #0 must be
// VERIFY: generated-locations.mlir:6:8: note: the kernel's generator placed it at loc(callsite("/opt/gen/emit.py":45:12 at "/opt/gen/model.py":7:1))
// VERIFY-NOT: emit.py:45:12: error

// PARSE: generated-locations-parse.mlir:5:8: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like
// PARSE-NOT: emit.py:45:12: error

// PIPELINE: generated-locations-pipeline.mlir:4:10: error: 'memref.alloc' is not part of KTIR
// PIPELINE: generated-locations-pipeline.mlir:4:10: note: the kernel's generator placed it at loc("/opt/gen/emit.py":45:12)

// NAMES-DAG: $0 {{.*}}x
// NAMES-DAG: $1 {{.*}}res
// NAMES-DAG: $2 {{.*}}y
