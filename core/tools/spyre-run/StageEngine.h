//===- StageEngine.h - spyre-run's --bisect and --stage ---------*- C++ -*-===//
#ifndef SPYRE_TOOLS_SPYRE_RUN_STAGEENGINE_H
#define SPYRE_TOOLS_SPYRE_RUN_STAGEENGINE_H

#include "driver/Record.h"
#include "driver/Run.h"

#include <string>
#include <utility>
#include <vector>

namespace spyre::tools {

struct StageRunOptions {
  /// The pass whose snapshot --stage runs; empty: --bisect (every one).
  std::string stage;
  /// Testing only (--perturb-after=PASS): break one op after PASS.
  std::string perturbAfter;
  /// Resume the stage executor's processes in the opposite order (the
  /// outputs must not change: a check of the scheduler).
  bool backwardSchedule = false;
  /// --max-ulps: agree within this many steps of each output's dtype at
  /// its largest magnitude (0: bit for bit).
  double maxUlps = 0;
  std::string kernelPath, recordPath, outPath, reportPath;
  std::vector<std::pair<std::string, std::string>> outputs; ///< --output
};

/// Runs the snapshot after every pass (--bisect) or one (--stage) and
/// holds its outputs against the KTIR's; one line per snapshot. Returns
/// the exit code: 1 when a snapshot differs or does not run.
int runStagesCommand(const StageRunOptions &options, driver::RunRequest request,
                     const driver::Record *record);

} // namespace spyre::tools

#endif
