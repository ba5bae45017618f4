//===- EmuEngine.cpp - spyre-run's --engine emu|both path -----------------===//
//
// A KTIR kernel is compiled on the fly (compileKernel's SpyreCode module)
// and its arguments are placed exactly as the interpreter places them
// (PreparedRun::placedArguments, seeded arrays included), so `both` runs
// the two engines on the same bytes. A .spyb file takes --bind NAME=VALUE
// for dimensions and scalars and --input NAME=FILE.npy for tensors, checked
// against its symbol table (driver/SymbolArguments.h).
//
//===----------------------------------------------------------------------===//

#include "EmuEngine.h"
#include "RunOutputs.h"

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/NumericsVerdict.h"
#include "driver/RunReport.h"
#include "driver/SymbolArguments.h"
#include "driver/Architecture.h"
#include "spyrecode/Binary.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>

using namespace spyre;
using namespace spyre::driver;
using namespace spyre::tools;

namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Prints the verdict of every output (stdout), the interpreter's own
/// excursions past its bound too (stderr: a bug of the bound model).
void printVerdict(const NumericsVerdict &verdict) {
  for (const std::string &line : verdictLines(verdict)) {
    if (line.rfind("warning: ", 0) == 0)
      std::fprintf(stderr, "spyre-run: %s\n", line.c_str());
    else
      std::printf("  %s\n", line.c_str());
  }
}

/// The summary line's words for the overall verdict.
const char *verdictSuffix(Verdict v) {
  switch (v) {
  case Verdict::Exact: return "; outputs equal the interpreter's";
  case Verdict::WithinRounding: return "; outputs within rounding of the shadow";
  case Verdict::Wrong: return "; outputs WRONG";
  }
  return "";
}

} // namespace

/// `--engine both` when the compile failed: whether the interpreter runs
/// the kernel, so that a refusal of the compiler is not taken for one of
/// the kernel (and the interpreter's own refusal is said too, unless it is
/// an error already printed: a kernel that does not parse).
static void sayWhetherInterpreterRuns(driver::RunRequest request,
                                      const std::vector<Diagnostic> &said) {
  request.shadow = false;
  driver::RunResult alone = driver::runKernel(request);
  if (alone.ok) {
    std::cerr << "spyre-run: the interpreter runs it (--engine interp shows "
                 "its outputs)\n";
    return;
  }
  bool same = true;
  for (const driver::Diagnostic &d : alone.diagnostics) {
    if (d.severity != driver::Diagnostic::Severity::Error)
      continue;
    if (std::any_of(said.begin(), said.end(), [&](const Diagnostic &e) {
          return e.format() == d.format();
        }))
      continue;
    std::cerr << d.format() << "\n";
    same = false;
  }
  std::cerr << (same ? "spyre-run: the interpreter does not run it either "
                       "(the same error)\n"
                     : "spyre-run: the interpreter does not run it either\n");
}

int spyre::tools::runOnEmulator(const EmuRunOptions &options,
                                RunRequest request, const Record *record) {
  EmulateRequest er;
  er.run = request;
  er.options.arch = request.arch;
  er.options.tracePath = options.tracePath;
  er.options.traceFrom = options.traceFrom;
  er.options.traceTo = options.traceTo;
  er.options.lxEventsPath = options.lxEventsPath;
  er.options.cycleBudget = options.cycleBudget;
  if (endsWith(options.kernelPath, ".spyb")) {
    if (options.engine == "both") {
      std::cerr << "spyre-run: --engine both needs a KTIR kernel (a .spyb has "
                   "no source for the interpreter)\n";
      return 1;
    }
    std::string error;
    std::optional<code::Module> m = code::loadBinary(options.kernelPath, error);
    if (!m) {
      std::cerr << "spyre-run: " << error << "\n";
      return 1;
    }
    er.spyreCode = std::make_shared<const code::Module>(std::move(*m));
    std::vector<EmulatorArgument> args;
    std::vector<std::string> errors;
    if (!symbolArguments(*er.spyreCode, request.args, args, errors)) {
      for (const std::string &e : errors)
        std::cerr << "spyre-run: " << e << "\n";
      return 1;
    }
    er.arguments = std::move(args);
  } else {
    // The architecture first: an error in it is not the kernel's.
    std::vector<Diagnostic> archErrors;
    if (!loadArchitecture(request.arch, archErrors)) {
      for (const Diagnostic &d : archErrors)
        std::cerr << d.format() << "\n";
      return 1;
    }
    // The verdict needs the interpreter's shadow: `both` runs it, and so
    // does `emu` with a record.
    er.run.shadow = options.engine == "both" || record;
  }
  Emulation emu = emulate(er);
  for (const Diagnostic &d : emu.diagnostics)
    std::cerr << d.format() << "\n";
  if (!emu.ok()) {
    if (!emu.module) {
      std::cerr << "spyre-run: the kernel did not compile to SpyreCode\n";
      if (options.engine == "both")
        sayWhetherInterpreterRuns(er.run, emu.diagnostics);
    }
    return 1;
  }
  // `both` prints them with the interpreter's run; the emulator alone
  // says here which inputs were made (automatic addresses, regions).
  if (emu.interpreter && options.engine == "emu")
    for (const Diagnostic &d : emu.interpreter->preparingDiagnostics())
      std::cerr << d.format() << "\n";
  const std::shared_ptr<const code::Module> &module = emu.module;
  // A fault at an instruction of a known KTIR line (a deadlock's blocked
  // engine) is said on that line, as the compiler's errors are.
  for (const std::string &e : emu.result.errors) {
    if (emu.result.faultLine > 0) {
      Diagnostic d;
      d.file = module && !module->sourceName.empty() ? module->sourceName
                                                      : er.run.sourceName;
      d.line = emu.result.faultLine;
      d.message = "emulator: " + e;
      std::cerr << d.format() << "\n";
    } else {
      std::cerr << "spyre-run: emulator: " << e << "\n";
    }
  }
  if (!emu.result.ok)
    return 1;

  RunResult reference;
  std::optional<NumericsVerdict> verdict;
  if (emu.interpreter && (options.engine == "both" || record)) {
    reference = emu.interpreter->run();
    if (options.engine == "both")
      for (const Diagnostic &d : reference.diagnostics)
        std::cerr << d.format() << "\n";
    if (!reference.ok) {
      if (options.engine != "both")
        for (const Diagnostic &d : reference.diagnostics)
          std::cerr << d.format() << "\n";
      return 1;
    }
    verdict = judgeOutputs(reference, emu.result.arrays, emu.result.regions);
  }

  RunResult asRun;
  asRun.arrays = emu.result.arrays;
  asRun.regions = emu.result.regions;
  asRun.argumentNames = reference.argumentNames;
  if (!writeRunOutputs(options.outPath, options.outputs, asRun, record))
    return 1;
  if (!options.reportPath.empty()) {
    nlohmann::json j = nlohmann::json::parse(emulateReportJson(emu.result));
    j["engine"] = options.engine;
    j["function"] = module->plan.kernel;
    j["grid"] = module->plan.grid;
    if (options.engine == "both")
      j["interpreter"] = nlohmann::json::parse(reportJson(reference));
    if (verdict) {
      j["outputs_match"] = !verdict->wrong();
      j["numerics"] = nlohmann::json::array();
      for (const OutputVerdict &o : verdict->outputs)
        j["numerics"].push_back({{"output", o.name},
                                 {"verdict", verdictName(o.verdict)},
                                 {"text", o.text},
                                 {"differing", o.differing},
                                 {"outside", o.outside},
                                 {"worst_error_ulps", o.worst.errorUlps},
                                 {"worst_bound_ulps", o.worst.boundUlps}});
    }
    std::ofstream report(options.reportPath);
    report << j.dump(1) << "\n";
    if (!report) {
      std::cerr << "spyre-run: cannot write " << options.reportPath << "\n";
      return 1;
    }
  }
  if (verdict)
    printVerdict(*verdict);
  const emu::Summary &s = emu.result.summary;
  if (uint64_t(s.heldTileBytes) > s.computeLocalBytes)
    std::printf("%s: the compute engine holds %lld bytes of tiles whole, more "
                "than its %llu (compute_engine.local_bytes)\n",
                module->plan.kernel.c_str(), (long long)s.heldTileBytes,
                (unsigned long long)s.computeLocalBytes);
  std::printf("%s: %llu cycles (%.6g us) on the emulator, bottleneck %s "
              "(%.0f%% of its bound), %llu events in %.3f ms (%.3g events/s)%s\n",
              module->plan.kernel.c_str(), (unsigned long long)s.totalCycles,
              s.timeUs, s.bottleneck.c_str(), 100 * s.closeness,
              (unsigned long long)s.events, emu.result.wallSeconds * 1e3,
              emu.result.eventsPerSecond,
              verdict ? verdictSuffix(verdict->overall()) : "");
  return verdict && verdict->wrong() ? 1 : 0;
}
