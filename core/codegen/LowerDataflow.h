//===- LowerDataflow.h - DataflowIR -> SpyreCode ---------------*- C++ -*-===//
//
// Lowers the module the pipeline leaves after lower-to-dataflow (one
// dflow.program per engine kind) to a spyre::code::Module: the programs'
// instructions, the DMA descriptors, the LX views, the job plan and the
// symbol table. The lower-to-spyrecode pass (core/pipeline) calls this;
// docs/spyrecode.md describes the mapping op by op.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_CODEGEN_LOWERDATAFLOW_H
#define SPYRE_CODEGEN_LOWERDATAFLOW_H

#include "spyrecode/SpyreCode.h"

#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <memory>
#include <string>

namespace spyre::code {

struct LoweringOptions {
  /// The architecture name recorded in the job plan.
  std::string arch;
  /// Bytes of one stick (LX rows are padded to whole sticks).
  int stickBytes = 128;
  /// The kernel's source text, for the kernel arguments' names (empty:
  /// "arg0", "arg1", ...).
  std::string source;
  /// The 1-based line of an op in the DataflowIR snapshot (0: unknown);
  /// unset: every Location::dataflowLine is 0.
  std::function<int(mlir::Operation *)> dataflowLine;
};

/// The SpyreCode of `module`, or nullptr after an error emitted on the op
/// the lowering cannot take. Does not change `module`.
std::unique_ptr<Module> lowerDataflow(mlir::ModuleOp module,
                                      const LoweringOptions &options);

} // namespace spyre::code

#endif
