//===- ArithMathOps.cpp - arith, math and spyreop on scalars and tensors --===//
//
// Every op here is elementwise (ElementwiseOps.h). execArithMath
// dispatches on the op's class with one llvm::TypeSwitch, as MLIR's
// TranslateToCpp emits operations: one small function per family
// (constants, comparisons, select, casts, float arithmetic here; integer
// ops in IntegerOps.cpp; functions of one argument in MathFunctions.cpp).
//
//===----------------------------------------------------------------------===//

#include "interp/ElementwiseOps.h"
#include "ir/spyreop/SpyreOpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace spyre::interp;

FailureOr<Operands> spyre::interp::gatherOperands(CoreExec &core,
                                                  Operation *op) {
  Operands ops;
  for (Value v : op->getOperands()) {
    const RtValue &rv = core.get(v);
    if (auto *t = std::get_if<TensorPtr>(&rv); t && *t) {
      const Tensor &tensor = **t;
      if (ops.tensor && tensor.shape != ops.shape)
        return op->emitError("operands have different shapes");
      if (!ops.tensor)
        ops.firstTileElements = tensor.numElements();
      ops.tensor = true;
      ops.shape = tensor.shape;
      if (tensor.dataLanes >= 0)
        ops.dataLanes = ops.dataLanes < 0
                            ? tensor.dataLanes
                            : std::min(ops.dataLanes, tensor.dataLanes);
      Arg arg;
      arg.dtype = tensor.dtype;
      if (tensor.splat) {
        arg.scalar = tensor.splatValue;
        arg.scalarShadow = tensor.splatShadow;
      } else {
        arg.data = tensor.data.data();
        arg.cells = tensor.shadow ? tensor.shadow->data() : nullptr;
      }
      ops.args.push_back(arg);
    } else if (auto *s = std::get_if<Scalar>(&rv)) {
      Arg arg;
      arg.scalar = s->value;
      arg.dtype = s->dtype;
      arg.scalarShadow = s->shadow;
      ops.args.push_back(arg);
    } else {
      return op->emitError("operand #")
             << ops.args.size() << " has not been evaluated to a value";
    }
  }
  return ops;
}

namespace {

bool cmpF(arith::CmpFPredicate p, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse: return false;
  case P::OEQ: return !unordered && a == b;
  case P::OGT: return !unordered && a > b;
  case P::OGE: return !unordered && a >= b;
  case P::OLT: return !unordered && a < b;
  case P::OLE: return !unordered && a <= b;
  case P::ONE: return !unordered && a != b;
  case P::ORD: return !unordered;
  case P::UEQ: return unordered || a == b;
  case P::UGT: return unordered || a > b;
  case P::UGE: return unordered || a >= b;
  case P::ULT: return unordered || a < b;
  case P::ULE: return unordered || a <= b;
  case P::UNE: return unordered || a != b;
  case P::UNO: return unordered;
  case P::AlwaysTrue: return true;
  }
  return false;
}

bool cmpI(arith::CmpIPredicate p, int64_t sa, int64_t sb, unsigned width) {
  using P = arith::CmpIPredicate;
  auto uns = [width](int64_t v) {
    uint64_t u = static_cast<uint64_t>(v);
    return width >= 64 ? u : u & ((uint64_t(1) << width) - 1);
  };
  uint64_t ua = uns(sa), ub = uns(sb);
  switch (p) {
  case P::eq: return sa == sb;
  case P::ne: return sa != sb;
  case P::slt: return sa < sb;
  case P::sle: return sa <= sb;
  case P::sgt: return sa > sb;
  case P::sge: return sa >= sb;
  case P::ult: return ua < ub;
  case P::ule: return ua <= ub;
  case P::ugt: return ua > ub;
  case P::uge: return ua >= ub;
  }
  return false;
}

bool cmpSpyre(spyreop::ComparePredicate pred, double a, double b) {
  using P = spyreop::ComparePredicate;
  if (std::isnan(a) || std::isnan(b))
    return pred == P::ne;
  return pred == P::eq   ? a == b
         : pred == P::ne ? a != b
         : pred == P::lt ? a < b
         : pred == P::le ? a <= b
         : pred == P::gt ? a > b
                         : a >= b;
}

/// A comparison: `test(x, y)` on the operands' values (slots), and on
/// their shadows for the result's shadow.
template <typename Test>
LogicalResult compare(CoreExec &core, Operation *op, Test test) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  const Arg &a = ops->args[0], &b = ops->args[1];
  auto values = [&](int64_t i) { return test(a.at(i), b.at(i)) ? 1.0 : 0.0; };
  if (ops->allExact())
    return elementwiseTo(core, op, *ops, values, exactShadows());
  return elementwiseTo(core, op, *ops, values,
                       [&](ShadowCell *cells, int64_t n, const ShadowOp &ctx) {
    ShadowIn x = a.shadow(), y = b.shadow();
    for (int64_t i = 0; i < n; ++i) {
      ShadowCell cx = x.at(i), cy = y.at(i);
      // Float shadows are not values of the type: compared as they are.
      auto slot = [](DType t, double v) {
        return isFloat(t) ? v : numberToSlot(t, v);
      };
      bool r = test(slot(a.dtype, cx.value), slot(b.dtype, cy.value));
      cells[i] = shadowCompare(ctx, cx, a.dtype, cy, b.dtype, r);
    }
  });
}

/// math.isnan / isinf / isfinite: an i1 per element (exact: a class is
/// not a rounded value).
template <typename Test>
LogicalResult classify(CoreExec &core, Operation *op, Test test) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  const Arg &a = ops->args[0];
  auto values = [&](int64_t i) { return test(a.at(i)) ? 1.0 : 0.0; };
  return elementwiseTo(core, op, *ops, values, exactShadows());
}

LogicalResult execCompare(CoreExec &core, Operation *op) {
  if (auto cmp = llvm::dyn_cast<arith::CmpFOp>(op)) {
    auto p = cmp.getPredicate();
    return compare(core, op, [p](double a, double b) { return cmpF(p, a, b); });
  }
  if (auto cmp = llvm::dyn_cast<arith::CmpIOp>(op)) {
    auto p = cmp.getPredicate();
    Type t = getElementTypeOrSelf(cmp.getLhs().getType());
    unsigned width = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
    DType dt = dtypeOf(t);
    return compare(core, op, [p, width, dt](double a, double b) {
      return cmpI(p, slotToInt(dt, a), slotToInt(dt, b), width);
    });
  }
  auto cmp = llvm::cast<spyreop::CmpOp>(op);
  spyreop::ComparePredicate pred = cmp.getPredicate();
  DType dt = dtypeOf(op->getOperand(0).getType());
  if (!isFloat(dt))
    return compare(core, op, [pred, dt](double a, double b) {
      using P = spyreop::ComparePredicate;
      int64_t x = slotToInt(dt, a), y = slotToInt(dt, b);
      return pred == P::eq   ? x == y
             : pred == P::ne ? x != y
             : pred == P::lt ? x < y
             : pred == P::le ? x <= y
             : pred == P::gt ? x > y
                             : x >= y;
    });
  return compare(core, op, [pred](double a, double b) {
    return cmpSpyre(pred, a, b);
  });
}

LogicalResult execSelect(CoreExec &core, Operation *op) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  const Arg &c = ops->args[0], &a = ops->args[1], &b = ops->args[2];
  auto values = [&](int64_t i) { return c.at(i) != 0 ? a.at(i) : b.at(i); };
  if (ops->allExact())
    return elementwiseTo(core, op, *ops, values, exactShadows());
  return elementwiseTo(core, op, *ops, values,
                       [&](ShadowCell *cells, int64_t n, const ShadowOp &ctx) {
    ShadowIn sc = c.shadow(), sa = a.shadow(), sb = b.shadow();
    for (int64_t i = 0; i < n; ++i)
      cells[i] = shadowSelect(ctx, sc.at(i), sa.at(i), sb.at(i));
  });
}

/// Reinterprets the bits of slot `v` (of type `from`) as type `to`.
double bitcast(double v, DType from, DType to) {
  uint8_t bytes[8] = {0};
  storeSlot(from, v, bytes);
  return loadSlot(to, bytes);
}

/// A cast: fn(operand slot, result type) gives each result slot; the
/// shadow converts (shadowConvert).
template <typename Fn>
LogicalResult castWith(CoreExec &core, Operation *op, Fn fn,
                       bool unsignedInt = false) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  const Arg &a = ops->args[0];
  auto values = [&](double *dst, int64_t first, int64_t count, DType to) {
    for (int64_t i = 0; i < count; ++i)
      dst[i] = fn(a.at(first + i), to);
  };
  return elementwise(core, op, *ops, values,
                     [&](ShadowCell *cells, int64_t n, const ShadowOp &ctx) {
    ShadowIn x = a.shadow();
    for (int64_t i = 0; i < n; ++i)
      cells[i] = shadowConvert(ctx, x.at(i), a.dtype, unsignedInt);
  });
}

/// The casts. convertSlot does the conversion: integer to integer exactly
/// (wrapped to the result's width), floats to integers truncating towards
/// zero (NaN is 0, beyond the range saturated: MLIR leaves both poison).
LogicalResult execCast(CoreExec &core, Operation *op) {
  DType from = dtypeOf(op->getOperand(0).getType());
  Type srcElement = getElementTypeOrSelf(op->getOperand(0).getType());
  unsigned width = srcElement.isIndex() ? 64 : srcElement.getIntOrFloatBitWidth();
  if (llvm::isa<arith::ExtUIOp, arith::UIToFPOp, arith::IndexCastUIOp>(op))
    return castWith(core, op, [from, width](double a, DType to) {
      uint64_t u = static_cast<uint64_t>(slotToInt(from, a));
      if (width < 64)
        u &= (uint64_t(1) << width) - 1;
      return isFloat(to) ? numberToSlot(to, static_cast<double>(u))
                         : intToSlot(to, static_cast<int64_t>(u));
    }, /*unsignedInt=*/true);
  if (llvm::isa<arith::FPToUIOp>(op))
    return castWith(core, op, [](double a, DType to) {
      double v = std::trunc(a);
      // Unsigned: values from 2^63 on keep their low 64 bits.
      return v >= 0x1p63 && v < 0x1p64
                 ? intToSlot(to, static_cast<int64_t>(static_cast<uint64_t>(v)))
                 : numberToSlot(to, v);
    });
  if (llvm::isa<arith::BitcastOp>(op)) {
    DType to = dtypeOf(op->getResult(0).getType());
    FailureOr<Operands> ops = gatherOperands(core, op);
    if (failed(ops))
      return failure();
    const Arg &a = ops->args[0];
    // Bits of an inexact value say nothing about its error: unbounded.
    return elementwiseTo(
        core, op, *ops, [&](int64_t i) { return bitcast(a.at(i), from, to); },
        [&](ShadowCell *cells, int64_t n, const ShadowOp &ctx) {
          ShadowIn x = a.shadow();
          for (int64_t i = 0; i < n; ++i)
            cells[i] = a.exact() ? ShadowCell{}
                                 : ShadowCell{x.at(i).value, INFINITY, INFINITY,
                                              1, ctx.writer};
        });
  }
  // Float to float: what convertSlot computes (the value rounded to the
  // result's type), without a call per element.
  if (isFloat(from) && isFloat(dtypeOf(op->getResult(0).getType())))
    return castWith(core, op, [from](double a, DType to) {
      return from == to ? a : roundTo(to, a);
    });
  return castWith(core, op, [from](double a, DType to) {
    if (!isFloat(from) && to == DType::F32) // one rounding, not two
      return static_cast<double>(static_cast<float>(slotToInt(from, a)));
    return convertSlot(from, to, a);
  });
}

/// A float binary op, a chunk at a time.
LogicalResult execFloatBinary(CoreExec &core, Operation *op, FloatBinary kind) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  const Arg &a = ops->args[0], &b = ops->args[1];
  return elementwise(
      core, op, *ops,
      [&](double *dst, int64_t first, int64_t count, DType type) {
        applyFloatBinary(kind, type, a.data ? a.data + first : &a.scalar,
                         a.data ? 1 : 0, b.data ? b.data + first : &b.scalar,
                         b.data ? 1 : 0, dst, count);
      },
      [&](ShadowCell *cells, int64_t n, const ShadowOp &ctx) {
        shadowBinary(kind, ctx, a.shadow(), b.shadow(), cells, n);
      });
}

FloatBinary floatBinaryKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, FloatBinary>(op)
      .Case<arith::AddFOp>([](auto) { return FloatBinary::Add; })
      .Case<arith::SubFOp>([](auto) { return FloatBinary::Sub; })
      .Case<arith::MulFOp>([](auto) { return FloatBinary::Mul; })
      .Case<arith::MaximumFOp>([](auto) { return FloatBinary::Maximum; })
      .Case<arith::MinimumFOp>([](auto) { return FloatBinary::Minimum; })
      .Case<arith::MaxNumFOp>([](auto) { return FloatBinary::MaxNum; })
      .Case<arith::MinNumFOp>([](auto) { return FloatBinary::MinNum; })
      .Default([](auto) { return FloatBinary::Div; }); // divf, realdiv
}

/// remf, powf and fma: computed in double and rounded once.
LogicalResult execFloatOther(CoreExec &core, Operation *op) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  const Arg &a = ops->args[0], &b = ops->args[1];
  const bool fma = llvm::isa<math::FmaOp>(op), rem = llvm::isa<arith::RemFOp>(op);
  const Arg &c = fma ? ops->args[2] : a;
  return elementwiseTo(
      core, op, *ops,
      [&](int64_t i) {
        return fma ? a.at(i) * b.at(i) + c.at(i)
               : rem ? std::fmod(a.at(i), b.at(i))
                     : std::pow(a.at(i), b.at(i));
      },
      [&](ShadowCell *cells, int64_t n, const ShadowOp &ctx) {
        ShadowIn x = a.shadow(), y = b.shadow(), z = c.shadow();
        for (int64_t i = 0; i < n; ++i)
          cells[i] = fma   ? shadowFma(ctx, x.at(i), y.at(i), z.at(i), ctx.type)
                     : rem ? shadowRem(ctx, x.at(i), y.at(i), ctx.type)
                           : shadowPow(ctx, x.at(i), y.at(i), ctx.type);
      });
}

} // namespace

ShadowFn spyre::interp::functionOf(Operation *op) {
  using F = ShadowFn;
  return llvm::TypeSwitch<Operation *, F>(op)
      .Case<math::ExpOp, spyreop::ExpOp>([](auto) { return F::Exp; })
      .Case<math::Exp2Op>([](auto) { return F::Exp2; })
      .Case<math::ExpM1Op>([](auto) { return F::Expm1; })
      .Case<math::LogOp>([](auto) { return F::Log; })
      .Case<math::Log2Op>([](auto) { return F::Log2; })
      .Case<math::Log10Op>([](auto) { return F::Log10; })
      .Case<math::Log1pOp>([](auto) { return F::Log1p; })
      .Case<math::SqrtOp, spyreop::SqrtOp>([](auto) { return F::Sqrt; })
      .Case<math::RsqrtOp, spyreop::RsqrtOp>([](auto) { return F::Rsqrt; })
      .Case<spyreop::ReciprocalOp>([](auto) { return F::Reciprocal; })
      .Case<math::TanhOp>([](auto) { return F::Tanh; })
      .Case<math::SinOp>([](auto) { return F::Sin; })
      .Case<math::CosOp>([](auto) { return F::Cos; })
      .Case<math::ErfOp>([](auto) { return F::Erf; })
      .Case<math::AbsFOp>([](auto) { return F::Abs; })
      .Case<arith::NegFOp>([](auto) { return F::Neg; })
      .Case<math::CeilOp>([](auto) { return F::Ceil; })
      .Case<math::FloorOp>([](auto) { return F::Floor; })
      .Case<math::RoundOp>([](auto) { return F::Round; })
      .Case<math::RoundEvenOp>([](auto) { return F::RoundEven; })
      .Case<math::TruncOp>([](auto) { return F::Trunc; })
      .Case<spyreop::GeluOp>([](auto) { return F::Gelu; })
      .Case<spyreop::SigmoidOp>([](auto) { return F::Sigmoid; })
      .Case<spyreop::SiluOp>([](auto) { return F::Silu; })
      .Default([](auto) { return F::Softplus; });
}


LogicalResult spyre::interp::execArithMath(CoreExec &core, Operation *op,
                                           bool &handled) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<arith::ConstantOp>([&](arith::ConstantOp c) {
        return execConstant(core, op, c.getValue());
      })
      .Case<spyreop::ConstantOp>([&](spyreop::ConstantOp c) {
        return execConstant(core, op, c.getValue());
      })
      .Case<arith::CmpFOp, arith::CmpIOp, spyreop::CmpOp>(
          [&](Operation *) { return execCompare(core, op); })
      .Case<arith::SelectOp, spyreop::SelectOp>(
          [&](Operation *) { return execSelect(core, op); })
      .Case<math::IsNaNOp>([&](Operation *) {
        return classify(core, op, [](double x) { return std::isnan(x); });
      })
      .Case<math::IsInfOp>([&](Operation *) {
        return classify(core, op, [](double x) { return std::isinf(x); });
      })
      .Case<math::IsFiniteOp>([&](Operation *) {
        return classify(core, op, [](double x) { return std::isfinite(x); });
      })
      .Case<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::ExtSIOp,
            arith::TruncIOp, arith::IndexCastOp, arith::FPToSIOp,
            arith::ExtUIOp, arith::UIToFPOp, arith::IndexCastUIOp,
            arith::FPToUIOp, arith::BitcastOp>(
          [&](Operation *) { return execCast(core, op); })
      .Case<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
            arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
            arith::MinNumFOp, spyreop::RealDivOp>([&](Operation *) {
        return execFloatBinary(core, op, floatBinaryKind(op));
      })
      .Case<arith::RemFOp, math::PowFOp, math::FmaOp>(
          [&](Operation *) { return execFloatOther(core, op); })
      .Case<arith::AddIOp, arith::SubIOp, arith::MulIOp, spyreop::AddI32Op,
            spyreop::MulI32Op, spyreop::AddI64Op, spyreop::Idx32ToAddrOp,
            arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp,
            arith::AndIOp, arith::OrIOp, arith::XOrIOp, math::AbsIOp,
            arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(
          [&](Operation *) { return execIntegerArith(core, op); })
      .Case<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(
          [&](Operation *) { return execIntegerDivision(core, op); })
      .Case<math::ExpOp, spyreop::ExpOp, math::Exp2Op, math::ExpM1Op,
            math::LogOp, math::Log2Op, math::Log10Op, math::Log1pOp,
            math::SqrtOp, spyreop::SqrtOp, math::RsqrtOp, spyreop::RsqrtOp,
            spyreop::ReciprocalOp, math::TanhOp, math::SinOp, math::CosOp,
            math::ErfOp, math::AbsFOp, arith::NegFOp, math::CeilOp,
            math::FloorOp, math::RoundOp, math::RoundEvenOp, math::TruncOp,
            spyreop::GeluOp,
            spyreop::SigmoidOp, spyreop::SiluOp, spyreop::SoftplusOp>(
          [&](Operation *) {
            return execMathFunction(core, op, functionOf(op));
          })
      .Default([&](Operation *) {
        handled = false;
        return failure();
      });
}
