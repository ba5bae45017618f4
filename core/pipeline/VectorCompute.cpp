//===- VectorCompute.cpp - tile compute rewritten on SIMD vectors ---------===//

#include "pipeline/VectorCompute.h"
#include "ir/spyreop/SpyreOpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

bool spyre::isElementwiseIntrinsic(Operation *op) {
  return isa<spyreop::ExpOp, spyreop::GeluOp, spyreop::SigmoidOp,
             spyreop::SiluOp, spyreop::SqrtOp, spyreop::RsqrtOp,
             spyreop::ReciprocalOp, spyreop::RealDivOp, spyreop::SoftplusOp,
             spyreop::CmpOp, spyreop::SelectOp>(op);
}

bool spyre::isElementwiseLinalg(linalg::LinalgOp op) {
  if (op.getNumLoops() != op.getNumParallelLoops() ||
      !op.hasPureTensorSemantics())
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<RankedTensorType>(operand.get().getType()))
      continue;
    if (!op.getMatchingIndexingMap(&operand).isIdentity())
      return false;
  }
  for (Operation &inner : op.getBlock()->without_terminator())
    if (inner.getNumRegions() != 0 ||
        !(isa<arith::ArithDialect, math::MathDialect>(inner.getDialect()) ||
          isElementwiseIntrinsic(&inner)))
      return false;
  return true;
}

bool spyre::isElementwiseOp(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return isElementwiseLinalg(linalgOp);
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0;
  return isElementwiseIntrinsic(op);
}

Value spyre::VectorBuilder::vectorFor(OpBuilder &b, Location loc, Value v) {
  if (Value mapped = vectors.lookupOrNull(v))
    return mapped;
  if (v.getType().isIntOrIndexOrFloat())
    return vector::BroadcastOp::create(b, loc, vectorOf(v.getType()), v);
  return {};
}

Operation *spyre::VectorBuilder::cloneOnVectors(OpBuilder &b, Operation &op) {
  IRMapping mapping;
  for (Value operand : op.getOperands())
    if (Value v = vectorFor(b, op.getLoc(), operand))
      mapping.map(operand, v);
  Operation *clone = b.clone(op, mapping);
  for (OpResult result : clone->getResults())
    result.setType(vectorOf(getElementTypeOrSelf(result.getType())));
  return clone;
}

bool spyre::VectorBuilder::apply(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    // The body, inlined on vectors.
    Block *body = linalgOp.getBlock();
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = linalgOp.getMatchingBlockArgument(&operand);
      if (arg.use_empty())
        continue;
      Value v = vectorFor(b, loc, operand.get());
      if (!v)
        return false;
      vectors.map(arg, v);
    }
    for (Operation &inner : body->without_terminator()) {
      Operation *clone = cloneOnVectors(b, inner);
      for (auto [from, to] : llvm::zip(inner.getResults(), clone->getResults()))
        vectors.map(from, to);
    }
    for (auto [result, yielded] :
         llvm::zip(op->getResults(), body->getTerminator()->getOperands())) {
      Value v = vectorFor(b, loc, yielded);
      if (!v)
        return false;
      vectors.map(result, v);
    }
    return true;
  }
  Operation *clone = cloneOnVectors(b, *op);
  for (auto [from, to] : llvm::zip(op->getResults(), clone->getResults()))
    vectors.map(from, to);
  return true;
}
