//===- TensorLinalgOps.cpp - tensor and linalg ops ------------------------===//
//
// Numerics follow ktir-cpu: matmul accumulates f16 products in f32 and
// rounds once before adding the accumulator; reductions with a single
// standard combiner reduce in double and round once; linalg.generic runs
// its body once over whole tensors (every input materialised over the
// iteration space), with a per-point fallback for reduction iterators.
//
//===----------------------------------------------------------------------===//

#include "interp/CoreExec.h"
#include "interp/Elementwise.h"
#include "interp/HalfArrays.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <numeric>

using namespace mlir;
using namespace spyre::interp;

namespace {

std::vector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Calls fn(linear, index) for every index of `shape` in row-major order.
template <typename Fn>
void forEachIndex(ArrayRef<int64_t> shape, Fn fn) {
  int64_t n = numElements(shape);
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t linear = 0; linear < n; ++linear) {
    fn(linear, idx);
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      if (++idx[d] < shape[d])
        break;
      idx[d] = 0;
    }
  }
}

/// The shape of a result of static or operand-given dynamic extents.
FailureOr<std::vector<int64_t>> resultShape(CoreExec &core, Operation *op,
                                            Type type, ValueRange dynamic) {
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

LogicalResult setTensor(CoreExec &core, Value result, TensorPtr t) {
  core.set(result, std::move(t));
  return success();
}

//===----------------------------------------------------------------------===//
// tensor
//===----------------------------------------------------------------------===//

LogicalResult execEmpty(CoreExec &core, tensor::EmptyOp empty) {
  auto shape =
      resultShape(core, empty, empty.getType(), empty.getDynamicSizes());
  if (failed(shape))
    return failure();
  return setTensor(core, empty.getResult(),
                   makeTensor(dtypeOf(empty.getType()), *shape));
}

LogicalResult execSplat(CoreExec &core, tensor::SplatOp splat) {
  Operation *op = splat;
  auto shape = resultShape(core, op, splat.getType(), splat.getDynamicSizes());
  FailureOr<Scalar> v = core.scalar(op, splat.getInput());
  if (failed(shape) || failed(v))
    return failure();
  // Read only by float binary ops of this block (which take one repeated
  // value as they take a scalar): the tensor is not materialised.
  bool lazy = llvm::all_of(splat.getResult().getUsers(), [&](Operation *user) {
    return user->getBlock() == op->getBlock() && user->getNumResults() == 1 &&
           floatBinaryOf(user->getName().getStringRef()).has_value();
  });
  if (lazy) {
    auto t = std::make_shared<Tensor>();
    t->dtype = dtypeOf(splat.getType());
    t->shape.assign(shape->begin(), shape->end());
    t->splat = true;
    t->splatValue = convertSlot(v->dtype, t->dtype, v->value);
    t->splatCount = numElements(*shape);
    return setTensor(core, splat.getResult(), t);
  }
  TensorPtr t = makeTensor(dtypeOf(splat.getType()), *shape, false);
  std::fill(t->data.begin(), t->data.end(),
            convertSlot(v->dtype, t->dtype, v->value));
  return setTensor(core, splat.getResult(), t);
}

/// The row-major element index of `indices` in `shape`, each checked
/// against its extent (`extent`: name the extent in the message).
FailureOr<int64_t> elementAt(CoreExec &core, Operation *op, ValueRange indices,
                             ArrayRef<int64_t> shape, bool extent) {
  int64_t linear = 0;
  std::vector<int64_t> strides = stridesOf(shape);
  for (auto [i, index] : llvm::enumerate(indices)) {
    FailureOr<int64_t> v = core.integer(op, index);
    if (failed(v))
      return failure();
    if (*v < 0 || *v >= shape[i]) {
      InFlightDiagnostic d = op->emitError("index ")
                             << *v << " is out of bounds for dimension " << i;
      if (extent)
        d << " of extent " << shape[i];
      return d;
    }
    linear += *v * strides[i];
  }
  return linear;
}

LogicalResult execExtract(CoreExec &core, tensor::ExtractOp extract) {
  FailureOr<TensorPtr> src = core.tensor(extract, extract.getTensor());
  if (failed(src))
    return failure();
  FailureOr<int64_t> linear = elementAt(core, extract, extract.getIndices(),
                                        (*src)->shape, /*extent=*/true);
  if (failed(linear))
    return failure();
  core.set(extract.getResult(), Scalar{(*src)->data[*linear], (*src)->dtype});
  return success();
}

LogicalResult execInsert(CoreExec &core, tensor::InsertOp insert) {
  Operation *op = insert;
  FailureOr<TensorPtr> dest = core.tensor(op, insert.getDest());
  FailureOr<Scalar> v = core.scalar(op, insert.getScalar());
  if (failed(dest) || failed(v))
    return failure();
  FailureOr<int64_t> linear = elementAt(core, op, insert.getIndices(),
                                        (*dest)->shape, /*extent=*/false);
  if (failed(linear))
    return failure();
  TensorPtr t = reshaped(**dest, (*dest)->shape);
  t->data[*linear] = convertSlot(v->dtype, t->dtype, v->value);
  return setTensor(core, insert.getResult(), t);
}

LogicalResult execFromElements(CoreExec &core,
                               tensor::FromElementsOp fromElements) {
  auto type = fromElements.getType();
  TensorPtr t = makeTensor(dtypeOf(type),
                           std::vector<int64_t>(type.getShape().begin(),
                                                type.getShape().end()));
  for (auto [i, element] : llvm::enumerate(fromElements.getElements())) {
    FailureOr<Scalar> v = core.scalar(fromElements, element);
    if (failed(v))
      return failure();
    t->data[i] = convertSlot(v->dtype, t->dtype, v->value);
  }
  return setTensor(core, fromElements.getResult(), t);
}

/// expand_shape, collapse_shape, reshape and cast: the same elements in
/// another shape.
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
           << (*src)->numElements() << " elements into "
           << numElements(*shape);
  if (ArrayRef<int64_t>(*shape) == ArrayRef<int64_t>((*src)->shape))
    return setTensor(core, op->getResult(0), *src); // tensor.cast
  return setTensor(core, op->getResult(0), reshaped(**src, *shape));
}

LogicalResult execDim(CoreExec &core, tensor::DimOp dim) {
  Operation *op = dim;
  FailureOr<TensorPtr> src = core.tensor(op, dim.getSource());
  FailureOr<int64_t> i = core.integer(op, dim.getIndex());
  if (failed(src) || failed(i))
    return failure();
  if (*i < 0 || *i >= static_cast<int64_t>((*src)->shape.size()))
    return op->emitError("dimension ") << *i << " is out of range";
  core.set(dim.getResult(), indexScalar((*src)->shape[*i]));
  return success();
}

/// The offsets, sizes and strides of a slice op, checked against the
/// extents `full` of the tensor sliced.
template <typename SliceOp>
LogicalResult sliceGeometry(CoreExec &core, SliceOp sliceOp,
                            ArrayRef<int64_t> full,
                            std::vector<int64_t> &offsets,
                            std::vector<int64_t> &sizes,
                            std::vector<int64_t> &strides) {
  Operation *op = sliceOp;
  auto o = core.mixedList(op, sliceOp.getStaticOffsets(), sliceOp.getOffsets());
  auto s = core.mixedList(op, sliceOp.getStaticSizes(), sliceOp.getSizes());
  auto st = core.mixedList(op, sliceOp.getStaticStrides(), sliceOp.getStrides());
  if (failed(o) || failed(s) || failed(st))
    return failure();
  offsets = *o, sizes = *s, strides = *st;
  for (size_t d = 0; d < full.size(); ++d)
    if (offsets[d] < 0 || sizes[d] < 0 ||
        (sizes[d] > 0 && offsets[d] + (sizes[d] - 1) * strides[d] >= full[d]))
      return op->emitError("slice of dimension ")
             << d << " (offset " << offsets[d] << ", size " << sizes[d]
             << ", stride " << strides[d] << ") exceeds its extent " << full[d];
  return success();
}

LogicalResult execExtractSlice(CoreExec &core, tensor::ExtractSliceOp slice) {
  Operation *op = slice;
  FailureOr<TensorPtr> src = core.tensor(op, slice.getSource());
  if (failed(src))
    return failure();
  std::vector<int64_t> offsets, sizes, strides;
  if (failed(sliceGeometry(core, slice, (*src)->shape, offsets, sizes, strides)))
    return failure();
  auto shape = resultShape(core, op, slice.getType(), {});
  std::vector<int64_t> resultShapeV = sizes;
  if (succeeded(shape) && numElements(*shape) == numElements(sizes))
    resultShapeV = *shape;
  TensorPtr t = makeTensor((*src)->dtype, resultShapeV, false);
  std::vector<int64_t> srcStrides = stridesOf((*src)->shape);
  forEachIndex(sizes, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = 0;
    for (size_t d = 0; d < idx.size(); ++d)
      at += (offsets[d] + idx[d] * strides[d]) * srcStrides[d];
    t->data[linear] = (*src)->data[at];
  });
  return setTensor(core, slice.getResult(), t);
}

LogicalResult execInsertSlice(CoreExec &core, tensor::InsertSliceOp insert) {
  Operation *op = insert;
  FailureOr<TensorPtr> src = core.tensor(op, insert.getSource());
  FailureOr<TensorPtr> dest = core.tensor(op, insert.getDest());
  if (failed(src) || failed(dest))
    return failure();
  std::vector<int64_t> offsets, sizes, strides;
  if (failed(
          sliceGeometry(core, insert, (*dest)->shape, offsets, sizes, strides)))
    return failure();
  if (numElements(sizes) != (*src)->numElements())
    return op->emitError("inserting ")
           << (*src)->numElements() << " elements into a slice of "
           << numElements(sizes);
  TensorPtr t = reshaped(**dest, (*dest)->shape);
  std::vector<int64_t> dstStrides = stridesOf((*dest)->shape);
  forEachIndex(sizes, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = 0;
    for (size_t d = 0; d < idx.size(); ++d)
      at += (offsets[d] + idx[d] * strides[d]) * dstStrides[d];
    t->data[at] = convertSlot((*src)->dtype, t->dtype, (*src)->data[linear]);
  });
  return setTensor(core, insert.getResult(), t);
}

/// The body once per element, in row-major order, with its indices.
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
    if (auto *value = std::get_if<Scalar>(&yielded.front()))
      t->data[linear] = convertSlot(value->dtype, dtype, value->value);
    else
      status = op->emitError("tensor.generate's body yields no scalar");
    core.releaseHeld(yielded);
  });
  if (failed(status))
    return failure();
  return setTensor(core, generate.getResult(), t);
}

/// The tensor dialect's ops, one function each.
LogicalResult execTensor(CoreExec &core, Operation *op, bool &handled) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](tensor::EmptyOp o) { return execEmpty(core, o); })
      .Case([&](tensor::SplatOp o) { return execSplat(core, o); })
      .Case([&](tensor::ExtractOp o) { return execExtract(core, o); })
      .Case([&](tensor::InsertOp o) { return execInsert(core, o); })
      .Case([&](tensor::FromElementsOp o) { return execFromElements(core, o); })
      .Case<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::ReshapeOp,
            tensor::CastOp>([&](auto) { return execReshape(core, op); })
      .Case([&](tensor::DimOp o) { return execDim(core, o); })
      .Case([&](tensor::ExtractSliceOp o) { return execExtractSlice(core, o); })
      .Case([&](tensor::InsertSliceOp o) { return execInsertSlice(core, o); })
      .Case([&](tensor::GenerateOp o) { return execGenerate(core, o); })
      .Default([&](Operation *) {
        handled = false;
        return failure();
      });
}

//===----------------------------------------------------------------------===//
// linalg
//===----------------------------------------------------------------------===//

/// The inputs and inits of a linalg op on tensors (one result per init),
/// read off its operands: the interface's accessors build an attribute of
/// segment sizes on every call.
ValueRange dpsInputs(Operation *op) {
  if (op->getNumResults() == 0)
    return llvm::cast<linalg::LinalgOp>(op).getDpsInputs();
  return op->getOperands().drop_back(op->getNumResults());
}
Value dpsInit(Operation *op, unsigned i) {
  if (op->getNumResults() == 0)
    return llvm::cast<linalg::LinalgOp>(op).getDpsInits()[i];
  return op->getOperand(op->getNumOperands() - op->getNumResults() + i);
}

/// `t`, an operand of a matmul indexed by `map`, with its dimensions in
/// the order of `standard`, the operand's default map (A as M x K, B as
/// K x N): a transposed operand (linalg.matmul_transpose_b, or
/// `indexing_maps` that swap two dimensions) is read transposed.
FailureOr<TensorPtr> inStandardLayout(Operation *op, TensorPtr t,
                                      AffineMap map, AffineMap standard) {
  if (map == standard)
    return t;
  std::vector<int64_t> perm; // standard result i is dimension perm[i] of t
  for (AffineExpr want : standard.getResults()) {
    auto found = llvm::find(map.getResults(), want);
    if (found == map.getResults().end())
      break;
    perm.push_back(found - map.getResults().begin());
  }
  if (perm.size() != standard.getNumResults() ||
      map.getNumResults() != standard.getNumResults() ||
      t->shape.size() != perm.size())
    return op->emitError("the interpreter runs matmuls whose indexing maps "
                         "transpose an operand, not ")
           << AffineMapAttr::get(map);
  Dims shape;
  for (int64_t d : perm)
    shape.push_back(t->shape[d]);
  TensorPtr out = makeTensor(t->dtype, shape, false);
  std::vector<int64_t> inStrides = stridesOf(t->shape);
  forEachIndex(shape, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = 0;
    for (size_t d = 0; d < idx.size(); ++d)
      at += idx[d] * inStrides[perm[d]];
    out->data[linear] = t->data[at];
  });
  return out;
}

/// A and B of a matmul in the default layout (see inStandardLayout).
LogicalResult matmulOperands(CoreExec &core, Operation *op, bool batched,
                             FailureOr<TensorPtr> &a,
                             FailureOr<TensorPtr> &b) {
  ValueRange inputs = dpsInputs(op);
  if (inputs.size() < 2)
    return op->emitError("matmul needs two inputs");
  a = core.tensor(op, inputs[0]);
  b = core.tensor(op, inputs[1]);
  if (failed(a) || failed(b))
    return failure();
  SmallVector<AffineMap> maps =
      llvm::cast<linalg::LinalgOp>(op).getIndexingMapsArray();
  SmallVector<AffineMap> standard =
      batched ? linalg::BatchMatmulOp::getDefaultIndexingMaps(op->getContext())
              : linalg::MatmulOp::getDefaultIndexingMaps(op->getContext());
  if (maps.size() != 3 || maps[2] != standard[2])
    return op->emitError("the interpreter runs matmuls whose result has the "
                         "default indexing map");
  a = inStandardLayout(op, *a, maps[0], standard[0]);
  b = inStandardLayout(op, *b, maps[1], standard[1]);
  return failure(failed(a) || failed(b));
}

LogicalResult execMatmul(CoreExec &core, Operation *op, bool batched) {
  FailureOr<TensorPtr> a, b;
  if (failed(matmulOperands(core, op, batched, a, b)))
    return failure();
  FailureOr<TensorPtr> c = core.tensor(op, dpsInit(op, 0));
  if (failed(c))
    return failure();
  const Tensor &A = **a, &B = **b;
  size_t r = batched ? 1 : 0;
  if (A.shape.size() != 2 + r || B.shape.size() != 2 + r)
    return op->emitError("matmul operands must have rank ") << 2 + r;
  int64_t batch = batched ? A.shape[0] : 1;
  int64_t M = A.shape[r], K = A.shape[r + 1], N = B.shape[r + 1];
  if (B.shape[r] != K || (batched && B.shape[0] != batch))
    return op->emitError("matmul operand shapes do not agree");
  TensorPtr out = reshaped(**c, (*c)->shape);
  if (out->numElements() != batch * M * N)
    return op->emitError("matmul accumulator has the wrong size");
  if (CostModel *costs = core.costs())
    costs->onMatmul(core.id, batch * M, N, K);
  if (!isFloat(A.dtype) && !isFloat(B.dtype) && !isFloat(out->dtype)) {
    // Integers: exact products and sums, wrapping modulo 2^64 and then to
    // the accumulator's width (as arith.muli / addi do).
    for (int64_t bi = 0; bi < batch; ++bi)
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
          double &dst = out->data[(bi * M + i) * N + j];
          uint64_t acc = static_cast<uint64_t>(slotToInt(out->dtype, dst));
          for (int64_t k = 0; k < K; ++k)
            acc += static_cast<uint64_t>(
                       slotToInt(A.dtype, A.data[(bi * M + i) * K + k])) *
                   static_cast<uint64_t>(
                       slotToInt(B.dtype, B.data[(bi * K + k) * N + j]));
          dst = intToSlot(out->dtype, static_cast<int64_t>(acc));
        }
    core.set(op->getResult(0), out);
    return success();
  }
  if (isWideInt(A.dtype) || isWideInt(B.dtype) || isWideInt(out->dtype))
    return op->emitError("matmul mixing 64-bit integers and floats is not "
                         "supported by the interpreter");
  bool f16 = A.dtype == DType::F16 && B.dtype == DType::F16;
  std::vector<double> row(N);
  std::vector<float> rowf(N), bf;
  for (int64_t bi = 0; bi < batch; ++bi) {
    const double *bmat = &B.data[bi * K * N];
    if (f16) // f16 values are exact in f32: convert B once per batch
      bf.assign(bmat, bmat + K * N);
    for (int64_t i = 0; i < M; ++i) {
      const double *arow = &A.data[(bi * M + i) * K];
      if (f16) {
        // NumPy's half matmul: f32 products accumulated in f32, in k order.
        std::fill(rowf.begin(), rowf.end(), 0.0f);
        float *acc = rowf.data();
        for (int64_t k = 0; k < K; ++k) {
          float av = static_cast<float>(arow[k]);
          const float *brow = bf.data() + k * N;
          for (int64_t j = 0; j < N; ++j)
            acc[j] += av * brow[j];
        }
        for (int64_t j = 0; j < N; ++j)
          row[j] = roundTo(out->dtype, rowf[j]);
      } else {
        std::fill(row.begin(), row.end(), 0.0);
        for (int64_t k = 0; k < K; ++k) {
          double av = arow[k];
          const double *brow = bmat + k * N;
          for (int64_t j = 0; j < N; ++j)
            row[j] += av * brow[j];
        }
        for (int64_t j = 0; j < N; ++j)
          row[j] = roundTo(out->dtype, row[j]);
      }
      double *dst = &out->data[(bi * M + i) * N];
      for (int64_t j = 0; j < N; ++j)
        dst[j] = roundTo(out->dtype, dst[j] + row[j]);
    }
  }
  core.set(op->getResult(0), out);
  return success();
}

/// Materialises `t` (indexed by `map` over the iteration space) as a tensor
/// over the whole iteration space.
TensorPtr overIterationSpace(const Tensor &t, AffineMap map,
                             ArrayRef<int64_t> space) {
  TensorPtr out = makeTensor(t.dtype, std::vector<int64_t>(space.begin(), space.end()), false);
  std::vector<int64_t> tStrides = stridesOf(t.shape);
  std::vector<unsigned> dimOf;
  for (AffineExpr e : map.getResults())
    dimOf.push_back(llvm::cast<AffineDimExpr>(e).getPosition());
  forEachIndex(space, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = 0;
    for (size_t r = 0; r < dimOf.size(); ++r)
      at += idx[dimOf[r]] * tStrides[r];
    out->data[linear] = t.data[at];
  });
  return out;
}

LogicalResult execGeneric(CoreExec &core, linalg::GenericOp op) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned numLoops = op.getNumLoops();
  std::vector<int64_t> space(numLoops, -1);
  SmallVector<RtValue> operands;
  for (OpOperand &operand : op->getOpOperands()) {
    const RtValue &rv = core.get(operand.get());
    operands.push_back(rv);
    auto *t = std::get_if<TensorPtr>(&rv);
    if (!t || !*t)
      continue;
    AffineMap map = maps[operand.getOperandNumber()];
    if (!map.isProjectedPermutation())
      return op.emitError("the interpreter supports linalg.generic indexing "
                          "maps that are projected permutations, not ")
             << AffineMapAttr::get(map);
    for (auto [r, e] : llvm::enumerate(map.getResults()))
      space[llvm::cast<AffineDimExpr>(e).getPosition()] = (*t)->shape[r];
  }
  if (llvm::is_contained(space, -1))
    return op.emitError("cannot infer the iteration space of linalg.generic");
  FailureOr<TensorPtr> init = core.tensor(op, dpsInit(op, 0));
  if (failed(init))
    return failure();
  if (op.getOutputs().size() != 1)
    return op.emitError("the interpreter supports linalg.generic with one "
                        "output");
  AffineMap outMap = maps.back();
  bool parallel = llvm::all_of(op.getIteratorTypesArray(), [](auto t) {
    return t == utils::IteratorType::parallel;
  });
  if (CostModel *costs = core.costs())
    costs->onCompute(core.id, "linalg.generic", (*init)->numElements(),
                     (*init)->numElements(), false);
  Block &body = op.getRegion().front();
  TensorPtr out = reshaped(**init, (*init)->shape);
  std::vector<int64_t> outStrides = stridesOf(out->shape);

  if (parallel) {
    // Run the body once over whole tensors.
    SmallVector<RtValue> args;
    for (auto [i, rv] : llvm::enumerate(operands)) {
      auto *t = std::get_if<TensorPtr>(&rv);
      args.push_back(t && *t ? RtValue(overIterationSpace(**t, maps[i], space))
                             : rv);
    }
    core.genericSpace = space;
    SmallVector<RtValue> yielded;
    LogicalResult r = core.runBlock(body, args, yielded);
    core.genericSpace.clear();
    if (failed(r))
      return failure();
    const RtValue &y = yielded.front();
    std::vector<unsigned> dimOf;
    for (AffineExpr e : outMap.getResults())
      dimOf.push_back(llvm::cast<AffineDimExpr>(e).getPosition());
    auto *yt = std::get_if<TensorPtr>(&y);
    auto *ys = std::get_if<Scalar>(&y);
    forEachIndex(space, [&](int64_t linear, const std::vector<int64_t> &idx) {
      int64_t at = 0;
      for (size_t d = 0; d < dimOf.size(); ++d)
        at += idx[dimOf[d]] * outStrides[d];
      double v = yt && *yt ? (*yt)->data[linear] : ys ? ys->value : 0;
      DType from = yt && *yt ? (*yt)->dtype : ys ? ys->dtype : out->dtype;
      out->data[at] = convertSlot(from, out->dtype, v);
    });
    core.releaseHeld(yielded);
    core.set(op->getResult(0), out);
    return success();
  }

  // Reduction iterators: run the body per iteration point, in order.
  std::vector<std::vector<int64_t>> strides;
  for (auto &rv : operands)
    if (auto *t = std::get_if<TensorPtr>(&rv); t && *t)
      strides.push_back(stridesOf((*t)->shape));
    else
      strides.emplace_back();
  LogicalResult status = success();
  forEachIndex(space, [&](int64_t, const std::vector<int64_t> &idx) {
    if (failed(status))
      return;
    SmallVector<RtValue> args;
    int64_t outAt = 0;
    for (auto [i, rv] : llvm::enumerate(operands)) {
      int64_t at = 0;
      for (auto [r, e] : llvm::enumerate(maps[i].getResults()))
        at += idx[llvm::cast<AffineDimExpr>(e).getPosition()] * (strides[i].empty() ? 0 : strides[i][r]);
      if (i + 1 == operands.size()) {
        outAt = at;
        args.push_back(Scalar{out->data[at], out->dtype});
      } else if (auto *t = std::get_if<TensorPtr>(&rv); t && *t) {
        args.push_back(Scalar{(*t)->data[at], (*t)->dtype});
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
    if (auto *s = std::get_if<Scalar>(&yielded.front()))
      out->data[outAt] = convertSlot(s->dtype, out->dtype, s->value);
    core.releaseHeld(yielded);
  });
  core.genericIndex.clear();
  if (failed(status))
    return failure();
  core.set(op->getResult(0), out);
  return success();
}

/// Named elementwise linalg ops and the scalar op they apply.
using NamedFn = double (*)(double, double);
NamedFn namedElementwise(StringRef name) {
  static const llvm::StringMap<NamedFn> table = {
      {"linalg.add", [](double a, double b) { return a + b; }},
      {"linalg.sub", [](double a, double b) { return a - b; }},
      {"linalg.mul", [](double a, double b) { return a * b; }},
      {"linalg.div", [](double a, double b) { return a / b; }},
      {"linalg.max", [](double a, double b) { return std::fmax(a, b); }},
      {"linalg.min", [](double a, double b) { return std::fmin(a, b); }},
      {"linalg.powf", [](double a, double b) { return std::pow(a, b); }},
      {"linalg.exp", [](double a, double) { return std::exp(a); }},
      {"linalg.log", [](double a, double) { return std::log(a); }},
      {"linalg.abs", [](double a, double) { return std::fabs(a); }},
      {"linalg.negf", [](double a, double) { return -a; }},
      {"linalg.sqrt", [](double a, double) { return std::sqrt(a); }},
      {"linalg.rsqrt", [](double a, double) { return 1.0 / std::sqrt(a); }},
      {"linalg.reciprocal", [](double a, double) { return 1.0 / a; }},
      {"linalg.tanh", [](double a, double) { return std::tanh(a); }},
      {"linalg.floor", [](double a, double) { return std::floor(a); }},
      {"linalg.ceil", [](double a, double) { return std::ceil(a); }},
  };
  auto it = table.find(name);
  return it == table.end() ? nullptr : it->second;
}

LogicalResult execLinalg(CoreExec &core, Operation *op, bool &handled) {
  StringRef name = op->getName().getStringRef();
  if (auto reduce = llvm::dyn_cast<linalg::ReduceOp>(op))
    return execLinalgReduce(core, reduce);
  if (llvm::isa<linalg::MatmulOp>(op))
    return execMatmul(core, op, false);
  if (llvm::isa<linalg::BatchMatmulOp>(op))
    return execMatmul(core, op, true);
  if (auto generic = llvm::dyn_cast<linalg::GenericOp>(op))
    return execGeneric(core, generic);
  if (auto index = llvm::dyn_cast<linalg::IndexOp>(op)) {
    uint64_t dim = index.getDim();
    if (!core.genericIndex.empty()) {
      core.set(index.getResult(),
               indexScalar(core.genericIndex[dim]));
      return success();
    }
    if (core.genericSpace.empty() || dim >= core.genericSpace.size())
      return op->emitError("linalg.index outside a linalg.generic body");
    TensorPtr t = makeTensor(DType::Index, core.genericSpace, false);
    forEachIndex(core.genericSpace,
                 [&](int64_t linear, const std::vector<int64_t> &idx) {
                   t->data[linear] = intBits(idx[dim]);
                 });
    core.set(index.getResult(), t);
    return success();
  }
  if (auto fill = llvm::dyn_cast<linalg::FillOp>(op)) {
    FailureOr<Scalar> v = core.scalar(op, fill.getInputs()[0]);
    FailureOr<TensorPtr> out = core.tensor(op, fill.getOutputs()[0]);
    if (failed(v) || failed(out))
      return failure();
    TensorPtr t = makeTensor((*out)->dtype, (*out)->shape, false);
    std::fill(t->data.begin(), t->data.end(), convertSlot(v->dtype, t->dtype, v->value));
    core.set(op->getResult(0), t);
    return success();
  }
  if (auto bcast = llvm::dyn_cast<linalg::BroadcastOp>(op)) {
    FailureOr<TensorPtr> in = core.tensor(op, bcast.getInput());
    FailureOr<TensorPtr> init = core.tensor(op, bcast.getInit());
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
    if (t->shape.empty()) {
      if (!t->data.empty())
        dst[0] = src[0];
    } else {
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
      });
    }
    roundElements(t->dtype, t->data.data(), t->numElements());
    core.set(op->getResult(0), t);
    return success();
  }
  if (auto transpose = llvm::dyn_cast<linalg::TransposeOp>(op)) {
    FailureOr<TensorPtr> in = core.tensor(op, transpose.getInput());
    FailureOr<TensorPtr> init = core.tensor(op, transpose.getInit());
    if (failed(in) || failed(init))
      return failure();
    ArrayRef<int64_t> perm = transpose.getPermutation();
    TensorPtr t = makeTensor((*init)->dtype, (*init)->shape, false);
    std::vector<int64_t> inStrides = stridesOf((*in)->shape);
    forEachIndex(t->shape, [&](int64_t linear, const std::vector<int64_t> &idx) {
      int64_t at = 0;
      for (size_t d = 0; d < idx.size(); ++d)
        at += idx[d] * inStrides[perm[d]];
      t->data[linear] = (*in)->data[at];
    });
    core.set(op->getResult(0), t);
    return success();
  }
  if (auto copy = llvm::dyn_cast<linalg::CopyOp>(op)) {
    FailureOr<TensorPtr> in = core.tensor(op, copy.getInputs()[0]);
    FailureOr<TensorPtr> init = core.tensor(op, copy.getOutputs()[0]);
    if (failed(in) || failed(init))
      return failure();
    TensorPtr t = reshaped(**in, (*init)->shape);
    t->dtype = (*init)->dtype;
    for (double &d : t->data)
      d = convertSlot((*in)->dtype, t->dtype, d);
    core.set(op->getResult(0), t);
    return success();
  }
  if (NamedFn fn = namedElementwise(name)) {
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
               << name << " on i64 or index tensors is not supported by the "
               << "interpreter; use the arith op in a linalg.generic";
    TensorPtr t = makeTensor((*init)->dtype, (*init)->shape, false);
    if (CostModel *costs = core.costs())
      costs->onCompute(core.id, name, t->numElements(),
                       ins.front()->numElements(), false);
    const double *a = ins[0]->data.data();
    const double *b = ins.size() > 1 ? ins[1]->data.data() : nullptr;
    double *out = t->data.data();
    int64_t n = t->numElements();
    for (int64_t i = 0; i < n; ++i)
      out[i] = fn(a[i], b ? b[i] : 0.0);
    if (t->dtype == DType::F16)
      roundHalves(out, n);
    else
      for (int64_t i = 0; i < n; ++i)
        out[i] = roundTo(t->dtype, out[i]);
    core.set(op->getResult(0), t);
    return success();
  }
  handled = false;
  return failure();
}

} // namespace

LogicalResult spyre::interp::execTensorLinalg(CoreExec &core, Operation *op,
                                              bool &handled) {
  if (op->getName().getDialectNamespace() == "tensor")
    return execTensor(core, op, handled);
  return execLinalg(core, op, handled);
}
