//===- StageJudge.cpp - a snapshot's outputs held against the KTIR's ------===//

#include "driver/StageJudge.h"

#include <cmath>
#include <cstdio>
#include <cstring>

using namespace spyre;
using namespace spyre::driver;

namespace {

/// The first element of `got` whose bytes differ from `want`'s and, with
/// a bound, that is further off than the bound (`c` measured the step).
size_t firstMismatch(const npy::Array &want, const npy::Array &got,
                     const ArrayComparison &c, double maxUlps) {
  size_t size = std::max<size_t>(1, npy::elementSize(want.dtype));
  size_t n = std::min(want.data.size(), got.data.size()) / size;
  double step = c.ulps > 0 && std::isfinite(c.ulps) ? c.difference / c.ulps : 0;
  for (size_t i = 0; i < n; ++i) {
    if (std::memcmp(want.data.data() + i * size, got.data.data() + i * size,
                    size) == 0)
      continue;
    double d = std::fabs(elementValue(got, i) - elementValue(want, i));
    if (maxUlps <= 0 || step <= 0 || !(d <= maxUlps * step))
      return i;
  }
  return n;
}

std::string describe(const ArrayComparison &c) {
  if (c.missing)
    return "'" + c.name + "' is missing";
  char text[320];
  if (!c.sameSize)
    std::snprintf(text, sizeof text, "'%s' has another size",
                  c.name.c_str());
  else
    std::snprintf(text, sizeof text,
                  "'%s' %zu of %zu elements, worst [%zu] %.9g instead of "
                  "%.9g (%.3g ulps)",
                  c.name.c_str(), c.mismatches, c.elements, c.worst,
                  c.emulator, c.interpreter, c.ulps);
  return text;
}

} // namespace

std::string spyre::driver::stageComparisonName(double maxUlps) {
  if (maxUlps <= 0)
    return "exact equality";
  char text[96];
  std::snprintf(text, sizeof text,
                "within %g ulps of each output's largest magnitude", maxUlps);
  return text;
}

StageJudgement
spyre::driver::judgeStage(const std::map<std::string, npy::Array> &refArrays,
                          const std::map<std::string, npy::Array> &refRegions,
                          const std::map<std::string, npy::Array> &arrays,
                          const std::map<std::string, npy::Array> &regions,
                          double maxUlps) {
  StageJudgement j;
  std::string differs, inexact;
  for (auto [reference, actual] :
       {std::make_pair(&refArrays, &arrays),
        std::make_pair(&refRegions, &regions)})
    for (ArrayComparison &c : compareOutputs(*reference, *actual, maxUlps)) {
      if (c.missing || !c.sameSize || c.mismatches > 0) {
        j.exact = false;
        (c.agrees ? inexact : differs) +=
            ((c.agrees ? inexact : differs).empty() ? "" : "; ") + describe(c);
      }
      if (!c.agrees) {
        if (j.agrees && !c.missing) {
          j.firstArray = c.name;
          j.firstElement = firstMismatch(reference->at(c.name),
                                         actual->at(c.name), c, maxUlps);
        }
        j.agrees = false;
      }
      j.comparisons.push_back(std::move(c));
    }
  char bound[48];
  std::snprintf(bound, sizeof bound, "%g ulps", maxUlps);
  j.summary = !j.agrees ? "differs: " + differs
              : j.exact ? std::string("agrees")
                        : "agrees within " + std::string(bound) + ": " + inexact;
  return j;
}
