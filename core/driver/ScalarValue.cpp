//===- ScalarValue.cpp - a scalar kernel argument's value from text -------===//
//
// The one reader of a scalar written by a person: spyre-run's --arg (KTIR)
// and --bind (.spyb), and the explorer's Inputs dialog. Strict: the whole
// text is the number (no blanks around it, nothing after it, no hex, no
// inf or nan), and every message quotes the text as it was written.
//
//===----------------------------------------------------------------------===//

#include "driver/KernelArguments.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
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

/// `text` quoted for a message: at most 40 characters of it, so a
/// megabyte of digits does not come back as a megabyte of message.
std::string quoted(const std::string &text) {
  if (text.size() <= 40)
    return "'" + text + "'";
  return "'" + text.substr(0, 37) + "...' (" + std::to_string(text.size()) +
         " characters)";
}

/// Whether `t` is a decimal number: [+-] digits [. digits] [e [+-] digits],
/// with at least one digit in the mantissa. Sets `tiny` when its value is
/// below 1 in magnitude by its decimal exponent (an underflow is then a
/// rounding to zero, not an overflow).
bool decimalSyntax(const std::string &t, bool &tiny) {
  size_t i = 0, n = t.size();
  if (i < n && (t[i] == '+' || t[i] == '-'))
    ++i;
  long digits = 0, leadingZeros = 0, intDigits = 0;
  bool seenNonZero = false, point = false;
  for (; i < n && (std::isdigit(static_cast<unsigned char>(t[i])) ||
                   (t[i] == '.' && !point));
       ++i) {
    if (t[i] == '.') {
      point = true;
      continue;
    }
    ++digits;
    if (!point)
      ++intDigits;
    if (t[i] != '0')
      seenNonZero = true;
    else if (!seenNonZero)
      ++leadingZeros;
  }
  if (digits == 0)
    return false;
  long exponent = 0;
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool negative = i < n && t[i] == '-';
    if (i < n && (t[i] == '+' || t[i] == '-'))
      ++i;
    size_t first = i;
    for (; i < n && std::isdigit(static_cast<unsigned char>(t[i])); ++i)
      exponent = std::min(exponent * 10 + (t[i] - '0'), 100000L);
    if (i == first)
      return false;
    if (negative)
      exponent = -exponent;
  }
  // The position of the first significant digit relative to the point.
  long magnitude = intDigits - leadingZeros + exponent;
  tiny = !seenNonZero || magnitude <= 0;
  return i == n;
}

/// Reads decimal text `t` as a double: false when it is not decimal
/// syntax or beyond the doubles (an underflow reads as a signed zero).
bool readDecimal(const std::string &t, double &out, bool &overflow) {
  bool tiny = false;
  overflow = false;
  if (!decimalSyntax(t, tiny))
    return false;
  const char *begin = t.data(), *end = t.data() + t.size();
  if (*begin == '+')
    ++begin; // from_chars takes no '+'
  std::from_chars_result r =
      std::from_chars(begin, end, out, std::chars_format::general);
  if (r.ec == std::errc::result_out_of_range) {
    if (!tiny) {
      overflow = true;
      return false;
    }
    out = t[0] == '-' ? -0.0 : 0.0;
    return true;
  }
  return r.ec == std::errc() && r.ptr == end;
}

std::string parseInteger(const spyre::driver::KernelArgument &argument,
                         const std::string &t, int64_t lo, int64_t hi,
                         spyre::driver::Argument &value) {
  const std::string range = argument.dtype + " takes whole numbers from " +
                            std::to_string(lo) + " to " + std::to_string(hi);
  const char *begin = t.data(), *end = t.data() + t.size();
  if (*begin == '+')
    ++begin;
  int64_t n = 0;
  std::from_chars_result r = std::from_chars(begin, end, n);
  if (r.ec == std::errc::result_out_of_range && r.ptr == end)
    return quoted(t) + " is out of range: " + range;
  if (r.ec != std::errc() || r.ptr != end || begin == end) {
    // A whole number in decimal notation (32.0, 9.1e15) is taken when a
    // double holds it exactly; anything else is refused as written.
    double d = 0;
    bool overflow = false;
    if (!readDecimal(t, d, overflow) || d != std::trunc(d))
      return quoted(t) + " is not a whole number: " + range;
    if (std::fabs(d) >= 0x1p53)
      return quoted(t) + " is not exact as written: whole numbers from 2^53 "
                         "on must be written in digits (" + range + ")";
    n = static_cast<int64_t>(d);
  }
  if (n < lo || n > hi)
    return quoted(t) + " is out of range: " + range;
  value.integer = n;
  value.scalar = double(n);
  return {};
}

std::string parseFloat(const spyre::driver::KernelArgument &argument,
                       const std::string &t, spyre::driver::Argument &value) {
  double d = 0;
  bool overflow = false;
  if (!readDecimal(t, d, overflow) && !overflow)
    return quoted(t) + " is not a number (" + argument.dtype +
           " takes a decimal number such as 0.25 or -1.5e-3)";
  double max = argument.dtype == "f16" ? 65504.0
               : argument.dtype == "bf16" ? 3.3895313892515355e38
               : argument.dtype == "f32" ? double(std::numeric_limits<float>::max())
                                         : std::numeric_limits<double>::max();
  if (overflow || std::fabs(d) > max) {
    char largest[32];
    std::snprintf(largest, sizeof largest, "%g", max);
    return quoted(t) + " is beyond the largest " + argument.dtype + " (" +
           largest + ")";
  }
  value.scalar = d;
  value.integer.reset();
  return {};
}

} // namespace

std::string spyre::driver::parseScalarValue(const KernelArgument &argument,
                                            const std::string &text,
                                            Argument &value) {
  if (argument.pointer)
    return "%" + argument.name + " takes an array, not a value";
  if (text.empty())
    return "%" + argument.name + " needs a value";
  if (text.find_first_of(" \t\r\n\v\f") != std::string::npos)
    return quoted(text) + " is not a number: it contains blanks";
  int64_t lo = 0, hi = 0;
  if (integerRange(argument.dtype, lo, hi))
    return parseInteger(argument, text, lo, hi, value);
  if (argument.dtype == "f16" || argument.dtype == "bf16" ||
      argument.dtype == "f32" || argument.dtype == "f64")
    return parseFloat(argument, text, value);
  return "%" + argument.name + " is of type " + argument.dtype +
         ", which cannot be given here";
}
