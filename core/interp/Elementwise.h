//===- Elementwise.h - float binary ops over whole arrays -------*- C++ -*-===//
//
// The float binary ops of arith (and their spyreop spellings) as loops over
// arrays, shared by the elementwise handlers and linalg.reduce's direct
// fold. Each result is computed in double and rounded to the element type.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_ELEMENTWISE_H
#define SPYRE_INTERP_ELEMENTWISE_H

#include "interp/DType.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

namespace spyre::interp {

enum class FloatBinary : uint8_t {
  Add, Sub, Mul, Div, Maximum, Minimum, MaxNum, MinNum
};

/// The float binary op named `opName` (arith.addf, spyreop.realdiv, ...).
std::optional<FloatBinary> floatBinaryOf(llvm::StringRef opName);

/// One element of `Op`, unrounded: what every loop over arrays computes.
template <FloatBinary Op> inline double floatBinaryScalar(double x, double y) {
  switch (Op) {
  case FloatBinary::Add: return x + y;
  case FloatBinary::Sub: return x - y;
  case FloatBinary::Mul: return x * y;
  case FloatBinary::Div: return x / y;
  case FloatBinary::Maximum:
    return std::isnan(x) || std::isnan(y) ? NAN : std::max(x, y);
  case FloatBinary::Minimum:
    return std::isnan(x) || std::isnan(y) ? NAN : std::min(x, y);
  case FloatBinary::MaxNum: return std::fmax(x, y);
  case FloatBinary::MinNum: return std::fmin(x, y);
  }
  return NAN;
}

/// data[i] = roundTo(type, data[i]) for i < n (f16 in bulk).
void roundElements(DType type, double *data, int64_t n);

/// out[i] = a[i * aStep] op b[i * bStep] for i < n, unrounded; a step is 1
/// for an array and 0 for a scalar. `out` may be `a` or `b` (same index).
void applyFloatBinaryUnrounded(FloatBinary op, const double *a, int64_t aStep,
                               const double *b, int64_t bStep, double *out,
                               int64_t n);

/// The leading part of applyFloatBinary into f16, eight results at a time
/// rounded while they are in registers (F16C; nothing without it or when
/// both operands are scalars), the blocks halfBinaryBlocks leaves by the
/// general loop; returns how many elements it did (all but fewer than 8).
int64_t applyHalfBinaryPrefix(FloatBinary op, const double *a, int64_t aStep,
                              const double *b, int64_t bStep, double *out,
                              int64_t n);

/// Blocks of eight of applyHalfBinaryPrefix (the processor must have F16C)
/// up to the first block it leaves to the general loops (HalfBinary.cpp
/// says which) or the last whole block; returns how many elements it did.
int64_t halfBinaryBlocks(FloatBinary op, const double *a, int64_t aStep,
                         const double *b, int64_t bStep, double *out,
                         int64_t n);

/// out[i] = roundTo(type, a[i * aStep] op b[i * bStep]) for i < n; a step
/// is 1 for an array and 0 for a scalar. `out` may be `a` or `b` (same
/// index). Inline: the reductions call it for every fold of every row.
inline void applyFloatBinary(FloatBinary op, DType type, const double *a,
                             int64_t aStep, const double *b, int64_t bStep,
                             double *out, int64_t n) {
  int64_t first =
      type == DType::F16 ? applyHalfBinaryPrefix(op, a, aStep, b, bStep, out, n)
                         : 0;
  // A chunk at a time, so that rounding finds it in cache.
  constexpr int64_t kChunk = 2048;
  for (; first < n; first += kChunk) {
    int64_t count = std::min(kChunk, n - first);
    applyFloatBinaryUnrounded(op, a + first * aStep, aStep, b + first * bStep,
                              bStep, out + first, count);
    roundElements(type, out + first, count);
  }
}

} // namespace spyre::interp

#endif
