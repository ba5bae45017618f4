//===- spyre-opt.cpp - the mlir-opt of Spyre Explorer ---------------------===//
//
// Parses, verifies and prints KTIR kernels and runs passes on them, with
// every mlir-opt option (--split-input-file, -verify-diagnostics,
// --mlir-print-ir-after-all, --mlir-timing, ...). The input goes through
// spyre::applyKtirSourceFixups first, so real kernels that MLIR's lexer
// would reject still parse (see SourceFixups.h), and text MLIR's parsers
// would crash on is refused with an error first (see ParserTraps.h).
// --ktir-to-spyrecode prints the SpyreCode listing instead of the module.
//
//===----------------------------------------------------------------------===//

#include "ir/KernelLocations.h"
#include "ir/ParserTraps.h"
#include "ir/Registration.h"
#include "ir/SourceFixups.h"
#include "pipeline/PassVerifier.h"
#include "pipeline/Pipeline.h"
#include "spyrecode/Listing.h"
#include "support/Limits.h"
#include "support/ReadFile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace {

/// Gives every lower-to-spyrecode pass the kernel's text before it runs and
/// keeps the listing of its output after (spyre::spyreCodeOf).
class SpyreCodeListings : public mlir::PassInstrumentation {
public:
  SpyreCodeListings(std::string source, std::vector<std::string> &listings)
      : source(std::move(source)), listings(listings) {}
  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override {
    spyre::setSpyreCodeSource(*pass, source);
  }
  void runAfterPass(mlir::Pass *pass, mlir::Operation *) override {
    if (std::shared_ptr<const spyre::code::Module> module =
            spyre::spyreCodeOf(*pass))
      listings.push_back(spyre::code::printListing(*module).text);
  }

private:
  std::string source;
  std::vector<std::string> &listings;
};

/// Places the parsed module's ops on the lines of the file (a generated
/// kernel's ops carry its generator's locations; ir/KernelLocations.h),
/// then verifies it: spyre-opt parses such a kernel without verifying so
/// that a verifier's error names the kernel's line too.
struct PlaceOnKernelLines
    : mlir::PassWrapper<PlaceOnKernelLines, mlir::OperationPass<mlir::ModuleOp>> {
  explicit PlaceOnKernelLines(spyre::KernelPlaces places)
      : places(std::move(places)) {}
  llvm::StringRef getArgument() const override { return "place-on-kernel-lines"; }
  void runOnOperation() override {
    spyre::placeOnKernelLines(getOperation(), places);
    if (mlir::failed(mlir::verify(getOperation())))
      signalPassFailure();
  }
  spyre::KernelPlaces places;
};

/// The places of `text` when it carries locations of its own (and is one
/// module: --split-input-file parses pieces).
std::optional<spyre::KernelPlaces>
placesOf(const std::string &text, const std::string &name,
         mlir::DialectRegistry &registry, bool split) {
  if (split || text.find("loc(") == std::string::npos)
    return std::nullopt;
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) {
    return mlir::success(); // MlirOptMain's own parse reports them
  });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name),
                               llvm::SMLoc());
  return spyre::kernelPlaces(sourceMgr, context);
}

} // namespace

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  spyre::registerPipeline();
  mlir::DialectRegistry registry;
  spyre::registerKernelDialects(registry);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "Spyre Explorer optimizer driver for KTIR kernels\n",
      registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();

  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleave(registry.getDialectNames(), llvm::outs(), ",");
    llvm::outs() << "\n";
    return EXIT_SUCCESS;
  }
  if (config.shouldListPasses()) {
    mlir::printRegisteredPasses();
    return EXIT_SUCCESS;
  }

  // Read with a size limit (docs/limits.md): /dev/zero or a huge file is
  // refused, not read into memory.
  std::string errorMessage, bytes;
  bool fromStdin = inputFilename == "-";
  if (!spyre::readFileBounded(fromStdin ? "/dev/stdin" : inputFilename,
                              spyre::limits::kMaxKernelBytes, bytes,
                              errorMessage)) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  std::unique_ptr<llvm::MemoryBuffer> file =
      llvm::MemoryBuffer::getMemBufferCopy(
          bytes, fromStdin ? "<stdin>" : inputFilename);
  std::string_view source(file->getBufferStart(), file->getBufferSize());
  {
    mlir::MLIRContext context;
    llvm::SourceMgr sourceMgr;
    mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    if (mlir::failed(spyre::rejectParserTraps(
            context, file->getBufferIdentifier(), source)))
      return EXIT_FAILURE;
  }
  std::string text = spyre::applyKtirSourceFixups(source);
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      llvm::MemoryBuffer::getMemBufferCopy(text, file->getBufferIdentifier());
  // lower-to-spyrecode (alone or in --ktir-to-spyrecode) reads the kernel's
  // text for the arguments' names; its output, the SpyreCode module, is
  // printed as the listing instead of the MLIR module, which it leaves as
  // it was.
  auto listings = std::make_shared<std::vector<std::string>>();
  // A generated kernel's locations: verified after its ops are placed on
  // their lines (the first pass), not while parsing.
  std::optional<spyre::KernelPlaces> places =
      placesOf(text, file->getBufferIdentifier().str(), registry,
               !config.inputSplitMarker().empty());
  if (places)
    config.verifyOnParsing(false);
  // Verifying after every pass (--verify-each, on by default) is done by
  // our instrumentation instead of the pass manager: IR a pass breaks is an
  // internal compiler error naming the pass, not an error on the kernel's
  // line (see PassVerifier.h).
  const bool verifyEach = config.shouldVerifyPasses();
  config.verifyPasses(false);
  const mlir::MlirOptMainConfig parsed = config;
  config.setPassPipelineSetupFn([parsed, places, verifyEach, text,
                                 listings](mlir::PassManager &pm) {
    if (places)
      pm.addPass(std::make_unique<PlaceOnKernelLines>(*places));
    if (mlir::failed(parsed.setupPassPipeline(pm)))
      return mlir::failure();
    if (verifyEach)
      pm.addInstrumentation(spyre::createPassVerifierInstrumentation());
    pm.addInstrumentation(
        std::make_unique<SpyreCodeListings>(text, *listings));
    return mlir::success();
  });

  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  std::string printed;
  llvm::raw_string_ostream ir(printed);
  bool ok = mlir::succeeded(
      mlir::MlirOptMain(ir, std::move(buffer), registry, config));
  if (!ok)
    return EXIT_FAILURE;
  if (listings->empty())
    output->os() << printed;
  for (const std::string &listing : *listings)
    output->os() << listing;
  output->keep();
  return EXIT_SUCCESS;
}
