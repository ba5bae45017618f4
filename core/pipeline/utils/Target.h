//===- Target.h - the architecture a pass compiles for -----------*- C++ -*-===//
//
// Passes that depend on the target take an `arch` option: a preset name
// ("spyre", "spyre-4core"), a TOML file, or empty for the Spyre default. The
// pipeline builder passes the request's architecture down, so spyre-opt, the
// GUI and the tests agree. A kernel that declares a `ktdf_arch.device` is
// compiled for that device instead.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_TARGET_H
#define SPYRE_PIPELINE_UTILS_TARGET_H

#include "arch/Arch.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"

#include <optional>
#include <string>
#include <vector>

namespace spyre {

/// The architecture `spec` names; errors go to `errors`.
std::optional<arch::Arch> readTarget(const std::string &spec,
                                     std::vector<arch::Diagnostic> &errors);

/// The target of the kernel `op` belongs to: the device the kernel declares
/// (pipeline/utils/DeviceTarget.h), whatever `spec` says; otherwise the
/// architecture `spec` names. Errors are reported on `op` (or on the device
/// declaration).
std::optional<arch::Arch> targetArch(const std::string &spec,
                                     mlir::Operation *op);

/// Reads the architecture `spec`, then calls `perKernel` on every function
/// of `module` that has a body, stopping at the first failure. Fails too
/// when the architecture cannot be read (reported on the module): the
/// shape of every pass that reads the target.
mlir::LogicalResult forEachKernel(
    mlir::ModuleOp module, const std::string &spec,
    llvm::function_ref<mlir::LogicalResult(mlir::func::FuncOp,
                                           const arch::Arch &)>
        perKernel);

/// The unit kinds of one role ("load", "compute", "store"), in file order.
std::vector<std::string> unitsWithRole(const arch::Arch &arch,
                                       const std::string &role);

/// Ring hops between two cores (the shorter way round on a bidirectional
/// ring).
int ringHops(const arch::Arch &arch, int from, int to);

} // namespace spyre

#endif
