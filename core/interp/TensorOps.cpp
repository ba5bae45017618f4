//===- TensorOps.cpp - the tensor dialect ---------------------------------===//
//
// Ops that make, reshape, slice and assemble tensors: they move elements
// (converting them where the element type changes), and their shadows
// move with them (ShadowTensor.h). One function per op, dispatched by
// class.
//
//===----------------------------------------------------------------------===//

#include "interp/LinalgUtils.h"
#include "interp/ShadowTensor.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace spyre::interp;

namespace {

/// A scalar's shadow converted to `to` (as convertSlot converts its value).
ShadowCell convertedShadow(CoreExec &core, Operation *op, const Scalar &s,
                           DType to) {
  if (s.dtype == to || (s.shadow.terms == 0 && !isFloat(to)))
    return s.shadow;
  ShadowCell c = s.shadow.terms > 0 ? s.shadow : exactCell(s.number());
  return shadowConvert(shadowOp(core, op, to), c, s.dtype);
}

/// Every element of `t` has shadow `cell` (nothing when it is exact).
void fillShadow(Tensor &t, const ShadowCell &cell) {
  if (cell.terms == 0)
    return;
  t.shadow = std::make_shared<const ShadowBuffer>(
      static_cast<size_t>(t.numElements()), cell);
}

LogicalResult execEmpty(CoreExec &core, tensor::EmptyOp op) {
  auto shape = resultShape(core, op, op.getType(), op.getDynamicSizes());
  if (failed(shape))
    return failure();
  return setTensor(core, op.getResult(), makeTensor(dtypeOf(op.getType()), *shape));
}

LogicalResult execSplat(CoreExec &core, tensor::SplatOp splat) {
  Operation *op = splat;
  auto shape = resultShape(core, op, splat.getType(), splat.getDynamicSizes());
  FailureOr<Scalar> v = core.scalar(op, splat.getInput());
  if (failed(shape) || failed(v))
    return failure();
  DType dt = dtypeOf(splat.getType());
  ShadowCell cell = keepsShadow(core) ? convertedShadow(core, op, *v, dt)
                                      : ShadowCell{};
  // Read only by float binary ops of this block (which take one repeated
  // value as they take a scalar): the tensor is not materialised.
  bool lazy = llvm::all_of(splat.getResult().getUsers(), [&](Operation *user) {
    return user->getBlock() == op->getBlock() && user->getNumResults() == 1 &&
           floatBinaryOf(user->getName().getStringRef()).has_value();
  });
  if (lazy) {
    auto t = std::make_shared<Tensor>();
    t->dtype = dt;
    t->shape.assign(shape->begin(), shape->end());
    t->splat = true;
    t->splatValue = convertSlot(v->dtype, dt, v->value);
    t->splatCount = numElements(*shape);
    t->splatShadow = cell;
    return setTensor(core, splat.getResult(), t);
  }
  TensorPtr t = makeTensor(dt, *shape, false);
  std::fill(t->data.begin(), t->data.end(), convertSlot(v->dtype, dt, v->value));
  fillShadow(*t, cell);
  return setTensor(core, splat.getResult(), t);
}

/// The row-major position of `indices` in `shape` (an error on `op` when
/// one is out of bounds).
FailureOr<int64_t> linearIndex(CoreExec &core, Operation *op,
                               ArrayRef<int64_t> shape, ValueRange indices) {
  int64_t linear = 0;
  std::vector<int64_t> strides = stridesOf(shape);
  for (auto [i, index] : llvm::enumerate(indices)) {
    FailureOr<int64_t> v = core.integer(op, index);
    if (failed(v))
      return failure();
    if (*v < 0 || *v >= shape[i])
      return op->emitError("index ")
             << *v << " is out of bounds for dimension " << i << " of extent "
             << shape[i];
    linear += *v * strides[i];
  }
  return linear;
}

LogicalResult execExtract(CoreExec &core, tensor::ExtractOp op) {
  FailureOr<TensorPtr> src = core.tensor(op, op.getTensor());
  if (failed(src))
    return failure();
  FailureOr<int64_t> at = linearIndex(core, op, (*src)->shape, op.getIndices());
  if (failed(at))
    return failure();
  const Tensor &t = **src;
  core.set(op.getResult(),
           Scalar{t.data[*at], t.dtype, cellAt(t, *at)});
  return success();
}

LogicalResult execInsert(CoreExec &core, tensor::InsertOp op) {
  FailureOr<TensorPtr> dest = core.tensor(op, op.getDest());
  FailureOr<Scalar> v = core.scalar(op, op.getScalar());
  if (failed(dest) || failed(v))
    return failure();
  FailureOr<int64_t> at = linearIndex(core, op, (*dest)->shape, op.getIndices());
  if (failed(at))
    return failure();
  TensorPtr t = reshaped(**dest, (*dest)->shape);
  t->data[*at] = convertSlot(v->dtype, t->dtype, v->value);
  if (keepsShadow(core)) {
    ShadowCell cell = convertedShadow(core, op, *v, t->dtype);
    if (t->shadow || cell.terms > 0) {
      ShadowBuffer cells = t->shadow ? *t->shadow
                                     : ShadowBuffer(t->data.size());
      cells[static_cast<size_t>(*at)] = cell;
      attachShadow(*t, std::move(cells));
    }
  }
  return setTensor(core, op.getResult(), t);
}

LogicalResult execFromElements(CoreExec &core, tensor::FromElementsOp op) {
  auto type = op.getType();
  TensorPtr t = makeTensor(dtypeOf(type), std::vector<int64_t>(type.getShape().begin(),
                                                              type.getShape().end()));
  ShadowBuffer cells(keepsShadow(core) ? t->data.size() : 0);
  for (auto [i, element] : llvm::enumerate(op.getElements())) {
    FailureOr<Scalar> v = core.scalar(op, element);
    if (failed(v))
      return failure();
    t->data[i] = convertSlot(v->dtype, t->dtype, v->value);
    if (!cells.empty())
      cells[i] = convertedShadow(core, op, *v, t->dtype);
  }
  if (!cells.empty())
    attachShadow(*t, std::move(cells));
  return setTensor(core, op.getResult(), t);
}

/// expand_shape, collapse_shape, reshape and cast: the same elements.
LogicalResult execReshape(CoreExec &core, Operation *op) {
  FailureOr<TensorPtr> src = core.tensor(op, op->getOperand(0));
  if (failed(src))
    return failure();
  ValueRange dynamic;
  if (auto expand = llvm::dyn_cast<tensor::ExpandShapeOp>(op))
    dynamic = expand.getOutputShape();
  auto shape = resultShape(core, op, op->getResult(0).getType(), dynamic);
  if (llvm::isa<tensor::CastOp>(op))
    shape = std::vector<int64_t>((*src)->shape.begin(), (*src)->shape.end());
  if (failed(shape))
    return failure();
  if (numElements(*shape) != (*src)->numElements())
    return op->emitError("reshaping ")
           << (*src)->numElements() << " elements into " << numElements(*shape);
  if (ArrayRef<int64_t>(*shape) == ArrayRef<int64_t>((*src)->shape))
    return setTensor(core, op->getResult(0), *src); // tensor.cast
  return setTensor(core, op->getResult(0), reshaped(**src, *shape));
}

LogicalResult execDim(CoreExec &core, tensor::DimOp op) {
  FailureOr<TensorPtr> src = core.tensor(op, op.getSource());
  FailureOr<int64_t> i = core.integer(op, op.getIndex());
  if (failed(src) || failed(i))
    return failure();
  if (*i < 0 || *i >= static_cast<int64_t>((*src)->shape.size()))
    return op.emitError("dimension ") << *i << " is out of range";
  core.set(op.getResult(), indexScalar((*src)->shape[*i]));
  return success();
}

/// The offsets, sizes and strides of a slice of a tensor of shape `full`
/// (an error when it exceeds it).
struct SliceGeometry {
  std::vector<int64_t> offsets, sizes, strides;
  /// The position in the full tensor of the slice's element at `idx`.
  int64_t positionOf(const std::vector<int64_t> &idx,
                     const std::vector<int64_t> &fullStrides) const {
    int64_t at = 0;
    for (size_t d = 0; d < idx.size(); ++d)
      at += (offsets[d] + idx[d] * strides[d]) * fullStrides[d];
    return at;
  }
};

template <typename SliceOp>
FailureOr<SliceGeometry> sliceGeometry(CoreExec &core, SliceOp slice,
                                       ArrayRef<int64_t> full) {
  Operation *op = slice;
  auto o = core.mixedList(op, slice.getStaticOffsets(), slice.getOffsets());
  auto s = core.mixedList(op, slice.getStaticSizes(), slice.getSizes());
  auto st = core.mixedList(op, slice.getStaticStrides(), slice.getStrides());
  if (failed(o) || failed(s) || failed(st))
    return failure();
  SliceGeometry g{*o, *s, *st};
  for (size_t d = 0; d < full.size(); ++d)
    if (g.offsets[d] < 0 || g.sizes[d] < 0 ||
        (g.sizes[d] > 0 &&
         g.offsets[d] + (g.sizes[d] - 1) * g.strides[d] >= full[d]))
      return op->emitError("slice of dimension ")
             << d << " (offset " << g.offsets[d] << ", size " << g.sizes[d]
             << ", stride " << g.strides[d] << ") exceeds its extent "
             << full[d];
  return g;
}

LogicalResult execExtractSlice(CoreExec &core, tensor::ExtractSliceOp slice) {
  FailureOr<TensorPtr> src = core.tensor(slice, slice.getSource());
  if (failed(src))
    return failure();
  FailureOr<SliceGeometry> g = sliceGeometry(core, slice, (*src)->shape);
  if (failed(g))
    return failure();
  auto shape = resultShape(core, slice, slice.getType(), {});
  std::vector<int64_t> resultShapeV = g->sizes;
  if (succeeded(shape) && numElements(*shape) == numElements(g->sizes))
    resultShapeV = *shape;
  TensorPtr t = makeTensor((*src)->dtype, resultShapeV, false);
  std::vector<int64_t> srcStrides = stridesOf((*src)->shape), from;
  if ((*src)->shadow)
    from.resize(t->data.size());
  forEachIndex(g->sizes, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = g->positionOf(idx, srcStrides);
    t->data[linear] = (*src)->data[at];
    if (!from.empty())
      from[linear] = at;
  });
  if (!from.empty())
    gatherShadow(*t, **src, [&](int64_t i) { return from[i]; });
  return setTensor(core, slice.getResult(), t);
}

LogicalResult execInsertSlice(CoreExec &core, tensor::InsertSliceOp insert) {
  FailureOr<TensorPtr> src = core.tensor(insert, insert.getSource());
  FailureOr<TensorPtr> dest = core.tensor(insert, insert.getDest());
  if (failed(src) || failed(dest))
    return failure();
  FailureOr<SliceGeometry> g = sliceGeometry(core, insert, (*dest)->shape);
  if (failed(g))
    return failure();
  if (numElements(g->sizes) != (*src)->numElements())
    return insert.emitError("inserting ")
           << (*src)->numElements() << " elements into a slice of "
           << numElements(g->sizes);
  TensorPtr t = reshaped(**dest, (*dest)->shape);
  std::vector<int64_t> dstStrides = stridesOf((*dest)->shape), to;
  if (keepsShadow(core))
    to.resize(static_cast<size_t>((*src)->numElements()));
  forEachIndex(g->sizes, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = g->positionOf(idx, dstStrides);
    t->data[at] = convertSlot((*src)->dtype, t->dtype, (*src)->data[linear]);
    if (!to.empty())
      to[linear] = at;
  });
  if (!to.empty())
    scatterShadow(*t, **src, static_cast<int64_t>(to.size()),
                  [&](int64_t i) { return to[i]; }, core, insert);
  return setTensor(core, insert.getResult(), t);
}

/// tensor.concat: each input in turn written into a zeroed tensor at its
/// offset along the dimension, as insert slices into tensor.empty write it.
LogicalResult execConcat(CoreExec &core, tensor::ConcatOp concat) {
  std::vector<TensorPtr> inputs;
  for (Value v : concat.getInputs()) {
    FailureOr<TensorPtr> t = core.tensor(concat, v);
    if (failed(t))
      return failure();
    inputs.push_back(*t);
  }
  size_t dim = size_t(concat.getDim());
  Dims shape = inputs.front()->shape;
  shape[dim] = 0;
  for (const TensorPtr &in : inputs)
    shape[dim] += in->shape[dim];
  TensorPtr t = makeTensor(inputs.front()->dtype, shape);
  std::vector<int64_t> strides = stridesOf(shape);
  int64_t offset = 0;
  for (const TensorPtr &in : inputs) {
    std::vector<int64_t> to(static_cast<size_t>(in->numElements()));
    forEachIndex(in->shape, [&](int64_t linear, const std::vector<int64_t> &idx) {
      int64_t at = 0;
      for (size_t d = 0; d < idx.size(); ++d)
        at += (idx[d] + (d == dim ? offset : 0)) * strides[d];
      t->data[at] = in->data[linear];
      to[linear] = at;
    });
    if (keepsShadow(core))
      scatterShadow(*t, *in, in->numElements(),
                    [&](int64_t i) { return to[i]; }, core, concat);
    offset += in->shape[dim];
  }
  return setTensor(core, concat.getResult(), t);
}

/// The body once per element, in row-major order, with its indices. Each
/// element's shadow is the yielded scalar's.
LogicalResult execGenerate(CoreExec &core, tensor::GenerateOp generate) {
  Operation *op = generate;
  FailureOr<std::vector<int64_t>> shape = resultShape(
      core, op, generate.getType(), generate.getDynamicExtents());
  if (failed(shape))
    return failure();
  DType dtype = dtypeOf(generate.getType());
  TensorPtr t = makeTensor(dtype, *shape, false);
  if (CostModel *costs = core.costs())
    costs->onCompute(core.id, "tensor.generate", t->numElements(),
                     t->numElements(), false);
  ShadowBuffer cells(keepsShadow(core) ? size_t(t->numElements()) : 0);
  ShadowOp ctx = shadowOp(core, op, dtype);
  Block &body = generate.getBody().front();
  LogicalResult status = success();
  forEachIndex(*shape, [&](int64_t linear, const std::vector<int64_t> &idx) {
    if (failed(status))
      return;
    SmallVector<RtValue> args;
    for (int64_t i : idx)
      args.push_back(indexScalar(i));
    SmallVector<RtValue> yielded;
    if (failed(core.runBlock(body, args, yielded))) {
      status = failure();
      return;
    }
    if (auto *value = std::get_if<Scalar>(&yielded.front())) {
      t->data[linear] = convertSlot(value->dtype, dtype, value->value);
      if (!cells.empty() && value->shadow.terms > 0)
        cells[size_t(linear)] =
            value->dtype != dtype
                ? shadowConvert(ctx, value->shadow, value->dtype)
                : value->shadow;
    } else {
      status = op->emitError("tensor.generate's body yields no scalar");
    }
    core.releaseHeld(yielded);
  });
  if (failed(status))
    return failure();
  if (!cells.empty())
    attachShadow(*t, std::move(cells));
  return setTensor(core, generate.getResult(), t);
}

} // namespace

LogicalResult spyre::interp::execTensorOp(CoreExec &core, Operation *op,
                                          bool &handled) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<tensor::EmptyOp>([&](auto o) { return execEmpty(core, o); })
      .Case<tensor::SplatOp>([&](auto o) { return execSplat(core, o); })
      .Case<tensor::ExtractOp>([&](auto o) { return execExtract(core, o); })
      .Case<tensor::InsertOp>([&](auto o) { return execInsert(core, o); })
      .Case<tensor::FromElementsOp>(
          [&](auto o) { return execFromElements(core, o); })
      .Case<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::ReshapeOp,
            tensor::CastOp>([&](Operation *) { return execReshape(core, op); })
      .Case<tensor::DimOp>([&](auto o) { return execDim(core, o); })
      .Case<tensor::ExtractSliceOp>(
          [&](auto o) { return execExtractSlice(core, o); })
      .Case<tensor::InsertSliceOp>(
          [&](auto o) { return execInsertSlice(core, o); })
      .Case<tensor::GenerateOp>([&](auto o) { return execGenerate(core, o); })
      .Case<tensor::ConcatOp>([&](auto o) { return execConcat(core, o); })
      .Default([&](Operation *) {
        handled = false;
        return failure();
      });
}
