//===- IntegerOps.cpp - integer arithmetic of arith, math and spyreop ----===//
//
// Computed on the operands' exact integer values (i64 and index slots hold
// their bits), wrapping modulo 2^64 and then to the result's width, as
// MLIR defines. Integer results are exact: they carry a shadow only when
// an operand does (an integer made from a float), docs/numerics.md.
//
//===----------------------------------------------------------------------===//

#include "interp/ElementwiseOps.h"
#include "ir/spyreop/SpyreOpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace spyre::interp;

namespace {

using I = int64_t;

/// uint64 arithmetic wraps modulo 2^64, as MLIR's does before the result
/// is cut to its width.
inline uint64_t u64(I v) { return static_cast<uint64_t>(v); }
inline I s64(uint64_t v) { return static_cast<I>(v); }

/// The low `width` bits of `v`, as an unsigned number.
uint64_t asUnsigned(I v, unsigned width) {
  uint64_t u = static_cast<uint64_t>(v);
  return width >= 64 ? u : u & ((uint64_t(1) << width) - 1);
}

I floorDiv(I a, I b) {
  I q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// Rounds towards positive infinity without negating `a` (which overflows
/// for the most negative value).
I ceilDiv(I a, I b) {
  I q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

unsigned widthOf(Operation *op) {
  if (op->getNumOperands() == 0)
    return 64;
  Type type = op->getOperand(0).getType();
  if (auto shaped = llvm::dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// An integer op: fn on the operands' integer values, computed in int64 /
/// uint64 and wrapped to the result's width. `additive`: the op adds or
/// subtracts (an operand's bound carries over; other ops on inexact
/// integers are unbounded).
template <typename Fn>
LogicalResult intMap(CoreExec &core, Operation *op, const Operands &ops, Fn fn,
                     bool additive = false, int64_t limit = INT64_MAX) {
  const Arg *args = ops.args.data();
  size_t n = ops.args.size();
  auto values = [&](double *dst, int64_t first, int64_t count, DType type) {
    I x[3] = {0, 0, 0};
    for (int64_t i = 0; i < count; ++i) {
      if (first + i >= limit) { // padding lanes: not computed
        dst[i] = intToSlot(type, 0);
        continue;
      }
      for (size_t k = 0; k < n && k < 3; ++k)
        x[k] = slotToInt(args[k].dtype, args[k].at(first + i));
      dst[i] = intToSlot(type, fn(x[0], x[1], x[2]));
    }
  };
  if (ops.allExact())
    return elementwise(core, op, ops, values, exactShadows());
  return elementwise(core, op, ops, values,
                     [&](ShadowCell *cells, int64_t count, const ShadowOp &ctx) {
    ShadowIn a = args[0].shadow(), b = n > 1 ? args[1].shadow() : a;
    for (int64_t i = 0; i < count; ++i) {
      if (i >= limit) { // padding lanes: not computed
        cells[i] = ShadowCell{};
        continue;
      }
      ShadowCell x = a.at(i), y = n > 1 ? b.at(i) : exactCell(0);
      I r = fn(I(x.value), I(y.value), 0);
      cells[i] = shadowInteger(ctx, x, y, double(r), additive);
    }
  });
}

template <typename Fn>
LogicalResult intOp(CoreExec &core, Operation *op, Fn fn,
                    bool additive = false) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  return intMap(core, op, *ops, fn, additive);
}

} // namespace

LogicalResult spyre::interp::execIntegerArith(CoreExec &core, Operation *op) {
  const unsigned width = widthOf(op);
  auto uns = [width](I v) { return asUnsigned(v, width); };
  auto add = [](I a, I b, I) { return s64(u64(a) + u64(b)); };
  auto mul = [](I a, I b, I) { return s64(u64(a) * u64(b)); };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<arith::AddIOp, spyreop::AddI32Op, spyreop::AddI64Op>(
          [&](Operation *) { return intOp(core, op, add, true); })
      .Case<arith::SubIOp>([&](Operation *) {
        return intOp(core, op, [](I a, I b, I) { return s64(u64(a) - u64(b)); },
                     true);
      })
      .Case<arith::MulIOp, spyreop::MulI32Op>(
          [&](Operation *) { return intOp(core, op, mul); })
      .Case<spyreop::Idx32ToAddrOp>([&](Operation *) {
        return intOp(core, op, [](I i, I base, I stride) {
          return s64(u64(base) + u64(stride) * u64(i));
        });
      })
      .Case<arith::MaxSIOp>([&](Operation *) {
        return intOp(core, op, [](I a, I b, I) { return std::max(a, b); });
      })
      .Case<arith::MinSIOp>([&](Operation *) {
        return intOp(core, op, [](I a, I b, I) { return std::min(a, b); });
      })
      .Case<arith::MaxUIOp>([&](Operation *) {
        return intOp(core, op, [&](I a, I b, I) { return uns(a) >= uns(b) ? a : b; });
      })
      .Case<arith::MinUIOp>([&](Operation *) {
        return intOp(core, op, [&](I a, I b, I) { return uns(a) <= uns(b) ? a : b; });
      })
      .Case<arith::AndIOp>([&](Operation *) {
        return intOp(core, op, [](I a, I b, I) { return a & b; });
      })
      .Case<arith::OrIOp>([&](Operation *) {
        return intOp(core, op, [](I a, I b, I) { return a | b; });
      })
      .Case<arith::XOrIOp>([&](Operation *) {
        return intOp(core, op, [](I a, I b, I) { return a ^ b; });
      })
      .Case<math::AbsIOp>([&](Operation *) {
        return intOp(core, op, [](I a, I, I) { return a < 0 ? s64(0 - u64(a)) : a; });
      })
      // A shift by the width or more (or a negative amount) is poison in
      // MLIR: 0 here, never a shift the host leaves undefined.
      .Case<arith::ShLIOp>([&](Operation *) {
        return intOp(core, op, [&](I a, I b, I) {
          return uns(b) >= width ? I(0) : s64(uns(a) << uns(b));
        });
      })
      .Case<arith::ShRUIOp>([&](Operation *) {
        return intOp(core, op, [&](I a, I b, I) {
          return uns(b) >= width ? I(0) : s64(uns(a) >> uns(b));
        });
      })
      .Case<arith::ShRSIOp>([&](Operation *) {
        return intOp(core, op, [&](I a, I b, I) {
          return a >> std::min<uint64_t>(uns(b), 63);
        });
      })
      .Default([&](Operation *) { return failure(); });
}

/// Division by zero is undefined behaviour in MLIR; it is an error here,
/// and so is the most negative value divided by -1 (MLIR: poison; the
/// host: SIGFPE).
LogicalResult spyre::interp::execIntegerDivision(CoreExec &core, Operation *op) {
  FailureOr<Operands> ops = gatherOperands(core, op);
  if (failed(ops))
    return failure();
  const unsigned width = widthOf(op);
  const Arg a = ops->args[0], b = ops->args[1];
  int64_t n = ops->tensor ? numElements(ops->shape) : 1;
  bool isSigned = llvm::isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
                            arith::FloorDivSIOp>(op);
  I lowest = width >= 64 ? INT64_MIN : -(I(1) << (width - 1));
  // A vector's padding lanes are not divided (they must not fault).
  if (ops->dataLanes >= 0)
    n = std::min(n, ops->dataLanes);
  for (int64_t i = 0; i < n; ++i) {
    I x = slotToInt(a.dtype, a.at(i)), y = slotToInt(b.dtype, b.at(i));
    if (asUnsigned(y, width) == 0)
      return op->emitError("integer division by zero");
    if (isSigned && width > 1 && y == -1 && x == lowest)
      return op->emitError("integer division overflow: the most negative ")
             << width << "-bit value divided by -1 does not fit in " << width
             << " bits";
  }
  auto run = [&](auto fn) { return intMap(core, op, *ops, fn, false, n); };
  auto uns = [width](I v) { return asUnsigned(v, width); };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<arith::DivSIOp>([&](Operation *) { return run([](I x, I y, I) { return x / y; }); })
      .Case<arith::RemSIOp>([&](Operation *) { return run([](I x, I y, I) { return x % y; }); })
      .Case<arith::FloorDivSIOp>([&](Operation *) { return run([](I x, I y, I) { return floorDiv(x, y); }); })
      .Case<arith::CeilDivSIOp>([&](Operation *) { return run([](I x, I y, I) { return ceilDiv(x, y); }); })
      .Case<arith::DivUIOp>([&](Operation *) { return run([&](I x, I y, I) { return s64(uns(x) / uns(y)); }); })
      .Case<arith::RemUIOp>([&](Operation *) { return run([&](I x, I y, I) { return s64(uns(x) % uns(y)); }); })
      .Default([&](Operation *) {
        return run([&](I x, I y, I) {
          uint64_t ux = uns(x), uy = uns(y);
          return s64(ux / uy + (ux % uy != 0));
        });
      });
}
