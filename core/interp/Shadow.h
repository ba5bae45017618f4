//===- Shadow.h - the interpreter's f64 shadow and its error bounds -*- C++ -*-===//
//
// Alongside its normal run (every value rounded to its element type after
// every op, as ktir-cpu does), the interpreter can compute a *shadow* of
// every float element: the same KTIR ops on the same inputs in f64, without
// rounding to the element type, and a bound on how far any legitimate
// evaluation of the kernel in the element types may lie from it — the
// interpreter's own, the hardware's (the architecture's [numerics]: its
// accumulator, its functions' accuracy), in any order of its sums.
// docs/numerics.md has the model, the rules for each kind of op and their
// sources.
//
// A ShadowCell is what one element carries. Sums keep their structure so
// that their bound does not depend on the order they were added in: a value
// made by additions from `terms` leaves (values that are not sums) has the
// a-priori bound of any summation of those leaves,
//
//     |computed - shadow| <= leafError + g(terms - 1) * magnitude,
//
// with g(k) = (1 + u)^k - 1 (about k*u: Higham's gamma_k) and magnitude the
// sum of the leaves' |value| + bound. Any other op freezes its operands to
// leaves (their whole bound), and its result is a leaf.
//
// No MLIR, no Qt: the driver's verdict reads the same definitions.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_SHADOW_H
#define SPYRE_INTERP_SHADOW_H

#include "interp/DType.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace spyre::interp {

/// One element's shadow. `terms == 0` means "no shadow": the element is
/// exact (an input, a constant, a copy of one), its shadow its value.
struct ShadowCell {
  double value = 0;     ///< the f64 shadow
  double leafError = 0; ///< sum of the leaves' bounds (a leaf: its bound)
  double magnitude = 0; ///< sum of the leaves' |value| + bound
  float terms = 0;      ///< leaves of the sum (1: a leaf; 0: exact, no shadow)
  uint32_t writer = 0;  ///< the op that computed it (Interpreter::writerId), 0: none
};
static_assert(sizeof(ShadowCell) == 32, "one cache line holds two cells");

/// How the hardware computes, as far as the bound needs to know
/// (the architecture's [numerics], docs/architecture-format.md).
struct NumericsModel {
  /// The compute engine accumulates sums (a reduction's lanes, a
  /// matmul's products) in f32 and rounds once (true), or in the element
  /// type, rounding every step (false).
  bool accumulateF32 = false;
  /// The hardware's functions (exp, tanh, ...): their error in ulps of the
  /// result type.
  double functionUlps = 1.0;
};

/// The unit roundoff of a float type: half the spacing of its values
/// relative to the value (2^-p for p bits of precision); 0 for integers.
inline double unitRoundoff(DType t) {
  switch (t) {
  case DType::F16: return 0x1p-11;
  case DType::BF16: return 0x1p-8;
  case DType::DF16: return 0x1p-10;
  case DType::F32: return 0x1p-24;
  case DType::F64: return 0x1p-53;
  default: return 0;
  }
}

/// The relative error of one rounding of an exact value to `t` as the
/// engines do it, shadow included: the 16-bit types round through f32
/// (interp/DType.h: a second rounding), and the shadow itself rounds in
/// f64 (a third).
inline double roundingError(DType t) {
  if (!isFloat(t))
    return 0;
  double u = unitRoundoff(t) + 0x1p-53;
  if (t == DType::F16 || t == DType::BF16 || t == DType::DF16)
    u += 0x1p-24;
  return u;
}

/// The absolute error a rounding may add below the normal range (Higham
/// 2002, eq. 2.8: fl(x op y) = (x op y)(1 + d) + e): half the smallest
/// subnormal; df16 has no subnormals and flushes below 2^-31.
inline double underflowError(DType t) {
  switch (t) {
  case DType::F16: return 0x1p-25;
  case DType::BF16: return 0x1p-134;
  case DType::DF16: return 0x1p-31;
  case DType::F32: return 0x1p-150;
  case DType::F64: return 0x1p-1074; // (half of it is not a double)
  default: return 0;
  }
}

/// The smallest positive normal value of `t` (below it, underflowError).
inline double smallestNormal(DType t) {
  switch (t) {
  case DType::F16: return 0x1p-14;
  case DType::BF16: case DType::F32: return 0x1p-126;
  case DType::DF16: return 0x1p-31;
  case DType::F64: return 0x1p-1022;
  default: return 0;
  }
}

/// The largest finite value of `t`.
inline double largestFinite(DType t) {
  switch (t) {
  case DType::F16: return 65504.0;
  case DType::BF16: return 0x1.fep127;
  case DType::DF16: return 8573157376.0;
  case DType::F32: return 0x1.fffffep127;
  case DType::F64: return 0x1.fffffffffffffp1023;
  default: return INFINITY;
  }
}

/// The spacing of `t`'s values at |x| (one ulp); 1 for integers.
inline double ulpOf(DType t, double x) {
  int p = t == DType::F16 ? 11 : t == DType::BF16 ? 8 : t == DType::DF16 ? 10
        : t == DType::F32 ? 24 : t == DType::F64 ? 53 : 0;
  if (p == 0)
    return 1;
  double lo = smallestNormal(t);
  double a = std::fabs(x);
  int e = !(a >= lo) || !std::isfinite(a) ? std::ilogb(lo) : std::ilogb(a);
  return std::ldexp(1.0, e - p + 1);
}

/// a * b for the terms of an error bound, where a zero factor means no
/// contribution (an exact zero times an unbounded error is still 0).
inline double errorProduct(double a, double b) {
  return a == 0 || b == 0 ? 0 : a * b;
}

/// (1 + u)^k - 1: the relative error bound of k roundings in a row.
inline double roundingsBound(double u, double k) {
  if (k <= 0 || u == 0)
    return 0;
  return std::expm1(k * std::log1p(u));
}

/// The bound of a cell of element type `t` (see the file comment): for a
/// sum, the larger of the element-type evaluation (the interpreter's, and
/// the hardware's when it accumulates in the element type) and an f32
/// accumulator that rounds to `t` once; plus the shadow's own f64 roundings.
inline double boundOf(const ShadowCell &c, DType t, const NumericsModel &m) {
  if (c.terms <= 1)
    return c.leafError;
  double k = double(c.terms) - 1;
  double element = roundingsBound(roundingError(t), k);
  if (m.accumulateF32 && unitRoundoff(t) > 0x1p-24) {
    double wide = roundingsBound(0x1p-24 + 0x1p-53, k);
    element = std::max(element, wide + roundingError(t) * (1 + wide));
  }
  return c.leafError + errorProduct(element, c.magnitude);
}

/// The cell of an exact element (no shadow): its value, no error.
inline ShadowCell exactCell(double value) {
  return ShadowCell{value, 0, std::fabs(value), 1, 0};
}

/// `c` as a leaf: its whole bound, one term.
inline ShadowCell asLeaf(const ShadowCell &c, DType t, const NumericsModel &m) {
  if (c.terms <= 1)
    return c.terms == 0 ? exactCell(c.value) : c;
  double e = boundOf(c, t, m);
  return ShadowCell{c.value, e, std::fabs(c.value) + e, 1, c.writer};
}

} // namespace spyre::interp

#endif
