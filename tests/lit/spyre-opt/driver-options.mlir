// spyre-opt behaves like mlir-opt: split input, timing, IR printing.
// RUN: spyre-opt %s --split-input-file | FileCheck %s --check-prefix=SPLIT
// RUN: spyre-opt %s --split-input-file --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: spyre-opt %s --split-input-file --canonicalize --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: spyre-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: not spyre-opt %t.does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING

// SPLIT: func.func @first
// SPLIT: // -----
// SPLIT: func.func @second
// TIMING: Execution time report
// AFTER: IR Dump After Canonicalizer
// AFTER: func.func @first
// DIALECTS: Available Dialects: affine,arith,builtin,dflow,func,ktdf_arch,ktdp,linalg,math,memref,pdl,scf,sched,spyreop,tensor
// MISSING: cannot open input file

func.func @first() attributes {grid = [1]} {
  %id = ktdp.get_compute_tile_id : index
  return
}

// -----

func.func @second(%a: index) {
  %v = ktdp.construct_memory_view %a, sizes: [4], strides: [1] {memory_space = #ktdp.memory_space<global>} : memref<4xf16>
  return
}
