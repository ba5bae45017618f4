// A module of several kernels and helpers (issue 23): select-kernel keeps
// the kernel `function` names with its helpers inlined (each inlined op on
// its helper's line), or every kernel without a name; a name that is no
// kernel, a recursive helper and a module without a kernel are refused.
// RUN: spyre-opt %s --select-kernel=function=second | FileCheck %s --check-prefix=SECOND
// RUN: spyre-opt %s --select-kernel | FileCheck %s --check-prefix=ALL
// RUN: spyre-opt %s --select-kernel=function=second --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: not spyre-opt %s --select-kernel=function=helper 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: spyre-opt %S/Inputs/select-kernel-errors.mlir --select-kernel --split-input-file --verify-diagnostics

// SECOND-NOT:  func.func @first
// SECOND-NOT:  func.func private @helper
// SECOND-LABEL: func.func @second
// SECOND-NEXT:   %[[M:.*]] = arith.mulf %arg0, %arg0 : tensor<4xf16>
// SECOND-NEXT:   %[[A:.*]] = arith.addf %[[M]], %arg0 : tensor<4xf16>
// SECOND-NEXT:   return %[[A]]
// SECOND-NOT:  func.func

// ALL: func.func @first
// ALL-NOT: func.call
// ALL: func.func @second
// ALL-NOT: func.func private

// LOC: arith.mulf {{.*}} loc(#[[L:loc[0-9]*]])
// LOC: #[[L]] = loc("{{.*}}select-kernel.mlir":[[@LINE+13]]:8)

// HELPER: error: no kernel named @helper; the module's kernels: @first @second

func.func @first(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = func.call @twice(%x) : (tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
func.func private @twice(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = arith.addf %x, %x : tensor<4xf16>
  return %0 : tensor<4xf16>
}
func.func private @helper(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = arith.mulf %x, %x : tensor<4xf16>
  return %0 : tensor<4xf16>
}
func.func @second(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = func.call @helper(%x) : (tensor<4xf16>) -> tensor<4xf16>
  %1 = arith.addf %0, %x : tensor<4xf16>
  return %1 : tensor<4xf16>
}

