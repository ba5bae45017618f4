//===- LowerToSpyreCode.cpp - DataflowIR -> SpyreCode ---------------------===//
//
// The pass around spyre::code::lowerDataflow (core/codegen): it reads the
// target, lowers, and keeps the SpyreCode module as its output, which
// whoever ran it reads with spyreCodeOf (Pipeline.h): the driver after each
// pass, spyre-opt's instrumentation to print the listing. The MLIR module
// is not changed.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"
#include "pipeline/Pipeline.h"
#include "pipeline/utils/Target.h"
#include "codegen/LowerDataflow.h"
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
  LowerToSpyreCode(const std::string &archSpec, spyre::SpyreCodeInputs inputs)
      : inputs(std::move(inputs)) {
    arch = archSpec;
  }

  void runOnOperation() override {
    output.reset();
    ModuleOp module = getOperation();
    std::optional<spyre::arch::Arch> target = spyre::targetArch(arch, module);
    if (!target)
      return signalPassFailure();
    spyre::code::LoweringOptions options;
    options.arch = arch.empty() ? target->name : std::string(arch);
    options.stickBytes = target->stickBytes;
    options.dataflowLine = inputs.dataflowLine;
    options.source = inputs.source;
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
    output = std::move(lowered);
    markAllAnalysesPreserved();
  }

  spyre::SpyreCodeInputs inputs;
  /// The last run's result (null when it failed or has not run).
  std::shared_ptr<const spyre::code::Module> output;
};

} // namespace

std::unique_ptr<Pass>
spyre::createLowerToSpyreCodeWith(const std::string &arch,
                                  SpyreCodeInputs inputs) {
  return std::make_unique<LowerToSpyreCode>(arch, std::move(inputs));
}

bool spyre::producesSpyreCode(const Pass &pass) {
  return pass.getTypeID() == TypeID::get<LowerToSpyreCode>();
}

std::shared_ptr<const spyre::code::Module>
spyre::spyreCodeOf(const Pass &pass) {
  if (!producesSpyreCode(pass))
    return nullptr;
  return static_cast<const LowerToSpyreCode &>(pass).output;
}

void spyre::setSpyreCodeSource(Pass &pass, const std::string &source) {
  if (!producesSpyreCode(pass))
    return;
  auto &lowering = static_cast<LowerToSpyreCode &>(pass);
  if (lowering.inputs.source.empty())
    lowering.inputs.source = source;
}
