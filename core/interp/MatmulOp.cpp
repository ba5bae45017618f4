//===- MatmulOp.cpp - linalg.matmul and linalg.batch_matmul ---------------===//
//
// Numerics follow ktir-cpu: products of half-precision operands (f16 or
// bf16, each product exact in f32) are accumulated in f32 in k order and
// rounded once to the result's type, then added to the accumulator in its
// type; other floats in double. ktir-cpu has no bf16: its products are
// summed in f32 like f16's, the architecture's f32 accumulator
// (docs/numerics.md, "Half-precision matmuls"), which the compiled program
// uses too. Integers are exact, wrapping. An f32 accumulator of half
// operands is the exception: the f32 sum continues from it, product by
// product in k order, as linalg.matmul defines (each product added to the
// accumulator) and as the compiled program computes. So a K loop or
// chunk-large-matmuls's chunks of K carrying an f32 accumulator sum the
// same products in the same order as the whole matmul, bit for bit
// (summing each chunk from zero and then adding it would reassociate the
// sum and move its last bits).
//
// The shadow (docs/numerics.md): each output continues its accumulator's
// sum with the K products as leaves, so the bound covers the products
// summed in any order, into the accumulator or apart, in its type or in
// the f32 accumulator of the architecture's [numerics].
//
//===----------------------------------------------------------------------===//

#include "interp/LinalgUtils.h"
#include "interp/ShadowTensor.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace spyre::interp;

namespace {

struct MatmulShape {
  int64_t batch = 1, M = 0, N = 0, K = 0;
};

void integerMatmul(const Tensor &A, const Tensor &B, Tensor &out,
                   const MatmulShape &s) {
  // Exact products and sums, wrapping modulo 2^64 and then to the
  // accumulator's width (as arith.muli / addi do).
  for (int64_t bi = 0; bi < s.batch; ++bi)
    for (int64_t i = 0; i < s.M; ++i)
      for (int64_t j = 0; j < s.N; ++j) {
        double &dst = out.data[(bi * s.M + i) * s.N + j];
        uint64_t acc = static_cast<uint64_t>(slotToInt(out.dtype, dst));
        for (int64_t k = 0; k < s.K; ++k)
          acc += static_cast<uint64_t>(
                     slotToInt(A.dtype, A.data[(bi * s.M + i) * s.K + k])) *
                 static_cast<uint64_t>(
                     slotToInt(B.dtype, B.data[(bi * s.K + k) * s.N + j]));
        dst = intToSlot(out.dtype, static_cast<int64_t>(acc));
      }
}

void floatMatmul(const Tensor &A, const Tensor &B, Tensor &out,
                 const MatmulShape &s) {
  const int64_t M = s.M, N = s.N, K = s.K;
  auto half = [](DType t) { return t == DType::F16 || t == DType::BF16; };
  bool halves = half(A.dtype) && half(B.dtype); // products exact in f32
  bool carryF32 = halves && out.dtype == DType::F32;
  std::vector<double> row(N);
  std::vector<float> rowf(N), bf;
  for (int64_t bi = 0; bi < s.batch; ++bi) {
    const double *bmat = &B.data[bi * K * N];
    if (halves) // half values are exact in f32: convert B once per batch
      bf.assign(bmat, bmat + K * N);
    for (int64_t i = 0; i < M; ++i) {
      const double *arow = &A.data[(bi * M + i) * K];
      double *dst = &out.data[(bi * M + i) * N];
      if (halves) {
        // NumPy's half matmul: f32 products accumulated in f32, in k order
        // (bf16 the same way: the architecture's f32 accumulator).
        // An f32 accumulator carries that sum (see the file comment).
        if (carryF32)
          std::copy(dst, dst + N, rowf.begin());
        else
          std::fill(rowf.begin(), rowf.end(), 0.0f);
        float *acc = rowf.data();
        for (int64_t k = 0; k < K; ++k) {
          float av = static_cast<float>(arow[k]);
          const float *brow = bf.data() + k * N;
          for (int64_t j = 0; j < N; ++j)
            acc[j] += av * brow[j];
        }
        if (carryF32) {
          std::copy(rowf.begin(), rowf.end(), dst);
          continue;
        }
        for (int64_t j = 0; j < N; ++j)
          row[j] = roundTo(out.dtype, rowf[j]);
      } else {
        std::fill(row.begin(), row.end(), 0.0);
        for (int64_t k = 0; k < K; ++k) {
          double av = arow[k];
          const double *brow = bmat + k * N;
          for (int64_t j = 0; j < N; ++j)
            row[j] += av * brow[j];
        }
        for (int64_t j = 0; j < N; ++j)
          row[j] = roundTo(out.dtype, row[j]);
      }
      for (int64_t j = 0; j < N; ++j)
        dst[j] = roundTo(out.dtype, dst[j] + row[j]);
    }
  }
}

/// The relative error of one product a*b as the engines form it: exact
/// when its bits fit where it is formed. The compiled program multiplies
/// in the result's type (the body's mulf), an f32 accumulator of
/// [numerics] in f32, the interpreter in f32 (f16 / bf16 operands) or f64.
double productError(DType a, DType b, DType out, const NumericsModel &m) {
  int bits = precisionOf(a) + precisionOf(b);
  double e = bits > precisionOf(out) ? roundingError(out) : 0;
  if (m.accumulateF32 && bits > 24)
    e = std::max(e, roundingError(DType::F32));
  return bits > 53 ? std::max(e, 0x1p-53) : e;
}

/// out's shadow: each element is its init's sum (`init`, the accumulator
/// before the op) continued with the K products a*b, each a leaf whose
/// bound is |a| eb + |b| ea + ea eb plus its rounding.
void matmulShadow(CoreExec &core, Operation *op, const Tensor &A,
                  const Tensor &B, const Tensor &init, Tensor &out,
                  const MatmulShape &s) {
  ShadowOp ctx = shadowOp(core, op, out.dtype);
  const NumericsModel &m = *ctx.model;
  const double rounding = productError(A.dtype, B.dtype, out.dtype, m);
  ShadowIn a = shadowIn(A), b = shadowIn(B), c = shadowIn(init);
  ShadowBuffer cells(out.data.size());
  for (int64_t bi = 0; bi < s.batch; ++bi)
    for (int64_t i = 0; i < s.M; ++i)
      for (int64_t j = 0; j < s.N; ++j) {
        ShadowCell sum{0, 0, 0, 0, ctx.writer};
        for (int64_t k = 0; k < s.K; ++k) {
          ShadowCell x = a.at((bi * s.M + i) * s.K + k);
          ShadowCell y = b.at((bi * s.K + k) * s.N + j);
          double ex = x.terms > 1 ? boundOf(x, A.dtype, m) : x.leafError;
          double ey = y.terms > 1 ? boundOf(y, B.dtype, m) : y.leafError;
          double p = x.value * y.value;
          double e = errorProduct(std::fabs(x.value), ey) +
                     errorProduct(std::fabs(y.value), ex) + errorProduct(ex, ey);
          e += errorProduct(rounding, std::fabs(p) + e);
          if (p == 0 && e == 0)
            continue; // adding an exact zero is exact
          sum.value += p;
          sum.leafError += e;
          sum.magnitude += std::fabs(p) + e;
          sum.terms += 1;
        }
        int64_t at = (bi * s.M + i) * s.N + j;
        cells[at] = sum.terms == 0 ? c.at(at)
                                   : shadowSum(c.at(at), sum, false, ctx.writer);
      }
  attachShadow(out, std::move(cells));
}

/// `t`, an operand of a matmul indexed by `map`, with its dimensions in
/// the order of `standard`, the operand's default map (A as M x K, B as
/// K x N): a transposed operand (linalg.matmul_transpose_b, or
/// `indexing_maps` that swap two dimensions) is read transposed, its
/// shadow with it.
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
  if (t->splat)
    return reshaped(*t, shape);
  TensorPtr out = makeTensor(t->dtype, shape, false);
  std::vector<int64_t> inStrides = stridesOf(t->shape);
  std::vector<int64_t> from(static_cast<size_t>(out->numElements()));
  forEachIndex(shape, [&](int64_t linear, const std::vector<int64_t> &idx) {
    int64_t at = 0;
    for (size_t d = 0; d < idx.size(); ++d)
      at += idx[d] * inStrides[perm[d]];
    from[size_t(linear)] = at;
    out->data[linear] = t->data[at];
  });
  gatherShadow(*out, *t, [&](int64_t i) { return from[size_t(i)]; });
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

} // namespace

LogicalResult spyre::interp::execMatmul(CoreExec &core, Operation *op,
                                        bool batched) {
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
  MatmulShape s{batched ? A.shape[0] : 1, A.shape[r], B.shape[r + 1],
                A.shape[r + 1]};
  if (B.shape[r] != s.K || (batched && B.shape[0] != s.batch))
    return op->emitError("matmul operand shapes do not agree");
  TensorPtr out = reshaped(**c, (*c)->shape);
  if (out->numElements() != s.batch * s.M * s.N)
    return op->emitError("matmul accumulator has the wrong size");
  if (CostModel *costs = core.costs())
    costs->onMatmul(core.id, s.batch * s.M, s.N, s.K);
  if (!isFloat(A.dtype) && !isFloat(B.dtype) && !isFloat(out->dtype)) {
    integerMatmul(A, B, *out, s);
  } else {
    if (isWideInt(A.dtype) || isWideInt(B.dtype) || isWideInt(out->dtype))
      return op->emitError("matmul mixing 64-bit integers and floats is not "
                           "supported by the interpreter");
    floatMatmul(A, B, *out, s);
    if (keepsShadow(core))
      matmulShadow(core, op, A, B, **c, *out, s);
  }
  core.set(op->getResult(0), out);
  return success();
}
