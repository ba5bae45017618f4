//===- UniformPushes.cpp - a tile of one value pushed a stick at a time ----===//

#include "pipeline/utils/UniformPushes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

/// The one value of every element of `tile` as a vector of `slot`'s type
/// built with `b` (a splat constant, or a broadcast of the scalar a splat
/// or fill spreads); null when the tile is not known to hold one value.
Value uniformVector(OpBuilder &b, Location loc, Value tile, VectorType slot) {
  Operation *def = tile.getDefiningOp();
  if (!def)
    return {};
  if (SplatElementsAttr splat = spyre::splatConstantOf(def)) {
    if (splat.getElementType() != slot.getElementType())
      return {};
    return arith::ConstantOp::create(
        b, loc, slot,
        SplatElementsAttr::get(slot, splat.getSplatValue<Attribute>()));
  }
  Value scalar;
  if (auto splat = dyn_cast<tensor::SplatOp>(def))
    scalar = splat.getInput();
  else if (auto fill = dyn_cast<linalg::FillOp>(def);
           fill && fill.getInputs().size() == 1)
    scalar = fill.getInputs()[0];
  if (!scalar || scalar.getType() != slot.getElementType())
    return {};
  return vector::BroadcastOp::create(b, loc, slot, scalar);
}

/// Erases `op` and the tiles only it used (a fill's empty init).
void eraseDead(Operation *op) {
  if (!op || !op->use_empty() || !isa<RankedTensorType>(op->getResult(0).getType()))
    return;
  SmallVector<Operation *> inputs;
  for (Value v : op->getOperands())
    if (isa<RankedTensorType>(v.getType()) && v.getDefiningOp())
      inputs.push_back(v.getDefiningOp());
  op->erase();
  for (Operation *input : inputs)
    if (isa<tensor::EmptyOp, linalg::FillOp, arith::ConstantOp>(input))
      eraseDead(input);
}

} // namespace

bool spyre::pushUniformTilesBySticks(sched::StageOp stage, int stickBytes) {
  SmallVector<sched::PushOp> pushes(
      stage.getBody().front().getOps<sched::PushOp>());
  bool rewrote = false;
  for (sched::PushOp push : pushes) {
    auto tile = dyn_cast<RankedTensorType>(push.getValue().getType());
    auto slot = dyn_cast<VectorType>(
        cast<sched::FifoType>(push.getFifo().getType()).getElementType());
    if (!tile || !tile.hasStaticShape() || !slot || slot.getRank() != 1 ||
        slot.getElementType() != tile.getElementType() ||
        slot.getNumElements() * elementBytes(slot.getElementType()) !=
            stickBytes ||
        !push.getSticks() || *push.getSticks() != tileSticks(tile, stickBytes))
      continue;
    OpBuilder b(push);
    Location loc = push.getLoc();
    Value vector = uniformVector(b, loc, push.getValue(), slot);
    if (!vector)
      continue;
    Value lb = arith::ConstantIndexOp::create(b, loc, 0);
    Value ub = arith::ConstantIndexOp::create(b, loc, *push.getSticks());
    Value step = arith::ConstantIndexOp::create(b, loc, 1);
    auto loop = scf::ForOp::create(b, loc, lb, ub, step);
    loop->setAttr("sched.vector_loop", b.getUnitAttr());
    b.setInsertionPoint(loop.getBody()->getTerminator());
    sched::PushOp::create(b, loc, vector, push.getFifo(), b.getI64IntegerAttr(1));
    Operation *made = push.getValue().getDefiningOp();
    push.erase();
    eraseDead(made);
    rewrote = true;
  }
  return rewrote;
}
