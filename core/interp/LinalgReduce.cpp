//===- LinalgReduce.cpp - linalg.reduce -----------------------------------===//
//
// ktir-cpu's reduction: for each reduced dimension, highest first, combine
// the first half of the extent with the second half (an odd last element
// is carried along) until one is left; then combine the result with the
// init value. Every step rounds to the element type.
//
// A combiner that is one float binary op of its two arguments folds in
// place without running its block; it charges the op, the scratchpad and
// the latency model exactly as running the block does.
//
//===----------------------------------------------------------------------===//

#include "interp/CoreExec.h"
#include "interp/Elementwise.h"

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

/// The reduction with a direct combiner: folds a copy of the input in place.
LogicalResult reduceDirect(CoreExec &core, linalg::ReduceOp op,
                           const DirectCombiner &c, const TensorPtr &in,
                           const TensorPtr &init,
                           const std::vector<int64_t> &dims) {
  DType dtype = init->dtype;
  uint64_t elementBytes = dtypeSize(dtype);
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
  core.set(op->getResult(0), result);
  return success();
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
    result = reshaped(**t, lhs->shape);
    for (double &d : result->data)
      d = convertSlot((*t)->dtype, dtype, d);
  } else if (auto *s = std::get_if<Scalar>(&yielded.front())) {
    result = makeTensor(dtype, lhs->shape);
    std::fill(result->data.begin(), result->data.end(),
              convertSlot(s->dtype, dtype, s->value));
  } else {
    core.releaseHeld(yielded);
    return op->emitError("the combiner did not yield a value");
  }
  result->dtype = dtype;
  core.releaseHeld(yielded);
  return result;
}

/// The reduction with any combiner: runs its block on tensors.
LogicalResult reduceByBlock(CoreExec &core, linalg::ReduceOp op,
                            TensorPtr in, TensorPtr init,
                            const std::vector<int64_t> &dims) {
  Block &combiner = op.getCombiner().front();
  DType dtype = init->dtype;
  TensorPtr current = in;
  if (current->dtype != dtype) {
    current = reshaped(*in, in->shape);
    current->dtype = dtype;
    for (double &d : current->data)
      d = convertSlot(in->dtype, dtype, d);
  }
  for (auto d = dims.rbegin(); d != dims.rend(); ++d) {
    Dims shape = current->shape;
    int64_t outer = numElements(ArrayRef<int64_t>(shape).take_front(*d));
    int64_t inner = numElements(ArrayRef<int64_t>(shape).drop_front(*d + 1));
    int64_t n = shape[*d];
    while (n > 1) {
      int64_t half = n / 2;
      Dims halfShape = shape;
      halfShape[*d] = half;
      TensorPtr lo = makeTensor(dtype, halfShape, false), hi = makeTensor(dtype, halfShape, false);
      // For a fixed outer index both halves are contiguous blocks.
      int64_t block = half * inner;
      for (int64_t o = 0; o < outer; ++o) {
        const double *row = current->data.data() + o * n * inner;
        std::copy(row, row + block, lo->data.data() + o * block);
        std::copy(row + block, row + 2 * block, hi->data.data() + o * block);
      }
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

} // namespace

LogicalResult spyre::interp::execLinalgReduce(CoreExec &core,
                                              linalg::ReduceOp op) {
  if (op.getInputs().size() != 1)
    return op.emitError("the interpreter supports linalg.reduce with one "
                        "input, not ")
           << op.getInputs().size();
  FailureOr<TensorPtr> in = core.tensor(op, op.getInputs()[0]);
  FailureOr<TensorPtr> init = core.tensor(op, op.getInits()[0]);
  if (failed(in) || failed(init))
    return failure();
  std::vector<int64_t> dims(op.getDimensions().begin(),
                            op.getDimensions().end());
  std::sort(dims.begin(), dims.end());
  if (std::optional<DirectCombiner> c =
          directCombiner(op.getCombiner().front(), (*init)->dtype))
    return reduceDirect(core, op, *c, *in, *init, dims);
  return reduceByBlock(core, op, *in, *init, dims);
}
