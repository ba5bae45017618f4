//===- ElementwiseOps.h - the loop every elementwise op runs --*- C++ -*-===//
//
// Internal to the interpreter's arith, math and spyreop handlers
// (ArithMathOps.cpp, IntegerOps.cpp, MathFunctions.cpp): operands are
// scalars or tensors of one shape (a scalar operand is broadcast, as
// arith.select's condition may be); results are computed in double and
// rounded to the result's element type (f16 through f32, as NumPy's half
// loops do) and, when the run keeps shadows, their shadows computed by the
// rules of ShadowMath.h.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_ELEMENTWISEOPS_H
#define SPYRE_INTERP_ELEMENTWISEOPS_H

#include "interp/ShadowTensor.h"

#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>

namespace spyre::interp {

/// One operand as an elementwise loop sees it.
struct Arg {
  const double *data = nullptr; ///< tensor data, or null for a scalar
  double scalar = 0;
  DType dtype = DType::F64;
  const ShadowCell *cells = nullptr; ///< a tensor's shadows (null: exact)
  ShadowCell scalarShadow;           ///< a scalar's (or a splat's) shadow

  double at(int64_t i) const { return data ? data[i] : scalar; }
  /// As a shadow operand: reads this Arg, which must outlive the loop.
  ShadowIn shadow() const {
    if (data)
      return ShadowIn{cells, data, 1, dtype};
    return ShadowIn{scalarShadow.terms > 0 ? &scalarShadow : nullptr, &scalar,
                    0, dtype};
  }
  bool exact() const {
    return data ? cells == nullptr : scalarShadow.terms == 0;
  }
};

struct Operands {
  llvm::SmallVector<Arg, 3> args;
  Dims shape;
  bool tensor = false;
  int64_t firstTileElements = 1;
  int64_t dataLanes = -1; ///< the least of the tensor operands' (Tensor)

  bool allExact() const {
    return llvm::all_of(args, [](const Arg &a) { return a.exact(); });
  }
};

/// The operands of `op` (an error on it when one is not evaluated or the
/// tensors' shapes differ).
mlir::FailureOr<Operands> gatherOperands(CoreExec &core, mlir::Operation *op);

/// Allocates result #0 of `op` (a scalar, or a tensor of the operands'
/// shape or the result type's), calls values(dst, first, count, type) a
/// chunk at a time to write its elements rounded to the result's type and,
/// when the run keeps shadows, shadows(cells, n, ctx) for all of their
/// shadows; binds it and charges the cost model.
template <typename Values, typename Shadows>
mlir::LogicalResult elementwise(CoreExec &core, mlir::Operation *op,
                                const Operands &ops, Values values,
                                Shadows shadows) {
  mlir::Type resultType = op->getResult(0).getType();
  DType out = dtypeOf(resultType);
  if (CostModel *costs = core.costs())
    costs->onCompute(core.id, op->getName().getStringRef(),
                     ops.tensor ? numElements(ops.shape) : 1,
                     ops.tensor ? ops.firstTileElements : 1, !ops.tensor);
  const bool shadow = keepsShadow(core);
  // Inside a vectorised linalg.generic body, scalar-typed values hold a
  // whole tensor over the iteration space.
  if (!llvm::isa<mlir::ShapedType>(resultType) && !ops.tensor) {
    Scalar s{0, out};
    values(&s.value, 0, 1, out);
    if (shadow) {
      ShadowCell cell;
      shadows(&cell, 1, shadowOp(core, op, out));
      s.shadow = cell;
    }
    core.set(op->getResult(0), s);
    return mlir::success();
  }
  Dims shape = ops.shape;
  if (!ops.tensor) {
    auto shaped = llvm::cast<mlir::ShapedType>(resultType);
    shape.assign(shaped.getShape().begin(), shaped.getShape().end());
  }
  TensorPtr t = makeTensor(out, shape, /*zeroFill=*/false);
  t->dataLanes = ops.dataLanes;
  int64_t n = t->numElements();
  double *dst = t->data.data();
  constexpr int64_t kChunk = 2048;
  for (int64_t first = 0; first < n; first += kChunk)
    values(dst + first, first, std::min(kChunk, n - first), out);
  if (shadow) {
    ShadowBuffer cells(static_cast<size_t>(n));
    shadows(cells.data(), n, shadowOp(core, op, out));
    attachShadow(*t, std::move(cells));
  }
  core.set(op->getResult(0), t);
  return mlir::success();
}

/// elementwise with fn(i) giving element i unrounded: each chunk is
/// rounded while it is in cache.
template <typename Fn, typename Shadows>
mlir::LogicalResult elementwiseTo(CoreExec &core, mlir::Operation *op,
                                  const Operands &ops, Fn fn,
                                  Shadows shadows) {
  return elementwise(
      core, op, ops,
      [&](double *dst, int64_t first, int64_t count, DType type) {
        for (int64_t i = 0; i < count; ++i)
          dst[i] = fn(first + i);
        roundElements(type, dst, count);
      },
      shadows);
}

/// No shadows: the results are exact when the operands are (integer ops).
inline auto exactShadows() {
  return [](ShadowCell *cells, int64_t n, const ShadowOp &) {
    std::fill(cells, cells + n, ShadowCell{});
  };
}

// The families (each a function of its own file):
/// arith.constant / spyreop.constant (ConstantOps.cpp).
mlir::LogicalResult execConstant(CoreExec &core, mlir::Operation *op,
                                 mlir::Attribute value);
mlir::LogicalResult execIntegerArith(CoreExec &core, mlir::Operation *op);
mlir::LogicalResult execIntegerDivision(CoreExec &core, mlir::Operation *op);
mlir::LogicalResult execMathFunction(CoreExec &core, mlir::Operation *op,
                                     ShadowFn fn);
/// The function of one argument the math op `op` computes (one of the ops
/// execArithMath hands to execMathFunction; ArithMathOps.cpp).
ShadowFn functionOf(mlir::Operation *op);
/// out[i] = fn(in[i]) rounded to f16 for f16 inputs, from fn's memo
/// (MathFunctions.cpp); false when fn has none.
bool applyHalfMemo(ShadowFn fn, const double *in, double *out, int64_t n);

} // namespace spyre::interp

#endif
