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
#include "driver/OutputCompare.h"
#include "driver/RunReport.h"
#include "driver/SymbolArguments.h"
#include "driver/Architecture.h"
#include "spyrecode/Binary.h"

#include <nlohmann/json.hpp>

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

} // namespace

int spyre::tools::runOnEmulator(const EmuRunOptions &options,
                                RunRequest request, const Record *record) {
  std::shared_ptr<const code::Module> module;
  std::vector<EmulatorArgument> args;
  std::unique_ptr<PreparedRun> interp;
  bool spyb = endsWith(options.kernelPath, ".spyb");
  if (spyb) {
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
    module = std::make_shared<const code::Module>(std::move(*m));
    std::vector<std::string> errors;
    if (!symbolArguments(*module, request.args, args, errors)) {
      for (const std::string &e : errors)
        std::cerr << "spyre-run: " << e << "\n";
      return 1;
    }
  } else {
    // The architecture first: an error in it is not the kernel's.
    std::vector<Diagnostic> archErrors;
    if (!loadArchitecture(request.arch, archErrors)) {
      for (const Diagnostic &d : archErrors)
        std::cerr << d.format() << "\n";
      return 1;
    }
    CompileRequest compile;
    compile.source = request.source;
    compile.sourceName = request.sourceName;
    compile.arch = request.arch;
    compile.grid = request.grid; // both engines run the grid --grid gives
    compile.function = request.function;
    CompileResult compiled = compileKernel(compile);
    for (const Diagnostic &d : compiled.diagnostics)
      std::cerr << d.format() << "\n";
    if (!compiled.ok || !compiled.spyreCode) {
      std::cerr << "spyre-run: the kernel did not compile to SpyreCode\n";
      return 1;
    }
    module = compiled.spyreCode;
    interp = std::make_unique<PreparedRun>(request);
    if (!interp->ok()) {
      RunResult failed = interp->run();
      for (const Diagnostic &d : failed.diagnostics)
        std::cerr << d.format() << "\n";
      return 1;
    }
    args = emulatorArguments(*interp);
    // `both` prints them with the interpreter's run; the emulator alone
    // says here which inputs were made (automatic addresses, regions).
    if (options.engine == "emu")
      for (const Diagnostic &d : interp->preparingDiagnostics())
        std::cerr << d.format() << "\n";
  }

  EmulateOptions eo;
  eo.arch = request.arch;
  eo.tracePath = options.tracePath;
  eo.cycleBudget = options.cycleBudget;
  EmulateResult emu = emulate(module, args, eo);
  for (const std::string &e : emu.errors)
    std::cerr << "spyre-run: emulator: " << e << "\n";
  if (!emu.ok)
    return 1;

  RunResult reference;
  bool compared = true;
  if (options.engine == "both") {
    reference = interp->run();
    for (const Diagnostic &d : reference.diagnostics)
      std::cerr << d.format() << "\n";
    if (!reference.ok)
      return 1;
    compared = compareArrays(reference.arrays, emu.arrays, options.maxUlps);
    compared = compareArrays(reference.regions, emu.regions, options.maxUlps) && compared;
  }

  RunResult asRun;
  asRun.arrays = emu.arrays;
  asRun.regions = emu.regions;
  asRun.argumentNames = reference.argumentNames;
  if (!writeRunOutputs(options.outPath, options.outputs, asRun, record))
    return 1;
  if (!options.reportPath.empty()) {
    nlohmann::json j = nlohmann::json::parse(emulateReportJson(emu));
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
  const emu::Summary &s = emu.summary;
  if (uint64_t(s.heldTileBytes) > s.computeLocalBytes)
    std::printf("%s: the compute engine holds %lld bytes of tiles whole, more "
                "than its %llu (compute_engine.local_bytes)\n",
                module->plan.kernel.c_str(), (long long)s.heldTileBytes,
                (unsigned long long)s.computeLocalBytes);
  std::printf("%s: %llu cycles (%.6g us) on the emulator, bottleneck %s "
              "(%.0f%% of its bound), %llu events in %.3f ms (%.3g events/s)%s\n",
              module->plan.kernel.c_str(), (unsigned long long)s.totalCycles,
              s.timeUs, s.bottleneck.c_str(), 100 * s.closeness,
              (unsigned long long)s.events, emu.wallSeconds * 1e3,
              emu.eventsPerSecond,
              options.engine == "both" ? (compared ? (options.maxUlps > 0 ? "; outputs agree with the interpreter's (within the bound)" : "; outputs equal the interpreter's")
                                                   : "; OUTPUTS DIFFER")
                                       : "");
  return compared ? 0 : 1;
}
