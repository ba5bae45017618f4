//===- LowerDataflow.cpp - DataflowIR -> SpyreCode ------------------------===//

#include "spyrecode/LowerDataflow.h"

using namespace mlir;

std::unique_ptr<spyre::code::Module>
spyre::code::lowerDataflow(ModuleOp module, const LoweringOptions &options) {
  module.emitError("lower-to-spyrecode: not implemented yet");
  (void)options;
  return nullptr;
}
