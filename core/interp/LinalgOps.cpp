//===- LinalgOps.cpp - linalg ops and the tensor/linalg dispatch ----------===//
//
// Numerics follow ktir-cpu: named elementwise ops compute in double and
// round to the output's type; linalg.reduce is in LinalgReduce.cpp,
// matmul in MatmulOp.cpp, generic in GenericOp.cpp. Ops that move
// elements move their shadows (ShadowTensor.h).
//
//===----------------------------------------------------------------------===//

#include "interp/HalfArrays.h"
#include "interp/LinalgUtils.h"
#include "interp/ShadowTensor.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace spyre::interp;

FailureOr<std::vector<int64_t>>
spyre::interp::resultShape(CoreExec &core, Operation *op, Type type,
                           ValueRange dynamic) {
  auto shaped = llvm::cast<ShapedType>(type);
  FailureOr<std::vector<int64_t>> shape =
      core.mixedList(op, shaped.getShape(), dynamic);
  // Checked before the tensor is allocated (dynamic sizes are known only
  // now).
  if (failed(shape) ||
      failed(core.fitsScratchpad(op, dtypeOf(shaped), *shape)))
    return failure();
  return shape;
}

ValueRange spyre::interp::dpsInputs(Operation *op) {
  if (op->getNumResults() == 0)
    return llvm::cast<linalg::LinalgOp>(op).getDpsInputs();
  return op->getOperands().drop_back(op->getNumResults());
}

Value spyre::interp::dpsInit(Operation *op, unsigned i) {
  if (op->getNumResults() == 0)
    return llvm::cast<linalg::LinalgOp>(op).getDpsInits()[i];
  return op->getOperand(op->getNumOperands() - op->getNumResults() + i);
}

namespace {

/// A named elementwise linalg op: the scalar op it applies and its
/// shadow's rule.
struct NamedOp {
  double (*fn)(double, double) = nullptr;
  std::optional<FloatBinary> binary;
  ShadowFn unary = ShadowFn::Exp;
  bool pow = false;
};

const NamedOp *namedElementwise(StringRef name) {
  using F = ShadowFn;
  auto unary = [](F f, double (*fn)(double, double)) {
    NamedOp op;
    op.fn = fn;
    op.unary = f;
    return op;
  };
  auto binary = [](FloatBinary b, double (*fn)(double, double)) {
    NamedOp op;
    op.fn = fn;
    op.binary = b;
    return op;
  };
  static const llvm::StringMap<NamedOp> table = {
      {"linalg.add", binary(FloatBinary::Add, [](double a, double b) { return a + b; })},
      {"linalg.sub", binary(FloatBinary::Sub, [](double a, double b) { return a - b; })},
      {"linalg.mul", binary(FloatBinary::Mul, [](double a, double b) { return a * b; })},
      {"linalg.div", binary(FloatBinary::Div, [](double a, double b) { return a / b; })},
      {"linalg.max", binary(FloatBinary::MaxNum, [](double a, double b) { return std::fmax(a, b); })},
      {"linalg.min", binary(FloatBinary::MinNum, [](double a, double b) { return std::fmin(a, b); })},
      {"linalg.powf", NamedOp{[](double a, double b) { return std::pow(a, b); }, std::nullopt, F::Exp, true}},
      {"linalg.exp", unary(F::Exp, [](double a, double) { return std::exp(a); })},
      {"linalg.log", unary(F::Log, [](double a, double) { return std::log(a); })},
      {"linalg.abs", unary(F::Abs, [](double a, double) { return std::fabs(a); })},
      {"linalg.negf", unary(F::Neg, [](double a, double) { return -a; })},
      {"linalg.sqrt", unary(F::Sqrt, [](double a, double) { return std::sqrt(a); })},
      {"linalg.rsqrt", unary(F::Rsqrt, [](double a, double) { return 1.0 / std::sqrt(a); })},
      {"linalg.reciprocal", unary(F::Reciprocal, [](double a, double) { return 1.0 / a; })},
      {"linalg.tanh", unary(F::Tanh, [](double a, double) { return std::tanh(a); })},
      {"linalg.floor", unary(F::Floor, [](double a, double) { return std::floor(a); })},
      {"linalg.ceil", unary(F::Ceil, [](double a, double) { return std::ceil(a); })},
  };
  auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}

void namedShadow(CoreExec &core, Operation *op, const NamedOp &named,
                 ArrayRef<TensorPtr> ins, Tensor &t) {
  ShadowOp ctx = shadowOp(core, op, t.dtype);
  ShadowBuffer cells(t.data.size());
  int64_t n = t.numElements();
  ShadowIn a = shadowIn(*ins[0]);
  ShadowIn b = ins.size() > 1 ? shadowIn(*ins[1]) : a;
  if (named.binary)
    shadowBinary(*named.binary, ctx, a, b, cells.data(), n);
  else if (named.pow)
    for (int64_t i = 0; i < n; ++i)
      cells[i] = shadowPow(ctx, a.at(i), b.at(i), t.dtype);
  else
    shadowUnary(named.unary, ctx, a, cells.data(), n);
  attachShadow(t, std::move(cells));
}

LogicalResult execNamed(CoreExec &core, Operation *op, const NamedOp &named) {
  SmallVector<TensorPtr, 2> ins;
  for (Value v : dpsInputs(op)) {
    FailureOr<TensorPtr> t = core.tensor(op, v);
    if (failed(t))
      return failure();
    ins.push_back(*t);
  }
  FailureOr<TensorPtr> init = core.tensor(op, dpsInit(op, 0));
  if (failed(init))
    return failure();
  for (const TensorPtr &t : ins)
    if (t->shape != (*init)->shape)
      return op->emitError("operand shapes differ from the output shape");
  // The table computes on doubles, which hold i64 and index only below
  // 2^53: refused rather than rounded (arith ops on such tensors are exact).
  for (const TensorPtr &t : ins)
    if (isWideInt(t->dtype) || isWideInt((*init)->dtype))
      return op->emitError()
             << op->getName() << " on i64 or index tensors is not supported "
             << "by the interpreter; use the arith op in a linalg.generic";
  TensorPtr t = makeTensor((*init)->dtype, (*init)->shape, false);
  if (CostModel *costs = core.costs())
    costs->onCompute(core.id, op->getName().getStringRef(), t->numElements(),
                     ins.front()->numElements(), false);
  const double *a = ins[0]->data.data();
  const double *b = ins.size() > 1 ? ins[1]->data.data() : nullptr;
  double *out = t->data.data();
  int64_t n = t->numElements();
  for (int64_t i = 0; i < n; ++i)
    out[i] = named.fn(a[i], b ? b[i] : 0.0);
  if (t->dtype == DType::F16)
    roundHalves(out, n);
  else
    for (int64_t i = 0; i < n; ++i)
      out[i] = roundTo(t->dtype, out[i]);
  if (keepsShadow(core))
    namedShadow(core, op, named, ins, *t);
  core.set(op->getResult(0), t);
  return success();
}

LogicalResult execIndex(CoreExec &core, linalg::IndexOp index) {
  uint64_t dim = index.getDim();
  if (!core.genericIndex.empty()) {
    core.set(index.getResult(), indexScalar(core.genericIndex[dim]));
    return success();
  }
  if (core.genericSpace.empty() || dim >= core.genericSpace.size())
    return index.emitError("linalg.index outside a linalg.generic body");
  TensorPtr t = makeTensor(DType::Index, core.genericSpace, false);
  forEachIndex(core.genericSpace,
               [&](int64_t linear, const std::vector<int64_t> &idx) {
                 t->data[linear] = intBits(idx[dim]);
               });
  core.set(index.getResult(), t);
  return success();
}

LogicalResult execFill(CoreExec &core, linalg::FillOp fill) {
  FailureOr<Scalar> v = core.scalar(fill, fill.getInputs()[0]);
  FailureOr<TensorPtr> out = core.tensor(fill, fill.getOutputs()[0]);
  if (failed(v) || failed(out))
    return failure();
  TensorPtr t = makeTensor((*out)->dtype, (*out)->shape, false);
  std::fill(t->data.begin(), t->data.end(), convertSlot(v->dtype, t->dtype, v->value));
  if (keepsShadow(core) && (v->shadow.terms > 0 || v->dtype != t->dtype)) {
    ShadowCell cell =
        v->dtype == t->dtype
            ? v->shadow
            : shadowConvert(shadowOp(core, fill, t->dtype),
                            v->shadow.terms > 0 ? v->shadow : exactCell(v->number()),
                            v->dtype);
    attachShadow(*t, ShadowBuffer(t->data.size(), cell));
  }
  core.set(fill->getResult(0), t);
  return success();
}

LogicalResult execBroadcast(CoreExec &core, linalg::BroadcastOp bcast) {
  FailureOr<TensorPtr> in = core.tensor(bcast, bcast.getInput());
  FailureOr<TensorPtr> init = core.tensor(bcast, bcast.getInit());
  if (failed(in) || failed(init))
    return failure();
  ArrayRef<int64_t> added = bcast.getDimensions();
  TensorPtr t = makeTensor((*init)->dtype, (*init)->shape, false);
  // The input's stride along each output dimension (0 along added ones).
  std::vector<int64_t> inStrides = stridesOf((*in)->shape), step;
  for (size_t d = 0, k = 0; d < t->shape.size(); ++d)
    step.push_back(llvm::is_contained(added, static_cast<int64_t>(d))
                       ? 0
                       : inStrides[k++]);
  const double *src = (*in)->data.data();
  double *dst = t->data.data();
  const bool shadow = keepsShadow(core);
  std::vector<int64_t> from(shadow ? t->data.size() : 0, 0);
  if (!t->shape.empty()) {
    // Row by row: the input offset of a row's start, then its elements
    // one input step apart (a repeated value along an added dimension).
    int64_t cols = t->shape.back(), colStep = step.back();
    std::vector<int64_t> outer(t->shape.begin(), t->shape.end() - 1);
    forEachIndex(outer, [&](int64_t row, const std::vector<int64_t> &idx) {
      int64_t at = 0;
      for (size_t d = 0; d < idx.size(); ++d)
        at += idx[d] * step[d];
      double *out = dst + row * cols;
      if (colStep == 0)
        std::fill(out, out + cols, src[at]);
      else
        for (int64_t j = 0; j < cols; ++j)
          out[j] = src[at + j * colStep];
      for (size_t j = 0; j < (shadow ? size_t(cols) : 0); ++j)
        from[row * cols + j] = at + int64_t(j) * colStep;
    });
  } else if (!t->data.empty()) {
    dst[0] = src[0];
  }
  roundElements(t->dtype, t->data.data(), t->numElements());
  if (shadow && (*in)->dtype == t->dtype) {
    gatherShadow(*t, **in, [&](int64_t i) { return from[i]; });
  } else if (shadow) {
    ShadowOp ctx = shadowOp(core, bcast, t->dtype);
    ShadowIn x = shadowIn(**in);
    ShadowBuffer cells(t->data.size());
    for (size_t i = 0; i < cells.size(); ++i)
      cells[i] = shadowConvert(ctx, x.at(from[i]), (*in)->dtype);
    attachShadow(*t, std::move(cells));
  }
  core.set(bcast->getResult(0), t);
  return success();
}

LogicalResult execTranspose(CoreExec &core, linalg::TransposeOp transpose) {
  FailureOr<TensorPtr> in = core.tensor(transpose, transpose.getInput());
  FailureOr<TensorPtr> init = core.tensor(transpose, transpose.getInit());
  if (failed(in) || failed(init))
    return failure();
  ArrayRef<int64_t> perm = transpose.getPermutation();
  TensorPtr t = makeTensor((*init)->dtype, (*init)->shape, false);
  std::vector<int64_t> inStrides = stridesOf((*in)->shape), from(t->data.size());
  forEachIndex(t->shape, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = 0;
    for (size_t d = 0; d < idx.size(); ++d)
      at += idx[d] * inStrides[perm[d]];
    t->data[linear] = (*in)->data[at];
    from[linear] = at;
  });
  if (keepsShadow(core))
    gatherShadow(*t, **in, [&](int64_t i) { return from[i]; });
  core.set(transpose->getResult(0), t);
  return success();
}

LogicalResult execCopy(CoreExec &core, linalg::CopyOp copy) {
  FailureOr<TensorPtr> in = core.tensor(copy, copy.getInputs()[0]);
  FailureOr<TensorPtr> init = core.tensor(copy, copy.getOutputs()[0]);
  if (failed(in) || failed(init))
    return failure();
  TensorPtr t = reshaped(**in, (*init)->shape);
  t->dtype = (*init)->dtype;
  for (double &d : t->data)
    d = convertSlot((*in)->dtype, t->dtype, d);
  if (keepsShadow(core) && (*in)->dtype != t->dtype) {
    ShadowOp ctx = shadowOp(core, copy, t->dtype);
    ShadowIn src = shadowIn(**in);
    ShadowBuffer cells(t->data.size());
    for (size_t i = 0; i < cells.size(); ++i)
      cells[i] = shadowConvert(ctx, src.at(int64_t(i)), (*in)->dtype);
    attachShadow(*t, std::move(cells));
  }
  core.set(copy->getResult(0), t);
  return success();
}

} // namespace

LogicalResult spyre::interp::execLinalg(CoreExec &core, Operation *op,
                                        bool &handled) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<linalg::ReduceOp>([&](auto o) { return execLinalgReduce(core, o); })
      .Case<linalg::MatmulOp>([&](auto) { return execMatmul(core, op, false); })
      .Case<linalg::BatchMatmulOp>(
          [&](auto) { return execMatmul(core, op, true); })
      .Case<linalg::GenericOp>([&](auto) { return execGeneric(core, op); })
      .Case<linalg::IndexOp>([&](auto o) { return execIndex(core, o); })
      .Case<linalg::FillOp>([&](auto o) { return execFill(core, o); })
      .Case<linalg::BroadcastOp>([&](auto o) { return execBroadcast(core, o); })
      .Case<linalg::TransposeOp>([&](auto o) { return execTranspose(core, o); })
      .Case<linalg::CopyOp>([&](auto o) { return execCopy(core, o); })
      .Default([&](Operation *) {
        if (const NamedOp *named = namedElementwise(op->getName().getStringRef()))
          return execNamed(core, op, *named);
        handled = false;
        return failure();
      });
}
