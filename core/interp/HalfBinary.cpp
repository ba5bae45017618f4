//===- HalfBinary.cpp - float binary ops into f16 with F16C ---------------===//
//
// applyFloatBinary's f16 case, eight results at a time: computed in double
// (the same IEEE operations as the general loops), narrowed to float and
// rounded to f16 before they leave the registers, instead of a second pass
// over the stored results (HalfSimd.h says why the rounding agrees with
// roundToHalf). The blocks it leaves to the general loops are those where
// the bits could depend on how those loops were compiled: a NaN result
// (which of two NaN operands comes out follows the operand order the
// compiler chose) and, for max and min, a pair that is unordered or equal
// (signed zeros; fmax and fmin of the C library).
//
//===----------------------------------------------------------------------===//

#include "interp/Elementwise.h"
#include "interp/HalfSimd.h"

using namespace spyre::interp;

#ifdef SPYRE_HAVE_F16C_PATH
using namespace spyre::interp::simd;

namespace {

using F = FloatBinary;

/// The max / min family yields one of its operands: a vector max or min
/// agrees with it where the operands are ordered and unequal.
constexpr bool picksOperand(F op) { return op >= F::Maximum; }

template <F Op>
__attribute__((target("avx"))) inline __m256d vectorOp(__m256d x, __m256d y) {
  switch (Op) {
  case F::Add: return _mm256_add_pd(x, y);
  case F::Sub: return _mm256_sub_pd(x, y);
  case F::Mul: return _mm256_mul_pd(x, y);
  case F::Div: return _mm256_div_pd(x, y);
  case F::Maximum:
  case F::MaxNum: return _mm256_max_pd(x, y);
  case F::Minimum:
  case F::MinNum: return _mm256_min_pd(x, y);
  }
  return x;
}

/// A (array or scalar) Op B (array or scalar), rounded to f16, by blocks
/// of eight up to the first block left to the general loops.
template <F Op, bool AArray, bool BArray>
__attribute__((target("avx,f16c"))) int64_t
halfBlocks(const double *a, const double *b, double *out, int64_t n) {
  __m256d aSplat = _mm256_set1_pd(a[0]), bSplat = _mm256_set1_pd(b[0]);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256d x0 = AArray ? _mm256_loadu_pd(a + i) : aSplat;
    __m256d x1 = AArray ? _mm256_loadu_pd(a + i + 4) : aSplat;
    __m256d y0 = BArray ? _mm256_loadu_pd(b + i) : bSplat;
    __m256d y1 = BArray ? _mm256_loadu_pd(b + i + 4) : bSplat;
    // Ordered, unequal operands give no NaN.
    if (picksOperand(Op) &&
        (_mm256_movemask_pd(_mm256_cmp_pd(x0, y0, _CMP_NEQ_OQ)) &
         _mm256_movemask_pd(_mm256_cmp_pd(x1, y1, _CMP_NEQ_OQ))) != 0xf)
      break;
    __m256 f = narrow8(vectorOp<Op>(x0, y0), vectorOp<Op>(x1, y1));
    if (!picksOperand(Op) && _mm256_movemask_ps(nanLanes8(f)))
      break;
    store8(roundNumbers8(f), out + i);
  }
  return i;
}

template <F Op>
int64_t halfOp(const double *a, int64_t aStep, const double *b, int64_t bStep,
               double *out, int64_t n) {
  if (aStep && bStep)
    return halfBlocks<Op, true, true>(a, b, out, n);
  if (aStep)
    return halfBlocks<Op, true, false>(a, b, out, n);
  if (bStep)
    return halfBlocks<Op, false, true>(a, b, out, n);
  return 0;
}

} // namespace

int64_t spyre::interp::halfBinaryBlocks(FloatBinary op, const double *a,
                                        int64_t aStep, const double *b,
                                        int64_t bStep, double *out,
                                        int64_t n) {
  if (n < 8)
    return 0;
  switch (op) {
  case F::Add: return halfOp<F::Add>(a, aStep, b, bStep, out, n);
  case F::Sub: return halfOp<F::Sub>(a, aStep, b, bStep, out, n);
  case F::Mul: return halfOp<F::Mul>(a, aStep, b, bStep, out, n);
  case F::Div: return halfOp<F::Div>(a, aStep, b, bStep, out, n);
  case F::Maximum: return halfOp<F::Maximum>(a, aStep, b, bStep, out, n);
  case F::Minimum: return halfOp<F::Minimum>(a, aStep, b, bStep, out, n);
  case F::MaxNum: return halfOp<F::MaxNum>(a, aStep, b, bStep, out, n);
  case F::MinNum: return halfOp<F::MinNum>(a, aStep, b, bStep, out, n);
  }
  return 0;
}

#else
int64_t spyre::interp::halfBinaryBlocks(FloatBinary, const double *, int64_t,
                                        const double *, int64_t, double *,
                                        int64_t) {
  return 0;
}
#endif
