//===- ShadowMath.cpp - how each kind of op moves the shadow and its bound ===//
//
// docs/numerics.md gives each rule with its source; the comments here say
// only what the code does.
//
//===----------------------------------------------------------------------===//

#include "interp/ShadowMath.h"

#include <algorithm>
#include <cmath>

using namespace spyre::interp;

namespace {

/// Relative error of the interpreter's f64 formulas for the functions
/// (glibc's documented errors are a few ulps of f64; the composite
/// formulas add a few f64 roundings): far below any f32 or f16 ulp.
constexpr double kFormulaError = 0x1p-44;

/// Whether `x` is a power of two (multiplying by it is exact, away from
/// the ends of the range).
bool powerOfTwo(double x) {
  int e;
  return x != 0 && std::isfinite(x) && std::fabs(std::frexp(x, &e)) == 0.5;
}

} // namespace

int spyre::interp::precisionOf(DType t) {
  switch (t) {
  case DType::F16: return 11;
  case DType::BF16: return 8;
  case DType::DF16: return 10;
  case DType::F32: return 24;
  case DType::F64: return 53;
  default: return 0;
  }
}

namespace {

/// A leaf cell.
ShadowCell leaf(double value, double error, uint32_t writer) {
  if (std::isnan(error))
    error = INFINITY;
  return ShadowCell{value, error, std::fabs(value) + error, 1, writer};
}

} // namespace

ShadowCell spyre::interp::shadowSum(const ShadowCell &a, const ShadowCell &b,
                                    bool subtract, uint32_t writer) {
  ShadowCell x = a.terms == 0 ? exactCell(a.value) : a;
  ShadowCell y = b.terms == 0 ? exactCell(b.value) : b;
  double value = subtract ? x.value - y.value : x.value + y.value;
  // Adding an exact zero is exact in any order.
  if (y.terms == 1 && y.leafError == 0 && y.value == 0)
    return ShadowCell{value, x.leafError, x.magnitude, x.terms, writer};
  if (x.terms == 1 && x.leafError == 0 && x.value == 0)
    return ShadowCell{value, y.leafError, y.magnitude, y.terms, writer};
  return ShadowCell{value, x.leafError + y.leafError, x.magnitude + y.magnitude,
                    x.terms + y.terms, writer};
}

namespace {

/// The bound of a as a leaf.
double boundAsLeaf(const ShadowCell &a, DType t, const NumericsModel &m) {
  return a.terms == 0 ? 0 : boundOf(a, t, m);
}

/// sup |f(t) - f(x)| over |t - x| <= e for f monotone on that interval
/// (an end that is not a number, or a sign change of a function with a
/// pole at 0, is unbounded).
template <typename F>
double monotoneSpread(F f, double x, double e, bool poleAtZero) {
  if (e == 0)
    return 0;
  if (poleAtZero && (x - e <= 0) != (x + e <= 0))
    return INFINITY;
  double fx = f(x), lo = f(x - e), hi = f(x + e);
  if (std::isnan(lo) || std::isnan(hi) || std::isnan(fx))
    return INFINITY;
  return std::max(std::fabs(hi - fx), std::fabs(lo - fx));
}

} // namespace

double spyre::interp::roundedError(DType t, double value, double propagated) {
  if (!isFloat(t))
    return propagated;
  double e = propagated + errorProduct(roundingError(t), std::fabs(value) + propagated);
  if (std::fabs(value) - propagated < smallestNormal(t))
    e += underflowError(t);
  if (std::fabs(value) + e > largestFinite(t))
    return INFINITY; // may overflow: the computed value can be infinite
  return e;
}

double spyre::interp::evalShadowFn(ShadowFn fn, double x, double beta,
                                   double threshold) {
  switch (fn) {
  case ShadowFn::Exp: return std::exp(x);
  case ShadowFn::Exp2: return std::exp2(x);
  case ShadowFn::Expm1: return std::expm1(x);
  case ShadowFn::Log: return std::log(x);
  case ShadowFn::Log2: return std::log2(x);
  case ShadowFn::Log10: return std::log10(x);
  case ShadowFn::Log1p: return std::log1p(x);
  case ShadowFn::Sqrt: return std::sqrt(x);
  case ShadowFn::Rsqrt: return 1.0 / std::sqrt(x);
  case ShadowFn::Reciprocal: return 1.0 / x;
  case ShadowFn::Tanh: return std::tanh(x);
  case ShadowFn::Sin: return std::sin(x);
  case ShadowFn::Cos: return std::cos(x);
  case ShadowFn::Erf: return std::erf(x);
  case ShadowFn::Abs: return std::fabs(x);
  case ShadowFn::Neg: return -x;
  case ShadowFn::Ceil: return std::ceil(x);
  case ShadowFn::Floor: return std::floor(x);
  case ShadowFn::Round: return std::round(x);
  case ShadowFn::RoundEven: return std::nearbyint(x);
  case ShadowFn::Trunc: return std::trunc(x);
  case ShadowFn::Gelu: {
    const double c = std::sqrt(2.0 / M_PI);
    return 0.5 * x * (1.0 + std::tanh(c * (x + 0.044715 * x * x * x)));
  }
  case ShadowFn::Sigmoid: return 1.0 / (1.0 + std::exp(-x));
  case ShadowFn::Silu: return x * (1.0 / (1.0 + std::exp(-x)));
  case ShadowFn::Softplus:
    return beta * x > threshold ? x : std::log1p(std::exp(beta * x)) / beta;
  }
  return NAN;
}

ShadowCell spyre::interp::shadowBinaryCell(FloatBinary op, const ShadowOp &ctx,
                                           const ShadowCell &a, DType aType,
                                           const ShadowCell &b, DType bType) {
  const NumericsModel &m = *ctx.model;
  if (op == FloatBinary::Add || op == FloatBinary::Sub)
    return shadowSum(a, b, op == FloatBinary::Sub, ctx.writer);
  double x = a.value, y = b.value;
  double ea = boundAsLeaf(a, aType, m), eb = boundAsLeaf(b, bType, m);
  switch (op) {
  case FloatBinary::Mul: {
    double value = x * y;
    double p = errorProduct(std::fabs(x), eb) + errorProduct(std::fabs(y), ea) +
               errorProduct(ea, eb);
    // A product with an exact power of two is exact (in range).
    bool exact = (eb == 0 && powerOfTwo(y)) || (ea == 0 && powerOfTwo(x)) ||
                 value == 0;
    if (exact && std::fabs(value) - p >= smallestNormal(ctx.type) &&
        std::fabs(value) + p <= largestFinite(ctx.type))
      return leaf(value, p, ctx.writer);
    return leaf(value, roundedError(ctx.type, value, p), ctx.writer);
  }
  case FloatBinary::Div: {
    double value = x / y;
    if (std::fabs(y) <= eb)
      return leaf(value, INFINITY, ctx.writer);
    double p = (ea + errorProduct(std::fabs(value), eb)) / (std::fabs(y) - eb);
    if (eb == 0 && powerOfTwo(y) &&
        std::fabs(value) - p >= smallestNormal(ctx.type))
      return leaf(value, p, ctx.writer);
    return leaf(value, roundedError(ctx.type, value, p), ctx.writer);
  }
  default: {
    // max / min pick an operand: the error is the larger of theirs.
    double value = floatBinaryScalar<FloatBinary::MaxNum>(x, y);
    switch (op) {
    case FloatBinary::Maximum: value = floatBinaryScalar<FloatBinary::Maximum>(x, y); break;
    case FloatBinary::Minimum: value = floatBinaryScalar<FloatBinary::Minimum>(x, y); break;
    case FloatBinary::MinNum: value = floatBinaryScalar<FloatBinary::MinNum>(x, y); break;
    default: break;
    }
    return leaf(value, std::max(ea, eb), ctx.writer);
  }
  }
}

void spyre::interp::shadowBinary(FloatBinary op, const ShadowOp &ctx,
                                 ShadowIn a, ShadowIn b, ShadowCell *out,
                                 int64_t n) {
  if (a.exact() && b.exact() && (op == FloatBinary::Maximum ||
                                 op == FloatBinary::Minimum ||
                                 op == FloatBinary::MaxNum ||
                                 op == FloatBinary::MinNum)) {
    // Picking one of two exact values is exact.
    for (int64_t i = 0; i < n; ++i)
      out[i] = ShadowCell{};
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    out[i] = shadowBinaryCell(op, ctx, a.at(i), a.dtype, b.at(i), b.dtype);
}

void spyre::interp::shadowUnary(ShadowFn fn, const ShadowOp &ctx, ShadowIn a,
                                ShadowCell *out, int64_t n, double beta,
                                double threshold) {
  const NumericsModel &m = *ctx.model;
  // The functions that give values of the type exactly (no rounding).
  bool exactFn = fn == ShadowFn::Abs || fn == ShadowFn::Neg ||
                 fn == ShadowFn::Ceil || fn == ShadowFn::Floor ||
                 fn == ShadowFn::Round || fn == ShadowFn::RoundEven ||
                 fn == ShadowFn::Trunc;
  bool pole = fn == ShadowFn::Reciprocal || fn == ShadowFn::Rsqrt ||
              fn == ShadowFn::Log || fn == ShadowFn::Log2 ||
              fn == ShadowFn::Log10;
  // Lipschitz constants of the functions that are not monotone.
  double lipschitz = fn == ShadowFn::Gelu ? 1.13 : fn == ShadowFn::Silu ? 1.1
                   : fn == ShadowFn::Sin || fn == ShadowFn::Cos ? 1.0 : 0;
  double hardware = 2 * m.functionUlps * unitRoundoff(ctx.type);
  auto f = [&](double x) {
    // A square root of a value whose error reaches below 0 is taken at 0.
    if (fn == ShadowFn::Sqrt && x < 0)
      x = 0;
    return evalShadowFn(fn, x, beta, threshold);
  };
  for (int64_t i = 0; i < n; ++i) {
    if (a.exact() && exactFn) {
      out[i] = ShadowCell{};
      continue;
    }
    ShadowCell c = a.at(i);
    if (fn == ShadowFn::Neg && c.terms >= 1) { // keeps a sum a sum
      out[i] = c;
      out[i].value = -c.value;
      out[i].writer = ctx.writer;
      continue;
    }
    double e = boundAsLeaf(c, a.dtype, m);
    double value = evalShadowFn(fn, c.value, beta, threshold);
    double spread = lipschitz > 0 ? lipschitz * e
                                  : monotoneSpread(f, c.value, e, pole);
    if (exactFn) {
      out[i] = leaf(value, spread, ctx.writer);
      continue;
    }
    double error = roundedError(ctx.type, value, spread);
    // The hardware's function may be worse than one rounding; the
    // interpreter's f64 formula is a little off before it rounds.
    error = std::max(error, spread +
                                errorProduct(hardware, std::fabs(value) + spread) +
                                underflowError(ctx.type)) +
            errorProduct(kFormulaError, std::fabs(value));
    out[i] = leaf(value, error, ctx.writer);
  }
}

ShadowCell spyre::interp::shadowRem(const ShadowOp &ctx, ShadowCell a,
                                    ShadowCell b, DType t) {
  const NumericsModel &m = *ctx.model;
  double ea = boundAsLeaf(a, t, m), eb = boundAsLeaf(b, t, m);
  double value = std::fmod(a.value, b.value);
  // fmod is exact and moves with x, except where x / y crosses a whole
  // number: there it jumps by |y|.
  bool jumps = eb > 0 || std::floor((a.value - ea) / b.value) !=
                             std::floor((a.value + ea) / b.value);
  return leaf(value, jumps ? ea + std::fabs(b.value) + eb : ea, ctx.writer);
}

ShadowCell spyre::interp::shadowPow(const ShadowOp &ctx, ShadowCell a,
                                    ShadowCell b, DType t) {
  const NumericsModel &m = *ctx.model;
  double ea = boundAsLeaf(a, t, m), eb = boundAsLeaf(b, t, m);
  double value = std::pow(a.value, b.value);
  // x^y is monotone in each argument (x > 0): the corners bound it.
  double spread = 0;
  if (ea > 0 || eb > 0) {
    if (a.value - ea <= 0)
      spread = INFINITY;
    else
      for (double x : {a.value - ea, a.value + ea})
        for (double y : {b.value - eb, b.value + eb})
          spread = std::max(spread, std::fabs(std::pow(x, y) - value));
  }
  double error = roundedError(ctx.type, value, spread);
  error = std::max(error, spread + errorProduct(2 * m.functionUlps *
                                                    unitRoundoff(ctx.type),
                                                std::fabs(value) + spread)) +
          errorProduct(kFormulaError, std::fabs(value));
  return leaf(value, error, ctx.writer);
}

ShadowCell spyre::interp::shadowFma(const ShadowOp &ctx, ShadowCell a,
                                    ShadowCell b, ShadowCell c, DType t) {
  // As a multiply and an add, each rounded (the hardware may fuse them or
  // not; the interpreter rounds once).
  ShadowOp product = ctx;
  ShadowCell p = shadowBinaryCell(FloatBinary::Mul, product, a, t, b, t);
  ShadowCell s = shadowSum(p, c, false, ctx.writer);
  return asLeaf(s, t, *ctx.model);
}

ShadowCell spyre::interp::shadowConvert(const ShadowOp &ctx,
                                        const ShadowCell &a, DType from,
                                        bool unsignedInt) {
  const NumericsModel &m = *ctx.model;
  DType to = ctx.type;
  double e = boundAsLeaf(a, from, m);
  double value = a.value;
  if (unsignedInt && !isFloat(from) && value < 0)
    value += std::ldexp(1.0, int(dtypeSize(from)) * 8);
  if (isFloat(to)) {
    // Into a float type: exact when the value is one of its values.
    bool representable = isFloat(from)
                             ? precisionOf(from) <= precisionOf(to)
                             : std::fabs(value) <= std::ldexp(1.0, precisionOf(to));
    if (representable && e == 0)
      return ShadowCell{};
    if (representable)
      return leaf(value, e, ctx.writer);
    return leaf(value, roundedError(to, value, e), ctx.writer);
  }
  if (!isFloat(from))
    return e == 0 ? ShadowCell{} : leaf(value, e, ctx.writer);
  // A float into an integer truncates towards zero: a step function.
  double whole = std::trunc(value);
  double spread = std::max(std::fabs(std::trunc(value + e) - whole),
                           std::fabs(std::trunc(value - e) - whole));
  return leaf(whole, spread, ctx.writer);
}

ShadowCell spyre::interp::shadowCompare(const ShadowOp &ctx, const ShadowCell &a,
                                        DType aType, const ShadowCell &b,
                                        DType bType, bool shadowResult) {
  const NumericsModel &m = *ctx.model;
  double ea = boundAsLeaf(a, aType, m), eb = boundAsLeaf(b, bType, m);
  bool uncertain = (ea > 0 || eb > 0) &&
                   !(std::fabs(a.value - b.value) > ea + eb);
  return leaf(shadowResult ? 1 : 0, uncertain ? 1 : 0, ctx.writer);
}

ShadowCell spyre::interp::shadowSelect(const ShadowOp &ctx, const ShadowCell &c,
                                       const ShadowCell &a, const ShadowCell &b) {
  const NumericsModel &m = *ctx.model;
  bool pickA = c.value != 0;
  if (c.terms == 0 || c.leafError == 0) {
    ShadowCell r = pickA ? a : b;
    if (r.terms > 0)
      r.writer = ctx.writer;
    return r;
  }
  double ea = boundAsLeaf(a, ctx.type, m), eb = boundAsLeaf(b, ctx.type, m);
  return leaf(pickA ? a.value : b.value,
              std::max(ea, eb) + std::fabs(a.value - b.value), ctx.writer);
}

ShadowCell spyre::interp::shadowInteger(const ShadowOp &ctx, const ShadowCell &a,
                                        const ShadowCell &b, double result,
                                        bool additive) {
  double e = additive ? a.leafError + b.leafError : INFINITY;
  return leaf(result, e, ctx.writer);
}
