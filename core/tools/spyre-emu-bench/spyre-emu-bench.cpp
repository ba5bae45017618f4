//===- spyre-emu-bench.cpp - the emulator's speed, kernel by kernel --------===//
//
//   spyre-emu-bench [--arch PRESET] [--runs N] [--step-back]
//                   KERNEL.mlir [--record REC.json]...
//
// For each kernel: compiles it to SpyreCode, places its inputs as the
// interpreter does (seeded, seed 0; or, with a record, the record's
// arguments and arrays, bound as `spyre-run KERNEL --record REC.json`
// binds them: pointer arguments, constant HBM addresses, grid), and
// prints one Markdown row: events, emulated
// cycles, the interpreter's roofline latency estimate and the ratio, the
// emulator's wall time with the trace off and on (the median of N runs and,
// in parentheses, the fastest: on a shared machine the fastest run is the
// one least disturbed by other work) and events/s of the fastest run, the
// interpreter's wall time (median) and the ratio of the medians, and the
// process's peak RSS after the kernel (run one kernel per process for a
// per-kernel RSS), and the thread's CPU time of the fastest whole
// emulate() call with the trace off and on. docs/emulator.md has the
// numbers.
//
// `--record REC.json` applies to the kernel named just before it. A corpus
// kernel (a file in a directory named `ktir`) without one takes the record
// of the same name in the sibling `expected` directory when there is one
// (/work/shared/corpus/ktir/NAME.mlir -> ../expected/NAME.json), as the
// co-simulation test (tests/emu/cosim.sh) runs it; the row's name then
// ends in "(record)". A kernel's scalar arguments come from its
// "// RUN-ARGS: --arg NAME=VALUE ..." comment, as cosim.sh gives them.
//
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/Record.h"
#include "driver/Run.h"
#include "driver/RunReport.h"
#include "support/Limits.h"

#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace spyre;
using namespace spyre::driver;

namespace {

/// CPU time this thread has used: unlike wall time it does not count the
/// time other processes on a shared machine take. Measured around a whole
/// emulate() call (setup and output reading included).
double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

/// A kernel and the record that binds its arguments (empty: seeded).
struct Kernel {
  std::string path, record;
};

/// The corpus record of a corpus kernel: ktir/NAME.* -> expected/NAME.json
/// beside it, if that file exists; else empty.
std::string corpusRecord(const std::string &path) {
  namespace fs = std::filesystem;
  fs::path kernel(path);
  fs::path dir = kernel.parent_path();
  if (dir.filename() != "ktir")
    return "";
  fs::path record = dir.parent_path() / "expected" / kernel.stem();
  record += ".json";
  std::error_code ec;
  return fs::is_regular_file(record, ec) ? record.string() : "";
}

/// The "// RUN-ARGS: --arg NAME=VALUE ... [--no-lx-limit]" line of a
/// kernel, bound into `request` as spyre-run binds it (a whole number
/// exactly too); false with `error` on a malformed one.
bool runArgs(const std::string &source, RunRequest &request, std::string &error) {
  const std::string tag = "// RUN-ARGS:";
  size_t at = source.find(tag);
  if (at == std::string::npos || (at > 0 && source[at - 1] != '\n'))
    return true;
  size_t end = source.find('\n', at);
  std::istringstream words(source.substr(at + tag.size(), end - at - tag.size()));
  std::string flag, pair;
  while (words >> flag) {
    if (flag == "--no-lx-limit") { // the interpreter's LX as spyre-run's
      request.hwConfig["lx_size_mb"] = double(limits::kMaxArrayBytes >> 20);
      continue;
    }
    size_t eq = std::string::npos;
    if (flag != "--arg" || !(words >> pair) || (eq = pair.find('=')) == std::string::npos) {
      error = "RUN-ARGS: expected --arg NAME=VALUE or --no-lx-limit";
      return false;
    }
    // Read for the argument's type when the kernel is prepared.
    request.args[pair.substr(0, eq)].text = pair.substr(eq + 1);
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  std::string arch;
  int runs = 5;
  bool stepping = false;
  std::vector<Kernel> kernels;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--arch" && i + 1 < argc)
      arch = argv[++i];
    else if (a == "--record" && i + 1 < argc && !kernels.empty())
      kernels.back().record = argv[++i];
    else if (a == "--step-back")
      stepping = true;
    else if (a == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "usage: spyre-emu-bench [--arch PRESET] [--runs N] "
                   "[--step-back] KERNEL.mlir [--record REC.json]...\n";
      return 1;
    } else
      kernels.push_back({a, ""});
  }
  for (Kernel &k : kernels)
    if (k.record.empty())
      k.record = corpusRecord(k.path);
  std::printf("| kernel | events | emulated cycles | interpreter estimate | ratio | "
              "wall (trace off): median (best) | events/s off (best) | "
              "wall (trace on): median (best) | events/s on (best) | "
              "CPU off / on (best) | interpreter wall | emu / interp | peak RSS |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  int status = 0;
  for (const Kernel &kernel : kernels) {
    const std::string &path = kernel.path;
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string name = path.substr(path.find_last_of('/') + 1);
    // With a record: its request (arguments, arrays, regions, grid), as
    // spyre-run --record merges it (no seed; the architecture is the
    // command line's).
    RunRequest request;
    request.seed = 0;
    if (!kernel.record.empty()) {
      Record record;
      std::string error;
      if (!loadRecord(kernel.record, record, error)) {
        std::printf("| %s | record not loaded: %s ||||||||||||\n", name.c_str(),
                    error.c_str());
        status = 1;
        continue;
      }
      request = record.request;
      request.seed.reset();
      name += " (record)";
    }
    CompileRequest compile;
    compile.source = text.str();
    compile.sourceName = path;
    compile.arch = arch;
    CompileResult compiled = compileKernel(compile);
    if (!compiled.ok || !compiled.spyreCode) {
      std::printf("| %s | not compiled to SpyreCode ||||||||||||\n", name.c_str());
      status = 1;
      continue;
    }
    request.source = compile.source;
    request.sourceName = path;
    request.arch = arch;
    std::string argError;
    if (!runArgs(request.source, request, argError)) {
      std::printf("| %s | %s ||||||||||||\n", name.c_str(), argError.c_str());
      status = 1;
      continue;
    }
    PreparedRun interp(request);
    std::vector<double> interpWall;
    RunResult reference;
    for (int r = 0; r < runs; ++r) {
      reference = interp.run();
      interpWall.push_back(reference.wallSeconds);
    }
    std::vector<EmulatorArgument> args = emulatorArguments(interp);
    if (stepping) {
      // The stepping API: a session, then single steps back from the
      // middle of the run (each a replay from the last checkpoint).
      std::vector<std::string> errors;
      EmulateOptions so;
      so.arch = arch;
      auto t0 = std::chrono::steady_clock::now();
      std::unique_ptr<emu::Session> session =
          startSession(compiled.spyreCode, args, so, errors);
      double recordMs = std::chrono::duration<double, std::milli>(
                            std::chrono::steady_clock::now() - t0).count();
      if (!session) {
        std::printf("| %s | no session |\n", name.c_str());
        status = 1;
        continue;
      }
      session->seekEvent(session->totalEvents() / 2 + 1000);
      std::vector<double> backMs;
      for (int k = 0; k < 200 && session->position() > 0; ++k) {
        auto s0 = std::chrono::steady_clock::now();
        session->stepBack();
        backMs.push_back(std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - s0).count());
      }
      double worst = backMs.empty() ? 0 : *std::max_element(backMs.begin(), backMs.end());
      std::printf("| %s | %llu events | session %.1f ms | %zu checkpoints every %llu events "
                  "| step back: median %.3f ms, worst %.3f ms (%zu steps) |\n",
                  name.c_str(), (unsigned long long)session->totalEvents(), recordMs,
                  session->checkpointCount(),
                  (unsigned long long)session->checkpointInterval(),
                  medianTime(backMs) * 1.0, worst, backMs.size());
      continue;
    }
    EmulateOptions off, on;
    off.arch = on.arch = arch;
    on.trace = true;
    std::vector<double> wallOff, wallOn, cpuOff, cpuOn;
    EmulateResult r;
    for (int k = 0; k < runs; ++k) {
      double c0 = threadCpuSeconds();
      r = emulate(compiled.spyreCode, args, off);
      cpuOff.push_back(threadCpuSeconds() - c0);
      wallOff.push_back(r.wallSeconds);
    }
    EmulateResult t;
    for (int k = 0; k < runs; ++k) {
      double c0 = threadCpuSeconds();
      t = emulate(compiled.spyreCode, args, on);
      cpuOn.push_back(threadCpuSeconds() - c0);
      wallOn.push_back(t.wallSeconds);
    }
    if (!r.ok) {
      std::printf("| %s | emulator fault: %s ||||||||||||\n", name.c_str(),
                  r.errors.empty() ? "?" : r.errors.front().c_str());
      status = 1;
      continue;
    }
    double off_s = medianTime(wallOff), on_s = medianTime(wallOn);
    double cpuOffBest = *std::min_element(cpuOff.begin(), cpuOff.end());
    double cpuOnBest = *std::min_element(cpuOn.begin(), cpuOn.end());
    double offBest = *std::min_element(wallOff.begin(), wallOff.end());
    double onBest = *std::min_element(wallOn.begin(), wallOn.end());
    double interp_s = medianTime(interpWall);
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("| %s | %llu | %llu | %.0f | %.2f | %.3f ms (%.3f ms) | %.3g | "
                "%.3f ms (%.3f ms) | %.3g | %.3f / %.3f ms | %.3f ms | %.2f | %.1f MB |\n",
                name.c_str(), (unsigned long long)r.summary.events,
                (unsigned long long)r.summary.totalCycles, reference.kernelCycles,
                reference.kernelCycles > 0
                    ? double(r.summary.totalCycles) / reference.kernelCycles
                    : 0.0,
                off_s * 1e3, offBest * 1e3,
                offBest > 0 ? double(r.summary.events) / offBest : 0.0, on_s * 1e3,
                onBest * 1e3, onBest > 0 ? double(t.summary.events) / onBest : 0.0,
                cpuOffBest * 1e3, cpuOnBest * 1e3,
                interp_s * 1e3, interp_s > 0 ? off_s / interp_s : 0.0,
                double(usage.ru_maxrss) / 1024.0);
  }
  return status;
}
