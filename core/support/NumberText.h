//===- NumberText.h - a double as a person would write it -------*- C++ -*-===//
//
// Messages quote numbers in the shortest form that reads back exactly
// (128, 1e+308, 5e-324), never std::to_string's fixed six decimals (which
// shows 1e-300 as 0.000000 and 1e308 as 309 digits). No MLIR or Qt.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SUPPORT_NUMBERTEXT_H
#define SPYRE_SUPPORT_NUMBERTEXT_H

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace spyre {

/// The shortest of `v`'s exact forms: digits for a whole number when that
/// is no longer (100, 65504), else %g's (1e+07, 0.001, 5e-324).
inline std::string shortestText(double v) {
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (!std::isfinite(v) || std::strtod(buf, nullptr) == v)
      break;
  }
  std::string general = buf;
  if (std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 1e16) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    if (std::string(buf).size() <= general.size())
      return buf;
  }
  return general;
}

} // namespace spyre

#endif
