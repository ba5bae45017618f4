//===- CompileHooks.h - a compile that lets the caller see each pass -*- C++ -*-===//
//
// Private to core/driver (it includes MLIR): compileKernel's pipeline run
// in the caller's context, with a look at the module after every pass.
// The stage runs (driver/StageRun.h) keep a copy of each snapshot's module
// to execute it, and --perturb-after breaks one op after a pass (testing).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_COMPILEHOOKS_H
#define SPYRE_DRIVER_COMPILEHOOKS_H

#include "driver/Compile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <functional>
#include <string>

namespace spyre::driver {

struct CompileHooks {
  /// After each pass, before its snapshot is printed: may change the
  /// module (the snapshot then shows the change, as if the pass made it).
  std::function<void(const std::string &pass, mlir::ModuleOp)> afterPass;
  /// Once a snapshot is recorded (the input's too): the module it shows
  /// (for lower-to-spyrecode, the DataflowIR module it lowered).
  std::function<void(mlir::ModuleOp)> snapshotTaken;
};

/// compileKernel in `context` (which must outlive what the hooks keep).
CompileResult compileKernelIn(mlir::MLIRContext &context,
                              const CompileRequest &request,
                              const CompileHooks &hooks);

} // namespace spyre::driver

#endif
