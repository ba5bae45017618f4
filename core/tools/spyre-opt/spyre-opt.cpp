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

#include "ir/ParserTraps.h"
#include "ir/Registration.h"
#include "ir/SourceFixups.h"
#include "pipeline/PassVerifier.h"
#include "pipeline/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

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
  // Verifying after every pass (--verify-each, on by default) is done by
  // our instrumentation instead of the pass manager: IR a pass breaks is an
  // internal compiler error naming the pass, not an error on the kernel's
  // line (see PassVerifier.h).
  if (config.shouldVerifyPasses()) {
    mlir::MlirOptMainConfig parsed = config;
    config.verifyPasses(false);
    config.setPassPipelineSetupFn([parsed](mlir::PassManager &pm) {
      if (mlir::failed(parsed.setupPassPipeline(pm)))
        return mlir::failure();
      pm.addInstrumentation(spyre::createPassVerifierInstrumentation());
      return mlir::success();
    });
  }

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

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
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
  spyre::setCommandLineSource(text);

  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  // --ktir-to-spyrecode's result is the SpyreCode listing, not the MLIR
  // module (which lower-to-spyrecode leaves as it was): print that instead.
  std::string printed;
  llvm::raw_string_ostream ir(printed);
  bool ok = mlir::succeeded(
      mlir::MlirOptMain(ir, std::move(buffer), registry, config));
  std::vector<std::string> listings = spyre::takeSpyreCodeListings();
  if (!ok)
    return EXIT_FAILURE;
  if (listings.empty())
    output->os() << printed;
  for (const std::string &listing : listings)
    output->os() << listing;
  output->keep();
  return EXIT_SUCCESS;
}
