//===- EmuEngine.h - spyre-run's --engine emu|both path ---------*- C++ -*-===//
#ifndef SPYRE_TOOLS_SPYRE_RUN_EMUENGINE_H
#define SPYRE_TOOLS_SPYRE_RUN_EMUENGINE_H

#include "driver/Record.h"
#include "driver/Run.h"

#include <map>
#include <string>
#include <vector>

namespace spyre::tools {

struct EmuRunOptions {
  std::string engine;     ///< "emu" or "both"
  std::string kernelPath; ///< a KTIR file or a .spyb
  std::string recordPath, outPath, reportPath, tracePath;
  /// --trace-window A:B: the trace holds cycles [traceFrom, traceTo).
  uint64_t traceFrom = 0, traceTo = UINT64_MAX;
  std::string lxEventsPath; ///< --lx-events: each LX interval as it closes
  std::vector<std::pair<std::string, std::string>> outputs; ///< --output
  uint64_t cycleBudget = 1'000'000'000;
  /// --max-ulps: the stage executor's tolerance (--bisect / --stage only;
  /// --engine both judges by the numerics verdict, with no tolerance).
  double maxUlps = 0;
};

/// Runs the kernel on the emulator and, for "both" (or a KTIR kernel with
/// a record), the interpreter with its shadow, and prints the numerics
/// verdict of every output (driver/NumericsVerdict.h). `request` is
/// spyre-run's request with the record merged in (source set for KTIR
/// kernels). Returns the exit code: 1 on an error or a WRONG output.
int runOnEmulator(const EmuRunOptions &options, driver::RunRequest request,
                  const driver::Record *record);

} // namespace spyre::tools

#endif
