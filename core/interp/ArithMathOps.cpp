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
  int64_t dataLanes = -1; ///< the least of the tensor operands' (Tensor)
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
      if ((*t)->dataLanes >= 0)
        ops.dataLanes = ops.dataLanes < 0
                            ? (*t)->dataLanes
                            : std::min(ops.dataLanes, (*t)->dataLanes);
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
  t->dataLanes = ops.dataLanes;
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

/// The low `width` bits of `v`, as an unsigned number.
uint64_t asUnsigned(int64_t v, unsigned width) {
  uint64_t u = static_cast<uint64_t>(v);
  return width >= 64 ? u : u & ((uint64_t(1) << width) - 1);
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// Rounds towards positive infinity without negating `a` (which overflows
/// for the most negative value).
int64_t ceilDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

/// An integer op: fn on the operands' integer values (read exactly from
/// their slots, i64 and index too), computed in int64 / uint64 and wrapped
/// to the result's width.
template <typename Fn>
LogicalResult intMap(CoreExec &core, Operation *op, const Operands &ops,
                     Fn fn, int64_t limit = INT64_MAX) {
  const Arg *args = ops.args.data();
  size_t n = ops.args.size();
  return mapChunks(core, op, ops, [&](double *dst, int64_t first,
                                      int64_t count, DType type) {
    int64_t x[3] = {0, 0, 0};
    for (int64_t i = 0; i < count; ++i) {
      if (first + i >= limit) { // padding lanes: not computed
        dst[i] = intToSlot(type, 0);
        continue;
      }
      for (size_t k = 0; k < n && k < 3; ++k)
        x[k] = slotToInt(args[k].dtype, args[k].at(first + i));
      dst[i] = intToSlot(type, fn(x[0], x[1], x[2]));
    }
  });
}

template <typename Fn>
LogicalResult intOp(CoreExec &core, Operation *op, Fn fn) {
  FailureOr<Operands> ops = gather(core, op);
  if (failed(ops))
    return failure();
  return intMap(core, op, *ops, fn);
}

/// A cast: fn(operand slot, result type) gives each result slot.
template <typename Fn>
LogicalResult cast(CoreExec &core, Operation *op, Fn fn) {
  FailureOr<Operands> ops = gather(core, op);
  if (failed(ops))
    return failure();
  const Arg a = ops->args[0];
  return mapChunks(core, op, *ops, [&](double *dst, int64_t first,
                                       int64_t count, DType to) {
    for (int64_t i = 0; i < count; ++i)
      dst[i] = fn(a.at(first + i), to);
  });
}

/// uint64 arithmetic wraps modulo 2^64, as MLIR's does before the result
/// is cut to its width.
inline uint64_t u64(int64_t v) { return static_cast<uint64_t>(v); }
inline int64_t s64(uint64_t v) { return static_cast<int64_t>(v); }

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
  uint64_t ua = asUnsigned(sa, width), ub = asUnsigned(sb, width);
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

/// An integer constant's value (i1 unsigned, other integers signed; wider
/// than 64 bits: its low 64 bits).
int64_t integerValue(const APInt &v, bool i1) {
  return i1 ? static_cast<int64_t>(v.getZExtValue() & 1)
            : v.sextOrTrunc(64).getSExtValue();
}

/// The slot of an integer or float attribute in `dt`.
double attributeSlot(Attribute a, DType dt) {
  if (auto f = llvm::dyn_cast<FloatAttr>(a))
    return numberToSlot(dt, f.getValue().convertToDouble());
  if (auto i = llvm::dyn_cast<IntegerAttr>(a))
    return intToSlot(dt, integerValue(i.getValue(), i.getType().isInteger(1)));
  return 0;
}

/// The elements of a dense constant, as slots of `dt`, into `out`.
void denseValues(DenseElementsAttr dense, DType dt, Buffer &out) {
  Type element = dense.getElementType();
  if (dense.isSplat()) {
    std::fill(out.begin(), out.end(),
              attributeSlot(dense.getSplatValue<Attribute>(), dt));
  } else if (llvm::isa<FloatType>(element)) {
    size_t i = 0;
    for (const APFloat &f : dense.getValues<APFloat>())
      out[i++] = numberToSlot(dt, f.convertToDouble());
  } else if (element.isIntOrIndex()) {
    bool i1 = element.isInteger(1);
    size_t i = 0;
    for (const APInt &v : dense.getValues<APInt>())
      out[i++] = intToSlot(dt, integerValue(v, i1));
  } else {
    size_t i = 0;
    for (Attribute a : dense.getValues<Attribute>())
      out[i++] = attributeSlot(a, dt);
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
    result = Scalar{attributeSlot(value, dt), dt};
  } else {
    return op->emitError("the interpreter does not support the constant ")
           << value;
  }
  core.interp.rememberConstant(op, result);
  core.set(op->getResult(0), std::move(result));
  return success();
}

/// Reinterprets the bits of slot `v` (of type `from`) as type `to`.
double bitcast(double v, DType from, DType to) {
  uint8_t bytes[8] = {0};
  storeSlot(from, v, bytes);
  return loadSlot(to, bytes);
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
    return intOp(core, op, [p, width](int64_t a, int64_t b, int64_t) {
      return int64_t(cmpI(p, a, b, width));
    });
  }
  if (name == "arith.select" || name == "spyreop.select")
    return ternary(core, op, [](double c, double a, double b) {
      return c != 0 ? a : b;
    });
  if (auto cmp = llvm::dyn_cast<spyreop::CmpOp>(op)) {
    using P = spyreop::ComparePredicate;
    P pred = cmp.getPredicate();
    if (!isFloat(dtypeOf(op->getOperand(0).getType())))
      return intOp(core, op, [pred](int64_t a, int64_t b, int64_t) {
        return int64_t(pred == P::eq   ? a == b
                       : pred == P::ne ? a != b
                       : pred == P::lt ? a < b
                       : pred == P::le ? a <= b
                       : pred == P::gt ? a > b
                                       : a >= b);
      });
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
  // convertSlot does the conversion: integer to integer exactly (wrapped to
  // the result's width), floats to integers truncating towards zero (NaN is
  // 0, beyond the range saturated: MLIR leaves both poison).
  DType from = op->getNumOperands() ? dtypeOf(op->getOperand(0).getType())
                                    : DType::F64;
  if (llvm::isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp,
                arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp,
                arith::FPToSIOp>(op))
    return cast(core, op, [from](double a, DType to) {
      if (!isFloat(from) && to == DType::F32) // one rounding, not two
        return static_cast<double>(static_cast<float>(slotToInt(from, a)));
      return convertSlot(from, to, a);
    });
  if (llvm::isa<arith::ExtUIOp, arith::UIToFPOp, arith::IndexCastUIOp>(op)) {
    unsigned width = bitWidth(op->getOperand(0).getType());
    return cast(core, op, [from, width](double a, DType to) {
      uint64_t u = asUnsigned(slotToInt(from, a), width);
      return isFloat(to) ? numberToSlot(to, static_cast<double>(u))
                         : intToSlot(to, s64(u));
    });
  }
  if (llvm::isa<arith::FPToUIOp>(op))
    return cast(core, op, [](double a, DType to) {
      double v = std::trunc(a);
      // Unsigned: values from 2^63 on keep their low 64 bits.
      return v >= 0x1p63 && v < 0x1p64
                 ? intToSlot(to, s64(static_cast<uint64_t>(v)))
                 : numberToSlot(to, v);
    });
  if (llvm::isa<arith::BitcastOp>(op)) {
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
  // Computed on the operands' exact integer values (i64 and index slots hold
  // their bits), wrapping modulo 2^64 and then to the result's width.
  unsigned width = op->getNumOperands() ? bitWidth(op->getOperand(0).getType()) : 64;
  using I = int64_t;
  if (name == "arith.addi" || name == "spyreop.addi32toi32" ||
      name == "spyreop.addi64toi64")
    return intOp(core, op, [](I a, I b, I) { return s64(u64(a) + u64(b)); });
  if (name == "arith.subi")
    return intOp(core, op, [](I a, I b, I) { return s64(u64(a) - u64(b)); });
  if (name == "arith.muli" || name == "spyreop.muli32toi32")
    return intOp(core, op, [](I a, I b, I) { return s64(u64(a) * u64(b)); });
  if (name == "spyreop.idx32toaddr")
    return intOp(core, op, [](I i, I base, I stride) {
      return s64(u64(base) + u64(stride) * u64(i));
    });
  // Division by zero is undefined behaviour in MLIR; report it instead.
  bool divides = name == "arith.divsi" || name == "arith.divui" ||
                 name == "arith.remsi" || name == "arith.remui" ||
                 name == "arith.ceildivsi" || name == "arith.ceildivui" ||
                 name == "arith.floordivsi";
  if (divides) {
    FailureOr<Operands> ops = gather(core, op);
    if (failed(ops))
      return failure();
    const Arg a = ops->args[0], b = ops->args[1];
    int64_t n = ops->tensor ? numElements(ops->shape) : 1;
    bool isSigned = name == "arith.divsi" || name == "arith.remsi" ||
                    name == "arith.ceildivsi" || name == "arith.floordivsi";
    // The most negative value divided by -1 does not fit (MLIR: poison;
    // the host: SIGFPE): an error like division by zero.
    int64_t lowest = width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
    // A vector's padding lanes are not divided (they must not fault).
    if (ops->dataLanes >= 0)
      n = std::min(n, ops->dataLanes);
    for (int64_t i = 0; i < n; ++i) {
      int64_t x = slotToInt(a.dtype, a.at(i)), y = slotToInt(b.dtype, b.at(i));
      if (asUnsigned(y, width) == 0)
        return op->emitError("integer division by zero");
      if (isSigned && width > 1 && y == -1 && x == lowest)
        return op->emitError("integer division overflow: the most negative ")
               << width << "-bit value divided by -1 does not fit in "
               << width << " bits";
    }
    auto run = [&](auto fn) { return intMap(core, op, *ops, fn, n); };
    auto uns = [width](I v) { return asUnsigned(v, width); };
    if (name == "arith.divsi") return run([](I x, I y, I) { return x / y; });
    if (name == "arith.remsi") return run([](I x, I y, I) { return x % y; });
    if (name == "arith.floordivsi") return run([](I x, I y, I) { return floorDiv(x, y); });
    if (name == "arith.ceildivsi") return run([](I x, I y, I) { return ceilDiv(x, y); });
    if (name == "arith.divui") return run([&](I x, I y, I) { return s64(uns(x) / uns(y)); });
    if (name == "arith.remui") return run([&](I x, I y, I) { return s64(uns(x) % uns(y)); });
    return run([&](I x, I y, I) {
      uint64_t ux = uns(x), uy = uns(y);
      return s64(ux / uy + (ux % uy != 0));
    });
  }
  auto uns = [width](I v) { return asUnsigned(v, width); };
  if (name == "arith.maxsi") return intOp(core, op, [](I a, I b, I) { return std::max(a, b); });
  if (name == "arith.minsi") return intOp(core, op, [](I a, I b, I) { return std::min(a, b); });
  if (name == "arith.maxui") return intOp(core, op, [&](I a, I b, I) { return uns(a) >= uns(b) ? a : b; });
  if (name == "arith.minui") return intOp(core, op, [&](I a, I b, I) { return uns(a) <= uns(b) ? a : b; });
  if (name == "arith.andi") return intOp(core, op, [](I a, I b, I) { return a & b; });
  if (name == "arith.ori") return intOp(core, op, [](I a, I b, I) { return a | b; });
  if (name == "arith.xori") return intOp(core, op, [](I a, I b, I) { return a ^ b; });
  if (name == "math.absi") return intOp(core, op, [](I a, I, I) { return a < 0 ? s64(0 - u64(a)) : a; });
  // A shift by the width or more (or a negative amount) is poison in
  // MLIR: 0 here, never a shift the host leaves undefined.
  if (name == "arith.shli") return intOp(core, op, [&](I a, I b, I) { return uns(b) >= width ? I(0) : s64(uns(a) << uns(b)); });
  if (name == "arith.shrui") return intOp(core, op, [&](I a, I b, I) { return uns(b) >= width ? I(0) : s64(uns(a) >> uns(b)); });
  if (name == "arith.shrsi") return intOp(core, op, [&](I a, I b, I) { return a >> std::min<uint64_t>(uns(b), 63); });

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
  if (name == "math.absf") return unary(core, op, [](double a) { return std::fabs(a); });
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
