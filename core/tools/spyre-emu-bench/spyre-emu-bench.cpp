//===- spyre-emu-bench.cpp - the emulator's speed, kernel by kernel --------===//
//
//   spyre-emu-bench [--arch PRESET] [--runs N] KERNEL.mlir...
//
// For each kernel: compiles it to SpyreCode, places seeded inputs (seed 0)
// as the interpreter does, and prints one Markdown row: events, emulated
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
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/Run.h"
#include "driver/RunReport.h"

#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
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

} // namespace

int main(int argc, char **argv) {
  std::string arch;
  int runs = 5;
  bool stepping = false;
  std::vector<std::string> kernels;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--arch" && i + 1 < argc)
      arch = argv[++i];
    else if (a == "--step-back")
      stepping = true;
    else if (a == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "usage: spyre-emu-bench [--arch PRESET] [--runs N] "
                   "[--step-back] KERNEL.mlir...\n";
      return 1;
    } else
      kernels.push_back(a);
  }
  std::printf("| kernel | events | emulated cycles | interpreter estimate | ratio | "
              "wall (trace off): median (best) | events/s off (best) | "
              "wall (trace on): median (best) | events/s on (best) | "
              "CPU off / on (best) | interpreter wall | emu / interp | peak RSS |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  int status = 0;
  for (const std::string &path : kernels) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string name = path.substr(path.find_last_of('/') + 1);
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
    RunRequest request;
    request.source = compile.source;
    request.sourceName = path;
    request.arch = arch;
    request.seed = 0;
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
