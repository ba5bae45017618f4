//===- IntMath.h - integer helpers of the emulator's ALU and DMA walk -*- C++ -*-===//
//
// Rounding divisions, the low bits of a value and the integer compare
// predicates, shared by the ALU on doubles (Alu.cpp), on i64 / index slots
// (AluWide.cpp) and the DMA walk's affine arithmetic (DmaWalk.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_INTMATH_H
#define SPYRE_EMU_INTMATH_H

#include "spyrecode/SpyreCode.h"

#include <cmath>
#include <cstdint>

namespace spyre::emu {

/// Wide enough for the products and sums of int64 values that the affine
/// arithmetic forms before checking that they fit.
using Int128 = __int128;

/// Bits of an integer element type (index: 64).
inline unsigned intWidth(code::ElemType t) {
  switch (t) {
  case code::ElemType::I1: return 1;
  case code::ElemType::I8: return 8;
  case code::ElemType::I16: return 16;
  case code::ElemType::I32: return 32;
  default: return 64;
  }
}

/// The low `width` bits of `v`, as an unsigned number.
inline uint64_t lowBits(int64_t v, unsigned width) {
  uint64_t u = static_cast<uint64_t>(v);
  return width >= 64 ? u : u & ((uint64_t(1) << width) - 1);
}

/// a + b, or UINT64_MAX when the sum does not fit: cycle counts past any
/// budget stay past it instead of wrapping to small ones.
inline uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/// The whole cycles `bytes` take at `bytesPerCycle` (rounded up), checked:
/// a count no uint64_t holds (a tiny bandwidth) is UINT64_MAX, never the
/// undefined conversion of a double >= 2^64.
inline uint64_t transferCycles(int64_t bytes, double bytesPerCycle) {
  if (bytes <= 0)
    return 0;
  double cycles = std::ceil(double(bytes) / bytesPerCycle);
  return cycles < 0x1p64 ? static_cast<uint64_t>(cycles) : UINT64_MAX;
}

/// a / b rounded towards negative infinity (b != 0); T: int64_t or a wider
/// integer.
template <typename T> T floorDivide(T a, T b) {
  T q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// a / b rounded towards positive infinity, without negating `a` (which
/// overflows for the most negative value).
inline int64_t ceilDivide(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

/// arith.cmpi with predicate `p` (arith::CmpIPredicate numbering) on
/// integers of `width` bits.
inline bool compareIntegers(unsigned p, int64_t a, int64_t b, unsigned width) {
  uint64_t ua = lowBits(a, width), ub = lowBits(b, width);
  switch (p) {
  case 0: return a == b;
  case 1: return a != b;
  case 2: return a < b;
  case 3: return a <= b;
  case 4: return a > b;
  case 5: return a >= b;
  case 6: return ua < ub;
  case 7: return ua <= ub;
  case 8: return ua > ub;
  default: return ua >= ub;
  }
}

} // namespace spyre::emu

#endif
