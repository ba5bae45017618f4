//===- StageJudge.cpp - a snapshot's outputs held against the KTIR's ------===//

#include "driver/StageJudge.h"

using namespace spyre;
using namespace spyre::driver;

namespace {

/// An output's verdict text without its verdict ("y_ptr: worst element
/// ..."): the summary names the verdict once, first.
std::string withoutVerdict(const OutputVerdict &o) {
  std::string head = o.name + ": " + verdictName(o.verdict);
  if (o.text.compare(0, head.size(), head) != 0)
    return o.text;
  std::string rest = o.text.substr(head.size());
  if (rest.compare(0, 2, ": ") == 0)
    rest = rest.substr(2);
  return o.name + ": " + rest;
}

} // namespace

std::string spyre::driver::stageComparisonName() {
  return "the numerics verdict: exact, or within rounding of the "
         "interpreter's f64 shadow";
}

StageJudgement
spyre::driver::judgeStage(const RunResult &reference,
                          const std::map<std::string, npy::Array> &arrays,
                          const std::map<std::string, npy::Array> &regions,
                          const std::string &candidate) {
  StageJudgement j;
  JudgeOptions options;
  options.candidateName = candidate;
  options.worstCount = 1;
  // Every snapshot keeps its verdict: not the per-element errors (the
  // Numerics view's histogram), which would hold 8 bytes an element per
  // snapshot.
  options.elementErrors = false;
  j.numerics = judgeOutputs(reference, arrays, regions, options);
  j.verdict = j.numerics.overall();
  j.summary = verdictName(j.verdict);
  std::string details;
  for (const OutputVerdict &o : j.numerics.outputs) {
    if (o.verdict != j.verdict || o.verdict == Verdict::Exact)
      continue;
    details += (details.empty() ? "" : "; ") + withoutVerdict(o);
    if (o.verdict == Verdict::Wrong && j.wrongArray.empty() && !o.missing &&
        o.sameSize) {
      j.wrongArray = o.name;
      j.wrongElement = o.worst.index;
      j.wrongCoords = o.worst.coords;
    }
  }
  if (!details.empty())
    j.summary += ": " + details;
  return j;
}
