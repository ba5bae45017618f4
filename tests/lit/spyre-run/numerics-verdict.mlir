// The numerics verdict of spyre-run (docs/numerics.md): one line per output
// against the interpreter's f64 shadow, exit 0 unless one is WRONG. An
// elementwise add is exact on both engines; softmax's row sums are
// reordered by the compiled program (lane partials), so its output is
// within rounding, with the worst element and its bound; the report says
// the same. --max-ulps is gone.
// RUN: spyre-run %S/../../../samples/elementwise_add.mlir --seed 0 --engine both | FileCheck %s --check-prefix=EXACT
// RUN: spyre-run %S/../../../samples/softmax.mlir --seed 0 --engine both --report %t.json | FileCheck %s --check-prefix=ROUNDING
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: not spyre-run %S/../../../samples/softmax.mlir --engine both --max-ulps 4 2>&1 | FileCheck %s --check-prefix=GONE

// EXACT: c_ptr: exact (6,144 elements)
// EXACT: add: {{.*}}; outputs equal the interpreter's

// ROUNDING: y_ptr: within rounding: worst element [{{[0-9]+}}, {{[0-9]+}}] is {{.*}} ulps from the shadow, bound {{.*}} ulps ({{[0-9,]+}} of 32,768 elements differ from the interpreter's)
// ROUNDING: softmax: {{.*}}; outputs within rounding of the shadow

// REPORT: "numerics":
// REPORT: "verdict": "within rounding"
// REPORT: "outputs_match": true

// GONE: usage: spyre-run
