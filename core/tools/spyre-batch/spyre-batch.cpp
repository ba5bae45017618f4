//===- spyre-batch.cpp - every kernel of a model through every stage ------===//
//
//   spyre-batch DIR|LIST|KERNEL... [--jobs N] [--shard I/N] [--timeout S]
//               [--memory MIB] [--arch A] [--arg NAME=VALUE]... [--seed N]
//               [--cycle-budget N] [--out FILE.jsonl] [--require-agree]
//   spyre-batch --summary FILE.jsonl...
//
// Every public kernel of every file goes through parse -> SpyreCode -> the
// interpreter and the emulator (BatchJob.h), each in a worker process of
// its own under a time and a memory limit (WorkerPool.h), --jobs of them
// at once on this machine's cores. One JSON line per kernel (in file and
// kernel order) goes to standard output or --out, then a summary table to
// standard error (standard output with --out). --shard I/N runs the I-th
// of N slices, so that GNU parallel or a Slurm job array spreads a model
// over machines; --summary merges the slices' JSON lines into one table.
// Exit status 1 when a kernel ended in an internal compiler error, a
// crash, a timeout or out of memory (with --require-agree: whenever one
// did not come out exact or within rounding); 2 for a usage error. docs/batch.md has the recipes.
//
//===----------------------------------------------------------------------===//

#include "BatchJob.h"
#include "KernelFiles.h"
#include "Summary.h"
#include "WorkerPool.h"

#include "driver/Compile.h"
#include "support/Limits.h"
#include "support/ReadFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <csignal>
#include <fstream>
#include <iostream>
#include <thread>

using namespace spyre;
using namespace spyre::batch;

namespace {

struct Options {
  std::vector<std::string> inputs;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  size_t shard = 0, shards = 1;
  Limits limits;
  std::string arch, outPath;
  std::map<std::string, std::string> args;
  uint64_t seed = 0, cycleBudget = 1'000'000'000;
  bool requireAgree = false;
  std::vector<std::string> summaryFiles;
};

int usage(const std::string &problem = "") {
  if (!problem.empty())
    std::cerr << "spyre-batch: " << problem << "\n";
  std::cerr
      << "usage: spyre-batch DIR|LIST|KERNEL... [--jobs N] [--shard I/N]\n"
         "                   [--timeout SECONDS] [--memory MIB] [--arch A]\n"
         "                   [--arg NAME=VALUE]... [--seed N] "
         "[--cycle-budget N]\n"
         "                   [--out FILE.jsonl] [--require-agree]\n"
         "       spyre-batch --summary FILE.jsonl...\n";
  return 2;
}

template <typename T> bool parseNumber(const std::string &s, T &out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

/// Parses argv into `o`; an error message, or "" when they are fine.
std::string parseOptions(int argc, char **argv, Options &o) {
  bool summary = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i], v;
    auto next = [&]() {
      if (i + 1 >= argc)
        return false;
      v = argv[++i];
      return true;
    };
    double seconds = 0;
    uint64_t mib = 0;
    if (a == "--summary") {
      summary = true;
    } else if (a == "--require-agree") {
      o.requireAgree = true;
    } else if (a == "--jobs") {
      if (!next() || !parseNumber(v, o.jobs) || o.jobs == 0)
        return "--jobs needs a positive whole number";
    } else if (a == "--shard") {
      size_t slash = next() ? v.find('/') : std::string::npos;
      if (slash == std::string::npos ||
          !parseNumber(v.substr(0, slash), o.shard) ||
          !parseNumber(v.substr(slash + 1), o.shards) || o.shards == 0 ||
          o.shard >= o.shards)
        return "--shard needs I/N with 0 <= I < N";
    } else if (a == "--timeout") {
      if (!next() || !parseNumber(v, seconds) || seconds <= 0)
        return "--timeout needs a positive number of seconds";
      o.limits.seconds = seconds;
    } else if (a == "--memory") {
      if (!next() || !parseNumber(v, mib))
        return "--memory needs a whole number of MiB (0: no limit)";
      o.limits.memoryBytes = mib << 20;
    } else if (a == "--arch") {
      if (!next())
        return "--arch needs a preset name or a file";
      o.arch = v;
    } else if (a == "--arg") {
      std::string name, value;
      if (!next() || !splitAssignment(v, name, value))
        return "--arg needs NAME=VALUE";
      o.args[name] = value;
    } else if (a == "--seed") {
      if (!next() || !parseNumber(v, o.seed))
        return "--seed needs a whole number";
    } else if (a == "--cycle-budget") {
      if (!next() || !parseNumber(v, o.cycleBudget) || o.cycleBudget == 0)
        return "--cycle-budget needs a positive whole number";
    } else if (a == "--out") {
      if (!next())
        return "--out needs a file";
      o.outPath = v;
    } else if (!a.empty() && a[0] == '-') {
      return "unknown option " + a;
    } else {
      (summary ? o.summaryFiles : o.inputs).push_back(a);
    }
  }
  if (summary && o.summaryFiles.empty())
    return "--summary needs the JSON lines files of a batch";
  if (!summary && o.inputs.empty())
    return "no kernels given (a folder, a list file or kernel files)";
  return "";
}

struct Job {
  std::string file, function;
};

/// The kernels of every file, listed in workers (a file that does not
/// parse, or whose listing fails, is one job that reports why).
std::vector<Job> listJobs(const std::vector<std::string> &files,
                          const Options &o) {
  std::vector<std::vector<std::string>> kernels(files.size());
  runPool(
      files.size(), o.jobs, o.limits,
      [&](size_t i, const std::function<void(const std::string &)> &emit) {
        std::string source, error;
        if (!readFileBounded(files[i], limits::kMaxKernelBytes, source, error))
          return;
        driver::KernelList list = driver::listKernels(source, files[i]);
        emit("result " + nlohmann::json(list.names).dump());
      },
      [&](size_t i, const Outcome &outcome) {
        if (!outcome.result)
          return;
        nlohmann::json names = nlohmann::json::parse(*outcome.result, nullptr,
                                                     /*exceptions=*/false);
        if (names.is_array())
          for (const nlohmann::json &n : names)
            if (n.is_string())
              kernels[i].push_back(n.get<std::string>());
      });
  std::vector<Job> jobs;
  for (size_t i = 0; i < files.size(); ++i) {
    if (kernels[i].empty())
      jobs.push_back({files[i], ""});
    for (const std::string &k : kernels[i])
      jobs.push_back({files[i], k});
  }
  return jobs;
}

/// The line of a job whose worker wrote no result.
nlohmann::json lineWithoutResult(const Job &job, const Outcome &outcome) {
  nlohmann::json line;
  line["file"] = job.file;
  line["function"] = job.function;
  line["stage"] = outcome.stage;
  const std::string &err = outcome.stderrTail;
  bool memory = err.find("out of memory") != std::string::npos ||
                err.find("bad_alloc") != std::string::npos ||
                err.find("Cannot allocate memory") != std::string::npos;
  line["verdict"] = outcome.timedOut || outcome.signal == SIGXCPU
                        ? "timeout"
                    : memory ? "out-of-memory"
                             : "crash";
  std::string last = err;
  while (!last.empty() && last.back() == '\n')
    last.pop_back();
  last = last.substr(last.rfind('\n') == std::string::npos ? 0
                                                           : last.rfind('\n') + 1);
  if (outcome.signal)
    last = "signal " + std::to_string(outcome.signal) +
           (last.empty() ? "" : ": " + last);
  line["first_error"] = last;
  return line;
}

int runSummary(const Options &o) {
  std::vector<nlohmann::json> lines;
  for (const std::string &path : o.summaryFiles) {
    std::ifstream in(path);
    if (!in)
      return usage("cannot read " + path);
    for (std::string text; std::getline(in, text);) {
      nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
      if (j.is_object())
        lines.push_back(std::move(j));
    }
  }
  printSummary(lines, std::cout);
  bool internal = false, disagree = false;
  for (const nlohmann::json &j : lines) {
    internal = internal || isInternalProblem(j);
    disagree = disagree || !agrees(j);
  }
  return internal || (o.requireAgree && disagree) ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  if (std::string problem = parseOptions(argc, argv, o); !problem.empty())
    return usage(problem);
  if (!o.summaryFiles.empty())
    return runSummary(o);

  std::vector<std::string> all, files;
  std::string error;
  if (!collectKernelFiles(o.inputs, all, error))
    return usage(error);
  for (size_t i = o.shard; i < all.size(); i += o.shards)
    files.push_back(all[i]);

  std::ofstream outFile;
  if (!o.outPath.empty()) {
    outFile.open(o.outPath);
    if (!outFile)
      return usage("cannot write " + o.outPath);
  }
  std::ostream &out = o.outPath.empty() ? std::cout : outFile;
  std::ostream &table = o.outPath.empty() ? std::cerr : std::cout;

  std::vector<Job> jobs = listJobs(files, o);
  std::vector<std::optional<nlohmann::json>> lines(jobs.size());
  size_t printed = 0;
  runPool(
      jobs.size(), o.jobs, o.limits,
      [&](size_t i, const std::function<void(const std::string &)> &emit) {
        JobSpec spec;
        spec.path = jobs[i].file;
        spec.function = jobs[i].function;
        spec.arch = o.arch;
        std::string argError;
        FileSettings settings = fileSettings(spec.path, spec.function, argError);
        spec.args = std::move(settings.args);
        spec.noLxLimit = settings.noLxLimit;
        for (const auto &[name, value] : o.args)
          spec.args[name] = value;
        spec.seed = o.seed;
        spec.cycleBudget = o.cycleBudget;
        nlohmann::json result = runJob(spec, [&](const char *stage) {
          emit(std::string("stage ") + stage);
        });
        if (!argError.empty())
          result["input_error"] = argError;
        emit("result " + result.dump());
      },
      [&](size_t i, const Outcome &outcome) {
        nlohmann::json line =
            outcome.result ? nlohmann::json::parse(*outcome.result, nullptr, false)
                           : nlohmann::json();
        if (!line.is_object())
          line = lineWithoutResult(jobs[i], outcome);
        line["wall_ms"] = std::round(outcome.wallMs * 10) / 10;
        line["max_rss_kb"] = outcome.maxRssKb;
        lines[i] = std::move(line);
        // In job order: every line whose predecessors are done.
        while (printed < lines.size() && lines[printed]) {
          out << lines[printed]->dump() << "\n" << std::flush;
          ++printed;
        }
      });

  std::vector<nlohmann::json> all_lines;
  bool internal = false, disagree = false;
  for (auto &line : lines) {
    internal = internal || isInternalProblem(*line);
    disagree = disagree || !agrees(*line);
    all_lines.push_back(std::move(*line));
  }
  printSummary(all_lines, table);
  if (o.shards > 1)
    table << "shard " << o.shard << " of " << o.shards << ": " << files.size()
          << " of " << all.size() << " files\n";
  return internal || (o.requireAgree && disagree) ? 1 : 0;
}
