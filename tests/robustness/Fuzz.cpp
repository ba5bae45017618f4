//===- Fuzz.cpp - robustness.fuzz: hostile numbers and files --------------===//
//
//   robustness_fuzz [CASES] [SEED]     (defaults: 2000, 16; or the
//                                       SPYRE_FUZZ_CASES / SPYRE_FUZZ_SEED
//                                       environment variables; generated
//                                       cases stop after SPYRE_FUZZ_SECONDS,
//                                       default 50, and the count run is
//                                       printed)
//
// Replays the regression corpus (tests/robustness/fuzz-corpus), then feeds
// CASES seeded mutations of every sample and corpus kernel, and hostile
// .npy / .npz / record / architecture files, to
//   * the explorer's compile path (driver::compileKernel) and the
//     interpreter (driver::runKernel with a seed, or a record), each in a
//     forked child of this process (no start-up cost per case), and
//   * every 40th case, the tools themselves: spyre-opt --ktir-to-dataflow
//     and spyre-run, exec'd.
// Every child runs under setrlimit (2 GiB of address space, CPU seconds)
// and a wall-clock limit. A case fails on a signal (a crash, an abort for
// memory beyond the limit, or the kill after the time limit) or an exit
// status other than 0 or 1; the test prints each failure with a
// reproducer (the files are kept under fuzz-failures/ in the working
// directory) and exits 1.
//
//===----------------------------------------------------------------------===//

#include "FuzzMutators.h"

#include "driver/Compile.h"
#include "driver/Record.h"
#include "driver/Run.h"
#include "support/Npy.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <signal.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace spyre;
using namespace spyre::fuzz;

namespace {

constexpr rlim_t kAddressSpace = rlim_t(2) << 30;
constexpr int kWallSeconds = 20;
constexpr int kCpuSeconds = 15;
constexpr uint64_t kMaxOps = 300'000;
constexpr int kToolEvery = 40;

/// The kernel records, .npy inputs and architecture files are made for.
const char *kRecordKernel = R"mlir(
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @copy(%a: index, %b: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {
    access_tile_set = #set, access_tile_order = #id
  } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {
    access_tile_set = #set, access_tile_order = #id
  } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  ktdp.store %x, %tb : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
)mlir";

enum class Mode { Compile, Run, OptTool, RunTool };

const char *modeName(Mode m) {
  switch (m) {
  case Mode::Compile: return "compile";
  case Mode::Run: return "run";
  case Mode::OptTool: return "spyre-opt";
  case Mode::RunTool: return "spyre-run";
  }
  return "?";
}

/// One input: a kernel and the hostile files beside it, written into
/// `dir` before the child starts.
struct Case {
  std::string what;
  Mode mode = Mode::Compile;
  std::string kernel;
  std::string npy, arch, recordJson, recordNpz;
  fs::path dir;

  fs::path kernelPath() const { return dir / "kernel.mlir"; }
  fs::path npyPath() const { return dir / "a.npy"; }
  fs::path archPath() const { return dir / "arch.toml"; }
  fs::path recordPath() const { return dir / "rec.json"; }

  void write() const {
    fs::create_directories(dir);
    auto put = [](const fs::path &p, const std::string &s) {
      std::ofstream(p, std::ios::binary) << s;
    };
    put(kernelPath(), kernel);
    if (!npy.empty())
      put(npyPath(), npy);
    if (!arch.empty())
      put(archPath(), arch);
    if (!recordJson.empty()) {
      put(recordPath(), recordJson);
      put(dir / "rec.npz", recordNpz);
    }
  }

  /// The command line that does what the child did.
  std::vector<std::string> command(const fs::path &bin) const {
    std::vector<std::string> cmd;
    if (mode == Mode::Compile) {
      cmd = {(bin / "robustness-compile").string(), kernelPath().string()};
      if (!arch.empty()) {
        cmd.push_back("--arch");
        cmd.push_back(archPath().string());
      }
      return cmd;
    }
    if (mode == Mode::OptTool)
      return {(bin / "spyre-opt").string(), kernelPath().string(), "-o",
              "/dev/null",
              arch.empty() ? "--ktir-to-dataflow"
                           : "--ktir-to-dataflow=arch=" + archPath().string()};
    cmd = {(bin / "spyre-run").string(), kernelPath().string(), "--max-ops",
           std::to_string(kMaxOps)};
    if (!recordJson.empty()) {
      cmd.push_back("--record");
      cmd.push_back(recordPath().string());
    } else {
      cmd.push_back("--seed");
      cmd.push_back("1");
    }
    if (!npy.empty()) {
      cmd.push_back("--input");
      cmd.push_back("a=" + npyPath().string());
    }
    if (!arch.empty()) {
      cmd.push_back("--arch");
      cmd.push_back(archPath().string());
    }
    return cmd;
  }
};

std::string readText(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// In the child: what the case asks for, in this process. Never returns.
[[noreturn]] void runInChild(const Case &c) {
  bool ok = false;
  if (c.mode == Mode::Compile) {
    driver::CompileRequest request;
    request.source = c.kernel;
    request.sourceName = c.kernelPath().string();
    if (!c.arch.empty())
      request.arch = c.archPath().string();
    ok = driver::compileKernel(request).ok;
  } else {
    driver::RunRequest request;
    bool loaded = true;
    if (!c.recordJson.empty()) {
      driver::Record record;
      std::string error;
      loaded = driver::loadRecord(c.recordPath().string(), record, error);
      request = record.request;
    } else {
      request.seed = 1;
    }
    if (loaded && !c.npy.empty()) {
      npy::Array array;
      std::string error;
      loaded = npy::readNpy(c.npyPath().string(), array, error);
      request.args["a"].array = std::move(array);
    }
    request.source = c.kernel;
    request.sourceName = c.kernelPath().string();
    request.maxOpsPerCore = kMaxOps;
    request.recordLxEvents = true; // as the explorer asks
    if (!c.arch.empty())
      request.arch = c.archPath().string();
    ok = loaded && driver::runKernel(request).ok;
  }
  std::fflush(nullptr);
  _exit(ok ? 0 : 1);
}

struct Running {
  pid_t pid;
  size_t index;
  std::chrono::steady_clock::time_point start;
};

pid_t start(const Case &c, const fs::path &bin) {
  c.write();
  std::vector<std::string> cmd = c.command(bin);
  pid_t pid = fork();
  if (pid != 0)
    return pid;
  rlimit as{kAddressSpace, kAddressSpace};
  setrlimit(RLIMIT_AS, &as);
  rlimit cpu{kCpuSeconds, kCpuSeconds};
  setrlimit(RLIMIT_CPU, &cpu);
  rlimit core{0, 0};
  setrlimit(RLIMIT_CORE, &core);
  int null = open("/dev/null", O_WRONLY);
  dup2(null, 1);
  dup2(null, 2);
  if (c.mode == Mode::OptTool || c.mode == Mode::RunTool) {
    std::vector<char *> argv;
    for (std::string &s : cmd)
      argv.push_back(s.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  runInChild(c);
}

/// The verdict on a finished child: empty when it exited with 0 or 1.
std::string verdict(int status, bool timedOut) {
  if (timedOut)
    return "timed out after " + std::to_string(kWallSeconds) + " s";
  if (WIFSIGNALED(status))
    return std::string("killed by signal ") + strsignal(WTERMSIG(status)) +
           (WTERMSIG(status) == SIGABRT ? " (an abort: a crash or memory "
                                          "beyond the 2 GiB limit)"
                                        : "");
  if (WIFEXITED(status) && WEXITSTATUS(status) > 1)
    return "exit status " + std::to_string(WEXITSTATUS(status));
  return {};
}

std::vector<fs::path> kernelsIn(const fs::path &dir) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir))
    return out;
  for (const auto &e : fs::directory_iterator(dir))
    if (e.path().extension() == ".mlir")
      out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

uint64_t envOr(const char *name, uint64_t fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t cases = argc > 1 ? std::strtoull(argv[1], nullptr, 10)
                            : envOr("SPYRE_FUZZ_CASES", 2000);
  uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10)
                           : envOr("SPYRE_FUZZ_SEED", 16);
  fs::path bin = fs::canonical("/proc/self/exe").parent_path();
  fs::path work = fs::temp_directory_path() /
                  ("spyre-fuzz-" + std::to_string(getpid()));
  fs::path failures = fs::current_path() / "fuzz-failures";
  std::string preset = readText(SPYRE_ARCH_PRESET);

  // The seeds: samples, corpus kernels, the regression corpus.
  std::vector<std::string> seeds, seedNames;
  for (const char *dir : {SPYRE_SAMPLES_DIR, SPYRE_CORPUS_KTIR_DIR})
    for (const fs::path &p : kernelsIn(dir)) {
      seeds.push_back(readText(p));
      seedNames.push_back(p.filename().string());
    }
  seeds.push_back(kRecordKernel);
  seedNames.push_back("record kernel");
  std::vector<Case> all;
  // 1. The regression corpus: every kernel compiled and run, every file
  //    fed to the record kernel.
  for (const auto &e : fs::directory_iterator(SPYRE_FUZZ_CORPUS_DIR)) {
    std::string name = "corpus " + e.path().filename().string();
    std::string ext = e.path().extension().string();
    Case c;
    c.kernel = kRecordKernel;
    if (ext == ".mlir") {
      c.kernel = readText(e.path());
      c.what = name;
      c.mode = Mode::Compile;
      all.push_back(c);
      c.mode = Mode::Run;
      all.push_back(c);
      continue;
    }
    c.mode = Mode::Run;
    c.what = name;
    if (ext == ".npy")
      c.npy = readText(e.path());
    else if (ext == ".toml")
      c.arch = readText(e.path());
    else if (ext == ".json") {
      c.recordJson = readText(e.path());
      fs::path npz = e.path();
      c.recordNpz = readText(npz.replace_extension(".npz"));
    } else
      continue;
    all.push_back(c);
  }
  size_t corpusCases = all.size();
  // 2. Generated cases.
  Rng rng(seed);
  for (uint64_t i = 0; i < cases; ++i) {
    Case c;
    int kind = static_cast<int>(rng() % 20);
    if (kind < 14) {
      size_t s = rng() % seeds.size();
      c.kernel = mutateKernel(seeds[s], rng, c.what);
      c.what = seedNames[s] + ": " + c.what;
      c.mode = rng() % 2 ? Mode::Compile : Mode::Run;
    } else {
      c.kernel = kRecordKernel;
      c.mode = Mode::Run;
      if (kind < 16)
        c.npy = hostileNpy(rng, c.what);
      else if (kind < 18) {
        c.recordJson = hostileRecord(rng, c.what);
        std::string npzWhat;
        c.recordNpz = hostileNpz(rng, npzWhat);
        c.what += "; " + npzWhat;
      } else {
        c.arch = hostileArch(preset, rng, c.what);
        if (rng() % 2)
          c.mode = Mode::Compile;
      }
    }
    if (i % kToolEvery == 0)
      c.mode = c.mode == Mode::Compile ? Mode::OptTool : Mode::RunTool;
    all.push_back(std::move(c));
  }

  auto began = std::chrono::steady_clock::now();
  std::deque<size_t> queue;
  for (size_t i = 0; i < all.size(); ++i) {
    all[i].dir = work / std::to_string(i);
    queue.push_back(i);
  }
  std::vector<Running> running;
  long jobs = std::max(1L, std::min(2L, sysconf(_SC_NPROCESSORS_ONLN)));
  int failed = 0, tools = 0;
  // The regression corpus always runs; generated cases until the time
  // budget is spent (the machine may be shared: the count is printed).
  double budget = static_cast<double>(envOr("SPYRE_FUZZ_SECONDS", 50));
  size_t skipped = 0;
  while (!queue.empty() || !running.empty()) {
    if (!queue.empty() && queue.front() >= corpusCases &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                      began)
                .count() > budget) {
      skipped = queue.size();
      queue.clear();
    }
    while (!queue.empty() && static_cast<long>(running.size()) < jobs) {
      size_t i = queue.front();
      queue.pop_front();
      tools += all[i].mode == Mode::OptTool || all[i].mode == Mode::RunTool;
      running.push_back({start(all[i], bin), i, std::chrono::steady_clock::now()});
    }
    for (size_t r = 0; r < running.size();) {
      int status = 0;
      bool timedOut = false;
      pid_t done = waitpid(running[r].pid, &status, WNOHANG);
      if (done == 0 &&
          std::chrono::steady_clock::now() - running[r].start >
              std::chrono::seconds(kWallSeconds)) {
        kill(running[r].pid, SIGKILL);
        waitpid(running[r].pid, &status, 0);
        timedOut = true;
        done = running[r].pid;
      }
      if (done == 0) {
        ++r;
        continue;
      }
      const Case &c = all[running[r].index];
      std::string bad = verdict(status, timedOut);
      if (!bad.empty()) {
        ++failed;
        fs::path keep = failures / std::to_string(running[r].index);
        fs::create_directories(failures);
        fs::remove_all(keep);
        fs::copy(c.dir, keep, fs::copy_options::recursive);
        Case shown = c;
        shown.dir = keep;
        std::cout << "FAIL case " << running[r].index << " (" << modeName(c.mode)
                  << ", " << c.what << "): " << bad << "\n  reproduce:";
        for (const std::string &arg : shown.command(bin))
          std::cout << ' ' << arg;
        std::cout << std::endl;
      }
      fs::remove_all(c.dir);
      running.erase(running.begin() + static_cast<long>(r));
    }
    if (!running.empty())
      usleep(500);
  }
  fs::remove_all(work);
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - began)
                       .count();
  std::cout << "robustness.fuzz: seed " << seed << ", "
            << all.size() - skipped << " cases (" << corpusCases
            << " from the regression corpus, " << tools
            << " through spyre-opt / spyre-run) in " << seconds << " s"
            << (skipped ? ", " + std::to_string(skipped) +
                              " generated cases left for the time budget"
                        : std::string())
            << ": " << failed << " failed" << std::endl;
  return failed == 0 ? 0 : 1;
}
