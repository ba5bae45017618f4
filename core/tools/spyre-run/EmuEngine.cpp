//===- EmuEngine.cpp - spyre-run's --engine emu|both path -----------------===//
//
// A KTIR kernel is compiled on the fly (compileKernel's SpyreCode module)
// and its arguments are placed exactly as the interpreter places them
// (PreparedRun::placedArguments, seeded arrays included), so `both` runs
// the two engines on the same bytes. A .spyb file takes --bind NAME=VALUE
// for dimensions and scalars and --input NAME=FILE.npy for tensors (placed
// 128-byte aligned from 0x10000 in symbol order, as the interpreter does).
//
//===----------------------------------------------------------------------===//

#include "EmuEngine.h"
#include "RunOutputs.h"

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/OutputCompare.h"
#include "driver/RunReport.h"
#include "spyrecode/Binary.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <iostream>

using namespace spyre;
using namespace spyre::driver;
using namespace spyre::tools;

namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Compares the emulator's arrays with the interpreter's
/// (driver/OutputCompare.h): true when every array agrees; prints the worst
/// element of each array that differs.
bool compareArrays(const std::map<std::string, npy::Array> &interp,
                   const std::map<std::string, npy::Array> &emu,
                   double maxUlps) {
  bool same = true;
  for (const ArrayComparison &c : compareOutputs(interp, emu, maxUlps)) {
    same = same && c.agrees;
    if (c.missing) {
      std::cerr << "spyre-run: the emulator has no array '" << c.name << "'\n";
      continue;
    }
    if (c.mismatches == 0 && c.sameSize)
      continue;
    std::fprintf(stderr,
                 "spyre-run: %s in '%s': %zu of %zu elements differ; worst "
                 "element %zu: emulator %.9g, interpreter %.9g (|diff| %.9g, "
                 "%.3g ulps%s)\n",
                 c.agrees ? "within the bound" : "mismatch", c.name.c_str(),
                 c.mismatches, c.elements, c.worst, c.emulator, c.interpreter,
                 c.difference, c.mismatches ? c.ulps : -1.0,
                 maxUlps > 0 ? (" of " + std::to_string(maxUlps)).c_str() : "");
  }
  return same;
}

/// Arguments for a .spyb: --input arrays and --bind values, by symbol.
bool spybArguments(const code::Module &module, const EmuRunOptions &options,
                   const RunRequest &request,
                   std::vector<EmulatorArgument> &args) {
  uint64_t next = 0x10000;
  for (const code::Symbol &sym : module.symbols) {
    EmulatorArgument a;
    a.name = sym.name;
    auto input = request.args.find(sym.name);
    auto bind = options.binds.find(sym.name);
    if (sym.kind == code::Symbol::TensorBase && input != request.args.end() &&
        input->second.array) {
      a.isArray = true;
      a.data = *input->second.array;
      a.byteStart = next;
      next = (next + a.data.data.size() + 127) / 128 * 128;
    } else if (bind != options.binds.end()) {
      try {
        a.scalar = std::stod(bind->second);
        // A whole number is also taken exactly (i64 beyond 2^53).
        const std::string &text = bind->second;
        int64_t whole = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), whole);
        if (ec == std::errc() && end == text.data() + text.size())
          a.integer = whole;
      } catch (...) {
        std::cerr << "spyre-run: --bind " << sym.name << "=" << bind->second
                  << ": not a number\n";
        return false;
      }
    } else {
      std::cerr << "spyre-run: symbol '" << sym.name << "' needs "
                << (sym.kind == code::Symbol::TensorBase ? "--input NAME=FILE.npy"
                                                         : "--bind NAME=VALUE")
                << "\n";
      return false;
    }
    args.push_back(std::move(a));
  }
  return true;
}

} // namespace

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
    if (!spybArguments(*er.spyreCode, options, request, args))
      return 1;
    er.arguments = std::move(args);
  }
  Emulation emu = emulate(er);
  for (const Diagnostic &d : emu.diagnostics)
    std::cerr << d.format() << "\n";
  if (!emu.ok()) {
    if (!emu.module)
      std::cerr << "spyre-run: the kernel did not compile to SpyreCode\n";
    return 1;
  }
  // `both` prints them with the interpreter's run; the emulator alone
  // says here which inputs were made (automatic addresses, regions).
  if (emu.interpreter && options.engine == "emu")
    for (const Diagnostic &d : emu.interpreter->preparingDiagnostics())
      std::cerr << d.format() << "\n";
  const std::shared_ptr<const code::Module> &module = emu.module;
  for (const std::string &e : emu.result.errors)
    std::cerr << "spyre-run: emulator: " << e << "\n";
  if (!emu.result.ok)
    return 1;

  RunResult reference;
  bool compared = true;
  if (options.engine == "both") {
    reference = emu.interpreter->run();
    for (const Diagnostic &d : reference.diagnostics)
      std::cerr << d.format() << "\n";
    if (!reference.ok)
      return 1;
    compared = compareArrays(reference.arrays, emu.result.arrays, options.maxUlps);
    compared = compareArrays(reference.regions, emu.result.regions, options.maxUlps) && compared;
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
    if (options.engine == "both") {
      j["interpreter"] = nlohmann::json::parse(reportJson(reference));
      j["outputs_match"] = compared;
    }
    std::ofstream report(options.reportPath);
    report << j.dump(1) << "\n";
    if (!report) {
      std::cerr << "spyre-run: cannot write " << options.reportPath << "\n";
      return 1;
    }
  }
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
              options.engine == "both" ? (compared ? (options.maxUlps > 0 ? "; outputs agree with the interpreter's (within the bound)" : "; outputs equal the interpreter's")
                                                   : "; OUTPUTS DIFFER")
                                       : "");
  return compared ? 0 : 1;
}
