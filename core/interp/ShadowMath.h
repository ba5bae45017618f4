//===- ShadowMath.h - how each kind of op moves the shadow and its bound -*- C++ -*-===//
//
// The rules of docs/numerics.md, one function per kind of op, on the cells
// of Shadow.h. Operands come as ShadowIn: the cells of a tensor or scalar
// that has a shadow, or its values when it has none (exact). Every result
// cell names `writer`, the op that computed it. No MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_SHADOWMATH_H
#define SPYRE_INTERP_SHADOWMATH_H

#include "interp/Elementwise.h"
#include "interp/Shadow.h"

#include <cstdint>

namespace spyre::interp {

/// One operand of a shadow loop: element i is cells[i * step] when the
/// operand has a shadow, else the exact value values[i * step] (slots of
/// `dtype`: i64 / index hold their bits).
struct ShadowIn {
  const ShadowCell *cells = nullptr;
  const double *values = nullptr;
  int64_t step = 1; ///< 0: one element repeated
  DType dtype = DType::F64;

  ShadowCell at(int64_t i) const {
    if (cells && cells[i * step].terms > 0)
      return cells[i * step];
    return exactCell(slotToNumber(dtype, values[i * step]));
  }
  bool exact() const { return cells == nullptr; }
};

/// The functions of one argument the interpreter computes (math, spyreop).
enum class ShadowFn : uint8_t {
  Exp, Exp2, Expm1, Log, Log2, Log10, Log1p, Sqrt, Rsqrt, Reciprocal, Tanh,
  Sin, Cos, Erf, Abs, Neg, Ceil, Floor, Round, RoundEven, Gelu, Sigmoid,
  Silu, Softplus, Trunc
};

/// The function itself in f64 (the interpreter's formula), for the shadow.
double evalShadowFn(ShadowFn fn, double x, double beta = 1,
                    double threshold = 20);

/// Context of a shadow loop: the result type, the hardware model and the
/// op that writes the results.
struct ShadowOp {
  DType type = DType::F32; ///< the result's element type
  const NumericsModel *model = nullptr;
  uint32_t writer = 0;
};

/// out[i] = a[i] op b[i] for a float binary op (add and subtract keep the
/// sum structure; the others make leaves).
void shadowBinary(FloatBinary op, const ShadowOp &ctx, ShadowIn a, ShadowIn b,
                  ShadowCell *out, int64_t n);
/// One element of shadowBinary.
ShadowCell shadowBinaryCell(FloatBinary op, const ShadowOp &ctx,
                            const ShadowCell &a, DType aType,
                            const ShadowCell &b, DType bType);

/// a + b (or a - b): the leaves of both (no rounding of its own: the
/// bound of the sum covers its additions in any order).
ShadowCell shadowSum(const ShadowCell &a, const ShadowCell &b, bool subtract,
                     uint32_t writer);

/// The precision in bits of a float type (0 for integers).
int precisionOf(DType t);

/// out[i] = fn(a[i]).
void shadowUnary(ShadowFn fn, const ShadowOp &ctx, ShadowIn a, ShadowCell *out,
                 int64_t n, double beta = 1, double threshold = 20);

/// remf, powf and fma.
ShadowCell shadowRem(const ShadowOp &ctx, ShadowCell a, ShadowCell b, DType t);
ShadowCell shadowPow(const ShadowOp &ctx, ShadowCell a, ShadowCell b, DType t);
ShadowCell shadowFma(const ShadowOp &ctx, ShadowCell a, ShadowCell b,
                     ShadowCell c, DType t);

/// A conversion from `from` to ctx.type (casts, stores into a memory of
/// another type, a reduction's input converted to its init's type).
/// `unsignedInt`: the integer operand is unsigned.
ShadowCell shadowConvert(const ShadowOp &ctx, const ShadowCell &a, DType from,
                         bool unsignedInt = false);

/// A comparison: `value` is its result for the shadow operands; the cell
/// says whether it is certain (leafError 0) or could go either way (1).
ShadowCell shadowCompare(const ShadowOp &ctx, const ShadowCell &a, DType aType,
                         const ShadowCell &b, DType bType, bool shadowResult);

/// select(c, a, b): the shadow condition picks; an uncertain condition
/// makes the result either.
ShadowCell shadowSelect(const ShadowOp &ctx, const ShadowCell &c,
                        const ShadowCell &a, const ShadowCell &b);

/// An integer op on operands some of which are not exact: add and subtract
/// add their bounds, anything else is unbounded.
ShadowCell shadowInteger(const ShadowOp &ctx, const ShadowCell &a,
                         const ShadowCell &b, double result, bool additive);

/// The rounding of an exact real result `value` (already known to lie
/// within `propagated` of the shadow) to `t`: propagated + the rounding's
/// own error.
double roundedError(DType t, double value, double propagated);

} // namespace spyre::interp

#endif
