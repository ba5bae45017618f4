//===- KernelFunctions.h - the kernels of a module, helpers inlined -*- C++ -*-===//
//
// A module may hold several kernels and helpers they call (`func.call`).
// A kernel is a public function with a body that no function of the module
// calls; every other function with a body is a helper. inlineCalls()
// replaces each call in a function by a copy of the callee's body (helpers
// calling helpers included), so that the interpreter and the pipeline see
// one function per kernel.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_KERNELFUNCTIONS_H
#define SPYRE_IR_KERNELFUNCTIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace spyre {

/// The module's kernels, in the order they are written.
std::vector<mlir::func::FuncOp> kernelFunctions(mlir::ModuleOp module);

/// Their names.
std::vector<std::string> kernelNames(mlir::ModuleOp module);

/// Inlines every `func.call` in `function` (repeatedly: a helper's own
/// calls too). Fails, with an error on the call, for a callee that is not
/// a function of the module with a body of one block, or a chain of calls
/// deeper than `maxDepth` (a recursion).
mlir::LogicalResult inlineCalls(mlir::func::FuncOp function,
                                unsigned maxDepth = 64);

} // namespace spyre

#endif
