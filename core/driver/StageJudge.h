//===- StageJudge.h - a snapshot's outputs held against the KTIR's -*- C++ -*-===//
//
// The one place that says whether a snapshot's outputs agree with the
// KTIR's: the numerics verdict (driver/NumericsVerdict.h, docs/numerics.md)
// against the reference run, the interpreter's with its f64 shadow and
// per-element error bounds (RunRequest::shadow), the verdict `--engine
// both` gives the emulator:
//
//   exact            every output byte for byte the interpreter's;
//   within rounding  some element differs, every one within its bound (a
//                    pass that reorders a floating-point sum: the per-lane
//                    partials of chunk-reductions and stream-row-passes, a
//                    matmul accumulated in vectors);
//   WRONG            some element outside its bound: the pass changed the
//                    answer.
//
// No per-kernel tolerance. An element whose bound is unbounded (an
// intermediate that may overflow f16, docs/numerics.md) is never WRONG,
// as with --engine both.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_STAGEJUDGE_H
#define SPYRE_DRIVER_STAGEJUDGE_H

#include "driver/NumericsVerdict.h"

#include <map>
#include <string>
#include <vector>

namespace spyre::driver {

struct StageJudgement {
  /// Per array, then per region (without the per-element errorUlps and
  /// boundUlps).
  NumericsVerdict numerics;
  Verdict verdict = Verdict::Exact; ///< the worst of them
  /// "exact", "within rounding: y_ptr: worst element [3, 17] is ..." or
  /// "WRONG: y_ptr: element [3, 17] (...): snapshot 0.5, interpreter ...".
  std::string summary;
  /// WRONG: the first WRONG output (arrays, then regions, in name order)
  /// and its worst element.
  std::string wrongArray;
  size_t wrongElement = 0;
  std::vector<int64_t> wrongCoords;
};

/// A snapshot's arrays and regions against `reference` (a run with
/// RunRequest::shadow; without shadows only exact outputs agree: runStages
/// adds them when a snapshot is not exact).
/// `candidate` names the snapshot in the text ("snapshot", "emulator").
StageJudgement judgeStage(const RunResult &reference,
                          const std::map<std::string, npy::Array> &arrays,
                          const std::map<std::string, npy::Array> &regions,
                          const std::string &candidate);

/// How judgeStage compares, for reports.
std::string stageComparisonName();

} // namespace spyre::driver

#endif
