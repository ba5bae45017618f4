//===- AluLanes.cpp - the emulator's vector ALU over whole sticks ---------===//
//
// evalAluLanes: every lane gets exactly evalAlu's value (Alu.cpp), computed
// in tight loops:
//   * float arithmetic, select and casts: the expression and its rounding
//     in one loop per result type (f16 results rounded in bulk after it);
//   * unary math functions (exp, tanh, sigmoid, ...) with f16 results: a
//     table per function of its value at each of the 65536 f16 inputs,
//     filled on first use (interp::HalfMemo; each entry is evalAlu's
//     expression rounded the same way);
//   * everything else lane by lane through evalAlu.
//
//===----------------------------------------------------------------------===//

#include "emu/Alu.h"
#include "interp/HalfArrays.h"

#include <algorithm>
#include <cmath>

using namespace spyre;
using namespace spyre::emu;
using code::AluFn;
using code::ElemType;

namespace {

/// out[i] = fn(a[i], b[i], c[i]) rounded to `type` as interp::roundTo does.
template <typename Fn>
void lanes(ElemType type, const double *a, const double *b, const double *c,
           double *out, int n, Fn fn) {
  switch (type) {
  case ElemType::F32:
    for (int i = 0; i < n; ++i)
      out[i] = static_cast<float>(fn(a[i], b[i], c[i]));
    return;
  case ElemType::F64:
    for (int i = 0; i < n; ++i)
      out[i] = fn(a[i], b[i], c[i]);
    return;
  case ElemType::F16:
    for (int i = 0; i < n; ++i)
      out[i] = fn(a[i], b[i], c[i]);
    interp::roundHalves(out, n);
    return;
  default: {
    const interp::DType t = dtypeOf(type);
    for (int i = 0; i < n; ++i)
      out[i] = interp::roundTo(t, fn(a[i], b[i], c[i]));
  }
  }
}

/// evalAlu's unrounded value of a unary function (f64 results are not
/// rounded).
template <AluFn F> double unrounded(double x) {
  AluOp op;
  op.fn = F;
  op.type = ElemType::F64;
  AluStatus status = AluStatus::Ok;
  return evalAlu(op, x, 0, 0, status);
}

/// The unary math functions whose f16 results come from a table.
double (*memoisable(AluFn fn))(double) {
  switch (fn) {
  case AluFn::Exp: case AluFn::SpExp: return unrounded<AluFn::Exp>;
  case AluFn::Exp2: return unrounded<AluFn::Exp2>;
  case AluFn::Log: return unrounded<AluFn::Log>;
  case AluFn::Log2: return unrounded<AluFn::Log2>;
  case AluFn::Sqrt: case AluFn::SpSqrt: return unrounded<AluFn::Sqrt>;
  case AluFn::RSqrt: case AluFn::SpRSqrt: return unrounded<AluFn::RSqrt>;
  case AluFn::SpReciprocal: return unrounded<AluFn::SpReciprocal>;
  case AluFn::Tanh: return unrounded<AluFn::Tanh>;
  case AluFn::Erf: return unrounded<AluFn::Erf>;
  case AluFn::Sin: return unrounded<AluFn::Sin>;
  case AluFn::Cos: return unrounded<AluFn::Cos>;
  case AluFn::SpGelu: return unrounded<AluFn::SpGelu>;
  case AluFn::SpSigmoid: return unrounded<AluFn::SpSigmoid>;
  case AluFn::SpSilu: return unrounded<AluFn::SpSilu>;
  default: return nullptr;
  }
}

/// One table per function (keyed by its unrounded function's address).
interp::HalfMemo &memoFor(double (*fn)(double)) {
  static double (*const order[])(double) = {
      unrounded<AluFn::Exp>,   unrounded<AluFn::Exp2>,  unrounded<AluFn::Log>,
      unrounded<AluFn::Log2>,  unrounded<AluFn::Sqrt>,  unrounded<AluFn::RSqrt>,
      unrounded<AluFn::SpReciprocal>, unrounded<AluFn::Tanh>,
      unrounded<AluFn::Erf>,   unrounded<AluFn::Sin>,   unrounded<AluFn::Cos>,
      unrounded<AluFn::SpGelu>, unrounded<AluFn::SpSigmoid>,
      unrounded<AluFn::SpSilu>};
  constexpr size_t kCount = sizeof(order) / sizeof(order[0]);
  static interp::HalfMemo memos[kCount];
  return memos[size_t(std::find(order, order + kCount, fn) - order)];
}

} // namespace

void spyre::emu::evalAluLanes(const AluOp &op, const double *a, const double *b,
                              const double *c, double *out, int n,
                              AluStatus &status) {
  const ElemType t = op.type;
  if (isWideOp(op)) { // i64 / index slots
    for (int i = 0; i < n; ++i)
      out[i] = evalWideAlu(op, a[i], b[i], c[i], status);
    return;
  }
  switch (op.fn) {
  case AluFn::AddF: return lanes(t, a, b, c, out, n, [](double x, double y, double) { return x + y; });
  case AluFn::SubF: return lanes(t, a, b, c, out, n, [](double x, double y, double) { return x - y; });
  case AluFn::MulF: return lanes(t, a, b, c, out, n, [](double x, double y, double) { return x * y; });
  case AluFn::DivF:
  case AluFn::SpRealDiv: return lanes(t, a, b, c, out, n, [](double x, double y, double) { return x / y; });
  case AluFn::MaxNumF: return lanes(t, a, b, c, out, n, [](double x, double y, double) { return std::fmax(x, y); });
  case AluFn::MinNumF: return lanes(t, a, b, c, out, n, [](double x, double y, double) { return std::fmin(x, y); });
  case AluFn::NegF: return lanes(t, a, b, c, out, n, [](double x, double, double) { return -x; });
  case AluFn::Fma: return lanes(t, a, b, c, out, n, [](double x, double y, double z) { return x * y + z; });
  case AluFn::Select: return lanes(t, a, b, c, out, n, [](double x, double y, double z) { return x != 0 ? y : z; });
  case AluFn::ExtF: case AluFn::TruncF: case AluFn::SIToFP: case AluFn::ExtSI:
  case AluFn::TruncI: case AluFn::IndexCast: case AluFn::FPToSI:
    if (code::isFloat(t))
      return lanes(t, a, b, c, out, n, [](double x, double, double) { return x; });
    return lanes(t, a, b, c, out, n, [](double x, double, double) { return std::isnan(x) ? 0.0 : x; });
  default:
    break;
  }
  if (t == ElemType::F16)
    if (double (*fn)(double) = memoisable(op.fn)) {
      memoFor(fn).apply(fn, a, out, n);
      return;
    }
  for (int i = 0; i < n; ++i)
    out[i] = evalAlu(op, a[i], b[i], c[i], status);
}
