//===- TransposedRows.cpp - a transposed tile, read a stick at a time ----===//

#include "pipeline/utils/TransposedRows.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/StageTidy.h"
#include "pipeline/utils/StickOps.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

class TransposedStage {
public:
  TransposedStage(sched::StageOp stage, int stickBytes)
      : stage(stage), stickBytes(stickBytes) {}

  bool match() {
    if (stage.getNumResults() != 0)
      return false;
    Block &body = stage.getBody().front();
    for (Operation &op : body.without_terminator())
      if (!classify(op))
        return false;
    if (!transpose || streamedPushes.empty())
      return false;
    // Passed-through tiles pushed in the order they are popped.
    SmallVector<Operation *> pushOrder;
    for (Operation &op : body.without_terminator())
      if (auto push = dyn_cast<sched::PushOp>(op))
        if (llvm::is_contained(passPops, push.getValue().getDefiningOp()))
          pushOrder.push_back(push.getValue().getDefiningOp());
    return pushOrder == passPops;
  }

  void rewrite() {
    Block &body = stage.getBody().front();
    OpBuilder b(body.getTerminator());
    Location loc = transpose.getLoc();
    auto index = [&](OpBuilder &at, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(at, loc, v);
    };
    auto stickLoop = [&](int64_t sticks) {
      auto loop = scf::ForOp::create(b, loc, index(b, 0), index(b, sticks),
                                     index(b, 1));
      loop->setAttr("sched.vector_loop", b.getUnitAttr());
      return loop;
    };
    Value x = transpose.getInput();
    auto tType = cast<RankedTensorType>(transpose.getResult()[0].getType());
    int64_t sticksPerRow = (tType.getShape()[1] + lanes - 1) / lanes;
    for (sched::PushOp push : pushes) {
      if (auto pop = push.getValue().getDefiningOp<sched::PopOp>()) {
        // Passed through: stick by stick.
        scf::ForOp loop = stickLoop(*pop.getSticks());
        OpBuilder in(loop.getBody()->getTerminator());
        Type slot = cast<sched::FifoType>(pop.getFifo().getType()).getElementType();
        Value stick = sched::PopOp::create(in, pop.getLoc(), slot, pop.getFifo(),
                                           in.getI64IntegerAttr(1));
        sched::PushOp::create(in, push.getLoc(), stick, push.getFifo(),
                              in.getI64IntegerAttr(1));
        continue;
      }
      // Row r of the transpose, stick j: column r of X from row j * lanes.
      scf::ForOp loop = stickLoop(tType.getShape()[0] * sticksPerRow);
      OpBuilder in(loop.getBody()->getTerminator());
      Value s = loop.getInductionVar();
      Value row = s, from = index(in, 0); // rows of one stick
      if (sticksPerRow > 1) {
        Value perRow = index(in, sticksPerRow);
        row = arith::DivUIOp::create(in, loc, s, perRow);
        from = arith::MulIOp::create(
            in, loc, arith::RemUIOp::create(in, loc, s, perRow), index(in, lanes));
      }
      Type element = tType.getElementType();
      Value padding =
          arith::ConstantOp::create(in, loc, element, in.getZeroAttr(element));
      AffineMap column = AffineMap::get(2, 0, in.getAffineDimExpr(0));
      bool inBounds = tType.getShape()[1] % lanes == 0;
      spyre::VectorBuilder vectors([&](Type t) {
        return VectorType::get({lanes}, t);
      });
      vectors.map(transpose.getResult()[0],
                  vector::TransferReadOp::create(
                      in, loc, VectorType::get({lanes}, element), x,
                      ValueRange{from, row}, padding, column,
                      ArrayRef<bool>{inBounds})
                      .getResult());
      streamed->apply(in, vectors, lanes);
      sched::PushOp::create(in, push.getLoc(),
                            vectors.vectorFor(in, loc, push.getValue()),
                            push.getFifo(), in.getI64IntegerAttr(1));
    }
    for (sched::PushOp push : pushes)
      push->erase();
    streamed->erase();
    transpose->erase();
    for (Operation *pop : llvm::reverse(passPops))
      pop->erase();
    spyre::gatherConstants(stage, &body.front());
    spyre::tidyStage(stage);
  }

private:
  bool classify(Operation &op) {
    if (auto pop = dyn_cast<sched::PopOp>(op)) {
      auto type = dyn_cast<RankedTensorType>(pop.getType());
      if (!type || !type.hasStaticShape() || !pop.getSticks() ||
          !pop.getResult().hasOneUse())
        return false;
      Operation *user = *pop.getResult().getUsers().begin();
      if (auto t = dyn_cast<linalg::TransposeOp>(user)) {
        if (transpose || type.getRank() != 2 ||
            t.getPermutation() != ArrayRef<int64_t>{1, 0} ||
            !t.getInit().getDefiningOp<tensor::EmptyOp>() || !passPops.empty())
          return false;
        transpose = t;
        width = spyre::elementBytes(type.getElementType());
        if (width <= 0 || stickBytes % width != 0)
          return false;
        lanes = stickBytes / width;
        streamed.emplace(
            cast<RankedTensorType>(t.getResult()[0].getType()).getShape(), width);
        streamed->start(t.getResult()[0]);
        return true;
      }
      auto push = dyn_cast<sched::PushOp>(user);
      if (!push || !push.getSticks() || *push.getSticks() != *pop.getSticks() ||
          pop.getFifo().getType() != push.getFifo().getType())
        return false;
      passPops.push_back(pop);
      return true;
    }
    if (auto push = dyn_cast<sched::PushOp>(op)) {
      pushes.push_back(push);
      if (llvm::is_contained(passPops, push.getValue().getDefiningOp()))
        return true;
      if (!streamed || !streamed->contains(push.getValue()))
        return false;
      streamedPushes.push_back(push);
      return true;
    }
    if (isa<tensor::EmptyOp>(op))
      return true;
    if (auto t = dyn_cast<linalg::TransposeOp>(op))
      return t == transpose;
    if (streamed && streamed->take(op))
      return true;
    return llvm::none_of(op.getOperandTypes(), llvm::IsaPred<RankedTensorType>) &&
           llvm::none_of(op.getResultTypes(), llvm::IsaPred<RankedTensorType>) &&
           op.getNumRegions() == 0;
  }

  sched::StageOp stage;
  int stickBytes;
  linalg::TransposeOp transpose;
  int64_t width = 0, lanes = 0;
  std::optional<spyre::StreamedOps> streamed; // from the transpose on
  SmallVector<Operation *> passPops;
  SmallVector<sched::PushOp> pushes, streamedPushes; // in the stage's order
};

} // namespace

bool spyre::streamTransposedRows(sched::StageOp stage, int stickBytes) {
  TransposedStage transposed(stage, stickBytes);
  if (!transposed.match())
    return false;
  transposed.rewrite();
  return true;
}
