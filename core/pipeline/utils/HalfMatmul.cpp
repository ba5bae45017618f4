//===- HalfMatmul.cpp - half-precision matmuls summed in f32 -------------===//

#include "pipeline/utils/HalfMatmul.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace {

bool isHalf(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isF16() || element.isBF16();
}

/// `v` as a vector of type `f32`: a vector widened (extf), a scalar
/// widened and then broadcast (one scalar extf instead of a vector one).
Value widened(OpBuilder &b, Location loc, Value v, VectorType f32) {
  if (!isa<VectorType>(v.getType())) {
    if (v.getType() != f32.getElementType())
      v = arith::ExtFOp::create(b, loc, f32.getElementType(), v);
    return vector::BroadcastOp::create(b, loc, f32, v);
  }
  if (v.getType() == f32)
    return v;
  return arith::ExtFOp::create(b, loc, f32, v);
}

} // namespace

bool spyre::sumsInF32(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) ||
      linalgOp.getNumDpsInputs() != 2 || linalgOp.getNumDpsInits() != 1)
    return false;
  return isHalf(linalgOp.getDpsInputs()[0].getType()) &&
         isHalf(linalgOp.getDpsInputs()[1].getType()) &&
         isHalf(linalgOp.getDpsInits()[0].getType());
}

Value spyre::fmaInF32(OpBuilder &b, Location loc, Value a, Value bv,
                      Value acc) {
  auto f32 = cast<VectorType>(acc.getType());
  return vector::FMAOp::create(b, loc, widened(b, loc, a, f32),
                               widened(b, loc, bv, f32), acc);
}

Value spyre::addRounded(OpBuilder &b, Location loc, Value partial, Value c) {
  Value rounded = arith::TruncFOp::create(b, loc, c.getType(), partial);
  return arith::AddFOp::create(b, loc, c, rounded);
}
