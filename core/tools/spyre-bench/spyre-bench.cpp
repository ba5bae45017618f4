//===- spyre-bench.cpp - interpreter benchmark over corpus and samples ----===//
//
//   spyre-bench [--corpus DIR] [--samples DIR] [--repeat N] [--filter TEXT]
//               [--only warm|cold] [--shadow on|off]
//
// Runs every corpus record (inputs from the record) and every sample
// (random inputs, seed 0) on the reference interpreter, each in a child
// process so that its peak RSS is its own, and prints a table: kernel,
// cores, executed ops, three wall times (parsing and set-up excluded), ops
// per second (warm), the child's peak RSS and, for corpus records,
// ktir-cpu's own time from the record and the speed-up (warm).
//
// The wall times differ in what runs before the timed run:
//   warm   median of N: the kernel is parsed once, run once untimed, then
//          N times: how ktir-cpu's harness times it (parse once, a discovery
//          run, then the timed runs), so the speed-up compares like with
//          like;
//   cold   median of N: the kernel is parsed again (a fresh MLIR context)
//          before each run, which evicts the interpreter's code and data
//          from the caches (what the process filled, such as the f16
//          function memo, stays);
//   first  the child process's first run (the untimed one above): it pays
//          for the first touch of its memory, code and tables, as a run of
//          spyre-run does.
// --only measures warm (with first) or cold alone, for a profiler; the
// others show 0. --shadow on runs the interpreter with its f64 shadow and
// error bounds (RunRequest::shadow, docs/numerics.md), for the cost of it.
//
//===----------------------------------------------------------------------===//

#include "driver/Record.h"
#include "driver/Run.h"
#include "driver/RunReport.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace spyre::driver;

namespace {

struct Job {
  std::string name, kernel, record;
};

struct Measurement {
  bool ok = false;
  int cores = 0;
  double warmMs = 0, coldMs = 0;
  double firstMs = 0; ///< the process's first run (the untimed warm-up)
  double opsExecuted = 0;
  double oracleMs = 0; ///< 0: the record has no time
};

std::vector<std::string> listDir(const std::string &dir) {
  std::vector<std::string> names;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d))
      names.push_back(e->d_name);
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Measurement measure(const Job &job, int repeat, const std::string &only,
                    bool shadow) {
  Measurement m;
  RunRequest request;
  if (!job.record.empty()) {
    Record record;
    std::string error;
    if (!loadRecord(job.record, record, error))
      return m;
    request = record.request;
    m.oracleMs = record.oracleExecuteSeconds.value_or(0) * 1e3;
  } else {
    request.seed = 0;
  }
  request.source = readFile(job.kernel);
  request.sourceName = job.kernel;
  request.recordLxEvents = false;
  request.shadow = shadow;

  std::vector<double> warm, cold; // empty: not measured (0)
  if (only != "cold") {
    PreparedRun prepared(request);
    if (!prepared.ok())
      return m;
    RunResult first = prepared.run(); // not in the warm median
    if (!first.ok)
      return m;
    m.firstMs = first.wallSeconds * 1e3;
    for (int i = 0; i < repeat; ++i) {
      RunResult result = prepared.run();
      if (!result.ok)
        return m;
      warm.push_back(result.wallSeconds * 1e3);
      m.cores = static_cast<int>(result.perCore.size());
      m.opsExecuted = static_cast<double>(result.opsExecuted);
    }
  }
  if (only != "warm") {
    for (int i = 0; i < repeat; ++i) {
      RunResult result = runKernel(request);
      if (!result.ok)
        return m;
      cold.push_back(result.wallSeconds * 1e3);
      m.cores = static_cast<int>(result.perCore.size());
      m.opsExecuted = static_cast<double>(result.opsExecuted);
    }
  }
  m.warmMs = medianTime(warm);
  m.coldMs = medianTime(cold);
  m.ok = true;
  return m;
}

} // namespace

int main(int argc, char **argv) {
  std::string corpus = "../shared/corpus", samples = "samples", filter, only;
  int repeat = 5;
  bool shadow = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--corpus")
      corpus = argv[i + 1];
    else if (a == "--samples")
      samples = argv[i + 1];
    else if (a == "--repeat")
      repeat = std::max(1, std::atoi(argv[i + 1]));
    else if (a == "--filter")
      filter = argv[i + 1];
    else if (a == "--only" && (std::strcmp(argv[i + 1], "warm") == 0 ||
                               std::strcmp(argv[i + 1], "cold") == 0))
      only = argv[i + 1];
    else if (a == "--shadow" && (std::strcmp(argv[i + 1], "on") == 0 ||
                                 std::strcmp(argv[i + 1], "off") == 0))
      shadow = std::strcmp(argv[i + 1], "on") == 0;
    else {
      std::fprintf(stderr, "usage: spyre-bench [--corpus DIR] [--samples DIR] "
                           "[--repeat N] [--filter TEXT] [--only warm|cold] "
                           "[--shadow on|off]\n");
      return 1;
    }
  }
  std::vector<Job> jobs;
  for (const std::string &f : listDir(corpus + "/expected"))
    if (endsWith(f, ".json")) {
      std::string stem = f.substr(0, f.size() - 5);
      for (const char *ext : {".mlir", ".ktir"}) {
        std::string kernel = corpus + "/ktir/" + stem + ext;
        if (access(kernel.c_str(), R_OK) == 0)
          jobs.push_back({stem, kernel, corpus + "/expected/" + f});
      }
    }
  for (const std::string &f : listDir(samples))
    if (endsWith(f, ".mlir"))
      jobs.push_back({"samples/" + f, samples + "/" + f, ""});

  std::printf("%-46s %5s %7s %10s %10s %10s %10s %9s %10s %9s\n", "kernel",
              "cores", "ops", "warm (ms)", "cold (ms)", "first (ms)", "ops/s",
              "peak RSS", "ktir-cpu", "speed-up");
  for (const Job &job : jobs) {
    if (!filter.empty() && job.name.find(filter) == std::string::npos)
      continue;
    int pipeFd[2];
    if (pipe(pipeFd) != 0)
      return 1;
    pid_t pid = fork();
    if (pid == 0) {
      close(pipeFd[0]);
      Measurement m = measure(job, repeat, only, shadow);
      ssize_t n = write(pipeFd[1], &m, sizeof m);
      _exit(n == sizeof m ? 0 : 1);
    }
    close(pipeFd[1]);
    Measurement m;
    ssize_t got = read(pipeFd[0], &m, sizeof m);
    close(pipeFd[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    if (got != sizeof m || !m.ok) {
      std::printf("%-46s %s\n", job.name.c_str(), "FAILED");
      continue;
    }
    std::printf("%-46s %5d %7.0f %10.4f %10.4f %10.4f %10.3g %6.1f MB",
                job.name.c_str(), m.cores, m.opsExecuted, m.warmMs, m.coldMs,
                m.firstMs,
                m.warmMs > 0 ? m.opsExecuted / (m.warmMs / 1e3) : 0.0,
                usage.ru_maxrss / 1024.0);
    if (m.oracleMs > 0 && m.warmMs > 0)
      std::printf(" %7.3f ms %8.1fx", m.oracleMs, m.oracleMs / m.warmMs);
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}
