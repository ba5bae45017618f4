//===- StickPops.cpp - a tile read element by element, a stick at a time --===//

#include "pipeline/utils/StickPops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

bool isConstant(Value v, int64_t expected) {
  std::optional<int64_t> c = getConstantIntValue(v);
  return c && *c == expected;
}

bool popByStick(sched::PopOp pop) {
  auto type = dyn_cast<RankedTensorType>(pop.getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 1 ||
      type.getRank() > 2 || (type.getRank() == 2 && type.getShape()[0] != 1))
    return false;
  int64_t length = type.getShape().back();
  auto slot = dyn_cast<VectorType>(
      cast<sched::FifoType>(pop.getFifo().getType()).getElementType());
  if (!slot || slot.getRank() != 1 ||
      slot.getElementType() != type.getElementType())
    return false;
  int64_t lanes = slot.getShape()[0];
  if (lanes <= 0 || length % lanes != 0)
    return false;
  int64_t sticks = length / lanes;
  auto fifo = pop.getFifo().getDefiningOp<sched::FifoOp>();
  int pops = 0;
  for (Operation *user : pop.getFifo().getUsers())
    pops += isa<sched::PopOp>(user);
  if (!pop.getSticks() || *pop.getSticks() != sticks || !fifo ||
      int64_t(fifo.getDepth()) < sticks || pops != 1)
    return false;
  // Read only element by element, in the body of one loop over them.
  scf::ForOp loop;
  SmallVector<tensor::ExtractOp> reads;
  for (Operation *user : pop->getUsers()) {
    auto read = dyn_cast<tensor::ExtractOp>(user);
    auto parent = read ? dyn_cast<scf::ForOp>(read->getParentOp()) : nullptr;
    if (!parent || (loop && parent != loop))
      return false;
    loop = parent;
    auto indices = read.getIndices();
    if (indices.back() != loop.getInductionVar() ||
        (indices.size() == 2 && !isConstant(indices.front(), 0)))
      return false;
    reads.push_back(read);
  }
  if (!loop || loop->getBlock() != pop->getBlock() ||
      !pop->isBeforeInBlock(loop) || !isConstant(loop.getLowerBound(), 0) ||
      !isConstant(loop.getUpperBound(), length) ||
      !isConstant(loop.getStep(), 1))
    return false;

  // for j < sticks: v = pop one stick; for l < lanes: k = j * lanes + l.
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto index = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  auto outer = scf::ForOp::create(b, loc, index(b, 0), index(b, sticks),
                                  index(b, 1), loop.getInitArgs());
  outer->setAttrs(loop->getAttrs());
  for (auto [from, to] : llvm::zip(loop.getResults(), outer.getResults()))
    from.replaceAllUsesWith(to);
  Block *body = outer.getBody();
  OpBuilder ob = body->mightHaveTerminator()
                     ? OpBuilder(body->getTerminator())
                     : OpBuilder::atBlockEnd(body);
  Value stick = sched::PopOp::create(ob, pop.getLoc(), slot, pop.getFifo(),
                                     ob.getI64IntegerAttr(1));
  Value lower = index(ob, 0), upper = index(ob, lanes);
  loop->moveBefore(ob.getInsertionBlock(), ob.getInsertionPoint());
  loop.getInitArgsMutable().assign(outer.getRegionIterArgs());
  loop.getLowerBoundMutable().assign(lower);
  loop.getUpperBoundMutable().assign(upper);
  if (!outer.getRegionIterArgs().empty())
    scf::YieldOp::create(ob, loc, loop.getResults());
  // The old body sees k; the reads take lane l of the stick.
  Value lane = loop.getInductionVar();
  OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
  Value k = arith::AddIOp::create(
      lb, loc,
      arith::MulIOp::create(lb, loc, outer.getInductionVar(), index(lb, lanes)),
      lane);
  lane.replaceAllUsesExcept(k, k.getDefiningOp());
  for (tensor::ExtractOp read : reads) {
    OpBuilder rb(read);
    Value element = vector::ExtractOp::create(rb, read.getLoc(), stick,
                                              OpFoldResult(lane));
    read.getResult().replaceAllUsesWith(element);
    read->erase();
  }
  if (k.use_empty()) {
    Operation *offset = k.getDefiningOp()->getOperand(0).getDefiningOp();
    k.getDefiningOp()->erase();
    offset->erase();
  }
  pop->erase();
  return true;
}

} // namespace

bool spyre::popRowsByStick(sched::StageOp stage) {
  SmallVector<sched::PopOp> pops;
  stage.walk([&](sched::PopOp pop) { pops.push_back(pop); });
  bool any = false;
  for (sched::PopOp pop : pops)
    any |= popByStick(pop);
  return any;
}
