//===- Checked.h - integer arithmetic that reports overflow -----*- C++ -*-===//
//
// Sizes, counts, strides and addresses in this project come from the user's
// kernel, arguments and files, so any product or sum of them may overflow.
// These helpers compute in 64 bits and return std::nullopt instead of
// wrapping; callers turn that into a diagnostic on the offending op or line
// (docs/limits.md). No MLIR or Qt dependency.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SUPPORT_CHECKED_H
#define SPYRE_SUPPORT_CHECKED_H

#include <cstdint>
#include <optional>

namespace spyre::checked {

inline std::optional<int64_t> mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

inline std::optional<int64_t> add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

inline std::optional<int64_t> sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

inline std::optional<uint64_t> mulU(uint64_t a, uint64_t b) {
  uint64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

/// The product of `extents` (1 when empty); nullopt when an extent is
/// negative or the product does not fit in int64_t.
template <typename Range>
std::optional<int64_t> product(const Range &extents) {
  int64_t n = 1;
  for (auto e : extents) {
    int64_t d = static_cast<int64_t>(e);
    if (d < 0 || __builtin_mul_overflow(n, d, &n))
      return std::nullopt;
  }
  return n;
}

/// The number of integers in [lo, hi] (0 when hi < lo); nullopt when it
/// does not fit in int64_t.
inline std::optional<int64_t> span(int64_t lo, int64_t hi) {
  if (hi < lo)
    return 0;
  int64_t d;
  if (__builtin_sub_overflow(hi, lo, &d) || d == INT64_MAX)
    return std::nullopt;
  return d + 1;
}

} // namespace spyre::checked

#endif
