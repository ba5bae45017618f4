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
  std::string description; ///< Markdown: one paragraph a line, then its options
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

/// What lower-to-spyrecode reads besides the module (both optional).
struct SpyreCodeInputs {
  /// The kernel's source text, for the arguments' names.
  std::string source;
  /// The line of an op in the DataflowIR snapshot before the lowering (0:
  /// unknown), for each instruction's DataflowIR line.
  std::function<int(mlir::Operation *)> dataflowLine;
};

/// What the passes read from the architecture description.
struct PipelineConfig {
  int cores = 0; ///< cores of the target (0: do not check the grid)
  int64_t lxBytes = 0; ///< scratchpad per core (0: do not check tiles)
  /// The target for the passes that read more of it: a preset name or a
  /// TOML file (empty: the Spyre default).
  std::string arch;
  /// What lower-to-spyrecode reads besides the module.
  SpyreCodeInputs spyreCode;
  /// false: double-buffer gives every buffer one copy (timing comparisons).
  bool doubleBuffer = true;
  /// The kernel to compile (select-kernel); empty: every kernel.
  std::string function;
};

/// lower-to-spyrecode for target `arch` (a preset name or a TOML file;
/// empty: the kernel's device or Spyre) with its inputs.
std::unique_ptr<mlir::Pass> createLowerToSpyreCodeWith(const std::string &arch,
                                                       SpyreCodeInputs inputs);

/// The output of a pass whose result is not MLIR: the SpyreCode module
/// `pass` produced when it is lower-to-spyrecode and its last run
/// succeeded (the MLIR module is left as it was); null for every other
/// pass. Whoever runs the passes reads it after each (the driver's
/// snapshots, spyre-opt's listing).
std::shared_ptr<const code::Module> spyreCodeOf(const mlir::Pass &pass);

/// Whether `pass` is lower-to-spyrecode, the pass whose result is not MLIR
/// but a SpyreCode module (read with spyreCodeOf; null when its run
/// failed). Told by the pass's type, not its name.
bool producesSpyreCode(const mlir::Pass &pass);

/// Gives `pass`, when it is lower-to-spyrecode built without inputs (from
/// the command line), the kernel's source text for the arguments' names;
/// other passes are left as they are.
void setSpyreCodeSource(mlir::Pass &pass, const std::string &source);

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

} // namespace spyre

#endif
