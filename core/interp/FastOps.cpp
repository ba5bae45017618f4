//===- FastOps.cpp - the commonest ops by their values' numbers -----------===//
//
// The direct paths of BlockPlan.h. Each computes what the op's handler
// computes, with the same routines (applyFloatBinary, the f16 memos,
// intToSlot), on the same values, and binds the result by number; it
// declines on anything else (a splat, operands of two shapes, a division
// by zero, whose diagnostic is the handler's).
//
//===----------------------------------------------------------------------===//

#include "interp/BlockPlan.h"
#include "interp/CoreExec.h"
#include "interp/Elementwise.h"
#include "interp/ElementwiseOps.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace spyre::interp;

namespace {

enum class IntOp : uint8_t {
  Add,
  Sub,
  Mul,
  DivU,
  RemU,
  DivS,
  RemS,
  MaxS,
  MinS,
  And,
  Or,
  Xor
};

/// The integer op named `name`, if it has a direct path.
std::optional<IntOp> intOpOf(StringRef name) {
  return llvm::StringSwitch<std::optional<IntOp>>(name)
      .Case("arith.addi", IntOp::Add)
      .Case("arith.subi", IntOp::Sub)
      .Case("arith.muli", IntOp::Mul)
      .Case("arith.divui", IntOp::DivU)
      .Case("arith.remui", IntOp::RemU)
      .Case("arith.divsi", IntOp::DivS)
      .Case("arith.remsi", IntOp::RemS)
      .Case("arith.maxsi", IntOp::MaxS)
      .Case("arith.minsi", IntOp::MinS)
      .Case("arith.andi", IntOp::And)
      .Case("arith.ori", IntOp::Or)
      .Case("arith.xori", IntOp::Xor)
      .Default(std::nullopt);
}

/// `a` op `b` on index / i64 values, as IntegerOps.cpp computes it
/// (wrapping modulo 2^64); nullopt where the handler must say why not.
std::optional<int64_t> intBinary(IntOp op, int64_t a, int64_t b) {
  uint64_t ua = uint64_t(a), ub = uint64_t(b);
  switch (op) {
  case IntOp::Add:
    return int64_t(ua + ub);
  case IntOp::Sub:
    return int64_t(ua - ub);
  case IntOp::Mul:
    return int64_t(ua * ub);
  case IntOp::DivU:
    return ub ? std::optional<int64_t>(int64_t(ua / ub)) : std::nullopt;
  case IntOp::RemU:
    return ub ? std::optional<int64_t>(int64_t(ua % ub)) : std::nullopt;
  case IntOp::DivS:
  case IntOp::RemS:
    if (b == 0 || (b == -1 && a == INT64_MIN))
      return std::nullopt;
    return op == IntOp::DivS ? a / b : a % b;
  case IntOp::MaxS:
    return std::max(a, b);
  case IntOp::MinS:
    return std::min(a, b);
  case IntOp::And:
    return a & b;
  case IntOp::Or:
    return a | b;
  case IntOp::Xor:
    return a ^ b;
  }
  return std::nullopt;
}

bool isWide(DType t) { return t == DType::Index || t == DType::I64; }

/// A dense tensor operand (not a splat), or null.
const Tensor *denseTensor(const RtValue &v) {
  auto *t = std::get_if<TensorPtr>(&v);
  return t && *t && !(*t)->splat ? t->get() : nullptr;
}

/// The least data-lane count of the operands that have one (Tensor).
int64_t dataLanesOf(const Tensor &a, const Tensor *b = nullptr) {
  int64_t lanes = a.dataLanes;
  if (b && b->dataLanes >= 0)
    lanes = lanes < 0 ? b->dataLanes : std::min(lanes, b->dataLanes);
  return lanes;
}

/// Elementwise handlers work in chunks of this many elements.
constexpr int64_t kChunk = 2048;

bool floatBinary(CoreExec &core, OpPlan &plan) {
  const RtValue &x = core.getId(plan.operands[0]);
  const RtValue &y = core.getId(plan.operands[1]);
  auto *sx = std::get_if<Scalar>(&x), *sy = std::get_if<Scalar>(&y);
  if (sx && sy) {
    core.setId(plan.resultId, Scalar{floatBinaryScalar(plan, sx->value, sy->value),
                                     plan.result});
    return true;
  }
  const Tensor *a = denseTensor(x), *b = denseTensor(y);
  TensorPtr t = a && b ? floatBinaryTensor(plan, *a, *b) : nullptr;
  if (!t)
    return false;
  core.setId(plan.resultId, std::move(t));
  return true;
}

bool intBinary(CoreExec &core, OpPlan &plan) {
  auto *a = std::get_if<Scalar>(&core.getId(plan.operands[0]));
  auto *b = std::get_if<Scalar>(&core.getId(plan.operands[1]));
  if (!a || !b)
    return false;
  std::optional<Scalar> r = intBinaryScalar(plan, *a, *b);
  if (!r)
    return false;
  core.setId(plan.resultId, *r);
  return true;
}

bool halfFunction(CoreExec &core, OpPlan &plan) {
  const Tensor *a = denseTensor(core.getId(plan.operands[0]));
  TensorPtr t = a ? halfFunctionTensor(plan, *a) : nullptr;
  if (!t)
    return false;
  core.setId(plan.resultId, std::move(t));
  return true;
}

bool floatCast(CoreExec &core, OpPlan &plan) {
  const RtValue &x = core.getId(plan.operands[0]);
  if (auto *s = std::get_if<Scalar>(&x)) {
    core.setId(plan.resultId, Scalar{floatCastScalar(plan, s->value), plan.result});
    return true;
  }
  const Tensor *a = denseTensor(x);
  if (!a)
    return false;
  core.setId(plan.resultId, floatCastTensor(plan, *a));
  return true;
}

/// The element of `t` at the indices operands[first..] (in bounds), as
/// linearIndex computes it (TensorOps.cpp).
std::optional<int64_t> elementIndex(CoreExec &core, const OpPlan &plan, size_t first,
                                    const Tensor &t) {
  if (plan.operands.size() - first != t.shape.size())
    return std::nullopt;
  int64_t linear = 0;
  for (size_t d = 0; d < t.shape.size(); ++d) {
    auto *s = std::get_if<Scalar>(&core.getId(plan.operands[first + d]));
    if (!s)
      return std::nullopt;
    int64_t x = s->integer();
    if (x < 0 || x >= t.shape[d])
      return std::nullopt; // the handler says which dimension
    linear = linear * t.shape[d] + x;
  }
  return linear;
}

/// tensor.extract: the element with the tensor's type (execExtract).
bool tensorExtract(CoreExec &core, OpPlan &plan) {
  const Tensor *t = denseTensor(core.getId(plan.operands[0]));
  if (!t)
    return false;
  std::optional<int64_t> at = elementIndex(core, plan, 1, *t);
  if (!at)
    return false;
  core.setId(plan.resultId, Scalar{t->data[size_t(*at)], t->dtype});
  return true;
}

/// tensor.insert: a copy with the element converted in (execInsert).
bool tensorInsert(CoreExec &core, OpPlan &plan) {
  auto *v = std::get_if<Scalar>(&core.getId(plan.operands[0]));
  const Tensor *dest = denseTensor(core.getId(plan.operands[1]));
  if (!v || !dest)
    return false;
  std::optional<int64_t> at = elementIndex(core, plan, 2, *dest);
  if (!at)
    return false;
  TensorPtr t = reshaped(*dest, dest->shape);
  t->data[size_t(*at)] = convertSlot(v->dtype, t->dtype, v->value);
  core.setId(plan.resultId, std::move(t));
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// The paths' computations on values (also the stage executor's compiled
// process bodies', core/stagex/BodyRun.cpp)
//===----------------------------------------------------------------------===//

std::optional<Scalar> spyre::interp::intBinaryScalar(const OpPlan &plan, const Scalar &a,
                                                     const Scalar &b) {
  if (!isWide(a.dtype) || !isWide(b.dtype))
    return std::nullopt;
  std::optional<int64_t> r = intBinary(IntOp(plan.variant), a.integer(), b.integer());
  if (!r)
    return std::nullopt;
  return Scalar{intToSlot(plan.result, *r), plan.result};
}

double spyre::interp::floatBinaryScalar(const OpPlan &plan, double a, double b) {
  double out = 0;
  applyFloatBinary(FloatBinary(plan.variant), plan.result, &a, 0, &b, 0, &out, 1);
  return out;
}

TensorPtr spyre::interp::floatBinaryTensor(const OpPlan &plan, const Tensor &a,
                                           const Tensor &b, const TensorPtr *reuse) {
  if (a.splat || b.splat || a.shape != b.shape)
    return nullptr;
  auto kind = FloatBinary(plan.variant);
  TensorPtr t = resultTensor(plan.result, a.shape, reuse);
  t->dataLanes = dataLanesOf(a, &b);
  int64_t n = t->numElements();
  for (int64_t first = 0; first < n; first += kChunk)
    applyFloatBinary(kind, plan.result, a.data.data() + first, 1, b.data.data() + first,
                     1, t->data.data() + first, std::min(kChunk, n - first));
  return t;
}

TensorPtr spyre::interp::halfFunctionTensor(const OpPlan &plan, const Tensor &a,
                                            const TensorPtr *reuse) {
  if (a.splat || a.dtype != DType::F16)
    return nullptr;
  TensorPtr t = resultTensor(DType::F16, a.shape, reuse);
  t->dataLanes = a.dataLanes;
  int64_t n = t->numElements();
  for (int64_t first = 0; first < n; first += kChunk)
    if (!applyHalfMemo(plan.function, a.data.data() + first, t->data.data() + first,
                       std::min(kChunk, n - first)))
      return nullptr;
  return t;
}

/// arith.extf / truncf: each value rounded to the result's type (what
/// execCast computes for a float-to-float cast, without a call per element).
double spyre::interp::floatCastScalar(const OpPlan &plan, double v) {
  return plan.source == plan.result ? v : roundTo(plan.result, v);
}

TensorPtr spyre::interp::floatCastTensor(const OpPlan &plan, const Tensor &a,
                                         const TensorPtr *reuse) {
  TensorPtr t = resultTensor(plan.result, a.shape, reuse);
  t->dataLanes = a.dataLanes;
  const double *in = a.data.data();
  double *out = t->data.data();
  size_t n = a.data.size();
  // floatCastScalar element by element, its choice made once per tensor
  // (so that the loops vectorise).
  if (plan.source == plan.result || plan.result == DType::F64)
    std::copy(in, in + n, out);
  else if (plan.result == DType::F32)
    for (size_t i = 0; i < n; ++i)
      out[i] = static_cast<float>(in[i]);
  else if (plan.result == DType::F16)
    for (size_t i = 0; i < n; ++i)
      out[i] = roundToHalf(static_cast<float>(in[i]));
  else
    for (size_t i = 0; i < n; ++i)
      out[i] = roundTo(plan.result, in[i]);
  return t;
}

void spyre::interp::planFast(Operation *op, OpPlan &plan) {
  plan.fast = FastKind::None;
  if (op->getNumResults() != 1 || plan.resultId == ~0u ||
      llvm::is_contained(plan.operands, ~0u))
    return;
  Type type = op->getResult(0).getType();
  plan.result = dtypeOf(type);
  bool shaped = isa<ShapedType>(type);
  StringRef name = op->getName().getStringRef();
  if (name == "arith.constant") {
    if (!shaped && dtypeSupported(type))
      plan.fast = FastKind::Constant;
    return;
  }
  if (op->getNumOperands() == 2) {
    if (std::optional<IntOp> i = intOpOf(name)) {
      if (!shaped && isWide(plan.result)) {
        plan.fast = FastKind::IntBinary;
        plan.variant = uint8_t(*i);
      }
      return;
    }
    if (std::optional<FloatBinary> f = floatBinaryOf(name)) {
      if (isFloat(plan.result) && dtypeOf(op->getOperand(0).getType()) == plan.result &&
          dtypeOf(op->getOperand(1).getType()) == plan.result) {
        plan.fast = FastKind::FloatBinary;
        plan.variant = uint8_t(*f);
      }
      return;
    }
  }
  if (name == "tensor.extract") {
    if (!shaped)
      plan.fast = FastKind::TensorExtract;
    return;
  }
  if (name == "tensor.insert") {
    if (op->getNumOperands() >= 2)
      plan.fast = FastKind::TensorInsert;
    return;
  }
  if (op->getNumOperands() == 1 && (name == "arith.extf" || name == "arith.truncf")) {
    plan.source = dtypeOf(op->getOperand(0).getType());
    if (isFloat(plan.source) && isFloat(plan.result))
      plan.fast = FastKind::FloatCast;
    return;
  }
  // The memoised f16 functions (MathFunctions.cpp) that have a direct path;
  // which function each computes is the handler's own mapping (functionOf).
  if (op->getNumOperands() == 1 &&
      isa<math::ExpOp, math::Exp2Op, math::LogOp, math::SqrtOp, math::RsqrtOp,
          math::TanhOp>(op) &&
      shaped && plan.result == DType::F16) {
    plan.fast = FastKind::HalfFunction;
    plan.function = functionOf(op);
  }
}

bool spyre::interp::runFast(CoreExec &core, OpPlan &plan) {
  switch (plan.fast) {
  case FastKind::None:
    return false;
  case FastKind::Constant:
    if (!plan.constant)
      return false;
    core.setId(plan.resultId, *plan.constant);
    return true;
  case FastKind::IntBinary:
    return intBinary(core, plan);
  case FastKind::FloatBinary:
    return floatBinary(core, plan);
  case FastKind::HalfFunction:
    return halfFunction(core, plan);
  case FastKind::FloatCast:
    return floatCast(core, plan);
  case FastKind::TensorExtract:
    return tensorExtract(core, plan);
  case FastKind::TensorInsert:
    return tensorInsert(core, plan);
  case FastKind::Extension:
    return core.interp.options().extension->runPlanned(core, plan);
  }
  return false;
}
