//===- BatchJob.h - one kernel through every stage, as one JSON line -*- C++ -*-===//
//
// What spyre-batch runs for each kernel of a model, in a worker process of
// its own: parse -> SpyreCode (compileKernel) -> the reference interpreter
// and the emulator on the same inputs (PreparedRun's seeded arrays and
// automatic addresses) -> their outputs compared, as spyre-run --engine
// both does. The result is one JSON object:
//
//   file, function       the kernel
//   stage                the last stage reached: none, parsed, spyrecode,
//                        emulated, interpreted, compared
//   verdict              agree, differ, refused (a diagnostic on a line of
//                        the kernel), ice (an internal compiler error),
//                        needs-inputs (scalar arguments nobody gave),
//                        emulator-fault; the worker pool adds crash,
//                        timeout and out-of-memory
//   cycles, bottleneck   the emulator's (when it ran)
//   first_error          the first error, "file:line:col: message"
//   missing_inputs       needs-inputs: the arguments without a value
//   mismatches, worst_ulps   compared: elements that differ, the worst
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TOOLS_SPYRE_BATCH_BATCHJOB_H
#define SPYRE_TOOLS_SPYRE_BATCH_BATCHJOB_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace spyre::batch {

/// The stages in the order a kernel reaches them.
extern const char *const kStages[6];

struct JobSpec {
  std::string path;
  std::string function; ///< empty: the file's only (or first) kernel
  std::string arch;
  /// Scalar arguments by name (the file's RUN-ARGS, its sidecar, --arg).
  std::map<std::string, std::string> args;
  uint64_t seed = 0;
  /// The kernel's tiles are larger than LX (its RUN-ARGS' --no-lx-limit):
  /// the interpreter's reference runs without the limit.
  bool noLxLimit = false;
  uint64_t cycleBudget = 1'000'000'000;
};

/// Runs `job`; `reached(stage)` is called as each stage is reached (the
/// worker tells its parent, so that a kernel killed later still has its
/// stage).
nlohmann::json runJob(const JobSpec &job,
                      const std::function<void(const char *)> &reached);

} // namespace spyre::batch

#endif
