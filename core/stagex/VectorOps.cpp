//===- VectorOps.cpp - the `vector` and `affine` ops the pipeline makes ---===//
//
// Vectors are the interpreter's tensors of the vector's shape, so arith,
// math and spyreop ops on them are the interpreter's. Here: broadcasts,
// reductions (folded lane by lane from the accumulator, or lane 0, each
// step rounded to the element type: the order the compute unit folds in),
// reads and writes of a vector along one dimension of a held tile
// (`permutation_map`; lanes outside the tile read the padding and are not
// written), element extracts and inserts, fma (rounded once), shape casts,
// and affine.apply.
//
//===----------------------------------------------------------------------===//

#include "stagex/ExecContext.h"
#include "interp/Elementwise.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;
using interp::DType;
using interp::TensorPtr;

namespace {

/// Element i of `t` (a splat has one value everywhere).
double elementAt(const interp::Tensor &t, int64_t i) {
  return t.splat ? t.splatValue : t.data[size_t(i)];
}

/// A dense copy of `t`.
TensorPtr denseCopy(const interp::Tensor &t) {
  TensorPtr out = interp::makeTensor(t.dtype, t.shape, false);
  if (t.splat)
    std::fill(out->data.begin(), out->data.end(), t.splatValue);
  else
    std::copy(t.data.begin(), t.data.end(), out->data.begin());
  out->dataLanes = t.dataLanes;
  return out;
}

LogicalResult execBroadcast(interp::CoreExec &core, vector::BroadcastOp op) {
  auto type = op.getResult().getType();
  DType dtype = interp::dtypeOf(type);
  TensorPtr out = interp::makeTensor(dtype, type.getShape(), false);
  const interp::RtValue &src = core.get(op.getSource());
  if (auto *s = std::get_if<interp::Scalar>(&src)) {
    double v = interp::convertSlot(s->dtype, dtype, s->value);
    std::fill(out->data.begin(), out->data.end(), v);
  } else if (auto *t = std::get_if<TensorPtr>(&src); t && *t) {
    // A lower-rank vector repeats along the leading dimensions.
    int64_t n = (*t)->numElements();
    if (n <= 0 || out->numElements() % n != 0)
      return op.emitError("cannot broadcast ")
             << n << " elements to " << type;
    for (int64_t i = 0; i < out->numElements(); ++i)
      out->data[size_t(i)] =
          interp::convertSlot((*t)->dtype, dtype, elementAt(**t, i % n));
  } else {
    return op.emitError("the broadcast's source has not been evaluated");
  }
  core.set(op.getResult(), out);
  return success();
}

/// The float operation a reduction kind folds with; nullopt for the
/// integer-only kinds.
std::optional<interp::FloatBinary> floatOpOf(vector::CombiningKind kind) {
  using K = vector::CombiningKind;
  using F = interp::FloatBinary;
  switch (kind) {
  case K::ADD: return F::Add;
  case K::MUL: return F::Mul;
  case K::MAXIMUMF: return F::Maximum;
  case K::MINIMUMF: return F::Minimum;
  case K::MAXNUMF: return F::MaxNum;
  case K::MINNUMF: return F::MinNum;
  default: return std::nullopt;
  }
}

/// acc op x for a reduction kind, on slots of `dtype`, rounded.
FailureOr<double> combine(vector::CombiningKind kind, DType dtype, double acc,
                          double x) {
  using K = vector::CombiningKind;
  if (interp::isFloat(dtype)) {
    std::optional<interp::FloatBinary> op = floatOpOf(kind);
    if (!op)
      return failure();
    double out = 0;
    interp::applyFloatBinary(*op, dtype, &acc, 0, &x, 0, &out, 1);
    return out;
  }
  int64_t a = interp::slotToInt(dtype, acc), b = interp::slotToInt(dtype, x);
  auto u = [](int64_t v) { return uint64_t(v); };
  unsigned bits = interp::dtypeSize(dtype) * 8;
  auto unsignedOf = [bits](int64_t v) {
    return bits >= 64 ? uint64_t(v) : uint64_t(v) & ((uint64_t(1) << bits) - 1);
  };
  int64_t r = 0;
  switch (kind) {
  case K::ADD: r = int64_t(u(a) + u(b)); break;
  case K::MUL: r = int64_t(u(a) * u(b)); break;
  case K::MAXSI: r = std::max(a, b); break;
  case K::MINSI: r = std::min(a, b); break;
  case K::MAXUI: r = unsignedOf(a) >= unsignedOf(b) ? a : b; break;
  case K::MINUI: r = unsignedOf(a) <= unsignedOf(b) ? a : b; break;
  case K::AND: r = a & b; break;
  case K::OR: r = a | b; break;
  case K::XOR: r = a ^ b; break;
  default: return failure();
  }
  return interp::intToSlot(dtype, r);
}

/// The float fold of a vector's lanes as VReduce folds them (emu/Alu.cpp
/// reduceLanes, by the architecture's [numerics]): each step rounded to
/// `step` (f32 for an f16 / bf16 / df16 reduction accumulated in f32, else
/// `dtype`), the lanes pairwise (lane i with lane i + half, an odd lane
/// carried, at most 256 partials) or one after the other, the accumulator
/// `init` folded last (first, in order); the result rounded to `dtype`.
template <interp::FloatBinary Op>
double foldLanes(DType dtype, const interp::Tensor &x, const interp::Scalar *init,
                 const ReduceNumerics &n) {
  const bool narrow = dtype == DType::F16 || dtype == DType::BF16 || dtype == DType::DF16;
  const DType step = n.accumulateF32 && narrow ? DType::F32 : dtype;
  auto apply = [step](double a, double b) {
    return interp::roundTo(step, interp::floatBinaryScalar<Op>(a, b));
  };
  auto lane = [&](int64_t i) { return interp::convertSlot(x.dtype, dtype, elementAt(x, i)); };
  const int64_t lanes = x.numElements();
  const double start = init ? interp::convertSlot(init->dtype, dtype, init->value) : 0;
  double acc;
  if (n.tree && lanes > 1) {
    llvm::SmallVector<double, 64> partial;
    const int64_t m0 = std::min<int64_t>(lanes, 256);
    for (int64_t i = 0; i < m0; ++i)
      partial.push_back(lane(i));
    for (int64_t k = m0; k < lanes; ++k)
      partial[size_t(k % m0)] = apply(partial[size_t(k % m0)], lane(k));
    for (int64_t m = m0; m > 1;) {
      const int64_t half = m / 2;
      for (int64_t i = 0; i < half; ++i)
        partial[size_t(i)] = apply(partial[size_t(i)], partial[size_t(i + half)]);
      if (m % 2)
        partial[size_t(half)] = partial[size_t(m - 1)];
      m -= half;
    }
    acc = init ? apply(start, partial[0]) : partial[0];
  } else if (lanes == 0) {
    acc = start;
  } else {
    acc = init ? start : lane(0);
    for (int64_t i = init ? 0 : 1; i < lanes; ++i)
      acc = apply(acc, lane(i));
  }
  return step == dtype ? acc : interp::roundTo(dtype, acc);
}

/// The float reductions folded inline; nullopt for the other kinds.
std::optional<double> foldFloatReduction(vector::CombiningKind kind, DType dtype,
                                         const interp::Tensor &x,
                                         const interp::Scalar *init,
                                         const ReduceNumerics &n) {
  using F = interp::FloatBinary;
  std::optional<F> op = floatOpOf(kind);
  if (!interp::isFloat(dtype) || !op)
    return std::nullopt;
  switch (*op) {
  case F::Add:
    return foldLanes<F::Add>(dtype, x, init, n);
  case F::Mul:
    return foldLanes<F::Mul>(dtype, x, init, n);
  case F::Maximum:
    return foldLanes<F::Maximum>(dtype, x, init, n);
  case F::Minimum:
    return foldLanes<F::Minimum>(dtype, x, init, n);
  case F::MaxNum:
    return foldLanes<F::MaxNum>(dtype, x, init, n);
  case F::MinNum:
    return foldLanes<F::MinNum>(dtype, x, init, n);
  default:
    return std::nullopt;
  }
}

/// Where an integer reduction starts: its accumulator `init` converted, or
/// (none) lane 0; `i` is the first lane left to fold.
double reductionStart(DType dtype, const interp::Tensor &x, const interp::Scalar *init,
                      int64_t &i) {
  i = 0;
  if (init)
    return interp::convertSlot(init->dtype, dtype, init->value);
  if (x.numElements() == 0)
    return 0;
  i = 1;
  return interp::convertSlot(x.dtype, dtype, elementAt(x, 0));
}

LogicalResult execReduction(interp::CoreExec &core, vector::ReductionOp op,
                            const ReduceNumerics &numerics) {
  FailureOr<TensorPtr> v = core.tensor(op, op.getVector());
  if (failed(v))
    return failure();
  DType dtype = interp::dtypeOf(op.getResult().getType());
  const interp::Tensor &x = **v;
  int64_t n = x.numElements(), i = 0;
  std::optional<interp::Scalar> init;
  if (Value value = op.getAcc()) {
    FailureOr<interp::Scalar> s = core.scalar(op, value);
    if (failed(s))
      return failure();
    init = *s;
  }
  if (std::optional<double> folded =
          foldFloatReduction(op.getKind(), dtype, x, init ? &*init : nullptr, numerics)) {
    core.set(op.getResult(), interp::Scalar{*folded, dtype});
    return success();
  }
  double acc = reductionStart(dtype, x, init ? &*init : nullptr, i);
  for (; i < n; ++i) {
    FailureOr<double> next = combine(
        op.getKind(), dtype, acc,
        interp::convertSlot(x.dtype, dtype, elementAt(x, i)));
    if (failed(next))
      return op.emitError("the stage executor has no reduction of this kind "
                          "for ")
             << op.getResult().getType();
    acc = *next;
  }
  core.set(op.getResult(), interp::Scalar{acc, dtype});
  return success();
}

/// The tile dimension a 1-D transfer walks (its map's one result).
FailureOr<unsigned> transferDim(Operation *op, AffineMap map) {
  if (map.getNumResults() == 1)
    if (auto dim = dyn_cast<AffineDimExpr>(map.getResult(0)))
      return dim.getPosition();
  return op->emitError("the stage executor moves 1-D vectors along one "
                       "tile dimension, not ")
         << AffineMapAttr::get(map);
}

/// For lane i of a transfer from `point` along `dim` of `shape`: the flat
/// index of the element, or -1 outside the tile.
struct TransferWalk {
  llvm::SmallVector<int64_t, 4> point, shape;
  unsigned dim = 0;
  int64_t flat(int64_t lane) const {
    int64_t f = 0;
    for (size_t d = 0; d < shape.size(); ++d) {
      int64_t x = point[d] + (d == dim ? lane : 0);
      if (x < 0 || x >= shape[d])
        return -1;
      f = f * shape[d] + x;
    }
    return f;
  }
  /// The lanes [first, end) inside the tile, as flat(first) + (lane -
  /// first) * stride: what flat() gives lane by lane, worked out once.
  struct Span {
    int64_t first = 0, end = 0, base = 0, stride = 0;
  };
  Span inside(int64_t lanes) const {
    Span s;
    int64_t lo = std::max<int64_t>(0, -point[dim]);
    int64_t hi = std::min<int64_t>(lanes, shape[dim] - point[dim]);
    s.stride = 1;
    for (size_t d = dim + 1; d < shape.size(); ++d)
      s.stride *= shape[d];
    if (lo >= hi || flat(lo) < 0)
      return s;
    s.first = lo;
    s.end = hi;
    s.base = flat(lo);
    return s;
  }
};

template <typename TransferOp>
FailureOr<TransferWalk> walkOf(interp::CoreExec &core, TransferOp op,
                               const interp::Tensor &tile) {
  if (op.getMask())
    return op.emitError("the stage executor has no masked transfers");
  FailureOr<unsigned> dim = transferDim(op, op.getPermutationMap());
  FailureOr<SmallVector<int64_t, 4>> at = core.integers(op, op.getIndices());
  if (failed(dim) || failed(at))
    return failure();
  TransferWalk w;
  w.point.assign(at->begin(), at->end());
  w.shape.assign(tile.shape.begin(), tile.shape.end());
  w.dim = *dim;
  if (w.point.size() != w.shape.size() || w.dim >= w.shape.size())
    return op.emitError("the transfer's indices do not match the tile");
  return w;
}

LogicalResult execTransferRead(interp::CoreExec &core,
                               vector::TransferReadOp op) {
  if (!isa<RankedTensorType>(op.getBase().getType()))
    return op.emitError("the stage executor reads vectors of tiles only");
  FailureOr<TensorPtr> tile = core.tensor(op, op.getBase());
  FailureOr<interp::Scalar> pad = core.scalar(op, op.getPadding());
  if (failed(tile) || failed(pad))
    return failure();
  FailureOr<TransferWalk> walk = walkOf(core, op, **tile);
  if (failed(walk))
    return failure();
  VectorType type = op.getVectorType();
  DType dtype = interp::dtypeOf(type);
  TensorPtr out = interp::makeTensor(dtype, type.getShape(), false);
  double fill = interp::convertSlot(pad->dtype, dtype, pad->value);
  int64_t lanes = out->numElements();
  TransferWalk::Span span = walk->inside(lanes);
  const interp::Tensor &from = **tile;
  double *dst = out->data.data();
  std::fill(dst, dst + lanes, fill);
  for (int64_t lane = span.first, f = span.base; lane < span.end;
       ++lane, f += span.stride)
    dst[lane] = interp::convertSlot(from.dtype, dtype, elementAt(from, f));
  // The lanes past the tile's edge hold the padding, not data.
  out->dataLanes = span.end;
  core.set(op.getResult(), out);
  return success();
}

LogicalResult execTransferWrite(interp::CoreExec &core,
                                vector::TransferWriteOp op) {
  if (!isa<RankedTensorType>(op.getBase().getType()))
    return op.emitError("the stage executor writes vectors into tiles only");
  FailureOr<TensorPtr> tile = core.tensor(op, op.getBase());
  FailureOr<TensorPtr> v = core.tensor(op, op.getValueToStore());
  if (failed(tile) || failed(v))
    return failure();
  FailureOr<TransferWalk> walk = walkOf(core, op, **tile);
  if (failed(walk))
    return failure();
  TensorPtr out = denseCopy(**tile);
  TransferWalk::Span span = walk->inside((*v)->numElements());
  const interp::Tensor &from = **v;
  for (int64_t lane = span.first, f = span.base; lane < span.end;
       ++lane, f += span.stride)
    out->data[size_t(f)] =
        interp::convertSlot(from.dtype, out->dtype, elementAt(from, lane));
  core.set(op.getResult(), out);
  return success();
}

/// The flat offset of a (possibly partial) position in a vector of
/// `shape`, and the elements it selects.
FailureOr<std::pair<int64_t, int64_t>>
positionOf(interp::CoreExec &core, Operation *op, ArrayRef<int64_t> shape,
           ArrayRef<int64_t> statics, ValueRange dynamics) {
  FailureOr<interp::Dims> pos = core.mixedDims(op, statics, dynamics);
  if (failed(pos))
    return failure();
  if (pos->size() > shape.size())
    return op->emitError("a position of ") << pos->size() << " indices";
  int64_t offset = 0, count = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t x = d < pos->size() ? (*pos)[d] : 0;
    if (x < 0 || x >= shape[d])
      return op->emitError("position ") << x << " outside a vector of "
                                        << shape[d];
    offset = offset * shape[d] + x;
    if (d >= pos->size())
      count *= shape[d];
  }
  return std::make_pair(offset, count);
}

LogicalResult execExtract(interp::CoreExec &core, vector::ExtractOp op) {
  FailureOr<TensorPtr> v = core.tensor(op, op.getSource());
  if (failed(v))
    return failure();
  auto at = positionOf(core, op, op.getSource().getType().getShape(),
                       op.getStaticPosition(), op.getDynamicPosition());
  if (failed(at))
    return failure();
  Type type = op.getResult().getType();
  DType dtype = interp::dtypeOf(type);
  if (auto vec = dyn_cast<VectorType>(type)) {
    TensorPtr out = interp::makeTensor(dtype, vec.getShape(), false);
    for (int64_t i = 0; i < at->second; ++i)
      out->data[size_t(i)] = elementAt(**v, at->first + i);
    out->dataLanes = (*v)->dataLanes;
    core.set(op.getResult(), out);
  } else {
    core.set(op.getResult(),
             interp::Scalar{elementAt(**v, at->first), dtype});
  }
  return success();
}

LogicalResult execInsert(interp::CoreExec &core, vector::InsertOp op) {
  FailureOr<TensorPtr> dest = core.tensor(op, op.getDest());
  if (failed(dest))
    return failure();
  auto at = positionOf(core, op, op.getDest().getType().getShape(),
                       op.getStaticPosition(), op.getDynamicPosition());
  if (failed(at))
    return failure();
  TensorPtr out = denseCopy(**dest);
  const interp::RtValue &value = core.get(op.getValueToStore());
  if (auto *s = std::get_if<interp::Scalar>(&value)) {
    out->data[size_t(at->first)] =
        interp::convertSlot(s->dtype, out->dtype, s->value);
  } else if (auto *t = std::get_if<TensorPtr>(&value); t && *t) {
    for (int64_t i = 0; i < at->second && i < (*t)->numElements(); ++i)
      out->data[size_t(at->first + i)] = elementAt(**t, i);
  } else {
    return op.emitError("the value to insert has not been evaluated");
  }
  core.set(op.getResult(), out);
  return success();
}

LogicalResult execFma(interp::CoreExec &core, vector::FMAOp op) {
  FailureOr<TensorPtr> a = core.tensor(op, op.getLhs());
  FailureOr<TensorPtr> b = core.tensor(op, op.getRhs());
  FailureOr<TensorPtr> c = core.tensor(op, op.getAcc());
  if (failed(a) || failed(b) || failed(c))
    return failure();
  VectorType type = op.getResult().getType();
  DType dtype = interp::dtypeOf(type);
  TensorPtr out = interp::makeTensor(dtype, type.getShape(), false);
  for (int64_t i = 0; i < out->numElements(); ++i)
    out->data[size_t(i)] = interp::roundTo(
        dtype, elementAt(**a, i) * elementAt(**b, i) + elementAt(**c, i));
  for (const TensorPtr *t : {&*a, &*b, &*c})
    if ((*t)->dataLanes >= 0)
      out->dataLanes = out->dataLanes < 0
                           ? (*t)->dataLanes
                           : std::min(out->dataLanes, (*t)->dataLanes);
  core.set(op.getResult(), out);
  return success();
}

LogicalResult execAffineApply(interp::CoreExec &core, affine::AffineApplyOp op) {
  FailureOr<SmallVector<int64_t, 4>> operands =
      core.integers(op, op.getMapOperands());
  if (failed(operands))
    return failure();
  AffineMap map = op.getAffineMap();
  SmallVector<Attribute> constants;
  for (int64_t v : *operands)
    constants.push_back(IntegerAttr::get(IndexType::get(op.getContext()), v));
  SmallVector<Attribute> folded;
  if (failed(map.constantFold(constants, folded)) || folded.size() != 1)
    return op.emitError("cannot evaluate ") << AffineMapAttr::get(map);
  auto value = dyn_cast<IntegerAttr>(folded.front());
  if (!value)
    return op.emitError("cannot evaluate ") << AffineMapAttr::get(map);
  core.set(op.getResult(), interp::indexScalar(value.getInt()));
  return success();
}

} // namespace

std::optional<interp::Scalar> spyre::stagex::foldReduction(unsigned kind, DType dtype,
                                                           const interp::Tensor &x,
                                                           const interp::Scalar *init,
                                                           const ReduceNumerics &numerics) {
  std::optional<double> folded =
      foldFloatReduction(vector::CombiningKind(kind), dtype, x, init, numerics);
  if (!folded)
    return std::nullopt;
  return interp::Scalar{*folded, dtype};
}


LogicalResult spyre::stagex::execVector(Context &ctx, interp::CoreExec &core,
                                        Operation *op, bool &handled) {
  if (auto b = dyn_cast<vector::BroadcastOp>(op))
    return execBroadcast(core, b);
  if (auto r = dyn_cast<vector::ReductionOp>(op))
    return execReduction(core, r, ctx.reduceNumerics);
  if (auto read = dyn_cast<vector::TransferReadOp>(op))
    return execTransferRead(core, read);
  if (auto write = dyn_cast<vector::TransferWriteOp>(op))
    return execTransferWrite(core, write);
  if (auto e = dyn_cast<vector::ExtractOp>(op))
    return execExtract(core, e);
  if (auto i = dyn_cast<vector::InsertOp>(op))
    return execInsert(core, i);
  if (auto f = dyn_cast<vector::FMAOp>(op))
    return execFma(core, f);
  if (auto cast = dyn_cast<vector::ShapeCastOp>(op)) {
    FailureOr<TensorPtr> src = core.tensor(op, cast.getSource());
    if (failed(src))
      return failure();
    core.set(cast.getResult(),
             interp::reshaped(**src, cast.getResult().getType().getShape()));
    return success();
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return execAffineApply(core, apply);
  handled = false;
  return failure();
}
