//===- Fuzz.cpp - robustness.fuzz: hostile numbers and files --------------===//
//
//   robustness_fuzz [CASES] [SEED]     (defaults: 4000, 16; or the
//                                       SPYRE_FUZZ_CASES / SPYRE_FUZZ_SEED
//                                       environment variables; generated
//                                       cases stop after SPYRE_FUZZ_SECONDS,
//                                       default 30, and the count run is
//                                       printed)
//
// Replays the regression corpus (tests/robustness/fuzz-corpus), then feeds
// CASES seeded mutations of every sample and corpus kernel, and hostile
// .npy / .npz / record / architecture files, to
//   * the explorer's compile path (driver::compileKernel) and the
//     interpreter (driver::runKernel with a seed, or a record), in worker
//     processes forked from this one, each running case after case in
//     process (no process start, no exec, warm caches: the cost of a case
//     is the compile or run itself), and
//   * every 100th case, the tools themselves: spyre-opt --ktir-to-dataflow
//     and spyre-run, exec'd by a worker.
// Workers run under setrlimit (2 GiB of address space) and, per case, a CPU
// timer (15 s) and an alarm() (120 s of wall time, for a case that blocks);
// a tool gets the same address-space and CPU limits and the wall-clock one.
// A case fails on a signal (a crash, an abort for memory beyond the limit,
// or a timer or kill after a time limit) or an exit status other than
// 0 or 1. A case that kills its worker is run again alone in a fresh
// child (the result says whether it also fails there) and the worker is
// replaced. The test prints each failure with a reproducer (the files are
// kept under fuzz-failures/ in the working directory) and exits 1, and
// prints how many cases per second it ran and its slowest cases.
//
//===----------------------------------------------------------------------===//

#include "CopyKernel.h"
#include "FuzzEmulator.h"
#include "FuzzMutators.h"

#include "driver/Compile.h"
#include "driver/Record.h"
#include "driver/Run.h"
#include "driver/SymbolArguments.h"
#include "spyrecode/Binary.h"
#include "support/Npy.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <signal.h>
#include <sstream>
#include <poll.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace spyre;
using namespace spyre::fuzz;

namespace {

constexpr rlim_t kAddressSpace = rlim_t(2) << 30;
// A case may spend kCpuSeconds of CPU (a loop that computes forever); one
// that waits (a deadlock that blocks) is ended after kWallSeconds of wall
// time. CPU, not wall, is the bound that counts: on a loaded machine (a
// full ctest beside two builds) a heavy corpus case took over 20 s of wall
// for 7 s of CPU and failed as a "timeout".
constexpr int kWallSeconds = 120;
constexpr int kCpuSeconds = 15;
constexpr uint64_t kMaxOps = 100'000;
constexpr int kToolEvery = 100;

/// The kernel records, .npy inputs and architecture files are made for.
const std::string kRecordKernel = copyKernel();

/// Emulate: a .spyb (mutated, or a kernel made to deadlock) read and run
/// on the emulator as `spyre-run FILE.spyb --engine emu` does; Both: a
/// kernel on both engines as `spyre-run --engine both` does (special
/// values, huge addresses).
enum class Mode { Compile, Run, OptTool, RunTool, Emulate, Both };
constexpr int kModes = 6;

/// The emulator's cycle budget in the emulator's cases: a mutated branch
/// that loops for ever ends in a budget fault within about a second.
constexpr uint64_t kCaseCycles = uint64_t(1) << 20;

const char *modeName(Mode m) {
  switch (m) {
  case Mode::Compile: return "compile";
  case Mode::Run: return "run";
  case Mode::OptTool: return "spyre-opt";
  case Mode::RunTool: return "spyre-run";
  case Mode::Emulate: return "emulate";
  case Mode::Both: return "both engines";
  }
  return "?";
}

/// What a case that ends in a wrong answer (not a crash, not an error)
/// exits with: a silent wrong result.
constexpr int kWrong = 3;

/// One input: a kernel and the hostile files beside it, written into
/// `dir` before the child starts.
struct Case {
  std::string what;
  Mode mode = Mode::Compile;
  std::string kernel;
  std::string npy, arch, recordJson, recordNpz;
  /// Emulate: the module as a .spyb. Emulate and Both: the arrays (name ->
  /// .npy image) and values (name -> text) that bind the arguments.
  std::string spyb;
  std::map<std::string, std::string> inputs, values;
  /// Both: the kernel's SpyreCode when the kernel is a seed's (else it is
  /// compiled in the case); whether the engines must agree bit for bit.
  std::shared_ptr<const code::Module> compiled;
  bool exact = false;
  /// Emulate: the module was made to deadlock; the run must say so.
  bool deadlock = false;
  /// A generated case is made when it runs (materialized()), from its
  /// kind and generator seed: thousands of kernels with 200,000-character
  /// names, .spyb files and arrays made up front held gigabytes in the
  /// process every worker is forked from (and counted against each
  /// worker's address-space limit). -1: a regression-corpus case, whole.
  int kind = -1;
  uint64_t caseRng = 0;
  fs::path dir;

  fs::path kernelPath() const { return dir / "kernel.mlir"; }
  fs::path spybPath() const { return dir / "case.spyb"; }
  fs::path inputPath(const std::string &name) const {
    return dir / ("in-" + name + ".npy");
  }
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
    if (!spyb.empty())
      put(spybPath(), spyb);
    for (const auto &[name, bytes] : inputs)
      put(inputPath(name), bytes);
  }

  /// spyre-run's --input / --bind (--arg) arguments for the bindings.
  void addBindings(std::vector<std::string> &cmd) const {
    for (const auto &[name, bytes] : inputs) {
      cmd.push_back("--input");
      cmd.push_back(name + "=" + inputPath(name).string());
    }
    for (const auto &[name, text] : values) {
      cmd.push_back("--bind");
      cmd.push_back(name + "=" + text);
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
    if (mode == Mode::Emulate || mode == Mode::Both) {
      cmd = {(bin / "spyre-run").string(),
             (mode == Mode::Emulate ? spybPath() : kernelPath()).string(),
             "--engine", mode == Mode::Emulate ? "emu" : "both",
             "--cycle-budget", std::to_string(kCaseCycles), "--max-ops",
             std::to_string(kMaxOps)};
      addBindings(cmd);
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

/// The case's arrays and values as a run's arguments (values as text,
/// read for each argument's type).
bool bindings(const Case &c, std::map<std::string, driver::Argument> &args) {
  for (const auto &[name, bytes] : c.inputs) {
    npy::Array array;
    std::string error;
    if (!npy::readNpy(c.inputPath(name).string(), array, error))
      return false;
    args[name].array = std::move(array);
  }
  for (const auto &[name, text] : c.values)
    args[name].text = text;
  return true;
}

bool sameArrays(const std::map<std::string, npy::Array> &a,
                const std::map<std::string, npy::Array> &b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](auto &x, auto &y) {
           return x.first == y.first && x.second.dtype == y.second.dtype &&
                  x.second.shape == y.second.shape &&
                  x.second.data == y.second.data;
         });
}

driver::EmulateOptions caseOptions() {
  driver::EmulateOptions options;
  options.cycleBudget = kCaseCycles;
  return options;
}

/// Mode::Emulate as `spyre-run FILE.spyb --engine emu`: 0 when it ran, 1
/// when it was refused or faulted.
int emulateCase(const Case &c) {
  std::string error;
  std::optional<code::Module> module = code::loadBinary(c.spybPath().string(), error);
  std::map<std::string, driver::Argument> given;
  if (!module || !bindings(c, given))
    return 1;
  std::vector<driver::EmulatorArgument> args;
  std::vector<std::string> errors;
  if (!driver::symbolArguments(*module, given, args, errors))
    return 1;
  auto shared = std::make_shared<const code::Module>(std::move(*module));
  driver::EmulateResult emu = driver::emulate(shared, args, caseOptions());
  // A kernel made to deadlock ends in a fault that says so, or (a barrier
  // the other engines release by halting, a channel no run needs) in the
  // unchanged kernel's outputs.
  if (c.deadlock && !emu.ok) {
    if (!emu.errors.empty() && emu.errors[0].find("deadlock") != std::string::npos)
      return 1;
    std::fprintf(stderr, "not reported as a deadlock: %s\n",
                 emu.errors.empty() ? "?" : emu.errors[0].c_str());
    return kWrong;
  }
  if (c.deadlock && c.compiled) {
    driver::EmulateResult unchanged = driver::emulate(c.compiled, args, caseOptions());
    if (!unchanged.ok || !sameArrays(unchanged.arrays, emu.arrays)) {
      std::fprintf(stderr, "finished with other outputs than the unchanged kernel\n");
      return kWrong;
    }
  }
  return emu.ok ? 0 : 1;
}

/// Mode::Both as `spyre-run KERNEL --engine both`: 0 when both engines ran
/// and agree (NaN where NaN, when the kernel is exact), 1 when either
/// refused it, kWrong when the emulator ran what the interpreter refused
/// or the outputs differ.
int bothCase(const Case &c) {
  driver::RunRequest request;
  request.source = c.kernel;
  request.sourceName = c.kernelPath().string();
  request.maxOpsPerCore = kMaxOps;
  if (!bindings(c, request.args))
    return 1;
  std::shared_ptr<const code::Module> module = c.compiled;
  if (!module) {
    driver::CompileRequest compile;
    compile.source = c.kernel;
    compile.sourceName = request.sourceName;
    module = driver::compileKernel(compile).spyreCode;
    if (!module)
      return 1;
  }
  driver::PreparedRun interp(request);
  driver::RunResult reference;
  std::vector<driver::EmulatorArgument> args;
  if (interp.ok()) {
    args = driver::emulatorArguments(interp);
    reference = interp.run();
  } else {
    // The emulator alone, given the same values (a pointer as a number).
    for (const auto &[name, given] : request.args) {
      driver::EmulatorArgument a;
      a.name = name;
      if (given.array) {
        a.isArray = true;
        a.data = *given.array;
        a.byteStart = 0x10000;
      } else if (given.text) {
        a.scalar = std::strtod(given.text->c_str(), nullptr);
        char *end = nullptr;
        long long whole = std::strtoll(given.text->c_str(), &end, 10);
        if (end && *end == '\0')
          a.integer = whole;
      }
      args.push_back(std::move(a));
    }
  }
  driver::EmulateResult emu = driver::emulate(module, args, caseOptions());
  if (!reference.ok)
    return emu.ok ? kWrong : 1; // the emulator must refuse it too
  if (!emu.ok)
    return 1;
  std::string why;
  if (c.exact && (!sameUpToNanPayloads(reference.arrays, emu.arrays, why) ||
                  !sameUpToNanPayloads(reference.regions, emu.regions, why))) {
    std::fprintf(stderr, "%s\n", why.c_str());
    return kWrong;
  }
  return 0;
}

/// What an in-process case asks for, in this process: 0 on success, 1 on
/// an error, kWrong on a wrong answer.
int runCase(const Case &c) {
  if (c.mode == Mode::Emulate)
    return emulateCase(c);
  if (c.mode == Mode::Both)
    return bothCase(c);
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
  return ok ? 0 : 1;
}

/// In a child: the case, then exit with its status.
[[noreturn]] void runInChild(const Case &c) {
  int status = runCase(c);
  std::fflush(nullptr);
  _exit(status);
}

struct Running {
  pid_t pid;
  size_t index;
  std::chrono::steady_clock::time_point start;
};

/// In a child: the limits every case runs under, output to /dev/null.
void limitChild(bool cpu) {
  rlimit as{kAddressSpace, kAddressSpace};
  setrlimit(RLIMIT_AS, &as);
  if (cpu) {
    rlimit seconds{kCpuSeconds, kCpuSeconds};
    setrlimit(RLIMIT_CPU, &seconds);
  }
  rlimit core{0, 0};
  setrlimit(RLIMIT_CORE, &core);
  int null = open("/dev/null", O_WRONLY);
  dup2(null, 1);
  dup2(null, 2);
}

Case materialized(const Case &c);

/// One case in a fresh child (a tool exec'd, or the case in process).
pid_t start(const Case &made, const fs::path &bin) {
  const Case c = materialized(made);
  c.write();
  std::vector<std::string> cmd = c.command(bin);
  pid_t pid = fork();
  if (pid != 0)
    return pid;
  limitChild(/*cpu=*/true);
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

/// Waits for `pid` at most kWallSeconds (then kills it): its wait status,
/// and whether it was killed.
int waitBounded(pid_t pid, bool &timedOut) {
  auto began = std::chrono::steady_clock::now();
  int status = 0;
  timedOut = false;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() - began >
        std::chrono::seconds(kWallSeconds)) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      timedOut = true;
      break;
    }
    usleep(200);
  }
  return status;
}

/// What a worker reports for each case.
struct Result {
  uint64_t index = 0;
  int32_t status = 0; ///< a wait status
  int32_t timedOut = 0;
  double seconds = 0; ///< the case's time, measured by the worker
};

/// Reads (or writes) exactly `size` bytes; false at the end of the pipe
/// or on an error.
bool transfer(int fd, void *data, size_t size, bool writing) {
  auto *p = static_cast<char *>(data);
  while (size > 0) {
    ssize_t n = writing ? write(fd, p, size) : read(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}
bool readFull(int fd, void *data, size_t size) {
  return transfer(fd, data, size, false);
}
bool writeFull(int fd, const void *data, size_t size) {
  return transfer(fd, const_cast<void *>(data), size, true);
}

/// A worker: a child forked from the test that runs the cases it is sent
/// (their indexes, over `toWorker`) one after another, each under an
/// alarm, and answers with a Result over `fromWorker`. A tool case is
/// exec'd in a child of the worker.
struct Worker {
  pid_t pid = -1;
  int toWorker = -1, fromWorker = -1;
  long current = -1; ///< the case it is running, -1 when idle
  std::chrono::steady_clock::time_point started;
};

[[noreturn]] void workerLoop(const std::vector<Case> &all, int in, int out,
                             const fs::path &bin) {
  limitChild(/*cpu=*/false);
  uint64_t index = 0;
  while (readFull(in, &index, sizeof index) && index < all.size()) {
    const Case c = materialized(all[index]);
    Result r;
    r.index = index;
    auto began = std::chrono::steady_clock::now();
    if (c.mode == Mode::OptTool || c.mode == Mode::RunTool) {
      bool timedOut = false;
      r.status = waitBounded(start(c, bin), timedOut);
      r.timedOut = timedOut;
    } else {
      c.write();
      // SIGPROF (CPU) or SIGALRM (wall) ends the worker: a timeout.
      itimerval cpu{};
      cpu.it_value.tv_sec = kCpuSeconds;
      setitimer(ITIMER_PROF, &cpu, nullptr);
      alarm(kWallSeconds);
      int status = runCase(c);
      alarm(0);
      itimerval off{};
      setitimer(ITIMER_PROF, &off, nullptr);
      r.status = status << 8; // as a wait status: exit 0 / 1 / kWrong
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                              began)
                    .count();
    if (!writeFull(out, &r, sizeof r))
      break;
  }
  std::fflush(nullptr);
  _exit(0);
}

Worker spawnWorker(const std::vector<Case> &all, const fs::path &bin) {
  int down[2], up[2];
  if (pipe(down) != 0 || pipe(up) != 0) {
    std::perror("pipe");
    std::exit(2);
  }
  Worker w;
  w.pid = fork();
  if (w.pid == 0) {
    close(down[1]);
    close(up[0]);
    workerLoop(all, down[0], up[1], bin);
  }
  close(down[0]);
  close(up[1]);
  w.toWorker = down[1];
  w.fromWorker = up[0];
  return w;
}

/// The verdict on a finished child: empty when it exited with 0 or 1.
std::string verdict(int status, bool timedOut) {
  if (timedOut || (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM))
    return "timed out after " + std::to_string(kWallSeconds) + " s of waiting";
  if (WIFSIGNALED(status) &&
      (WTERMSIG(status) == SIGPROF || WTERMSIG(status) == SIGXCPU))
    return "timed out after " + std::to_string(kCpuSeconds) + " s of CPU";
  if (WIFSIGNALED(status))
    return std::string("killed by signal ") + strsignal(WTERMSIG(status)) +
           (WTERMSIG(status) == SIGABRT ? " (an abort: a crash or memory "
                                          "beyond the 2 GiB limit)"
                                        : "");
  if (WIFEXITED(status) && WEXITSTATUS(status) == kWrong)
    return "a wrong answer: the emulator ran what the interpreter refused, "
           "or their outputs differ beyond NaN payloads";
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

/// The emulator's seed kernels, compiled in a child process that writes
/// each (source, .spyb, arrays, values) under `dir`, read back here.
std::vector<EmuSeed> compileEmuSeeds(const fs::path &dir) {
  const char *names[] = {"elementwise_add", "row_sum", "silu_gelu_chain",
                         "transpose_tile", "rmsnorm_ring", "softmax"};
  fs::create_directories(dir);
  pid_t pid = fork();
  if (pid == 0) {
    for (const char *name : names) {
      fs::path path = fs::path(SPYRE_SAMPLES_DIR) / (std::string(name) + ".mlir");
      EmuSeed s;
      // cosim.sh gives these two a bound: their sums are reordered.
      bool exact = std::string(name) != "rmsnorm_ring" &&
                   std::string(name) != "softmax";
      if (!makeEmuSeed(path.filename().string(), readText(path), exact, s))
        continue;
      fs::path out = dir / name;
      fs::create_directories(out);
      std::ofstream(out / "kernel.mlir", std::ios::binary) << s.source;
      std::ofstream(out / "module.spyb", std::ios::binary)
          .write(reinterpret_cast<const char *>(s.spyb.data()),
                 std::streamsize(s.spyb.size()));
      std::ofstream values(out / "values.txt");
      values << (s.exact ? "exact" : "bounded") << "\n";
      for (const auto &[n, v] : s.values)
        values << n << "=" << v << "\n";
      for (const auto &[n, a] : s.arrays) {
        std::string error;
        npy::writeNpy((out / (n + ".npy")).string(), a, error);
      }
    }
    std::fflush(nullptr);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  std::vector<EmuSeed> seeds;
  for (const char *name : names) {
    fs::path in = dir / name;
    EmuSeed s;
    s.name = std::string(name) + ".mlir";
    s.source = readText(in / "kernel.mlir");
    std::string bytes = readText(in / "module.spyb"), error;
    s.spyb.assign(bytes.begin(), bytes.end());
    std::optional<code::Module> m = code::readBinary(s.spyb, error);
    if (!m) {
      std::cout << "robustness.fuzz: " << name
                << " does not compile and bind for the emulator's cases\n";
      continue;
    }
    s.module = std::make_shared<const code::Module>(std::move(*m));
    std::ifstream values(in / "values.txt");
    std::string line;
    std::getline(values, line);
    s.exact = line == "exact";
    while (std::getline(values, line))
      if (size_t eq = line.find('='); eq != std::string::npos)
        s.values[line.substr(0, eq)] = line.substr(eq + 1);
    for (const auto &e : fs::directory_iterator(in))
      if (e.path().extension() == ".npy") {
        npy::Array a;
        if (npy::readNpy(e.path().string(), a, error))
          s.arrays[e.path().stem().string()] = std::move(a);
      }
    seeds.push_back(std::move(s));
  }
  return seeds;
}

std::string npyText(const npy::Array &a) {
  std::vector<uint8_t> bytes = npy::serializeNpy(a);
  return std::string(bytes.begin(), bytes.end());
}

/// One case of the emulator's surfaces (FuzzEmulator.h) from a seed:
/// kind 0 bytes of a code section or the line table, 1 a field of an
/// instruction or line, 2 a deadlock, 3 special values or huge addresses.
Case emulatorCase(const std::vector<EmuSeed> &seeds, int kind, Rng &rng) {
  const EmuSeed &seed = seeds[rng() % seeds.size()];
  Case c;
  c.kernel = seed.source;
  for (const auto &[name, array] : seed.arrays)
    c.inputs[name] = npyText(array);
  c.values = seed.values;
  std::string what;
  c.mode = Mode::Emulate;
  if (kind == 0) {
    std::vector<uint8_t> bytes = mutateSpybBytes(seed.spyb, rng, what);
    c.spyb.assign(bytes.begin(), bytes.end());
  } else if (kind == 1) {
    std::vector<uint8_t> bytes =
        code::writeBinary(mutateSpybField(*seed.module, rng, what));
    c.spyb.assign(bytes.begin(), bytes.end());
  } else if (kind == 2) {
    code::Module m = *seed.module;
    c.deadlock = rng() % 2 ? unwrittenChannel(m, rng, what)
                           : barrierOnTileZero(m, rng, what);
    c.compiled = seed.module;
    std::vector<uint8_t> bytes = code::writeBinary(m);
    c.spyb.assign(bytes.begin(), bytes.end());
  } else if (rng() % 2) {
    c.mode = Mode::Both;
    c.compiled = seed.module;
    c.exact = seed.exact;
    c.inputs.clear();
    for (const auto &[name, array] : withSpecialValues(seed.arrays, rng, what))
      c.inputs[name] = npyText(array);
  } else {
    // The copy kernel with a pointer at a huge element index, or rows a
    // huge stride apart.
    static const std::vector<std::string> strides = {
        "64", "1152921504606846976", "2305843009213693952",
        "4611686018427387903", "-4611686018427387904"};
    const std::string &stride = strides[rng() % strides.size()];
    c.mode = Mode::Both;
    c.kernel = copyKernel("[1]", stride);
    c.exact = true;
    c.inputs.clear();
    c.values.clear();
    npy::Array zeros;
    zeros.dtype = "f16";
    zeros.shape = {4, 64};
    zeros.data.assign(4 * 64 * 2, 0);
    const std::string &address = hugeAddresses()[rng() % hugeAddresses().size()];
    bool source = rng() % 2;
    c.values[source ? "a" : "b"] = address;
    c.inputs[source ? "b" : "a"] = npyText(zeros);
    what = std::string(source ? "%a" : "%b") + " at element " + address +
           ", rows " + stride + " apart";
    c.what = "copy kernel: " + what;
    return c;
  }
  c.what = seed.name + ": " + what;
  return c;
}

/// What generated cases are made from, set before the workers are forked:
/// the kernels mutated, the architecture preset, the emulator's seeds.
struct Sources {
  std::vector<std::string> kernels, kernelNames;
  std::string preset;
  std::vector<EmuSeed> emu;
};
Sources &sources() {
  static Sources s;
  return s;
}

/// The number of kinds of generated cases: 0-13 a mutated kernel, 14-15 a
/// hostile .npy, 16-17 a record, 18-19 an architecture file, 20-23 the
/// emulator's surfaces (emulatorCase).
constexpr int kKinds = 24;

/// `c` with its content: a generated case is made here from its kind and
/// seed (the same every time), a corpus case is whole already.
Case materialized(const Case &c) {
  if (c.kind < 0)
    return c;
  const Sources &src = sources();
  Rng rng(c.caseRng);
  Case made;
  if (c.kind >= 20) {
    made = emulatorCase(src.emu, c.kind - 20, rng);
  } else if (c.kind < 14) {
    size_t s = rng() % src.kernels.size();
    made.kernel = mutateKernel(src.kernels[s], rng, made.what);
    made.what = src.kernelNames[s] + ": " + made.what;
  } else {
    made.kernel = kRecordKernel;
    if (c.kind < 16) {
      made.npy = hostileNpy(rng, made.what);
    } else if (c.kind < 18) {
      made.recordJson = hostileRecord(rng, made.what);
      std::string npzWhat;
      made.recordNpz = hostileNpz(rng, npzWhat);
      made.what += "; " + npzWhat;
    } else {
      made.arch = hostileArch(src.preset, rng, made.what);
    }
  }
  made.kind = c.kind;
  made.caseRng = c.caseRng;
  made.mode = c.mode;
  made.dir = c.dir;
  return made;
}

uint64_t envOr(const char *name, uint64_t fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t cases = argc > 1 ? std::strtoull(argv[1], nullptr, 10)
                            : envOr("SPYRE_FUZZ_CASES", 4000);
  uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10)
                           : envOr("SPYRE_FUZZ_SEED", 16);
  fs::path bin = fs::canonical("/proc/self/exe").parent_path();
  fs::path work = fs::temp_directory_path() /
                  ("spyre-fuzz-" + std::to_string(getpid()));
  fs::path failures = fs::current_path() / "fuzz-failures";
  Sources &src = sources();
  src.preset = readText(SPYRE_ARCH_PRESET);

  // The seeds: samples, corpus kernels, the regression corpus.
  for (const char *dir : {SPYRE_SAMPLES_DIR, SPYRE_CORPUS_KTIR_DIR})
    for (const fs::path &p : kernelsIn(dir)) {
      src.kernels.push_back(readText(p));
      src.kernelNames.push_back(p.filename().string());
    }
  src.kernels.push_back(kRecordKernel);
  src.kernelNames.push_back("record kernel");
  // Kernels compiled once for the emulator's cases (each small, exact
  // ones for the special values; a ring exchange, a reduction), in a child
  // so that this process, which every worker is forked from, holds no
  // MLIR context's threads and arenas against the workers' address space.
  sources().emu = compileEmuSeeds(work / "seeds");
  // A worker runs mutations of the same few kernels case after case: the
  // random inputs of one (a paged-cache kernel fills ~120 MB) are made once
  // and kept, as robustness.interp does, instead of again for every case.
  driver::keepRandomFills(size_t(128) << 20);
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
  // SPYRE_FUZZ_EMULATOR=1: only the emulator's kinds (to run them longer).
  const bool emulatorOnly = envOr("SPYRE_FUZZ_EMULATOR", 0) != 0;
  // 2. Generated cases: their kind, mode and seed now, their content
  //    when they run.
  Rng rng(seed);
  for (uint64_t i = 0; i < cases; ++i) {
    Case c;
    c.kind = static_cast<int>(rng() % kKinds);
    if (emulatorOnly)
      c.kind = 20 + c.kind % 4;
    c.caseRng = rng();
    if (c.kind >= 20 && sources().emu.empty())
      continue;
    if (c.kind >= 20)
      c.mode = c.kind == 23 ? Mode::Both : Mode::Emulate;
    else if (c.kind < 14 || c.kind >= 18)
      c.mode = rng() % 2 ? Mode::Compile : Mode::Run;
    else
      c.mode = Mode::Run;
    if (i % kToolEvery == 0 && c.kind < 20)
      c.mode = c.mode == Mode::Compile ? Mode::OptTool : Mode::RunTool;
    all.push_back(std::move(c));
  }

  std::deque<size_t> queue;
  for (size_t i = 0; i < all.size(); ++i) {
    all[i].dir = work / std::to_string(i);
    queue.push_back(i);
  }
  signal(SIGPIPE, SIG_IGN); // a dead worker is seen on its pipe
  auto began = std::chrono::steady_clock::now();
  auto now = [] { return std::chrono::steady_clock::now(); };
  long jobs = std::max(1L, std::min(2L, sysconf(_SC_NPROCESSORS_ONLN)));
  std::vector<Worker> workers;
  for (long j = 0; j < jobs; ++j)
    workers.push_back(spawnWorker(all, bin));
  int failed = 0, tools = 0;
  size_t ran = 0;
  std::vector<std::pair<double, size_t>> times; // seconds, case
  // The regression corpus always runs; generated cases until the time
  // budget is spent (the machine may be shared: the count is printed).
  double budget = static_cast<double>(envOr("SPYRE_FUZZ_SECONDS", 30));
  size_t skipped = 0;

  auto report = [&](size_t index, const std::string &bad) {
    const Case c = materialized(all[index]);
    ++failed;
    fs::path keep = failures / std::to_string(index);
    fs::create_directories(failures);
    fs::remove_all(keep);
    if (fs::exists(c.dir))
      fs::copy(c.dir, keep, fs::copy_options::recursive);
    Case shown = c;
    shown.dir = keep;
    std::cout << "FAIL case " << index << " (" << modeName(c.mode) << ", "
              << c.what << "): " << bad << "\n  reproduce:";
    for (const std::string &arg : shown.command(bin))
      std::cout << ' ' << arg;
    std::cout << std::endl;
  };
  // A worker died in case `index`: is it the case alone, or what the
  // worker ran before it?
  auto alone = [&](size_t index) {
    bool timedOut = false;
    int status = waitBounded(start(all[index], bin), timedOut);
    std::string bad = verdict(status, timedOut);
    return bad.empty() ? std::string(" (alone in a fresh process it passes: "
                                     "it depends on earlier cases in the "
                                     "same process)")
                       : std::string(" (alone too: ") + bad + ")";
  };
  // `seconds`: the worker's measure, or (when it died) the parent's.
  // SPYRE_FUZZ_KEEP=N keeps case N's files and command, passed or not.
  const uint64_t keep = envOr("SPYRE_FUZZ_KEEP", UINT64_MAX);
  auto finish = [&](Worker &w, double seconds) {
    size_t index = static_cast<size_t>(w.current);
    times.emplace_back(seconds, index);
    if (index == keep) {
      report(index, "kept (SPYRE_FUZZ_KEEP)");
      --failed;
    }
    fs::remove_all(all[index].dir);
    w.current = -1;
    ++ran;
  };
  auto replace = [&](Worker &w, int status, bool timedOut) {
    size_t index = static_cast<size_t>(w.current);
    std::string bad = verdict(status, timedOut);
    if (bad.empty())
      bad = "the worker exited in the case";
    double seconds = std::chrono::duration<double>(now() - w.started).count();
    report(index, bad + alone(index));
    close(w.toWorker);
    close(w.fromWorker);
    finish(w, seconds);
    w = spawnWorker(all, bin);
  };

  while (true) {
    if (!queue.empty() && queue.front() >= corpusCases &&
        std::chrono::duration<double>(now() - began).count() > budget) {
      skipped = queue.size();
      queue.clear();
    }
    for (Worker &w : workers)
      if (w.current < 0 && !queue.empty()) {
        uint64_t i = queue.front();
        queue.pop_front();
        tools += all[i].mode == Mode::OptTool || all[i].mode == Mode::RunTool;
        w.current = static_cast<long>(i);
        w.started = now();
        if (!writeFull(w.toWorker, &i, sizeof i)) {
          int status = 0;
          waitpid(w.pid, &status, 0);
          replace(w, status, false);
        }
      }
    std::vector<pollfd> fds;
    std::vector<Worker *> busy;
    for (Worker &w : workers)
      if (w.current >= 0) {
        fds.push_back({w.fromWorker, POLLIN, 0});
        busy.push_back(&w);
      }
    if (fds.empty())
      break;
    poll(fds.data(), fds.size(), 100);
    for (size_t k = 0; k < fds.size(); ++k) {
      Worker &w = *busy[k];
      if (fds[k].revents) {
        Result r;
        if (readFull(w.fromWorker, &r, sizeof r) &&
            r.index == static_cast<uint64_t>(w.current)) {
          std::string bad = verdict(r.status, r.timedOut);
          if (!bad.empty())
            report(r.index, bad);
          finish(w, r.seconds);
          continue;
        }
        // The worker died in its case.
        int status = 0;
        waitpid(w.pid, &status, 0);
        replace(w, status, false);
        continue;
      }
      // The alarm should have ended it; this is the backstop.
      if (now() - w.started > std::chrono::seconds(kWallSeconds + 10)) {
        kill(w.pid, SIGKILL);
        int status = 0;
        waitpid(w.pid, &status, 0);
        replace(w, status, true);
      }
    }
  }
  for (Worker &w : workers) {
    // An index past the cases ends the worker (its pipe may still be open
    // in workers forked after it, so it would not see the end).
    uint64_t stop = ~uint64_t(0);
    writeFull(w.toWorker, &stop, sizeof stop);
    close(w.toWorker);
    close(w.fromWorker);
    int status = 0;
    waitpid(w.pid, &status, 0);
  }
  fs::remove_all(work);
  double seconds = std::chrono::duration<double>(now() - began).count();
  std::cout << "robustness.fuzz: seed " << seed << ", " << ran
            << " cases (" << corpusCases << " from the regression corpus, "
            << tools << " through spyre-opt / spyre-run) in " << seconds
            << " s, " << static_cast<int>(ran / std::max(seconds, 1e-3))
            << " cases per second"
            << (skipped ? ", " + std::to_string(skipped) +
                              " generated cases left for the time budget"
                        : std::string())
            << ": " << failed << " failed" << std::endl;
  double perMode[kModes] = {};
  int countMode[kModes] = {};
  for (const auto &[t, index] : times) {
    perMode[static_cast<int>(all[index].mode)] += t;
    ++countMode[static_cast<int>(all[index].mode)];
  }
  std::cout << "mean time per case:";
  for (Mode m : {Mode::Compile, Mode::Run, Mode::OptTool, Mode::RunTool,
                 Mode::Emulate, Mode::Both})
    if (countMode[static_cast<int>(m)])
      std::cout << ' ' << modeName(m) << ' '
                << 1000 * perMode[static_cast<int>(m)] /
                       countMode[static_cast<int>(m)]
                << " ms (" << countMode[static_cast<int>(m)] << ")";
  std::cout << "\n";
  std::sort(times.rbegin(), times.rend());
  std::cout << "slowest cases:";
  for (size_t k = 0; k < times.size() && k < 5; ++k)
    std::cout << "\n  " << times[k].first << " s: case " << times[k].second
              << " (" << modeName(all[times[k].second].mode) << ", "
              << materialized(all[times[k].second]).what << ")";
  std::cout << std::endl;
  return failed == 0 ? 0 : 1;
}
