//===- NumericsVerdict.cpp - exact, within rounding, or WRONG -------------===//

#include "driver/NumericsVerdict.h"

#include "interp/DType.h"
#include "interp/Shadow.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace spyre;
using namespace spyre::driver;

const char *spyre::driver::verdictName(Verdict v) {
  switch (v) {
  case Verdict::Exact: return "exact";
  case Verdict::WithinRounding: return "within rounding";
  case Verdict::Wrong: return "WRONG";
  }
  return "?";
}

Verdict NumericsVerdict::overall() const {
  Verdict worst = Verdict::Exact;
  for (const OutputVerdict &o : outputs)
    worst = std::max(worst, o.verdict);
  return worst;
}

namespace {

/// The interpreter's element type of an array's dtype (unsigned arrays as
/// the signed type of their width).
std::optional<interp::DType> typeOf(const std::string &dtype) {
  std::string name = dtype;
  if (name.size() > 1 && name[0] == 'u')
    name[0] = 'i';
  return interp::dtypeFromName(name);
}

double valueAt(const npy::Array &a, interp::DType t, size_t i) {
  size_t size = interp::dtypeSize(t);
  if ((i + 1) * size > a.data.size())
    return NAN;
  return interp::loadElement(t, a.data.data() + i * size);
}

/// Whether `x` lies within `bound` of `shadow` (NaN matches NaN; an
/// infinite value matches a shadow whose bound reaches past the type's
/// range). The bound's own f64 arithmetic is allowed 2^-40 of slack.
bool within(double x, double shadow, double bound) {
  if (std::isnan(shadow))
    return std::isnan(x) || std::isinf(bound);
  if (std::isinf(bound))
    return true;
  if (std::isnan(x))
    return false;
  if (std::isinf(x))
    return std::isinf(shadow) && x == shadow;
  double slack = 0x1p-40 * (std::fabs(shadow) + bound);
  return std::fabs(x - shadow) <= bound + slack;
}

std::vector<int64_t> coordsOf(size_t index, const std::vector<int64_t> &shape) {
  std::vector<int64_t> c(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    int64_t extent = std::max<int64_t>(shape[d], 1);
    c[d] = int64_t(index) % extent;
    index /= size_t(extent);
  }
  return c;
}

std::string coordsText(const std::vector<int64_t> &c) {
  std::string s = "[";
  for (size_t i = 0; i < c.size(); ++i)
    s += (i ? ", " : "") + std::to_string(c[i]);
  return s + "]";
}

std::string number(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

std::string ulps(double x) {
  if (std::isinf(x))
    return "unbounded";
  char buf[64];
  std::snprintf(buf, sizeof buf, x < 10 ? "%.2g ulps" : "%.0f ulps", x);
  return buf;
}

/// A count with thousands separators.
std::string count(size_t n) {
  std::string s = std::to_string(n);
  for (int i = int(s.size()) - 3; i > 0; i -= 3)
    s.insert(size_t(i), ",");
  return s;
}

void describe(OutputVerdict &v, const JudgeOptions &options) {
  const JudgedElement &w = v.worst;
  std::string head = v.name + ": " + verdictName(v.verdict);
  if (v.missing) {
    v.text = head + ": the " + options.candidateName + " has no output '" +
             v.name + "'";
    return;
  }
  if (!v.sameSize) {
    v.text = head + ": the " + options.candidateName +
             "'s output has another size than the interpreter's";
    return;
  }
  std::string note;
  if (v.referenceOutside > 0)
    note = "; the interpreter itself is outside the bound at " +
           count(v.referenceOutside) + " elements (a bug in the bound)";
  if (v.unbounded > 0)
    note += "; " + count(v.unbounded) +
            " elements have no finite bound (an intermediate may overflow "
            "or divide by a value that may be 0)";
  if (v.verdict == Verdict::Exact) {
    v.text = head + " (" + count(v.elements) + " elements)" + note;
    return;
  }
  if (v.verdict == Verdict::WithinRounding) {
    v.text = head + ": worst element " + coordsText(w.coords) + " is " +
             ulps(w.errorUlps) + " from the shadow, bound " +
             ulps(w.boundUlps) + " (" + count(v.differing) + " of " +
             count(v.elements) + " elements differ from the interpreter's)" +
             note;
    return;
  }
  std::string where;
  if (w.line > 0)
    where += "KTIR line " + std::to_string(w.line);
  if (w.storeLine > 0)
    where += std::string(where.empty() ? "" : ", ") + "stored by line " +
             std::to_string(w.storeLine) +
             (w.core >= 0 ? " on core " + std::to_string(w.core) : "");
  v.text = head + ": element " + coordsText(w.coords) +
           (where.empty() ? "" : " (" + where + ")") + ": " +
           options.candidateName + " " + number(w.candidate) +
           ", interpreter " + number(w.reference) + ", shadow " +
           number(w.shadow) + "; " + ulps(w.errorUlps) +
           " from the shadow, bound " + ulps(w.boundUlps) + "; " +
           count(v.outside) + " of " + count(v.elements) +
           " elements outside their bound" + note;
}

/// An element's distance from its shadow value (NaN meets NaN at 0; any
/// other NaN is infinitely far).
double errorOf(double x, double s) {
  double err = std::isnan(x) && std::isnan(s) ? 0 : std::fabs(x - s);
  return std::isnan(err) ? INFINITY : err;
}

/// Judges one output whose sizes agree.
void judgeElements(OutputVerdict &v, const npy::Array &ref,
                   const npy::Array &got, const OutputShadow *shadow,
                   interp::DType t, const JudgeOptions &options) {
  if (options.elementErrors) {
    v.errorUlps.assign(v.elements, 0);
    v.boundUlps.assign(v.elements, 0);
  }
  auto shadowOf = [&](size_t i, double r) {
    return shadow && i < shadow->value.size() ? shadow->value[i] : r;
  };
  auto boundOf = [&](size_t i) {
    return shadow && i < shadow->bound.size() ? shadow->bound[i] : 0.0;
  };
  struct Ranked {
    bool outside;
    double score; ///< error / bound
    size_t index;
  };
  std::vector<Ranked> ranked;
  size_t size = interp::dtypeSize(t);
  for (size_t i = 0; i < v.elements; ++i) {
    double x = valueAt(got, t, i), r = valueAt(ref, t, i);
    double s = shadowOf(i, r), b = boundOf(i);
    // NaN meets NaN: the positions must agree, the payloads need not.
    bool differs = std::memcmp(got.data.data() + i * size,
                               ref.data.data() + i * size, size) != 0 &&
                   !(std::isnan(x) && std::isnan(r));
    bool in = !differs || within(x, s, b);
    v.differing += differs;
    v.unbounded += std::isinf(b);
    v.referenceOutside += !within(r, s, b);
    v.outside += !in;
    double err = errorOf(x, s);
    if (options.elementErrors) {
      double ulp = interp::ulpOf(t, s);
      v.errorUlps[i] = float(err / ulp);
      v.boundUlps[i] = float(b / ulp);
    }
    // The worst is the nearest to its bound (within rounding) or the
    // furthest past it (WRONG).
    if (differs)
      ranked.push_back({!in, b > 0 ? err / b : err > 0 ? INFINITY : 0, i});
  }
  v.verdict = v.outside ? Verdict::Wrong
              : v.differing ? Verdict::WithinRounding : Verdict::Exact;
  size_t keep = std::min(options.worstCount, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + keep, ranked.end(),
                    [](const Ranked &a, const Ranked &b) {
                      if (a.outside != b.outside)
                        return a.outside;
                      if (a.score != b.score)
                        return a.score > b.score;
                      return a.index < b.index;
                    });
  for (size_t k = 0; k < keep; ++k) {
    size_t i = ranked[k].index;
    JudgedElement e;
    e.index = i;
    e.coords = coordsOf(i, v.shape);
    e.candidate = valueAt(got, t, i);
    e.reference = valueAt(ref, t, i);
    e.shadow = shadowOf(i, e.reference);
    e.bound = boundOf(i);
    double ulp = interp::ulpOf(t, e.shadow);
    e.errorUlps = float(errorOf(e.candidate, e.shadow) / ulp);
    e.boundUlps = float(e.bound / ulp);
    if (shadow && i < shadow->line.size()) {
      e.line = shadow->line[i];
      e.storeLine = shadow->storeLine[i];
      e.core = shadow->core[i];
      e.storeOccurrence = shadow->storeOccurrence[i];
    }
    v.worstElements.push_back(e);
  }
  if (!v.worstElements.empty())
    v.worst = v.worstElements.front();
}

OutputVerdict judgeOne(const std::string &name, const npy::Array &ref,
                       const npy::Array *got, const OutputShadow *shadow,
                       const JudgeOptions &options) {
  OutputVerdict v;
  v.name = name;
  v.dtype = ref.dtype;
  v.shape = ref.shape;
  if (v.shape.empty() && ref.data.size() > npy::elementSize(ref.dtype))
    v.shape = {int64_t(ref.data.size() / std::max<size_t>(1, npy::elementSize(ref.dtype)))};
  std::optional<interp::DType> t = typeOf(ref.dtype);
  if (!got) {
    v.missing = true;
    v.verdict = Verdict::Wrong;
  } else if (got->data.size() != ref.data.size() || !t) {
    v.sameSize = got->data.size() == ref.data.size();
    v.verdict = got->data == ref.data ? Verdict::Exact : Verdict::Wrong;
  } else {
    v.elements = ref.data.size() / interp::dtypeSize(*t);
    judgeElements(v, ref, *got, shadow, *t, options);
  }
  describe(v, options);
  return v;
}

} // namespace

double spyre::driver::elementValue(const npy::Array &a, size_t i) {
  std::optional<interp::DType> t = typeOf(a.dtype);
  return t ? valueAt(a, *t, i) : NAN;
}

NumericsVerdict
spyre::driver::judgeOutputs(const RunResult &reference,
                            const std::map<std::string, npy::Array> &arrays,
                            const std::map<std::string, npy::Array> &regions,
                            const JudgeOptions &options) {
  NumericsVerdict out;
  auto judgeAll = [&](const std::map<std::string, npy::Array> &refs,
                      const std::map<std::string, npy::Array> &candidates) {
    for (const auto &[name, ref] : refs) {
      auto got = candidates.find(name);
      auto shadow = reference.shadows.find(name);
      out.outputs.push_back(judgeOne(
          name, ref, got == candidates.end() ? nullptr : &got->second,
          shadow == reference.shadows.end() ? nullptr : &shadow->second,
          options));
    }
  };
  judgeAll(reference.arrays, arrays);
  judgeAll(reference.regions, regions);
  return out;
}

std::vector<std::string>
spyre::driver::verdictLines(const NumericsVerdict &verdict) {
  std::vector<std::string> lines;
  for (const OutputVerdict &o : verdict.outputs) {
    lines.push_back(o.text);
    if (o.referenceOutside > 0)
      lines.push_back("warning: the interpreter's '" + o.name +
                      "' lies outside its own error bound at " +
                      count(o.referenceOutside) +
                      " elements: please report it (docs/numerics.md)");
  }
  return lines;
}
