//===- Pipeline.h - the one function that builds the pipeline --*- C++ -*-===//
//
// spyre-opt (--ktir-to-dataflow), the GUI (through core/driver) and the
// tests all build the backend pipeline here, so they run the same passes.
// KTIR passes, then ScheduleIR, then the lowering to DataflowIR.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_PIPELINE_H
#define SPYRE_PIPELINE_PIPELINE_H

#include "spyrecode/SpyreCode.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace spyre {

/// What the app shows about a pass.
struct PassInfo {
  std::string argument;    ///< e.g. "normalize-grid"
  std::string stage;       ///< "KTIR", "ScheduleIR", "DataflowIR", "SpyreCode"
  std::string summary;
  std::string description; ///< one paragraph
};

/// The passes of the pipeline, in order.
const std::vector<PassInfo> &pipelinePasses();

struct PipelineOptions : mlir::PassPipelineOptions<PipelineOptions> {
  Option<std::string> stopAfter{
      *this, "stop-after",
      llvm::cl::desc("Stop after the pass with this argument name")};
  Option<int> cores{*this, "cores",
                    llvm::cl::desc("Cores of the target (0: unchecked)"),
                    llvm::cl::init(0)};
  Option<int64_t> lxBytes{
      *this, "lx-bytes",
      llvm::cl::desc("Scratchpad bytes per core (0: unchecked)"),
      llvm::cl::init(0)};
  Option<std::string> arch{
      *this, "arch",
      llvm::cl::desc("Architecture: preset name or TOML file (empty: Spyre)")};
  Option<std::string> function{
      *this, "function",
      llvm::cl::desc("The kernel to compile (empty: every kernel)")};
};

/// Where lower-to-spyrecode hands its result: a pass cannot turn the
/// ModuleOp into a SpyreCode module, so it leaves the MLIR module as it is
/// and gives the lowered spyre::code::Module to `deliver` (the driver keeps
/// it and shows its listing as the pass's snapshot; spyre-opt prints it).
struct SpyreCodeOutput {
  std::function<void(std::shared_ptr<const code::Module>)> deliver;
  /// The line of an op in the DataflowIR snapshot (0: unknown); optional.
  std::function<int(mlir::Operation *)> dataflowLine;
  /// The kernel's source text, for the arguments' names; optional.
  std::string source;
};

/// What the passes read from the architecture description.
struct PipelineConfig {
  int cores = 0; ///< cores of the target (0: do not check the grid)
  int64_t lxBytes = 0; ///< scratchpad per core (0: do not check tiles)
  /// The target for the passes that read more of it: a preset name or a
  /// TOML file (empty: the Spyre default).
  std::string arch;
  /// Receives lower-to-spyrecode's result (none: it is dropped after the
  /// lowering succeeded or failed with its diagnostics).
  std::shared_ptr<SpyreCodeOutput> spyreCode;
  /// false: double-buffer gives every buffer one copy (timing comparisons).
  bool doubleBuffer = true;
  /// The kernel to compile (select-kernel); empty: every kernel.
  std::string function;
};

/// lower-to-spyrecode handing its result to `output`.
std::unique_ptr<mlir::Pass>
createLowerToSpyreCodeWithOutput(const std::string &arch,
                                 std::shared_ptr<SpyreCodeOutput> output);

/// The pipeline's passes, in order, up to `stopAfter` (when set); empty
/// with a message in `error` when `stopAfter` names no pass.
std::vector<std::unique_ptr<mlir::Pass>>
createPipelinePasses(const std::string &stopAfter, const PipelineConfig &config,
                     std::string *error = nullptr);

/// Adds createPipelinePasses() to `pm`: the one pipeline everybody runs.
mlir::LogicalResult buildPipeline(mlir::OpPassManager &pm,
                                  const std::string &stopAfter,
                                  std::string *error = nullptr,
                                  const PipelineConfig &config = {});

/// Registers the passes and the `ktir-to-dataflow` and `ktir-to-spyrecode`
/// pipelines with MLIR's command-line registry (for spyre-opt).
void registerPipeline();

/// The listings `ktir-to-spyrecode` (and `lower-to-spyrecode` run on its
/// own from the command line) produced since the last call, in order
/// (spyre-opt prints them in place of the MLIR module).
std::vector<std::string> takeSpyreCodeListings();

/// An output that keeps the listing of what it receives for
/// takeSpyreCodeListings(), with the command-line source's names.
std::shared_ptr<SpyreCodeOutput> commandLineListingOutput();

/// The kernel text spyre-opt parses, for the kernel arguments' names in
/// `ktir-to-spyrecode`'s listing.
void setCommandLineSource(std::string text);

} // namespace spyre

#endif
