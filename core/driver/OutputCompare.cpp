//===- OutputCompare.cpp - the emulator's outputs against the interpreter's ===//

#include "driver/OutputCompare.h"

#include "interp/DType.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace spyre;
using namespace spyre::driver;

namespace {

/// The spacing of `dtype`'s values at `x` (1 for integers).
double ulpAt(const std::string &dtype, double x) {
  int mantissa = dtype == "f16" ? 10 : dtype == "bf16" ? 7
               : dtype == "f32" ? 23 : dtype == "f64" ? 52 : -1;
  if (mantissa < 0)
    return 1;
  int minExp = dtype == "f16" ? -14 : dtype == "bf16" || dtype == "f32" ? -126 : -1022;
  int e = x == 0 || !std::isfinite(x) ? minExp : std::max(minExp, std::ilogb(x));
  return std::ldexp(1.0, e - mantissa);
}

} // namespace

std::vector<ArrayComparison>
spyre::driver::compareOutputs(const std::map<std::string, npy::Array> &interp,
                              const std::map<std::string, npy::Array> &emu,
                              double maxUlps) {
  std::vector<ArrayComparison> out;
  for (const auto &[name, expected] : interp) {
    ArrayComparison c;
    c.name = name;
    auto it = emu.find(name);
    if (it == emu.end()) {
      c.missing = true;
      c.agrees = false;
      out.push_back(c);
      continue;
    }
    const npy::Array &got = it->second;
    size_t size = std::max<size_t>(1, npy::elementSize(expected.dtype));
    c.elements = std::min(got.data.size(), expected.data.size()) / size;
    c.sameSize = got.data.size() == expected.data.size();
    if (got.data == expected.data) {
      out.push_back(c);
      continue;
    }
    double scale = 0;
    for (size_t i = 0; i < c.elements; ++i)
      if (double v = elementValue(expected, i); std::isfinite(v))
        scale = std::max(scale, std::fabs(v));
    const double step = ulpAt(expected.dtype, scale);
    double worstUlps = -1;
    for (size_t i = 0; i < c.elements; ++i) {
      if (std::memcmp(got.data.data() + i * size,
                      expected.data.data() + i * size, size) == 0)
        continue;
      double want = elementValue(expected, i), have = elementValue(got, i);
      // NaN meets NaN: the positions must agree, the payloads need not.
      if (std::isnan(want) && std::isnan(have) && expected.dtype[0] == 'f')
        continue;
      ++c.mismatches;
      double d = std::fabs(have - want);
      if (std::isnan(d))
        d = INFINITY;
      if (d / step > worstUlps)
        worstUlps = d / step, c.difference = d, c.worst = i;
    }
    c.ulps = std::max(worstUlps, 0.0);
    c.emulator = elementValue(got, c.worst);
    c.interpreter = elementValue(expected, c.worst);
    c.agrees = c.sameSize && (c.mismatches == 0 ||
                              (maxUlps > 0 && c.ulps <= maxUlps));
    out.push_back(c);
  }
  return out;
}
