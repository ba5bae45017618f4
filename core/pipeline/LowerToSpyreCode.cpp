//===- LowerToSpyreCode.cpp - DataflowIR -> SpyreCode ---------------------===//
//
// The pass around spyre::code::lowerDataflow (core/spyrecode): it reads the
// target, lowers, and hands the SpyreCode module to the pipeline's
// SpyreCodeOutput (Pipeline.h); run on its own from the command line, to
// the listing spyre-opt prints. The MLIR module is not changed.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"
#include "pipeline/Pipeline.h"
#include "pipeline/Target.h"
#include "spyrecode/LowerDataflow.h"
#include "spyrecode/Verify.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"

namespace spyre {
#define GEN_PASS_DEF_LOWERTOSPYRECODE
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

struct LowerToSpyreCode : spyre::impl::LowerToSpyreCodeBase<LowerToSpyreCode> {
  using LowerToSpyreCodeBase::LowerToSpyreCodeBase;
  /// In the pipeline: the result goes to `output` (or nowhere).
  LowerToSpyreCode(const std::string &archSpec,
                   std::shared_ptr<spyre::SpyreCodeOutput> output)
      : output(std::move(output)), inPipeline(true) {
    arch = archSpec;
  }

  void runOnOperation() override {
    // Run on its own (spyre-opt --lower-to-spyrecode): the listing is what
    // spyre-opt prints.
    if (!inPipeline && !output)
      output = spyre::commandLineListingOutput();
    ModuleOp module = getOperation();
    std::optional<spyre::arch::Arch> target = spyre::targetArch(arch, module);
    if (!target)
      return signalPassFailure();
    spyre::code::LoweringOptions options;
    options.arch = arch.empty() ? target->name : std::string(arch);
    options.stickBytes = target->stickBytes;
    if (output) {
      options.dataflowLine = output->dataflowLine;
      options.source = output->source;
    }
    std::unique_ptr<spyre::code::Module> lowered =
        spyre::code::lowerDataflow(module, options);
    if (!lowered)
      return signalPassFailure();
    if (auto file = dyn_cast<FileLineColLoc>(module.getLoc()))
      lowered->sourceName = file.getFilename().str();
    // The static checks every .spyb file also goes through: a lowering that
    // breaks them is a compiler bug, reported as such (not on a user line).
    std::vector<spyre::code::CodeError> problems =
        spyre::code::verifyModule(*lowered);
    if (!problems.empty()) {
      for (const spyre::code::CodeError &e : problems)
        module.emitError("internal compiler error: lower-to-spyrecode "
                         "produced a program that fails its static checks: ")
            << spyre::code::formatCodeError(lowered.get(), e);
      return signalPassFailure();
    }
    if (output && output->deliver)
      output->deliver(std::move(lowered));
    markAllAnalysesPreserved();
  }

  std::shared_ptr<spyre::SpyreCodeOutput> output;
  bool inPipeline = false;
};

} // namespace

std::unique_ptr<Pass> spyre::createLowerToSpyreCodeWithOutput(
    const std::string &arch, std::shared_ptr<SpyreCodeOutput> output) {
  return std::make_unique<LowerToSpyreCode>(arch, std::move(output));
}
