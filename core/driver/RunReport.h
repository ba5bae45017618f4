//===- RunReport.h - a run's report as JSON ---------------------*- C++ -*-===//
#ifndef SPYRE_DRIVER_RUNREPORT_H
#define SPYRE_DRIVER_RUNREPORT_H

#include "driver/Run.h"

#include <string>

namespace spyre::driver {

/// kernel_cycles, kernel_time_us, bottleneck (named as ktir-cpu names them),
/// per_core (core, compute/memory/comm cycles, peak_lx_bytes), wall_s, and
/// more; see docs/spyre-run.md.
std::string reportJson(const RunResult &result);

} // namespace spyre::driver

#endif
