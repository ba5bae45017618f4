//===- RunReport.cpp - a run's report as JSON -----------------------------===//

#include "driver/RunReport.h"

#include <nlohmann/json.hpp>

#include <algorithm>

std::string spyre::driver::reportJson(const RunResult &result,
                                      const std::vector<double> &repeats) {
  nlohmann::json j;
  j["function"] = result.function;
  j["grid"] = result.grid;
  j["ok"] = result.ok;
  j["kernel_cycles"] = result.kernelCycles;
  j["kernel_time_us"] = result.kernelTimeUs;
  j["bottleneck"] = result.bottleneck;
  j["critical_core"] = result.criticalCore;
  j["wall_s"] = result.wallSeconds;
  if (!repeats.empty()) {
    j["wall_s_repeats"] = repeats;
    j["wall_s_repeat_median"] = medianTime(repeats);
  }
  j["ops_executed"] = result.opsExecuted;
  j["lx_capacity_bytes"] = result.lxCapacityBytes;
  nlohmann::json cores = nlohmann::json::array();
  for (const CoreEstimate &c : result.perCore)
    cores.push_back({{"core", c.core},
                     {"compute_cycles", c.computeCycles},
                     {"memory_cycles", c.memoryCycles},
                     {"comm_cycles", c.commCycles},
                     {"total_cycles", c.totalCycles},
                     {"dram_bytes", c.dramBytes},
                     {"comm_bytes", c.commBytes},
                     {"peak_lx_bytes", c.peakLxBytes}});
  j["per_core"] = cores;
  nlohmann::json diags = nlohmann::json::array();
  for (const Diagnostic &d : result.diagnostics)
    diags.push_back(d.format());
  j["diagnostics"] = diags;
  return j.dump(1);
}

double spyre::driver::medianTime(std::vector<double> times) {
  if (times.empty())
    return 0;
  std::nth_element(times.begin(), times.begin() + times.size() / 2,
                   times.end());
  return times[times.size() / 2];
}
