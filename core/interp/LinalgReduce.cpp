//===- LinalgReduce.cpp - linalg.reduce -----------------------------------===//
//
// ktir-cpu's reduction: for each reduced dimension, highest first, combine
// the first half of the extent with the second half (an odd last element
// is carried along) until one is left; then combine the result with the
// init value. Every step rounds to the element type.
//
// A reduce of several roles (argmax's values and indices, its combiner
// choosing both by one comparison), which ktir-cpu does not run, folds as
// a reducing linalg.generic does: in element order from the init, so that
// ties keep the first index for a strict comparison, as torch's argmax.
//
// A combiner that is one float binary op of its two arguments folds in
// place without running its block; it charges the op, the scratchpad and
// the latency model exactly as running the block does.
//
//===----------------------------------------------------------------------===//

#include "interp/CoreExec.h"
#include "interp/Elementwise.h"
#include "interp/LinalgUtils.h"
#include "interp/ShadowTensor.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <algorithm>
#include <cstring>

using namespace mlir;
using namespace spyre::interp;

namespace {

/// A combiner block that is `%r = OP %a, %b` (its arguments in either
/// order) followed by `yield %r`, with OP a float binary op of the element
/// type.
struct DirectCombiner {
  Operation *op = nullptr;
  Operation *yield = nullptr;
  FloatBinary kind = FloatBinary::Add;
  bool swapped = false; ///< OP takes (second argument, first argument)
};

std::optional<DirectCombiner> directCombiner(Block &block, DType dtype) {
  if (block.getNumArguments() != 2 || !llvm::hasSingleElement(
                                          block.without_terminator()))
    return std::nullopt;
  Operation &op = block.front();
  Operation *yield = block.getTerminator();
  std::optional<FloatBinary> kind = floatBinaryOf(op.getName().getStringRef());
  if (!kind || op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      yield->getNumOperands() != 1 || yield->getOperand(0) != op.getResult(0) ||
      llvm::isa<ShapedType>(op.getResult(0).getType()) ||
      !dtypeSupported(op.getResult(0).getType()) ||
      dtypeOf(op.getResult(0).getType()) != dtype)
    return std::nullopt;
  Value a = block.getArgument(0), b = block.getArgument(1);
  DirectCombiner c{&op, yield, *kind, false};
  if (op.getOperand(0) == a && op.getOperand(1) == b)
    return c;
  if (op.getOperand(0) == b && op.getOperand(1) == a) {
    c.swapped = true;
    return c;
  }
  return std::nullopt;
}

/// What running the combiner block on two tensors of `elements` elements
/// each charges (CoreExec::runBlock, then combineTensors letting go of the
/// result): the bound arguments (the first only when `lhsFresh`, i.e. the
/// core does not hold it already), the op, its result, and their releases.
LogicalResult chargeCombine(CoreExec &core, const DirectCombiner &c,
                            int64_t elements, uint64_t bytes, bool lhsFresh) {
  uint64_t lhs = lhsFresh ? core.charge(bytes) : 0;
  uint64_t rhs = core.charge(bytes);
  if (failed(core.enterOp(c.op)))
    return failure();
  if (CostModel *costs = core.costs())
    costs->onCompute(core.id, c.op->getName().getStringRef(), elements,
                     elements, false);
  uint64_t combined = core.charge(bytes);
  if (core.lxFailed)
    return failure();
  if (lhsFresh)
    core.discharge(bytes, lhs);
  core.discharge(bytes, rhs);
  core.setCurrentOp(c.yield);
  core.discharge(bytes, combined);
  return success();
}

/// out[i] = lhs[i] OP rhs[i], rounded to `dtype`.
void combineDirect(const DirectCombiner &c, DType dtype, const double *lhs,
                   const double *rhs, double *out, int64_t n) {
  if (c.swapped)
    std::swap(lhs, rhs);
  applyFloatBinary(c.kind, dtype, lhs, 1, rhs, 1, out, n);
}

/// The shadows of a direct reduction's folds, beside its values: the same
/// folds on the input's cells (shadowBinary), so the bound of each result
/// is that of the sum of its elements in any order (docs/numerics.md).
struct FoldShadows {
  bool on = false;
  ShadowOp ctx;
  const DirectCombiner *combiner = nullptr;
  ShadowBuffer cells; ///< the current fold's (empty: the input's)
  const Tensor *input = nullptr;

  /// Starts from the input (converted to the init's type).
  void start(CoreExec &core, const DirectCombiner &c, const Tensor &in,
             DType dtype) {
    on = keepsShadow(core);
    if (!on)
      return;
    ctx = shadowOp(core, c.op, dtype);
    combiner = &c;
    input = &in;
    ShadowIn x = shadowIn(in);
    cells.resize(in.data.size());
    for (size_t i = 0; i < cells.size(); ++i)
      cells[i] = in.dtype == dtype ? x.at(int64_t(i))
                                   : shadowConvert(ctx, x.at(int64_t(i)), in.dtype);
  }
  ShadowIn in(int64_t offset) const {
    return ShadowIn{cells.data() + offset, nullptr, 1, ctx.type};
  }
  /// dst[i] = src[i] OP src[i + block] for the rows of one fold.
  void fold(int64_t outer, int64_t n, int64_t inner, int64_t half,
            int64_t next) {
    if (!on)
      return;
    int64_t block = half * inner;
    for (int64_t o = 0; o < outer; ++o) {
      int64_t src = o * n * inner, dst = o * next * inner;
      ShadowIn lhs = in(src), rhs = in(src + block);
      if (combiner->swapped)
        std::swap(lhs, rhs);
      ShadowBuffer folded(static_cast<size_t>(block));
      shadowBinary(combiner->kind, ctx, lhs, rhs, folded.data(), block);
      if (next > half)
        std::copy(cells.begin() + src + 2 * block,
                  cells.begin() + src + 2 * block + inner,
                  cells.begin() + dst + block);
      std::copy(folded.begin(), folded.end(), cells.begin() + dst);
    }
  }
  /// The result's cells: the last fold combined with the init's.
  void finish(const Tensor &init, Tensor &result) {
    if (!on)
      return;
    ShadowIn lhs = in(0), rhs = shadowIn(init);
    if (combiner->swapped)
      std::swap(lhs, rhs);
    ShadowBuffer out(result.data.size());
    shadowBinary(combiner->kind, ctx, lhs, rhs, out.data(),
                 static_cast<int64_t>(out.size()));
    attachShadow(result, std::move(out));
  }
};

/// The reduction with a direct combiner: folds a copy of the input in place.
LogicalResult reduceDirect(CoreExec &core, linalg::ReduceOp op,
                           const DirectCombiner &c, const TensorPtr &in,
                           const TensorPtr &init,
                           const std::vector<int64_t> &dims) {
  DType dtype = init->dtype;
  uint64_t elementBytes = dtypeSize(dtype);
  FoldShadows shadows;
  shadows.start(core, c, *in, dtype);
  // The first fold reads the input itself (unless it must be converted
  // first); every fold writes `work`.
  Buffer work;
  const double *current = in->data.data();
  if (in->dtype != dtype) {
    work = in->data;
    if (isWideInt(in->dtype))
      for (double &d : work)
        d = convertSlot(in->dtype, dtype, d);
    else
      roundElements(dtype, work.data(), static_cast<int64_t>(work.size()));
    current = work.data();
  }
  Dims shape = in->shape;
  bool folded = false;
  for (auto d = dims.rbegin(); d != dims.rend(); ++d) {
    int64_t outer = numElements(ArrayRef<int64_t>(shape).take_front(*d));
    int64_t inner = numElements(ArrayRef<int64_t>(shape).drop_front(*d + 1));
    int64_t n = shape[*d];
    while (n > 1) {
      int64_t half = n / 2, next = n - half, block = half * inner;
      int64_t elements = outer * block;
      if (failed(chargeCombine(core, c, elements, elements * elementBytes,
                               /*lhsFresh=*/true)))
        return failure();
      // Row o of the result starts at or before row o of the input, so the
      // fold can overwrite its input as it goes.
      if (work.empty())
        work.resize(in->data.size());
      for (int64_t o = 0; o < outer; ++o) {
        const double *src = current + o * n * inner;
        double *dst = work.data() + o * next * inner;
        combineDirect(c, dtype, src, src + block, dst, block);
        if (next > half)
          std::memmove(dst + block, src + 2 * block, inner * sizeof(double));
      }
      shadows.fold(outer, n, inner, half, next);
      n = next;
      shape[*d] = next;
      folded = true;
      current = work.data();
    }
  }
  int64_t elements = init->numElements();
  if (numElements(shape) != elements)
    return op.emitError("init holds ")
           << elements << " elements, the reduction gives "
           << numElements(shape);
  // Unfolded, unconverted and same-shaped, the input itself is combined:
  // binding it charges nothing if it is a literal or already held.
  bool lhsFresh = folded || in->dtype != dtype || shape != init->shape ||
                  (!in->literal && !core.holds(in.get()));
  if (failed(chargeCombine(core, c, elements, elements * elementBytes,
                           lhsFresh)))
    return failure();
  TensorPtr result = makeTensor(dtype, init->shape, /*zeroFill=*/false);
  combineDirect(c, dtype, current, init->data.data(), result->data.data(),
                elements);
  shadows.finish(*init, *result);
  core.set(op->getResult(0), result);
  return success();
}

/// `src`'s elements converted to `to` in a tensor of `shape`: values as
/// convertSlot converts them, shadows as shadowConvert does.
TensorPtr converted(CoreExec &core, Operation *op, const Tensor &src, DType to,
                    ArrayRef<int64_t> shape) {
  TensorPtr t = reshaped(src, shape);
  t->dtype = to;
  for (double &d : t->data)
    d = convertSlot(src.dtype, to, d);
  if (keepsShadow(core)) {
    ShadowOp ctx = shadowOp(core, op, to);
    ShadowIn x = shadowIn(src);
    ShadowBuffer cells(t->data.size());
    for (size_t i = 0; i < cells.size(); ++i)
      cells[i] = shadowConvert(ctx, x.at(int64_t(i)), src.dtype);
    attachShadow(*t, std::move(cells));
  }
  return t;
}

/// The halves of `current` along a reduced dimension (for each outer
/// index, elements [0, block) and [block, 2 block) of its row of n * inner),
/// shadows included.
std::pair<TensorPtr, TensorPtr> halves(const Tensor &current, const Dims &halfShape,
                                       int64_t outer, int64_t n, int64_t inner,
                                       int64_t block) {
  DType dtype = current.dtype;
  TensorPtr lo = makeTensor(dtype, halfShape, false), hi = makeTensor(dtype, halfShape, false);
  // For a fixed outer index both halves are contiguous blocks.
  for (int64_t o = 0; o < outer; ++o) {
    const double *row = current.data.data() + o * n * inner;
    std::copy(row, row + block, lo->data.data() + o * block);
    std::copy(row + block, row + 2 * block, hi->data.data() + o * block);
  }
  auto rowOf = [=](int64_t i, int64_t shift) {
    return (i / block) * n * inner + shift + i % block;
  };
  gatherShadow(*lo, current, [&](int64_t i) { return rowOf(i, 0); });
  gatherShadow(*hi, current, [&](int64_t i) { return rowOf(i, block); });
  return {lo, hi};
}

/// Runs the combiner block of a reduction on two same-shaped tensors and
/// returns what it yields (ops run vectorised, so each is charged once with
/// the tensor's element count, as ktir-cpu charges them).
FailureOr<TensorPtr> combineTensors(CoreExec &core, Operation *op,
                                    Block &combiner, TensorPtr lhs,
                                    TensorPtr rhs, DType dtype) {
  RtValue args[2] = {lhs, rhs};
  SmallVector<RtValue> yielded;
  if (failed(core.runBlock(combiner, args, yielded)))
    return failure();
  TensorPtr result;
  if (auto *t = std::get_if<TensorPtr>(&yielded.front()); t && *t) {
    if ((*t)->dtype == dtype && (*t)->shape == lhs->shape) {
      // Ops round their results to their own type: nothing to convert.
      result = *t;
      core.releaseHeld(yielded);
      return result;
    }
    result = converted(core, op, **t, dtype, lhs->shape);
  } else if (auto *s = std::get_if<Scalar>(&yielded.front())) {
    result = makeTensor(dtype, lhs->shape);
    std::fill(result->data.begin(), result->data.end(),
              convertSlot(s->dtype, dtype, s->value));
    if (keepsShadow(core) && s->shadow.terms > 0)
      attachShadow(*result, ShadowBuffer(result->data.size(),
                                         s->dtype == dtype
                                             ? s->shadow
                                             : shadowConvert(shadowOp(core, op, dtype),
                                                             s->shadow, s->dtype)));
  } else {
    core.releaseHeld(yielded);
    return op->emitError("the combiner did not yield a value");
  }
  result->dtype = dtype;
  core.releaseHeld(yielded);
  return result;
}

/// The shadows of a fold's result: the folded block of each row, then
/// (an odd extent) the row's last element carried over from `current`.
void mergeShadows(Tensor &merged, const Tensor &folded, const Tensor &current,
                  int64_t outer, int64_t n, int64_t next, int64_t inner,
                  int64_t block) {
  if (!folded.shadow && !current.shadow)
    return;
  ShadowBuffer cells(merged.data.size());
  for (int64_t o = 0; o < outer; ++o) {
    int64_t dst = o * next * inner;
    for (int64_t r = 0; r < block; ++r)
      cells[dst + r] = cellAt(folded, o * block + r);
    if (next * inner > block)
      for (int64_t r = 0; r < inner; ++r)
        cells[dst + block + r] = cellAt(current, (o * n + n - 1) * inner + r);
  }
  attachShadow(merged, std::move(cells));
}

/// The reduction with any combiner: runs its block on tensors.
LogicalResult reduceByBlock(CoreExec &core, linalg::ReduceOp op,
                            TensorPtr in, TensorPtr init,
                            const std::vector<int64_t> &dims) {
  Block &combiner = op.getCombiner().front();
  DType dtype = init->dtype;
  TensorPtr current = in;
  if (current->dtype != dtype)
    current = converted(core, op, *in, dtype, in->shape);
  for (auto d = dims.rbegin(); d != dims.rend(); ++d) {
    Dims shape = current->shape;
    int64_t outer = numElements(ArrayRef<int64_t>(shape).take_front(*d));
    int64_t inner = numElements(ArrayRef<int64_t>(shape).drop_front(*d + 1));
    int64_t n = shape[*d];
    while (n > 1) {
      int64_t half = n / 2;
      Dims halfShape = shape;
      halfShape[*d] = half;
      int64_t block = half * inner;
      auto [lo, hi] = halves(*current, halfShape, outer, n, inner, block);
      FailureOr<TensorPtr> folded =
          combineTensors(core, op, combiner, lo, hi, dtype);
      if (failed(folded))
        return failure();
      int64_t next = n - half;
      shape[*d] = next;
      TensorPtr merged = makeTensor(dtype, shape, false);
      for (int64_t o = 0; o < outer; ++o) {
        const double *folds = (*folded)->data.data() + o * block;
        double *dst = merged->data.data() + o * next * inner;
        std::copy(folds, folds + block, dst);
        if (next > half) {
          const double *odd = current->data.data() + (o * n + 2 * half) * inner;
          std::copy(odd, odd + inner, dst + block);
        }
      }
      if (keepsShadow(core))
        mergeShadows(*merged, **folded, *current, outer, n, next, inner, block);
      current = merged;
      n = next;
    }
  }
  if (current->numElements() != init->numElements())
    return op.emitError("init holds ")
           << init->numElements() << " elements, the reduction gives "
           << current->numElements();
  if (current->shape != init->shape) {
    current = reshaped(*current, init->shape);
  }
  FailureOr<TensorPtr> result =
      combineTensors(core, op, combiner, current,
                     reshaped(*init, init->shape), dtype);
  if (failed(result))
    return failure();
  core.set(op->getResult(0), *result);
  return success();
}

/// Several roles: the combiner at every point of the inputs, in order,
/// each init's element carried from point to point (runEachPoint).
LogicalResult reduceInOrder(CoreExec &core, linalg::ReduceOp op) {
  auto type = cast<RankedTensorType>(op.getInputs()[0].getType());
  SmallVector<RtValue> operands;
  SmallVector<TensorPtr> outs;
  SmallVector<AffineMap> maps;
  MLIRContext *context = op.getContext();
  unsigned rank = unsigned(type.getRank());
  AffineMap all = AffineMap::getMultiDimIdentityMap(rank, context);
  SmallVector<AffineExpr> kept;
  for (unsigned d = 0; d < rank; ++d)
    if (!llvm::is_contained(op.getDimensions(), int64_t(d)))
      kept.push_back(getAffineDimExpr(d, context));
  AffineMap projected = AffineMap::get(rank, 0, kept, context);
  for (Value input : op.getInputs()) {
    FailureOr<TensorPtr> in = core.tensor(op, input);
    if (failed(in))
      return failure();
    operands.push_back(*in);
    maps.push_back(all);
  }
  for (Value init : op.getInits()) {
    FailureOr<TensorPtr> out = core.tensor(op, init);
    if (failed(out))
      return failure();
    operands.push_back(*out);
    outs.push_back(reshaped(**out, (*out)->shape));
    maps.push_back(projected);
  }
  auto first = std::get<TensorPtr>(operands.front());
  return runEachPoint(core, op, op.getCombiner().front(), maps, first->shape,
                      operands, outs);
}

} // namespace

LogicalResult spyre::interp::execLinalgReduce(CoreExec &core,
                                              linalg::ReduceOp op) {
  if (op.getInputs().size() != 1)
    return reduceInOrder(core, op);
  FailureOr<TensorPtr> in = core.tensor(op, op.getInputs()[0]);
  FailureOr<TensorPtr> init = core.tensor(op, op.getInits()[0]);
  if (failed(in) || failed(init))
    return failure();
  // Nothing to fold (a tile of a run-time row count of 0 rows): the init.
  if ((*in)->numElements() == 0) {
    core.set(op->getResult(0), std::make_shared<Tensor>(**init));
    return success();
  }
  std::vector<int64_t> dims(op.getDimensions().begin(),
                            op.getDimensions().end());
  std::sort(dims.begin(), dims.end());
  if (std::optional<DirectCombiner> c =
          directCombiner(op.getCombiner().front(), (*init)->dtype))
    return reduceDirect(core, op, *c, *in, *init, dims);
  return reduceByBlock(core, op, *in, *init, dims);
}
