//===- RunReport.h - a run's report as JSON ---------------------*- C++ -*-===//
#ifndef SPYRE_DRIVER_RUNREPORT_H
#define SPYRE_DRIVER_RUNREPORT_H

#include "driver/Run.h"

#include <string>
#include <vector>

namespace spyre::driver {

/// kernel_cycles, kernel_time_us, bottleneck (named as ktir-cpu names them),
/// per_core (core, compute/memory/comm cycles, peak_lx_bytes), wall_s, and
/// more; see docs/interpreter.md. With `repeats` (the wall times of further
/// runs of the same parse), also wall_s_repeats and their median
/// wall_s_repeat_median.
std::string reportJson(const RunResult &result,
                       const std::vector<double> &repeats = {});

/// The median of wall times (the upper one of an even count; 0 if none), as
/// the report, spyre-run and spyre-bench give it.
double medianTime(std::vector<double> times);

} // namespace spyre::driver

#endif
