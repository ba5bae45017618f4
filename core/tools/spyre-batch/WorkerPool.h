//===- WorkerPool.h - jobs in forked workers under limits -------*- C++ -*-===//
//
// spyre-batch runs each kernel in a worker process of its own (fork), at
// most `jobs` at once: a kernel that crashes, loops or eats memory ends
// its worker, never the batch. Each worker gets an address-space limit
// (setrlimit RLIMIT_AS) and a CPU-time limit, and is killed when its wall
// time passes the time limit. A worker talks to the pool through a pipe:
// a line `stage NAME` as it reaches each stage, then `result JSON`; its
// standard error is kept (the end of it) to say how a crash ended.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TOOLS_SPYRE_BATCH_WORKERPOOL_H
#define SPYRE_TOOLS_SPYRE_BATCH_WORKERPOOL_H

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace spyre::batch {

struct Limits {
  double seconds = 300;            ///< wall time per job
  uint64_t memoryBytes = 4ull << 30; ///< address space per job (0: none)
};

/// How a job's worker ended.
struct Outcome {
  std::string stage = "none";     ///< the last `stage` line it wrote
  std::optional<std::string> result; ///< its `result` line, if it wrote one
  bool timedOut = false;
  int signal = 0;                 ///< the signal that ended it, or 0
  int exitCode = 0;
  double wallMs = 0;
  long maxRssKb = 0;
  std::string stderrTail;         ///< the end of its standard error
};

/// What a worker runs: `emit(line)` sends one line to the pool. Runs in
/// the forked child, which then exits.
using WorkFn = std::function<void(size_t job,
                                  const std::function<void(const std::string &)> &emit)>;

/// Runs jobs 0 .. count-1, at most `parallel` at once, calling `done` in
/// the parent as each ends (in the order they end).
void runPool(size_t count, unsigned parallel, const Limits &limits,
             const WorkFn &work,
             const std::function<void(size_t job, const Outcome &)> &done);

} // namespace spyre::batch

#endif
