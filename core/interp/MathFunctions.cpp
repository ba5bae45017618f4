//===- MathFunctions.cpp - math and spyreop functions of one argument ----===//
//
// exp, log, tanh, gelu, ...: the interpreter's f64 formula of each
// (evalShadowFn, which the shadow computes too), rounded to the result's
// type. Over an f16 tensor into f16 each distinct input is computed once
// per process (HalfMemo: there are only 65536 f16 values). The shadow's
// rule is that of a function with a documented error (ShadowMath.h).
//
//===----------------------------------------------------------------------===//

#include "interp/ElementwiseOps.h"
#include "interp/HalfArrays.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace spyre::interp;

namespace {

template <ShadowFn F> double formula(double x) { return evalShadowFn(F, x); }

/// The function of `fn` as a plain pointer (for the memo), and its memo.
struct Memoised {
  double (*fn)(double) = nullptr;
  HalfMemo *memo = nullptr;
};

template <ShadowFn F> Memoised memoised() {
  static HalfMemo memo;
  return Memoised{formula<F>, &memo};
}

Memoised memoFor(ShadowFn fn) {
  switch (fn) {
  case ShadowFn::Exp: return memoised<ShadowFn::Exp>();
  case ShadowFn::Exp2: return memoised<ShadowFn::Exp2>();
  case ShadowFn::Expm1: return memoised<ShadowFn::Expm1>();
  case ShadowFn::Log: return memoised<ShadowFn::Log>();
  case ShadowFn::Log2: return memoised<ShadowFn::Log2>();
  case ShadowFn::Log10: return memoised<ShadowFn::Log10>();
  case ShadowFn::Log1p: return memoised<ShadowFn::Log1p>();
  case ShadowFn::Sqrt: return memoised<ShadowFn::Sqrt>();
  case ShadowFn::Rsqrt: return memoised<ShadowFn::Rsqrt>();
  case ShadowFn::Reciprocal: return memoised<ShadowFn::Reciprocal>();
  case ShadowFn::Tanh: return memoised<ShadowFn::Tanh>();
  case ShadowFn::Sin: return memoised<ShadowFn::Sin>();
  case ShadowFn::Cos: return memoised<ShadowFn::Cos>();
  case ShadowFn::Erf: return memoised<ShadowFn::Erf>();
  case ShadowFn::Gelu: return memoised<ShadowFn::Gelu>();
  case ShadowFn::Sigmoid: return memoised<ShadowFn::Sigmoid>();
  case ShadowFn::Silu: return memoised<ShadowFn::Silu>();
  default: return {}; // cheap ones, and softplus (it has parameters)
  }
}

} // namespace

bool spyre::interp::applyHalfMemo(ShadowFn fn, const double *in, double *out, int64_t n) {
  Memoised m = memoFor(fn);
  if (!m.fn)
    return false;
  m.memo->apply(m.fn, in, out, n);
  return true;
}

LogicalResult spyre::interp::execMathFunction(CoreExec &core, Operation *op,
                                              ShadowFn fn) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  double beta = 1, threshold = 20;
  if (fn == ShadowFn::Softplus) {
    beta = llvm::cast<FloatAttr>(op->getAttr("beta")).getValueAsDouble();
    threshold = llvm::cast<FloatAttr>(op->getAttr("threshold")).getValueAsDouble();
  }
  const Arg &a = ops->args[0];
  auto shadows = [&](ShadowCell *cells, int64_t n, const ShadowOp &ctx) {
    shadowUnary(fn, ctx, a.shadow(), cells, n, beta, threshold);
  };
  Memoised m = memoFor(fn);
  if (m.fn && a.data && a.dtype == DType::F16 &&
      dtypeOf(op->getResult(0).getType()) == DType::F16)
    // The memo's results are f16 values already (the result type).
    return elementwise(
        core, op, *ops,
        [&](double *dst, int64_t first, int64_t count, DType) {
          m.memo->apply(m.fn, a.data + first, dst, count);
        },
        shadows);
  return elementwiseTo(
      core, op, *ops,
      [&](int64_t i) { return evalShadowFn(fn, a.at(i), beta, threshold); },
      shadows);
}
