//===- ScalarValue.cpp - a scalar kernel argument's value from text -------===//

#include "driver/KernelArguments.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace {

/// The range of integer type `dtype`; false when it is not one.
bool integerRange(const std::string &dtype, int64_t &lo, int64_t &hi) {
  if (dtype == "i1") {
    lo = 0, hi = 1; // a flag: 0 or 1 (as the interpreter reads an i1)
  } else if (dtype == "i8") {
    lo = INT8_MIN, hi = INT8_MAX;
  } else if (dtype == "i16") {
    lo = INT16_MIN, hi = INT16_MAX;
  } else if (dtype == "i32") {
    lo = INT32_MIN, hi = INT32_MAX;
  } else if (dtype == "i64" || dtype == "index") {
    lo = INT64_MIN, hi = INT64_MAX;
  } else {
    return false;
  }
  return true;
}

/// `text` without surrounding blanks.
std::string trimmed(const std::string &text) {
  size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string::npos)
    return {};
  size_t e = text.find_last_not_of(" \t\r\n");
  return text.substr(b, e - b + 1);
}

} // namespace

std::string spyre::driver::parseScalarValue(const KernelArgument &argument,
                                            const std::string &text,
                                            Argument &value) {
  if (argument.pointer)
    return "%" + argument.name + " takes an array, not a value";
  const std::string t = trimmed(text);
  if (t.empty())
    return "%" + argument.name + " needs a value";
  int64_t lo = 0, hi = 0;
  if (integerRange(argument.dtype, lo, hi)) {
    const std::string range = argument.dtype + " takes whole numbers from " +
                              std::to_string(lo) + " to " + std::to_string(hi);
    const char *begin = t.data(), *end = t.data() + t.size();
    if (*begin == '+')
      ++begin;
    int64_t n = 0;
    std::from_chars_result r = std::from_chars(begin, end, n);
    if (r.ec == std::errc::result_out_of_range)
      return "'" + t + "' is out of range: " + range;
    if (r.ec != std::errc() || r.ptr != end || begin == end)
      return "'" + t + "' is not a whole number: " + range;
    if (n < lo || n > hi)
      return "'" + t + "' is out of range: " + range;
    value.integer = n;
    value.scalar = double(n);
    return {};
  }
  if (argument.dtype == "f16" || argument.dtype == "bf16" ||
      argument.dtype == "f32" || argument.dtype == "f64") {
    // strtod reads the C locale's decimal numbers (and "inf"/"nan",
    // refused below: a kernel argument is a finite number).
    char *stop = nullptr;
    errno = 0;
    double d = std::strtod(t.c_str(), &stop);
    if (stop != t.c_str() + t.size() || stop == t.c_str())
      return "'" + t + "' is not a number (" + argument.dtype +
             " takes a decimal number such as 0.25 or -1.5e-3)";
    if (!std::isfinite(d) || errno == ERANGE) {
      if (std::isfinite(d) && std::fabs(d) < 1) // underflow: rounds to 0
        d = 0;
      else
        return "'" + t + "' is not a finite " + argument.dtype + " value";
    }
    double max = argument.dtype == "f16" ? 65504.0
                 : argument.dtype == "bf16" ? 3.3895313892515355e38
                 : argument.dtype == "f32" ? double(std::numeric_limits<float>::max())
                                           : std::numeric_limits<double>::max();
    if (std::fabs(d) > max) {
      char largest[32];
      std::snprintf(largest, sizeof largest, "%g", max);
      return "'" + t + "' is beyond the largest " + argument.dtype + " (" +
             largest + ")";
    }
    value.scalar = d;
    value.integer.reset();
    return {};
  }
  return "%" + argument.name + " is of type " + argument.dtype +
         ", which cannot be given here";
}
