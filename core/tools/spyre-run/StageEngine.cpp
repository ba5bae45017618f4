//===- StageEngine.cpp - spyre-run's --bisect and --stage -----------------===//
//
//   spyre-run KERNEL --bisect [--max-ulps N] [--perturb-after=PASS]
//                             [--report R.json]
//   spyre-run KERNEL --stage PASS [--output NAME=FILE.npy]...
//
// Prints, for each snapshot, whether its outputs agree with the KTIR's
// (driver/StageRun.h), then the first pass whose outputs differ.
//
//===----------------------------------------------------------------------===//

#include "StageEngine.h"
#include "RunOutputs.h"

#include "driver/StageRun.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>

using namespace spyre;
using namespace spyre::driver;
using namespace spyre::tools;

namespace {

const char *outcomeName(StageOutcome o) {
  switch (o) {
  case StageOutcome::Agrees: return "agrees";
  case StageOutcome::Differs: return "differs";
  case StageOutcome::Failed: return "fails";
  case StageOutcome::Skipped: return "skipped";
  }
  return "";
}

std::string label(const StageRun &s) {
  return s.pass + (s.emulated ? " (emulator)" : "");
}

void printStage(const StageRun &s) {
  std::string line = "  " + label(s);
  line.resize(std::max<size_t>(line.size() + 1, 40), ' ');
  line += s.summary;
  if (s.unchanged)
    line += " (IR unchanged)";
  else
    line += " [" + std::to_string(int64_t(s.wallSeconds * 1e3 + 0.5)) + " ms]";
  std::printf("%s\n", line.c_str());
}

nlohmann::json reportOf(const StageRunResult &r) {
  nlohmann::json j;
  j["comparison"] = r.comparison;
  j["perturbed"] = r.perturbed;
  j["first_inexact"] =
      r.firstInexact >= 0
          ? nlohmann::json(r.stages[size_t(r.firstInexact)].pass)
          : nlohmann::json();
  j["first_differing"] =
      r.firstDiffering >= 0
          ? nlohmann::json(r.stages[size_t(r.firstDiffering)].pass)
          : nlohmann::json();
  nlohmann::json stages = nlohmann::json::array();
  for (const StageRun &s : r.stages) {
    nlohmann::json e;
    e["pass"] = s.pass;
    e["stage"] = s.stage;
    e["outcome"] = outcomeName(s.outcome);
    e["exact"] = s.exact;
    e["summary"] = s.summary;
    e["unchanged"] = s.unchanged;
    e["emulated"] = s.emulated;
    e["wall_s"] = s.wallSeconds;
    e["ops_executed"] = s.opsExecuted;
    if (!s.firstArray.empty()) {
      e["first_array"] = s.firstArray;
      e["first_element"] = s.firstElement;
      e["first_line"] = s.firstLine;
    }
    stages.push_back(e);
  }
  j["stages"] = stages;
  return j;
}

} // namespace

int spyre::tools::runStagesCommand(const StageRunOptions &options,
                                   RunRequest request, const Record *record) {
  StageRunRequest req;
  req.run = std::move(request);
  req.onlyPass = options.stage;
  req.perturbAfter = options.perturbAfter;
  req.backwardSchedule = options.backwardSchedule;
  req.maxUlps = options.maxUlps;
  bool bisect = options.stage.empty();
  if (bisect)
    req.progress = [](const StageRun &s) {
      printStage(s);
      std::fflush(stdout);
    };
  StageRunResult r = runStages(req);
  for (const Diagnostic &d : r.diagnostics)
    std::cerr << d.format() << "\n";
  if (!r.perturbed.empty())
    std::cerr << "spyre-run: testing: --perturb-after " << options.perturbAfter
              << " " << r.perturbed << "\n";
  else if (!options.perturbAfter.empty() && r.ok)
    std::cerr << "spyre-run: testing: --perturb-after " << options.perturbAfter
              << " found no op to perturb\n";
  if (!r.ok)
    return 1;
  for (const StageRun &s : r.stages)
    if (s.outcome != StageOutcome::Skipped)
      for (const Diagnostic &d : s.diagnostics)
        std::cerr << d.format() << "\n";
  if (!options.reportPath.empty()) {
    std::ofstream report(options.reportPath);
    report << reportOf(r).dump(1) << "\n";
    report.close();
    if (report.fail()) {
      std::cerr << "spyre-run: cannot write " << options.reportPath << "\n";
      return 1;
    }
  }
  if (!bisect) {
    for (const StageRun &s : r.stages) {
      if (s.pass != options.stage)
        continue;
      std::printf("%s: snapshot after %s (%s): %s\n", r.reference.function.c_str(),
                  label(s).c_str(), s.stage.c_str(), s.summary.c_str());
      RunResult asRun;
      asRun.arrays = s.arrays;
      asRun.regions = s.regions;
      asRun.argumentNames = r.reference.argumentNames;
      if (s.outcome == StageOutcome::Failed ||
          !writeRunOutputs(options.outPath, options.outputs, asRun, record))
        return 1;
      return s.outcome == StageOutcome::Agrees ? 0 : 1;
    }
    return 1;
  }
  if (r.firstDiffering < 0) {
    std::printf("%s: every snapshot agrees with the KTIR's outputs (%s)",
                r.reference.function.c_str(), r.comparison.c_str());
    if (r.firstInexact >= 0)
      std::printf("; the first pass that changes their last bits: %s",
                  r.stages[size_t(r.firstInexact)].pass.c_str());
    std::printf("\n");
    return 0;
  }
  const StageRun &first = r.stages[size_t(r.firstDiffering)];
  std::printf("%s: the first pass whose output %s: %s (%s)",
              r.reference.function.c_str(),
              first.outcome == StageOutcome::Failed ? "does not run"
                                                    : "differs",
              first.pass.c_str(), first.stage.c_str());
  if (!first.firstArray.empty()) {
    std::printf("; its first differing element is '%s'[%zu]",
                first.firstArray.c_str(), first.firstElement);
    if (first.firstLine > 0)
      std::printf(", stored by line %d of the kernel", first.firstLine);
  }
  std::printf("\n");
  return 1;
}
