//===- ArithMathOps.cpp - arith, math and spyreop on scalars and tensors --===//
//
// Every op here is elementwise: operands are scalars or tensors of one
// shape (a scalar operand is broadcast, as arith.select's condition may
// be). Results are computed in double and rounded to the result's element
// type, which for f16 goes through f32 exactly as NumPy's half loops do.
//
//===----------------------------------------------------------------------===//

#include "interp/CoreExec.h"
#include "interp/Elementwise.h"
#include "interp/HalfArrays.h"
#include "ir/spyreop/SpyreOpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace spyre::interp;

namespace {

/// One operand as seen by an elementwise loop.
struct Arg {
  const double *data = nullptr; ///< tensor data, or null for a scalar
  double scalar = 0;
  DType dtype = DType::F64;
  double at(int64_t i) const { return data ? data[i] : scalar; }
};

struct Operands {
  SmallVector<Arg, 3> args;
  Dims shape;
  bool tensor = false;
  int64_t firstTileElements = 1;
};

FailureOr<Operands> gather(CoreExec &core, Operation *op) {
  Operands ops;
  for (Value v : op->getOperands()) {
    const RtValue &rv = core.get(v);
    if (auto *t = std::get_if<TensorPtr>(&rv); t && *t) {
      if (ops.tensor && (*t)->shape != ops.shape)
        return op->emitError("operands have different shapes");
      if (!ops.tensor)
        ops.firstTileElements = (*t)->numElements();
      ops.tensor = true;
      ops.shape = (*t)->shape;
      if ((*t)->splat)
        ops.args.push_back({nullptr, (*t)->splatValue, (*t)->dtype});
      else
        ops.args.push_back({(*t)->data.data(), 0, (*t)->dtype});
    } else if (auto *s = std::get_if<Scalar>(&rv)) {
      ops.args.push_back({nullptr, s->value, s->dtype});
    } else {
      return op->emitError("operand #")
             << ops.args.size() << " has not been evaluated to a value";
    }
  }
  return ops;
}

/// Fills the result of `op` by chunks, fill(dst, first, count, type)
/// writing elements first .. first+count-1 rounded to `type`, the result's
/// element type. Binds result #0.
template <typename Fill>
LogicalResult mapChunks(CoreExec &core, Operation *op, const Operands &ops,
                        Fill fill) {
  Type resultType = op->getResult(0).getType();
  DType out = dtypeOf(resultType);
  if (CostModel *costs = core.costs())
    costs->onCompute(core.id, op->getName().getStringRef(),
                     ops.tensor ? numElements(ops.shape) : 1,
                     ops.tensor ? ops.firstTileElements : 1, !ops.tensor);
  // Inside a vectorised linalg.generic body, scalar-typed values hold a
  // whole tensor over the iteration space.
  if (!llvm::isa<ShapedType>(resultType) && !ops.tensor) {
    double v = 0;
    fill(&v, 0, 1, out);
    core.set(op->getResult(0), Scalar{v, out});
    return success();
  }
  Dims shape = ops.shape;
  if (!ops.tensor) {
    auto shaped = llvm::cast<ShapedType>(resultType);
    shape.assign(shaped.getShape().begin(), shaped.getShape().end());
  }
  TensorPtr t = makeTensor(out, shape, /*zeroFill=*/false);
  int64_t n = t->numElements();
  double *dst = t->data.data();
  constexpr int64_t kChunk = 2048;
  for (int64_t first = 0; first < n; first += kChunk) {
    int64_t count = std::min(kChunk, n - first);
    fill(dst + first, first, count, out);
  }
  core.set(op->getResult(0), t);
  return success();
}

/// mapChunks with fn(i) giving element i unrounded: each chunk is rounded
/// while it is in cache.
template <typename Fn>
LogicalResult mapTo(CoreExec &core, Operation *op, const Operands &ops,
                    Fn fn) {
  return mapChunks(core, op, ops, [&](double *dst, int64_t first, int64_t count,
                                      DType type) {
    for (int64_t i = 0; i < count; ++i)
      dst[i] = fn(first + i);
    roundElements(type, dst, count);
  });
}

/// A float binary op, a chunk at a time.
LogicalResult floatBinary(CoreExec &core, Operation *op, FloatBinary kind) {
  FailureOr<Operands> ops = gather(core, op);
  if (failed(ops))
    return failure();
  const Arg a = ops->args[0], b = ops->args[1];
  return mapChunks(core, op, *ops, [&](double *dst, int64_t first, int64_t count,
                                       DType type) {
    applyFloatBinary(kind, type, a.data ? a.data + first : &a.scalar,
                     a.data ? 1 : 0, b.data ? b.data + first : &b.scalar,
                     b.data ? 1 : 0, dst, count);
  });
}

template <typename Fn>
LogicalResult unary(CoreExec &core, Operation *op, Fn fn) {
  FailureOr<Operands> ops = gather(core, op);
  if (failed(ops))
    return failure();
  const Arg a = ops->args[0];
  return mapTo(core, op, *ops, [&](int64_t i) { return fn(a.at(i)); });
}

/// A costly unary function (exp, tanh, ...): over an f16 tensor into f16,
/// each distinct input is computed once per process (`memo`, one per
/// function).
LogicalResult costlyUnary(CoreExec &core, Operation *op, double (*fn)(double),
                          HalfMemo &memo) {
  FailureOr<Operands> ops = gather(core, op);
  if (failed(ops))
    return failure();
  const Arg a = ops->args[0];
  if (!a.data || a.dtype != DType::F16 ||
      dtypeOf(op->getResult(0).getType()) != DType::F16)
    return mapTo(core, op, *ops, [&](int64_t i) { return fn(a.at(i)); });
  // The memo's results are f16 values already (the result type).
  return mapChunks(core, op, *ops, [&](double *dst, int64_t first, int64_t count,
                                       DType) {
    memo.apply(fn, a.data + first, dst, count);
  });
}

template <typename Fn>
LogicalResult binary(CoreExec &core, Operation *op, Fn fn) {
  FailureOr<Operands> ops = gather(core, op);
  if (failed(ops))
    return failure();
  const Arg a = ops->args[0], b = ops->args[1];
  return mapTo(core, op, *ops,
               [&](int64_t i) { return fn(a.at(i), b.at(i)); });
}

template <typename Fn>
LogicalResult ternary(CoreExec &core, Operation *op, Fn fn) {
  FailureOr<Operands> ops = gather(core, op);
  if (failed(ops))
    return failure();
  const Arg a = ops->args[0], b = ops->args[1], c = ops->args[2];
  return mapTo(core, op, *ops,
               [&](int64_t i) { return fn(a.at(i), b.at(i), c.at(i)); });
}

unsigned bitWidth(Type type) {
  if (auto shaped = llvm::dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

uint64_t asUnsigned(double v, unsigned width) {
  uint64_t u = static_cast<uint64_t>(static_cast<int64_t>(v));
  return width >= 64 ? u : u & ((uint64_t(1) << width) - 1);
}

/// Integers at or beyond this magnitude may not survive a double.
constexpr int64_t kExactInteger = int64_t(1) << 53;

double floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// Rounds towards positive infinity without negating `a` (which overflows
/// for the most negative value).
double ceilDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

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

bool cmpI(arith::CmpIPredicate p, double a, double b, unsigned width) {
  using P = arith::CmpIPredicate;
  int64_t sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
  uint64_t ua = asUnsigned(a, width), ub = asUnsigned(b, width);
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

double gelu(double x) {
  const double c = std::sqrt(2.0 / M_PI);
  return 0.5 * x * (1.0 + std::tanh(c * (x + 0.044715 * x * x * x)));
}
double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

/// The value of an integer or float attribute (i1 unsigned, other integers
/// signed), as a double.
double attributeValue(Attribute a) {
  if (auto f = llvm::dyn_cast<FloatAttr>(a))
    return f.getValue().convertToDouble();
  if (auto i = llvm::dyn_cast<IntegerAttr>(a))
    return i.getType().isInteger(1)
               ? static_cast<double>(i.getValue().getZExtValue())
               : static_cast<double>(i.getValue().getSExtValue());
  return 0;
}

/// The elements of a dense constant, rounded to `dt`, into `out`.
void denseValues(DenseElementsAttr dense, DType dt, Buffer &out) {
  Type element = dense.getElementType();
  auto put = [&](size_t i, double v) { out[i] = roundTo(dt, v); };
  if (dense.isSplat()) {
    double v = attributeValue(dense.getSplatValue<Attribute>());
    std::fill(out.begin(), out.end(), roundTo(dt, v));
  } else if (llvm::isa<FloatType>(element)) {
    size_t i = 0;
    for (const APFloat &f : dense.getValues<APFloat>())
      put(i++, f.convertToDouble());
  } else if (element.isIntOrIndex()) {
    bool i1 = element.isInteger(1);
    size_t i = 0;
    for (const APInt &v : dense.getValues<APInt>())
      put(i++, static_cast<double>(i1 ? static_cast<int64_t>(v.getZExtValue())
                                      : v.getSExtValue()));
  } else {
    size_t i = 0;
    for (Attribute a : dense.getValues<Attribute>())
      put(i++, attributeValue(a));
  }
}

/// arith.constant / spyreop.constant: scalars and dense tensors. The value
/// is worked out once and shared by every core and execution (literal
/// tensors are never written).
LogicalResult execConstant(CoreExec &core, Operation *op, Attribute value) {
  if (const RtValue *known = core.interp.constant(op)) {
    core.set(op->getResult(0), *known);
    return success();
  }
  Type type = op->getResult(0).getType();
  DType dt = dtypeOf(type);
  // Integers are held exactly below 2^53 in magnitude: a constant beyond is
  // refused rather than rounded.
  auto tooWide = [](const APInt &v) { return v.getSignificantBits() > 54; };
  if (auto i = llvm::dyn_cast<IntegerAttr>(value); i && tooWide(i.getValue()))
    return op->emitError("the constant ")
           << value << " reaches 2^53 in magnitude: the interpreter holds "
           << "integers exactly only below that";
  if (auto dense = llvm::dyn_cast<DenseIntElementsAttr>(value))
    if (llvm::any_of(dense.getValues<APInt>(), tooWide))
      return op->emitError("a constant element reaches 2^53 in magnitude: "
                           "the interpreter holds integers exactly only "
                           "below that");
  RtValue result;
  if (auto dense = llvm::dyn_cast<DenseElementsAttr>(value)) {
    auto shaped = llvm::cast<ShapedType>(type);
    TensorPtr t = makeTensor(dt, std::vector<int64_t>(shaped.getShape().begin(),
                                                      shaped.getShape().end()),
                             /*zeroFill=*/false);
    t->literal = true;
    denseValues(dense, dt, t->data);
    result = t;
  } else if (llvm::isa<FloatAttr, IntegerAttr>(value)) {
    result = Scalar{roundTo(dt, attributeValue(value)), dt};
  } else {
    return op->emitError("the interpreter does not support the constant ")
           << value;
  }
  core.interp.rememberConstant(op, result);
  core.set(op->getResult(0), std::move(result));
  return success();
}

/// Reinterprets the bits of `v` (of type `from`) as type `to`.
double bitcast(double v, DType from, DType to) {
  uint8_t bytes[8] = {0};
  storeElement(from, v, bytes);
  return loadElement(to, bytes);
}

} // namespace

LogicalResult spyre::interp::execArithMath(CoreExec &core, Operation *op,
                                           bool &handled) {
  StringRef name = op->getName().getStringRef();

  // Constants ----------------------------------------------------------
  if (auto c = llvm::dyn_cast<arith::ConstantOp>(op))
    return execConstant(core, op, c.getValue());
  if (name == "spyreop.constant")
    return execConstant(core, op, op->getAttr("value"));

  // Comparisons and select -----------------------------------------------
  if (auto cmp = llvm::dyn_cast<arith::CmpFOp>(op)) {
    auto p = cmp.getPredicate();
    return binary(core, op, [p](double a, double b) {
      return cmpF(p, a, b) ? 1.0 : 0.0;
    });
  }
  if (auto cmp = llvm::dyn_cast<arith::CmpIOp>(op)) {
    auto p = cmp.getPredicate();
    unsigned width = bitWidth(cmp.getLhs().getType());
    return binary(core, op, [p, width](double a, double b) {
      return cmpI(p, a, b, width) ? 1.0 : 0.0;
    });
  }
  if (name == "arith.select" || name == "spyreop.select")
    return ternary(core, op, [](double c, double a, double b) {
      return c != 0 ? a : b;
    });
  if (auto cmp = llvm::dyn_cast<spyreop::CmpOp>(op)) {
    using P = spyreop::ComparePredicate;
    P pred = cmp.getPredicate();
    return binary(core, op, [pred](double a, double b) {
      if (std::isnan(a) || std::isnan(b))
        return pred == P::ne ? 1.0 : 0.0;
      bool r = pred == P::eq   ? a == b
               : pred == P::ne ? a != b
               : pred == P::lt ? a < b
               : pred == P::le ? a <= b
               : pred == P::gt ? a > b
                               : a >= b;
      return r ? 1.0 : 0.0;
    });
  }

  // Casts ------------------------------------------------------------------
  if (llvm::isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp,
                arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp,
                arith::FPToSIOp>(op))
    // roundTo() does the conversion: integers truncate towards zero.
    return unary(core, op, [isInt = !isFloat(dtypeOf(op->getResult(0).getType()))](double a) {
      return isInt && std::isnan(a) ? 0.0 : a;
    });
  if (llvm::isa<arith::ExtUIOp, arith::UIToFPOp, arith::IndexCastUIOp>(op)) {
    unsigned width = bitWidth(op->getOperand(0).getType());
    return unary(core, op, [width](double a) {
      return static_cast<double>(asUnsigned(a, width));
    });
  }
  if (llvm::isa<arith::FPToUIOp>(op))
    return unary(core, op, [](double a) { return std::trunc(a); });
  if (llvm::isa<arith::BitcastOp>(op)) {
    DType from = dtypeOf(op->getOperand(0).getType());
    DType to = dtypeOf(op->getResult(0).getType());
    return unary(core, op,
                 [from, to](double a) { return bitcast(a, from, to); });
  }

  // Float arithmetic -------------------------------------------------------
  if (std::optional<FloatBinary> kind = floatBinaryOf(name))
    return floatBinary(core, op, *kind);
  if (name == "arith.remf") return binary(core, op, [](double a, double b) { return std::fmod(a, b); });
  if (name == "arith.negf") return unary(core, op, [](double a) { return -a; });

  // Integer arithmetic -----------------------------------------------------
  // Results wrap to the bit width in integer arithmetic (modulo 2^64 first,
  // then to the width) before they become doubles, so i32 products and sums
  // are exact; i64/index values are exact up to 2^53.
  unsigned width = op->getNumOperands() ? bitWidth(op->getOperand(0).getType()) : 64;
  auto si = [](double v) { return static_cast<int64_t>(v); };
  // 64-bit results are held exactly below 2^53 in magnitude; one beyond
  // makes the op fail (see exact()) instead of rounding silently.
  bool inexact = false;
  auto wrapped = [width, &inexact](uint64_t v) {
    if (width < 64) {
      uint64_t mask = (uint64_t(1) << width) - 1;
      v &= mask;
      if (width > 1 && (v >> (width - 1)) & 1)
        v |= ~mask; // sign-extend
    }
    int64_t r = static_cast<int64_t>(v);
    inexact |= r >= kExactInteger || r <= -kExactInteger;
    return static_cast<double>(r);
  };
  auto exact = [&](LogicalResult r) -> LogicalResult {
    if (succeeded(r) && inexact)
      return op->emitError("a ")
             << width << "-bit result reaches 2^53 in magnitude: the "
             << "interpreter holds integers exactly only below that";
    return r;
  };
  auto u = [](double v) { return static_cast<uint64_t>(static_cast<int64_t>(v)); };
  if (name == "arith.addi" || name == "spyreop.addi32toi32" ||
      name == "spyreop.addi64toi64")
    return exact(binary(core, op, [&](double a, double b) { return wrapped(u(a) + u(b)); }));
  if (name == "arith.subi") return exact(binary(core, op, [&](double a, double b) { return wrapped(u(a) - u(b)); }));
  if (name == "arith.muli" || name == "spyreop.muli32toi32")
    return exact(binary(core, op, [&](double a, double b) { return wrapped(u(a) * u(b)); }));
  if (name == "spyreop.idx32toaddr")
    return exact(ternary(core, op, [&](double i, double base, double stride) {
      return wrapped(u(base) + u(stride) * u(i));
    }));
  // Division by zero is undefined behaviour in MLIR; report it instead.
  bool divides = name == "arith.divsi" || name == "arith.divui" ||
                 name == "arith.remsi" || name == "arith.remui" ||
                 name == "arith.ceildivsi" || name == "arith.ceildivui" ||
                 name == "arith.floordivsi";
  if (divides) {
    FailureOr<Operands> ops = gather(core, op);
    if (failed(ops))
      return failure();
    int64_t n = ops->tensor ? numElements(ops->shape) : 1;
    for (int64_t i = 0; i < n; ++i)
      if (ops->args[1].at(i) == 0)
        return op->emitError("integer division by zero");
    // The most negative value divided by -1 does not fit (MLIR: poison;
    // the host: SIGFPE): an error like division by zero.
    bool isSigned = name == "arith.divsi" || name == "arith.remsi" ||
                    name == "arith.ceildivsi" || name == "arith.floordivsi";
    double lowest = -std::ldexp(1.0, static_cast<int>(width) - 1);
    if (isSigned)
      for (int64_t i = 0; i < n; ++i)
        if (ops->args[1].at(i) == -1 && ops->args[0].at(i) <= lowest)
          return op->emitError("integer division overflow: the most negative ")
                 << width << "-bit value divided by -1 does not fit in "
                 << width << " bits";
    const Arg a = ops->args[0], b = ops->args[1];
    auto run = [&](auto fn) {
      return mapTo(core, op, *ops, [&](int64_t i) { return fn(a.at(i), b.at(i)); });
    };
    if (name == "arith.divsi") return run([&](double x, double y) { return static_cast<double>(si(x) / si(y)); });
    if (name == "arith.remsi") return run([&](double x, double y) { return static_cast<double>(si(x) % si(y)); });
    if (name == "arith.floordivsi") return run([&](double x, double y) { return floorDiv(si(x), si(y)); });
    if (name == "arith.ceildivsi") return run([&](double x, double y) { return ceilDiv(si(x), si(y)); });
    if (name == "arith.divui") return exact(run([&](double x, double y) { return wrapped(asUnsigned(x, width) / asUnsigned(y, width)); }));
    if (name == "arith.remui") return exact(run([&](double x, double y) { return wrapped(asUnsigned(x, width) % asUnsigned(y, width)); }));
    return exact(run([&](double x, double y) {
      uint64_t ux = asUnsigned(x, width), uy = asUnsigned(y, width);
      return wrapped(ux / uy + (ux % uy != 0));
    }));
  }
  if (name == "arith.maxsi") return binary(core, op, [&](double a, double b) { return std::max(a, b); });
  if (name == "arith.minsi") return binary(core, op, [&](double a, double b) { return std::min(a, b); });
  if (name == "arith.maxui") return binary(core, op, [&](double a, double b) { return asUnsigned(a, width) >= asUnsigned(b, width) ? a : b; });
  if (name == "arith.minui") return binary(core, op, [&](double a, double b) { return asUnsigned(a, width) <= asUnsigned(b, width) ? a : b; });
  if (name == "arith.andi") return binary(core, op, [&](double a, double b) { return static_cast<double>(si(a) & si(b)); });
  if (name == "arith.ori") return binary(core, op, [&](double a, double b) { return static_cast<double>(si(a) | si(b)); });
  if (name == "arith.xori") return binary(core, op, [&](double a, double b) { return static_cast<double>(si(a) ^ si(b)); });
  // A shift by the width or more (or a negative amount) is poison in
  // MLIR: 0 here, never a shift the host leaves undefined.
  if (name == "arith.shli") return exact(binary(core, op, [&](double a, double b) { return asUnsigned(b, width) >= width ? 0.0 : wrapped(asUnsigned(a, width) << si(b)); }));
  if (name == "arith.shrui") return exact(binary(core, op, [&](double a, double b) { return asUnsigned(b, width) >= width ? 0.0 : wrapped(asUnsigned(a, width) >> si(b)); }));
  if (name == "arith.shrsi") return binary(core, op, [&](double a, double b) { return static_cast<double>(si(a) >> std::min<uint64_t>(asUnsigned(b, width), 63)); });

  // math and spyreop intrinsics --------------------------------------------
  static HalfMemo expMemo, exp2Memo, expm1Memo, logMemo, tanhMemo, erfMemo,
      geluMemo, sigmoidMemo, siluMemo;
  auto memoised = [&](double (*fn)(double), HalfMemo &memo) {
    return costlyUnary(core, op, fn, memo);
  };
  if (name == "math.exp" || name == "spyreop.exp") return memoised([](double a) { return std::exp(a); }, expMemo);
  if (name == "math.exp2") return memoised([](double a) { return std::exp2(a); }, exp2Memo);
  if (name == "math.expm1") return memoised([](double a) { return std::expm1(a); }, expm1Memo);
  if (name == "math.log") return memoised([](double a) { return std::log(a); }, logMemo);
  if (name == "math.log2") return unary(core, op, [](double a) { return std::log2(a); });
  if (name == "math.log10") return unary(core, op, [](double a) { return std::log10(a); });
  if (name == "math.log1p") return unary(core, op, [](double a) { return std::log1p(a); });
  if (name == "math.sqrt" || name == "spyreop.sqrt") return unary(core, op, [](double a) { return std::sqrt(a); });
  if (name == "math.rsqrt" || name == "spyreop.rsqrt") return unary(core, op, [](double a) { return 1.0 / std::sqrt(a); });
  if (name == "spyreop.reciprocal") return unary(core, op, [](double a) { return 1.0 / a; });
  if (name == "math.tanh") return memoised([](double a) { return std::tanh(a); }, tanhMemo);
  if (name == "math.sin") return unary(core, op, [](double a) { return std::sin(a); });
  if (name == "math.cos") return unary(core, op, [](double a) { return std::cos(a); });
  if (name == "math.erf") return memoised([](double a) { return std::erf(a); }, erfMemo);
  if (name == "math.absf" || name == "math.absi") return unary(core, op, [](double a) { return std::fabs(a); });
  if (name == "math.ceil") return unary(core, op, [](double a) { return std::ceil(a); });
  if (name == "math.floor") return unary(core, op, [](double a) { return std::floor(a); });
  if (name == "math.round") return unary(core, op, [](double a) { return std::round(a); });
  if (name == "math.roundeven") return unary(core, op, [](double a) { return std::nearbyint(a); });
  if (name == "math.powf") return binary(core, op, [](double a, double b) { return std::pow(a, b); });
  if (name == "math.fma") return ternary(core, op, [](double a, double b, double c) { return a * b + c; });
  if (name == "spyreop.gelu") return memoised(gelu, geluMemo);
  if (name == "spyreop.sigmoid") return memoised(sigmoid, sigmoidMemo);
  if (name == "spyreop.silu") return memoised([](double a) { return a * sigmoid(a); }, siluMemo);
  if (name == "spyreop.softplus") {
    double beta = llvm::cast<FloatAttr>(op->getAttr("beta")).getValueAsDouble();
    double threshold = llvm::cast<FloatAttr>(op->getAttr("threshold")).getValueAsDouble();
    return unary(core, op, [beta, threshold](double a) {
      return beta * a > threshold ? a : std::log1p(std::exp(beta * a)) / beta;
    });
  }
  handled = false;
  return failure();
}
