//===- StickOps.cpp - elementwise tile ops taken a stick at a time -------===//

#include "pipeline/utils/StickOps.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

SplatElementsAttr spyre::splatTileConstant(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  if (!constant || !isa<RankedTensorType>(constant.getType()))
    return {};
  return dyn_cast<SplatElementsAttr>(constant.getValue());
}

bool spyre::StreamedOps::streamedShape(Type t) const {
  auto tile = dyn_cast<RankedTensorType>(t);
  return tile && tile.getShape() == ArrayRef<int64_t>(shape) &&
         spyre::elementBytes(tile.getElementType()) == width;
}

bool spyre::StreamedOps::take(Operation &op) {
  if (op.getNumResults() != 1 || !streamedShape(op.getResult(0).getType()))
    return false;
  if (!splatTileConstant(&op)) {
    if (!spyre::isElementwiseOp(&op))
      return false;
    for (Value v : op.getOperands())
      if (isa<RankedTensorType>(v.getType()) && !streamed.contains(v) &&
          !v.getDefiningOp<tensor::EmptyOp>())
        return false;
  }
  streamed.insert(op.getResult(0));
  ops.push_back(&op);
  return true;
}

void spyre::StreamedOps::apply(OpBuilder &b, VectorBuilder &vectors,
                               int64_t lanes) {
  for (Operation *op : ops) {
    if (SplatElementsAttr splat = splatTileConstant(op)) {
      VectorType type = VectorType::get({lanes}, splat.getElementType());
      vectors.map(op->getResult(0),
                  arith::ConstantOp::create(
                      b, op->getLoc(), type,
                      SplatElementsAttr::get(type,
                                             splat.getSplatValue<Attribute>())));
      continue;
    }
    vectors.apply(b, op); // take() checked that it applies
  }
}

void spyre::StreamedOps::erase() {
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  ops.clear();
}
