//===- spyre-run.cpp - run a KTIR kernel on the reference interpreter -----===//
//
//   spyre-run KERNEL.mlir --record REC.json [--out OUT.npz] [--report R.json]
//   spyre-run KERNEL.mlir [--function F] [--arg NAME=VALUE]...
//             [--input NAME=FILE.npy]... [--seed N] [--output NAME=FILE.npy]...
//             [--grid 4,1] [--arch PRESET|FILE] [--report R.json]
//             [--engine interp] [--lx-events EVENTS.tsv] [--repeat N]
//   spyre-run KERNEL.mlir --engine emu|both [--trace TRACE.json[.gz]]
//             [--trace-window A:B] [--lx-events INTERVALS.tsv] ...
//   spyre-run KERNEL.spyb --engine emu [--bind NAME=VALUE]...
//             [--input NAME=FILE.npy]... [--trace TRACE.json] ...
//
// --engine emu runs the compiled SpyreCode on the cycle-level emulator
// (docs/emulator.md); --engine both runs both engines on the same inputs
// and exits 1 when an output differs (naming the worst element). --trace
// writes the Chrome trace as the run goes (gzipped for a ".gz" name),
// only cycles [A, B) with --trace-window A:B; --lx-events writes each
// scratchpad interval as it closes (the interpreter: each LX event).
//
// --bisect runs the IR after every pass (the stage executor, core/stagex)
// and the SpyreCode (the emulator) on the same inputs, compares each one's
// outputs with the KTIR's, prints one line per pass and names the first
// pass whose outputs differ (exit 1 when one does); --stage PASS runs the
// snapshot after PASS alone. --perturb-after=PASS is for testing the
// bisect only: it breaks one op right after PASS (docs/stage-execution.md).
// --no-lx-limit gives the interpreter a scratchpad of 512 MiB per core
// (lx_size_mb; the emulator keeps the architecture's): the reference for a
// kernel whose compiled program streams tiles larger than LX through it in
// chunks (docs/interpreter.md).
//
// --repeat N runs the kernel N more times after the first, from the same
// parse, each on fresh memory (how ktir-cpu's harness times a kernel), checks
// that every run gives the first one's outputs, and reports the median time
// of those runs beside the first run's.
//
// Prints diagnostics as file:line:col: error: ..., and a short summary of
// the estimate. Exit status 0 on success, 1 on any error.
//
//===----------------------------------------------------------------------===//

#include "driver/Record.h"
#include "driver/Compile.h"
#include "driver/Run.h"
#include "driver/RunReport.h"
#include "support/Limits.h"
#include "support/ReadFile.h"
#include "EmuEngine.h"
#include "RunOutputs.h"
#include "StageEngine.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace spyre;
using namespace spyre::driver;

namespace {

int usage(const char *message = nullptr) {
  if (message)
    std::cerr << "spyre-run: " << message << "\n";
  std::cerr
      << "usage: spyre-run KERNEL.mlir [--record REC.json [--out OUT.npz]]\n"
         "                 [--function F] [--arg NAME=VALUE]... "
         "[--input NAME=FILE.npy]...\n"
         "                 [--seed N] [--output NAME=FILE.npy]... "
         "[--grid D0,D1,.. | D0xD1]\n"
         "                 [--arch PRESET|FILE.toml] [--max-ops N] "
         "[--report REPORT.json]\n"
         "                 [--engine interp|emu|both] [--lx-events EVENTS.tsv] "
         "[--repeat N]\n"
         "                 [--trace TRACE.json[.gz]] [--trace-window A:B]\n"
         "                 [--cycle-budget N] [--no-lx-limit]\n"
         "       spyre-run KERNEL.mlir --list-kernels\n"
         "       spyre-run KERNEL.spyb --engine emu [--bind NAME=VALUE]... "
         "[--input NAME=FILE.npy]...\n"
         "       spyre-run KERNEL.mlir --bisect | --stage PASS [--max-ulps N] "
         "[--perturb-after=PASS (testing only)]\n";
  return 1;
}

bool splitPair(const std::string &text, std::string &name,
               std::string &value) {
  size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return false;
  name = text.substr(0, eq);
  value = text.substr(eq + 1);
  return true;
}

bool sameArray(const npy::Array &a, const npy::Array &b) {
  return a.dtype == b.dtype && a.shape == b.shape && a.data == b.data;
}

bool sameArrays(const std::map<std::string, npy::Array> &a,
                const std::map<std::string, npy::Array> &b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](auto &x, auto &y) {
           return x.first == y.first && sameArray(x.second, y.second);
         });
}

/// A whole non-negative decimal integer (no sign, nothing after it).
bool parseCount(const std::string &text, uint64_t &out) {
  return !text.empty() && text[0] != '-' && text[0] != '+' &&
         !llvm::StringRef(text).getAsInteger(10, out);
}

} // namespace

int main(int argc, char **argv) {
  std::string kernel, recordPath, outPath, reportPath, eventsPath,
      engine = "interp";
  RunRequest request;
  uint64_t repeat = 0;
  bool noLxLimit = false;
  bool listOnly = false;
  std::vector<std::pair<std::string, std::string>> outputs;
  tools::EmuRunOptions emuOptions;
  bool traceWindow = false;
  tools::StageRunOptions stageOptions;
  bool bisect = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    // --perturb-after=PASS (the testing option) is also taken with '='.
    if (a.rfind("--perturb-after=", 0) == 0) {
      stageOptions.perturbAfter = a.substr(16);
      if (stageOptions.perturbAfter.empty())
        return usage("--perturb-after needs a pass");
      continue;
    }
    auto next = [&](std::string &into) {
      if (i + 1 >= argc)
        return false;
      into = argv[++i];
      return true;
    };
    std::string value, name, v;
    if (a == "--list-kernels") {
      listOnly = true;
    } else if (a == "--record") {
      if (!next(recordPath))
        return usage("--record needs a file");
    } else if (a == "--out") {
      if (!next(outPath))
        return usage("--out needs a file");
    } else if (a == "--report") {
      if (!next(reportPath))
        return usage("--report needs a file");
    } else if (a == "--lx-events") {
      if (!next(eventsPath))
        return usage("--lx-events needs a file");
    } else if (a == "--trace") {
      if (!next(emuOptions.tracePath))
        return usage("--trace needs a file");
    } else if (a == "--trace-window") {
      // A:B, the cycles [A, B) of the run (either side may be empty).
      size_t colon = std::string::npos;
      if (!next(value) || (colon = value.find(':')) == std::string::npos)
        return usage("--trace-window needs A:B (cycles)");
      std::string from = value.substr(0, colon), to = value.substr(colon + 1);
      uint64_t a0 = 0, b0 = UINT64_MAX;
      if ((!from.empty() && !parseCount(from, a0)) ||
          (!to.empty() && !parseCount(to, b0)) || b0 <= a0)
        return usage(("--trace-window " + value +
                      ": needs whole numbers A < B of cycles").c_str());
      emuOptions.traceFrom = a0;
      emuOptions.traceTo = b0;
      traceWindow = true;
    } else if (a == "--cycle-budget") {
      // At most 2^62: cycle counts past the budget stay representable.
      if (!next(value) || !parseCount(value, emuOptions.cycleBudget) ||
          emuOptions.cycleBudget == 0 || emuOptions.cycleBudget > (1ull << 62))
        return usage("--cycle-budget needs a whole number from 1 to 2^62 "
                     "(4611686018427387904)");
    } else if (a == "--max-ulps") {
      uint64_t ulps = 0;
      if (!next(value) || !parseCount(value, ulps))
        return usage("--max-ulps needs a whole number");
      emuOptions.maxUlps = double(ulps);
    } else if (a == "--bisect") {
      bisect = true;
    } else if (a == "--stage") {
      if (!next(stageOptions.stage) || stageOptions.stage.empty())
        return usage("--stage needs a pass");
    } else if (a == "--perturb-after") {
      if (!next(stageOptions.perturbAfter) || stageOptions.perturbAfter.empty())
        return usage("--perturb-after needs a pass");
    } else if (a == "--backward-schedule") {
      stageOptions.backwardSchedule = true;
    } else if (a == "--engine") {
      if (!next(engine))
        return usage("--engine needs a name");
    } else if (a == "--repeat") {
      if (!next(value) || !parseCount(value, repeat) || repeat > 100000)
        return usage("--repeat needs a whole number up to 100000");
    } else if (a == "--max-ops") {
      if (!next(value) || !parseCount(value, request.maxOpsPerCore) ||
          request.maxOpsPerCore == 0)
        return usage("--max-ops needs a positive whole number");
    } else if (a == "--no-lx-limit") {
      noLxLimit = true;
    } else if (a == "--arch") {
      if (!next(request.arch))
        return usage("--arch needs a preset name or a file");
    } else if (a == "--function") {
      if (!next(request.function))
        return usage("--function needs a name");
    } else if (a == "--seed") {
      uint64_t seed = 0;
      if (!next(value) || !parseCount(value, seed))
        return usage("--seed needs a whole number");
      request.seed = seed;
    } else if (a == "--grid") {
      if (!next(value))
        return usage("--grid needs dimensions");
      // 4,2 or 4x2.
      std::string dims = value;
      std::replace(dims.begin(), dims.end(), 'x', ',');
      std::stringstream ss(dims);
      std::string d;
      while (std::getline(ss, d, ',')) {
        uint64_t extent = 0;
        if (!parseCount(d, extent) || extent == 0 || extent > INT64_MAX)
          return usage(("--grid " + value +
                        ": each dimension must be a positive whole number")
                           .c_str());
        request.grid.push_back(static_cast<int64_t>(extent));
      }
      if (request.grid.empty())
        return usage("--grid needs dimensions");
    } else if (a == "--arg" || a == "--bind") {
      // One option with two names (--bind for .spyb files, as the runtime
      // binds symbols): the text is read for the argument's type once the
      // kernel says what that is (driver::parseScalarValue).
      if (!next(value) || !splitPair(value, name, v))
        return usage((a + " needs NAME=VALUE").c_str());
      request.args[name].text = v;
    } else if (a == "--input") {
      if (!next(value) || !splitPair(value, name, v))
        return usage("--input needs NAME=FILE.npy");
      npy::Array array;
      std::string error;
      if (!npy::readNpy(v, array, error)) {
        std::cerr << "spyre-run: " << error << "\n";
        return 1;
      }
      request.args[name].array = std::move(array);
    } else if (a == "--output") {
      if (!next(value) || !splitPair(value, name, v))
        return usage("--output needs NAME=FILE.npy");
      outputs.emplace_back(name, v);
    } else if (a == "-h" || a == "--help") {
      usage();
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      return usage(("unknown option " + a).c_str());
    } else if (kernel.empty()) {
      kernel = a;
    } else {
      return usage("more than one kernel given");
    }
  }
  if (kernel.empty())
    return usage("no kernel given");
  if (engine != "interp" && engine != "emu" && engine != "both")
    return usage(("unknown engine '" + engine +
                  "' (available: interp, emu, both)").c_str());
  if (engine == "interp" && (!emuOptions.tracePath.empty() || traceWindow))
    return usage("--trace and --trace-window need --engine emu or both");
  if (traceWindow && emuOptions.tracePath.empty())
    return usage("--trace-window needs --trace FILE");
  bool stages = bisect || !stageOptions.stage.empty();
  if (bisect && !stageOptions.stage.empty())
    return usage("--bisect runs every snapshot; --stage runs one: give one");
  if (!stages && (!stageOptions.perturbAfter.empty() ||
                  stageOptions.backwardSchedule))
    return usage("--perturb-after and --backward-schedule need --bisect or "
                 "--stage");
  // --engine both and a record are judged by the numerics verdict alone
  // (docs/numerics.md); a bound in ulps is for the stage executor's compare.
  if (!stages && emuOptions.maxUlps > 0)
    return usage("--max-ulps goes with --bisect or --stage: the engines' "
                 "outputs are judged by the numerics verdict");
  if (stages && (engine != "interp" || repeat > 0 || !eventsPath.empty()))
    return usage("--bisect and --stage run every engine they need: no "
                 "--engine, --repeat or --lx-events with them");

  std::string source, readError;
  if (!readFileBounded(kernel, limits::kMaxKernelBytes, source, readError)) {
    std::cerr << "spyre-run: " << readError << "\n";
    return 1;
  }

  if (listOnly) {
    // The module's kernels, one a line (a helper it calls is not one).
    KernelList list = listKernels(source, kernel);
    for (const Diagnostic &d : list.diagnostics)
      std::cerr << d.format() << "\n";
    for (const std::string &name : list.names)
      std::cout << name << "\n";
    return list.ok ? 0 : 1;
  }

  Record record;
  if (!recordPath.empty()) {
    std::string error;
    if (!loadRecord(recordPath, record, error)) {
      std::cerr << "spyre-run: " << error << "\n";
      return 1;
    }
    RunRequest merged = record.request;
    for (auto &[k, arg] : request.args)
      merged.args[k] = arg;
    if (!request.function.empty())
      merged.function = request.function;
    if (!request.grid.empty())
      merged.grid = request.grid;
    merged.seed = request.seed;
    merged.arch = request.arch;
    merged.maxOpsPerCore = request.maxOpsPerCore;
    request = std::move(merged);
  }
  // The interpreter's scratchpad as large as its largest tile may be
  // (ktir-cpu's lx_size_mb); the compiled program keeps the target's.
  if (noLxLimit)
    request.hwConfig["lx_size_mb"] =
        double(limits::kMaxArrayBytes >> 20);
  request.source = std::move(source);
  request.sourceName = kernel;
  request.recordLxEvents = !eventsPath.empty();
  if (stages) {
    stageOptions.kernelPath = kernel;
    stageOptions.recordPath = recordPath;
    stageOptions.outPath = outPath;
    stageOptions.reportPath = reportPath;
    stageOptions.outputs = outputs;
    stageOptions.maxUlps = emuOptions.maxUlps;
    return tools::runStagesCommand(stageOptions, request,
                                   recordPath.empty() ? nullptr : &record);
  }
  if (engine != "interp") {
    emuOptions.engine = engine;
    emuOptions.kernelPath = kernel;
    emuOptions.recordPath = recordPath;
    emuOptions.outPath = outPath;
    emuOptions.reportPath = reportPath;
    emuOptions.outputs = outputs;
    emuOptions.lxEventsPath = eventsPath;
    return tools::runOnEmulator(emuOptions, request,
                                recordPath.empty() ? nullptr : &record);
  }

  PreparedRun prepared(request);
  RunResult result = prepared.run();
  for (const Diagnostic &d : result.diagnostics)
    std::cerr << d.format() << "\n";
  if (!result.ok)
    return 1;
  std::vector<double> repeats;
  for (uint64_t i = 1; i <= repeat; ++i) {
    RunResult again = prepared.run();
    if (!again.ok || !sameArrays(again.arrays, result.arrays) ||
        !sameArrays(again.regions, result.regions)) {
      for (const Diagnostic &d : again.diagnostics)
        std::cerr << d.format() << "\n";
      std::cerr << "spyre-run: run " << i + 1 << " did not give the first "
                << "run's outputs\n";
      return 1;
    }
    repeats.push_back(again.wallSeconds);
  }

  if (!tools::writeRunOutputs(outPath, outputs, result,
                       recordPath.empty() ? nullptr : &record))
    return 1;
  if (!reportPath.empty()) {
    std::ofstream report(reportPath);
    report << reportJson(result, repeats) << "\n";
    report.close(); // a full disk shows only when the buffer is written
    if (report.fail()) {
      std::cerr << "spyre-run: cannot write " << reportPath << "\n";
      return 1;
    }
  }
  if (!eventsPath.empty()) {
    // One scratchpad event a line: core, alloc/free, bytes, in use, line, op.
    std::ofstream events(eventsPath);
    for (const LxEvent &e : result.lxEvents)
      events << e.core << '\t' << (e.alloc ? "alloc" : "free") << '\t'
             << e.bytes << '\t' << e.inUse << '\t' << e.line << '\t' << e.op
             << '\n';
    events.close();
    if (events.fail()) {
      std::cerr << "spyre-run: cannot write " << eventsPath << "\n";
      return 1;
    }
  }
  std::printf("%s: %.6g cycles (%.6g us), bottleneck %s, %zu cores, "
              "executed in %.3f ms",
              result.function.c_str(), result.kernelCycles,
              result.kernelTimeUs, result.bottleneck.c_str(),
              result.perCore.size(), result.wallSeconds * 1e3);
  if (!repeats.empty()) {
    std::printf(", then %.4f ms (median of %zu more runs)",
                medianTime(repeats) * 1e3, repeats.size());
  }
  std::printf("\n");
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::cerr << "spyre-run: cannot write the summary to standard output\n";
    return 1;
  }
  return 0;
}
