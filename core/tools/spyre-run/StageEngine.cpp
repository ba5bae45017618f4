//===- StageEngine.cpp - spyre-run's --bisect and --stage -----------------===//
//
//   spyre-run KERNEL --bisect [--perturb-after=PASS] [--report R.json]
//   spyre-run KERNEL --stage PASS [--output NAME=FILE.npy]...
//
// Prints, for each snapshot, the numerics verdict of its outputs against
// the KTIR's (driver/StageRun.h: exact, within rounding or WRONG), then
// the first pass whose output is WRONG, or the first that changed the
// last bits.
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

const char *outcomeName(const StageRun &s) {
  switch (s.outcome) {
  case StageOutcome::Agrees: return s.exact ? "exact" : "within rounding";
  case StageOutcome::Differs: return "WRONG";
  case StageOutcome::Failed: return "fails";
  case StageOutcome::Skipped: return "skipped";
  }
  return "";
}

std::string coordsText(const std::vector<int64_t> &c) {
  std::string s;
  for (size_t i = 0; i < c.size(); ++i)
    s += (i ? ", " : "") + std::to_string(c[i]);
  return "[" + s + "]";
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
    e["outcome"] = outcomeName(s);
    e["exact"] = s.exact;
    e["summary"] = s.summary;
    e["unchanged"] = s.unchanged;
    e["emulated"] = s.emulated;
    e["wall_s"] = s.wallSeconds;
    e["ops_executed"] = s.opsExecuted;
    if (!s.wrongArray.empty()) {
      e["wrong_array"] = s.wrongArray;
      e["wrong_element"] = s.wrongElement;
      e["wrong_coords"] = s.wrongCoords;
      if (s.wrongLine > 0)
        e["wrong_line"] = s.wrongLine;
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
    if (r.firstInexact < 0)
      std::printf("%s: every snapshot agrees with the KTIR's outputs: "
                  "exact\n",
                  r.reference.function.c_str());
    else
      std::printf("%s: every snapshot agrees with the KTIR's outputs: exact "
                  "or within rounding; the first pass that changes their "
                  "last bits: %s\n",
                  r.reference.function.c_str(),
                  r.stages[size_t(r.firstInexact)].pass.c_str());
    return 0;
  }
  const StageRun &first = r.stages[size_t(r.firstDiffering)];
  std::printf("%s: the first pass whose output %s: %s (%s)",
              r.reference.function.c_str(),
              first.outcome == StageOutcome::Failed ? "does not run"
                                                    : "is WRONG",
              first.pass.c_str(), first.stage.c_str());
  if (!first.wrongArray.empty()) {
    std::printf("; its worst element is '%s'%s", first.wrongArray.c_str(),
                coordsText(first.wrongCoords).c_str());
    if (first.wrongLine > 0)
      std::printf(", stored by line %d of the kernel", first.wrongLine);
  }
  std::printf("\n");
  return 1;
}
