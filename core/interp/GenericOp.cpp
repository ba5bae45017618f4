//===- GenericOp.cpp - linalg.generic -------------------------------------===//
//
// A generic whose iterators are all parallel runs its body once over whole
// tensors (every input materialised over the iteration space); one with
// reduction iterators runs its body per iteration point, in order. A generic
// may have several outputs (torch-mlir's argmax: the maximum and its index),
// each written by its yielded value. The
// body's ops compute the shadows (ShadowTensor.h); the materialising and
// the writing of the output move them.
//
//===----------------------------------------------------------------------===//

#include "interp/LinalgUtils.h"
#include "interp/ShadowTensor.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineMap.h"

using namespace mlir;
using namespace spyre::interp;

namespace {

/// The iteration-space dimension of each result of a projected permutation.
std::vector<unsigned> dimsOf(AffineMap map) {
  std::vector<unsigned> dims;
  for (AffineExpr e : map.getResults())
    dims.push_back(llvm::cast<AffineDimExpr>(e).getPosition());
  return dims;
}

/// Materialises `t` (indexed by `map` over the iteration space) as a tensor
/// over the whole iteration space.
TensorPtr overIterationSpace(const Tensor &t, AffineMap map,
                             ArrayRef<int64_t> space) {
  TensorPtr out = makeTensor(t.dtype, std::vector<int64_t>(space.begin(), space.end()), false);
  std::vector<int64_t> tStrides = stridesOf(t.shape), from;
  std::vector<unsigned> dimOf = dimsOf(map);
  if (t.shadow)
    from.resize(out->data.size());
  forEachIndex(space, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = 0;
    for (size_t r = 0; r < dimOf.size(); ++r)
      at += idx[dimOf[r]] * tStrides[r];
    out->data[linear] = t.data[at];
    if (!from.empty())
      from[linear] = at;
  });
  if (!from.empty())
    gatherShadow(*out, t, [&](int64_t i) { return from[i]; });
  return out;
}

struct GenericSetup {
  SmallVector<AffineMap> maps;
  std::vector<int64_t> space;
  SmallVector<RtValue> operands;
  /// Copies of the inits, written by the body's results (its operands and
  /// maps are the last outs.size() of `operands` and `maps`).
  SmallVector<TensorPtr> outs;
  size_t firstOut() const { return operands.size() - outs.size(); }
};

FailureOr<GenericSetup> setUp(CoreExec &core, linalg::GenericOp op) {
  GenericSetup g;
  g.maps = op.getIndexingMapsArray();
  g.space.assign(op.getNumLoops(), -1);
  for (OpOperand &operand : op->getOpOperands()) {
    const RtValue &rv = core.get(operand.get());
    g.operands.push_back(rv);
    auto *t = std::get_if<TensorPtr>(&rv);
    if (!t || !*t)
      continue;
    AffineMap map = g.maps[operand.getOperandNumber()];
    if (!map.isProjectedPermutation())
      return op.emitError("the interpreter supports linalg.generic indexing "
                          "maps that are projected permutations, not ")
             << AffineMapAttr::get(map);
    for (auto [r, e] : llvm::enumerate(map.getResults()))
      g.space[llvm::cast<AffineDimExpr>(e).getPosition()] = (*t)->shape[r];
  }
  if (llvm::is_contained(g.space, -1))
    return op.emitError("cannot infer the iteration space of linalg.generic");
  for (unsigned r = 0; r < op.getOutputs().size(); ++r) {
    FailureOr<TensorPtr> init = core.tensor(op, dpsInit(op, r));
    if (failed(init))
      return failure();
    if (CostModel *costs = core.costs())
      costs->onCompute(core.id, "linalg.generic", (*init)->numElements(),
                       (*init)->numElements(), false);
    g.outs.push_back(reshaped(**init, (*init)->shape));
  }
  return g;
}

/// All iterators parallel: the body once over whole tensors.
LogicalResult runParallel(CoreExec &core, linalg::GenericOp op,
                          GenericSetup &g) {
  SmallVector<RtValue> args;
  for (auto [i, rv] : llvm::enumerate(g.operands)) {
    auto *t = std::get_if<TensorPtr>(&rv);
    args.push_back(t && *t ? RtValue(overIterationSpace(**t, g.maps[i], g.space))
                           : rv);
  }
  core.genericSpace = g.space;
  SmallVector<RtValue> yielded;
  LogicalResult ran = core.runBlock(op.getRegion().front(), args, yielded);
  core.genericSpace.clear();
  if (failed(ran))
    return failure();
  const bool shadow = keepsShadow(core);
  for (size_t r = 0; r < g.outs.size(); ++r) {
    Tensor &out = *g.outs[r];
    std::vector<unsigned> dimOf = dimsOf(g.maps[g.firstOut() + r]);
    std::vector<int64_t> outStrides = stridesOf(out.shape);
    auto *yt = std::get_if<TensorPtr>(&yielded[r]);
    auto *ys = std::get_if<Scalar>(&yielded[r]);
    const bool yTensor = yt && *yt;
    DType from = yTensor ? (*yt)->dtype : ys ? ys->dtype : out.dtype;
    ShadowBuffer cells;
    if (shadow)
      cells = out.shadow ? *out.shadow : ShadowBuffer(out.data.size());
    ShadowOp ctx = shadowOp(core, op, out.dtype);
    forEachIndex(g.space, [&](int64_t linear, const std::vector<int64_t> &idx) {
      int64_t at = 0;
      for (size_t d = 0; d < dimOf.size(); ++d)
        at += idx[dimOf[d]] * outStrides[d];
      double v = yTensor ? (*yt)->data[linear] : ys ? ys->value : 0;
      out.data[at] = convertSlot(from, out.dtype, v);
      if (!shadow)
        return;
      ShadowCell c = yTensor ? cellAt(**yt, linear) : ys ? ys->shadow : ShadowCell{};
      if (from != out.dtype)
        c = shadowConvert(ctx, c.terms > 0 ? c : exactCell(slotToNumber(from, v)),
                          from);
      cells[static_cast<size_t>(at)] = c;
    });
    if (shadow)
      attachShadow(out, std::move(cells));
    core.set(op->getResult(r), g.outs[r]);
  }
  core.releaseHeld(yielded);
  return success();
}

} // namespace

/// Reduction iterators: the body per iteration point, in order.
LogicalResult spyre::interp::runEachPoint(CoreExec &core, Operation *op,
                                          Block &body, ArrayRef<AffineMap> maps,
                                          ArrayRef<int64_t> space,
                                          ArrayRef<RtValue> operands,
                                          ArrayRef<TensorPtr> outs) {
  GenericSetup g;
  g.maps.assign(maps.begin(), maps.end());
  g.space.assign(space.begin(), space.end());
  g.operands.assign(operands.begin(), operands.end());
  g.outs.assign(outs.begin(), outs.end());
  std::vector<std::vector<int64_t>> strides;
  for (auto &rv : g.operands)
    if (auto *t = std::get_if<TensorPtr>(&rv); t && *t)
      strides.push_back(stridesOf((*t)->shape));
    else
      strides.emplace_back();
  const bool shadow = keepsShadow(core);
  const size_t firstOut = g.firstOut();
  SmallVector<ShadowBuffer> cells(g.outs.size());
  SmallVector<ShadowOp> ctx;
  for (auto [r, out] : llvm::enumerate(g.outs)) {
    if (shadow)
      cells[r] = out->shadow ? *out->shadow : ShadowBuffer(out->data.size());
    ctx.push_back(shadowOp(core, op, out->dtype));
  }
  SmallVector<int64_t> outAt(g.outs.size());
  LogicalResult status = success();
  forEachIndex(g.space, [&](int64_t, const std::vector<int64_t> &idx) {
    if (failed(status))
      return;
    SmallVector<RtValue> args;
    for (auto [i, rv] : llvm::enumerate(g.operands)) {
      int64_t at = 0;
      for (auto [r, e] : llvm::enumerate(g.maps[i].getResults()))
        at += idx[llvm::cast<AffineDimExpr>(e).getPosition()] *
              (strides[i].empty() ? 0 : strides[i][r]);
      if (i >= firstOut) {
        size_t r = i - firstOut;
        const Tensor &out = *g.outs[r];
        outAt[r] = at;
        args.push_back(Scalar{out.data[at], out.dtype,
                              shadow ? cells[r][at] : ShadowCell{}});
      } else if (auto *t = std::get_if<TensorPtr>(&rv); t && *t) {
        args.push_back(Scalar{(*t)->data[at], (*t)->dtype, cellAt(**t, at)});
      } else {
        args.push_back(rv);
      }
    }
    core.genericIndex = idx;
    SmallVector<RtValue> yielded;
    if (failed(core.runBlock(body, args, yielded))) {
      status = failure();
      return;
    }
    for (size_t r = 0; r < g.outs.size() && r < yielded.size(); ++r) {
      auto *s = std::get_if<Scalar>(&yielded[r]);
      if (!s)
        continue;
      Tensor &out = *g.outs[r];
      out.data[outAt[r]] = convertSlot(s->dtype, out.dtype, s->value);
      if (shadow)
        cells[r][outAt[r]] =
            s->dtype == out.dtype
                ? s->shadow
                : shadowConvert(ctx[r], s->shadow.terms > 0 ? s->shadow
                                                            : exactCell(s->number()),
                                s->dtype);
    }
    core.releaseHeld(yielded);
  });
  core.genericIndex.clear();
  if (failed(status))
    return failure();
  for (auto [r, out] : llvm::enumerate(g.outs)) {
    if (shadow)
      attachShadow(*out, std::move(cells[r]));
    core.set(op->getResult(r), out);
  }
  return success();
}

LogicalResult spyre::interp::execGeneric(CoreExec &core, Operation *genericOp) {
  auto op = llvm::cast<linalg::GenericOp>(genericOp);
  FailureOr<GenericSetup> g = setUp(core, op);
  if (failed(g))
    return failure();
  bool parallel = llvm::all_of(op.getIteratorTypesArray(), [](auto t) {
    return t == utils::IteratorType::parallel;
  });
  if (parallel)
    return runParallel(core, op, *g);
  return runEachPoint(core, op, op.getRegion().front(), g->maps, g->space,
                      g->operands, g->outs);
}
