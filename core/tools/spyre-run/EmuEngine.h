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
  std::map<std::string, std::string> binds;                 ///< --bind
  uint64_t cycleBudget = 1'000'000'000;
  /// --engine both: 0 = bit for bit; else every element within this many
  /// steps (ulps) of its dtype, at the array's largest magnitude, from the
  /// interpreter's value.
  double maxUlps = 0;
};

/// Runs the kernel on the emulator (and, for "both", the interpreter, and
/// compares every array bit for bit). `request` is spyre-run's request
/// with the record merged in (source set for KTIR kernels). Returns the
/// exit code.
int runOnEmulator(const EmuRunOptions &options, driver::RunRequest request,
                  const driver::Record *record);

} // namespace spyre::tools

#endif
