//===- spyre-emu-bench.cpp - the emulator's speed, kernel by kernel --------===//
//
//   spyre-emu-bench [--arch PRESET] [--runs N]
//                   [--session [--steps N] [--checkpoint-budget MiB]]
//                   [--no-interp] KERNEL.mlir [--record REC.json]
//                   [--arg NAME=VALUE]...
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
// "// RUN-ARGS: --arg NAME=VALUE ..." comment, as cosim.sh gives them;
// `--arg NAME=VALUE` after a kernel overrides one (the scaled kernels of
// bench/ take their size so). `--no-interp` leaves the interpreter's
// timing out (a long run is beyond it).
//
// `--session` records each kernel as the explorer does (a stepping
// session: checkpoints within their budget, the overview, no trace past
// SessionOptions::detailEvents) and prints one row: events, cycles, the
// recording's wall time and events/s, the checkpoints (count, interval,
// bytes), the process's resident memory after recording and its peak,
// and the worst and median latency over --steps N of each move the
// explorer makes (a step, a step back just after a jump to a random event,
// ten steps back in a row from a random event, a seek to a random event, a
// seek to a random cycle as a timeline click does, a run to the next event
// of a random KTIR line), with the longest thread CPU time a move took in
// parentheses (a shared machine stretches the wall time).
// `--checkpoint-budget MiB` replaces the session's checkpoint budget (512
// MiB by default, as the explorer's): a small one on a shorter run gives
// the checkpoint interval of a longer run with the default.
//
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/Record.h"
#include "driver/Run.h"
#include "driver/RunArgsComment.h"
#include "driver/RunReport.h"
#include "support/Limits.h"

#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
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

/// A kernel, the record that binds its arguments (empty: seeded) and the
/// scalar arguments given on the command line.
struct Kernel {
  std::string path, record;
  std::vector<std::pair<std::string, std::string>> args;
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

/// The kernel's RUN-ARGS line (driver/RunArgsComment.h), bound into
/// `request` as spyre-run binds it (a whole number exactly too); false with
/// `error` on a malformed one.
bool runArgs(const std::string &source, RunRequest &request, std::string &error) {
  spyre::driver::RunArgsComment comment;
  if (!spyre::driver::readRunArgsComment(source, comment, error))
    return false;
  if (comment.noLxLimit) // the interpreter's LX as spyre-run's
    request.hwConfig["lx_size_mb"] = double(limits::kMaxArrayBytes >> 20);
  // Read for the argument's type when the kernel is prepared.
  for (auto &[name, value] : comment.args)
    request.args[name].text = value;
  return true;
}

/// Resident memory now (bytes), from /proc/self/statm.
double residentMB() {
  std::ifstream statm("/proc/self/statm");
  uint64_t size = 0, resident = 0;
  statm >> size >> resident;
  return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

double peakMB() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0;
}

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
      .count();
}

/// "worst / median ms (worst CPU ms)" of a move made `steps` times (each
/// after `setup`, which is not timed): the wall time and, since a shared
/// machine stretches the wall time, the thread's CPU time of the worst.
std::string latency(int steps, const std::function<void()> &move,
                    const std::function<void()> &setup = {}) {
  std::vector<double> ms;
  double worstCpu = 0;
  for (int k = 0; k < steps; ++k) {
    if (setup)
      setup();
    double cpu0 = threadCpuSeconds();
    auto t0 = std::chrono::steady_clock::now();
    move();
    ms.push_back(msSince(t0));
    worstCpu = std::max(worstCpu, (threadCpuSeconds() - cpu0) * 1e3);
  }
  if (ms.empty())
    return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f / %.2f ms (%.1f)",
                *std::max_element(ms.begin(), ms.end()), medianTime(ms) * 1.0, worstCpu);
  return buf;
}

/// The session row of `--session` (see the header).
int sessionRow(const std::string &name, const EmulateRequest &request, int steps,
               uint64_t budgetMiB) {
  emu::SessionOptions options;
  if (budgetMiB)
    options.checkpointBudget = budgetMiB << 20;
  auto t0 = std::chrono::steady_clock::now();
  Emulation emu = startSession(request, options);
  double recordMs = msSince(t0);
  if (!emu.session) {
    std::printf("| %s | no session: %s |\n", name.c_str(),
                emu.errors.empty() ? "?" : emu.errors.front().c_str());
    return 1;
  }
  emu::Session &s = *emu.session;
  const uint64_t total = s.totalEvents();
  double afterRecord = residentMB();
  std::mt19937_64 random(42);
  auto anyEvent = [&] { return total ? random() % (total + 1) : 0; };
  std::vector<int> lines;
  for (const code::Location &l : emu.module->locations)
    if (l.ktirLine > 0)
      lines.push_back(l.ktirLine);
  std::string step = latency(steps, [&] {
    if (!s.stepEvent())
      s.seekEvent(0);
  });
  // A step back just after a jump: the first one replays the most.
  std::string back = latency(
      steps, [&] { s.stepBack(); }, [&] { s.seekEvent(anyEvent()); });
  // Steps back in a row from a random place: each after the first starts
  // from the states the ones before kept.
  int inRow = 0;
  std::string backs = latency(
      steps * 10, [&] { s.stepBack(); },
      [&] {
        if (inRow++ % 10 == 0)
          s.seekEvent(anyEvent());
      });
  std::string seek = latency(steps, [&] { s.seekEvent(anyEvent()); });
  std::string click = latency(steps, [&] {
    s.seekCycle(s.totalCycles() ? random() % s.totalCycles() : 0);
  });
  std::string toLine = latency(lines.empty() ? 0 : steps, [&] {
    s.nextEventOf(lines[random() % lines.size()]);
  });
  std::printf("| %s | %llu | %llu | %.0f ms | %.3g | %zu every %llu (%.0f MB) | "
              "%.0f / %.0f MB | %s | %s | %s | %s | %s | %s |\n",
              name.c_str(), (unsigned long long)total,
              (unsigned long long)s.totalCycles(), recordMs,
              recordMs > 0 ? double(total) / (recordMs / 1e3) : 0.0,
              s.checkpointCount(), (unsigned long long)s.checkpointInterval(),
              double(s.checkpointBytes()) / (1024.0 * 1024.0), afterRecord, peakMB(),
              step.c_str(), back.c_str(), backs.c_str(), seek.c_str(), click.c_str(), toLine.c_str());
  std::fflush(stdout);
  return 0;
}

} // namespace

/// The request for `kernel`: its record's or seeded inputs, its RUN-ARGS
/// and the command line's --arg; false (a row printed) when it fails.
bool requestFor(const Kernel &kernel, const std::string &arch,
                EmulateRequest &out, std::string &name) {
  const std::string &path = kernel.path;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  name = path.substr(path.find_last_of('/') + 1);
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
      return false;
    }
    request = record.request;
    request.seed.reset();
    name += " (record)";
  }
  request.source = text.str();
  request.sourceName = path;
  request.arch = arch;
  std::string argError;
  if (!runArgs(request.source, request, argError)) {
    std::printf("| %s | %s ||||||||||||\n", name.c_str(), argError.c_str());
    return false;
  }
  for (const auto &[arg, value] : kernel.args) {
    // As RUN-ARGS' values: read for the argument's type when prepared (a
    // text left from RUN-ARGS would otherwise win over the number).
    request.args[arg] = {};
    request.args[arg].text = value;
    name += " " + arg + "=" + value;
  }
  out.run = std::move(request);
  out.options.arch = arch;
  return true;
}

/// The default row (see the header).
int timingRow(const std::string &name, EmulateRequest request, int runs,
              bool interpreter) {
  std::vector<double> wallOff, wallOn, cpuOff, cpuOn;
  // The first run compiles and places the inputs (not timed); the timed
  // ones reuse them.
  Emulation first = emulate(request);
  if (!first.ok()) {
    std::printf("| %s | not run: %s ||||||||||||\n", name.c_str(),
                first.errors.empty() ? "?" : first.errors.front().c_str());
    return 1;
  }
  request.spyreCode = first.module;
  request.arguments = first.arguments;
  // `runs` timed runs of `req`: the last one's result.
  auto timed = [&](const EmulateRequest &req, std::vector<double> &cpu,
                   std::vector<double> &wall) {
    EmulateResult last;
    for (int k = 0; k < runs; ++k) {
      double c0 = threadCpuSeconds();
      last = emulate(req).result;
      cpu.push_back(threadCpuSeconds() - c0);
      wall.push_back(last.wallSeconds);
    }
    return last;
  };
  EmulateResult r = timed(request, cpuOff, wallOff);
  EmulateRequest traced = request;
  traced.options.trace = true;
  EmulateResult t = timed(traced, cpuOn, wallOn);
  if (!r.ok) {
    std::printf("| %s | emulator fault: %s ||||||||||||\n", name.c_str(),
                r.errors.empty() ? "?" : r.errors.front().c_str());
    return 1;
  }
  std::vector<double> interpWall;
  RunResult reference;
  for (int k = 0; interpreter && k < runs; ++k) {
    reference = first.interpreter->run();
    interpWall.push_back(reference.wallSeconds);
  }
  double off_s = medianTime(wallOff), on_s = medianTime(wallOn);
  double cpuOffBest = *std::min_element(cpuOff.begin(), cpuOff.end());
  double cpuOnBest = *std::min_element(cpuOn.begin(), cpuOn.end());
  double offBest = *std::min_element(wallOff.begin(), wallOff.end());
  double onBest = *std::min_element(wallOn.begin(), wallOn.end());
  double interp_s = interpWall.empty() ? 0 : medianTime(interpWall);
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
              cpuOffBest * 1e3, cpuOnBest * 1e3, interp_s * 1e3,
              interp_s > 0 ? off_s / interp_s : 0.0, peakMB());
  std::fflush(stdout);
  return 0;
}

int main(int argc, char **argv) {
  std::string arch;
  int runs = 5, steps = 100;
  uint64_t budgetMiB = 0; // the session's default
  bool session = false, interpreter = true;
  std::vector<Kernel> kernels;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--arch" && i + 1 < argc)
      arch = argv[++i];
    else if (a == "--record" && i + 1 < argc && !kernels.empty())
      kernels.back().record = argv[++i];
    else if (a == "--arg" && i + 1 < argc && !kernels.empty() &&
             std::string(argv[i + 1]).find('=') != std::string::npos) {
      std::string pair = argv[++i];
      size_t eq = pair.find('=');
      kernels.back().args.push_back({pair.substr(0, eq), pair.substr(eq + 1)});
    } else if (a == "--session")
      session = true;
    else if (a == "--no-interp")
      interpreter = false;
    else if (a == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--steps" && i + 1 < argc)
      steps = std::max(1, std::atoi(argv[++i]));
    else if (a == "--checkpoint-budget" && i + 1 < argc)
      budgetMiB = std::strtoull(argv[++i], nullptr, 10);
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "usage: spyre-emu-bench [--arch PRESET] [--runs N] "
                   "[--session [--steps N] [--checkpoint-budget MiB]] [--no-interp] KERNEL.mlir "
                   "[--record REC.json] [--arg NAME=VALUE]...\n";
      return 1;
    } else
      kernels.push_back({a, "", {}});
  }
  for (Kernel &k : kernels)
    if (k.record.empty())
      k.record = corpusRecord(k.path);
  if (session)
    std::printf("| kernel | events | cycles | recording | events/s | checkpoints | "
                "RSS after / peak | step: worst / median (worst CPU) | step back "
                "after a jump | 10 steps back in a row | seek an event | seek a "
                "cycle | run to a line |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  else
    std::printf("| kernel | events | emulated cycles | interpreter estimate | ratio | "
                "wall (trace off): median (best) | events/s off (best) | "
                "wall (trace on): median (best) | events/s on (best) | "
                "CPU off / on (best) | interpreter wall | emu / interp | peak RSS |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  std::fflush(stdout);
  int status = 0;
  for (const Kernel &kernel : kernels) {
    EmulateRequest request;
    std::string name;
    if (!requestFor(kernel, arch, request, name)) {
      status = 1;
      continue;
    }
    status |= session ? sessionRow(name, request, steps, budgetMiB)
                      : timingRow(name, request, runs, interpreter);
  }
  return status;
}
