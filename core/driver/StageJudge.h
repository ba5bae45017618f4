//===- StageJudge.h - a snapshot's outputs held against the KTIR's -*- C++ -*-===//
//
// The one place that says whether a snapshot's outputs agree with the
// KTIR's. Today: every element equal bit for bit, or, with a bound (the
// kernel's co-simulation bound, spyre-run --max-ulps), every element
// within that many steps of its dtype at the output's largest magnitude
// (compareOutputs: a reordered sum's error scales with its terms). Passes
// that reorder a floating-point reduction (the per-lane partials of
// chunk-reductions and stream-row-passes, a K loop's accumulation)
// legitimately change the last bits: without a bound they "differ"
// (docs/stage-execution.md lists them). The numerics verdict (exact /
// within rounding / WRONG against an f64 shadow with per-element error
// bounds) replaces this function when it lands.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_STAGEJUDGE_H
#define SPYRE_DRIVER_STAGEJUDGE_H

#include "driver/OutputCompare.h"

#include <map>
#include <string>
#include <vector>

namespace spyre::driver {

struct StageJudgement {
  bool agrees = true;
  /// Every element equal bit for bit (agrees may hold within the bound).
  bool exact = true;
  std::vector<ArrayComparison> comparisons; ///< arrays, then regions
  /// "agrees", "agrees within 4 ulps: 'y' 97 of 32768 elements, worst
  /// [12] ..." or "differs: 'y' ...".
  std::string summary;
  /// The first element past the bound (in name order), when one is.
  std::string firstArray;
  size_t firstElement = 0;
};

/// A snapshot's arrays and regions against the reference's; `maxUlps` 0
/// asks for every bit.
StageJudgement judgeStage(const std::map<std::string, npy::Array> &refArrays,
                          const std::map<std::string, npy::Array> &refRegions,
                          const std::map<std::string, npy::Array> &arrays,
                          const std::map<std::string, npy::Array> &regions,
                          double maxUlps = 0);

/// How judgeStage compares, for reports ("exact equality", "within 4 ulps
/// of each output's largest magnitude").
std::string stageComparisonName(double maxUlps = 0);

} // namespace spyre::driver

#endif
