//===- ColumnReductions.cpp - reductions across rows, row by row ---------===//

#include "pipeline/utils/ColumnReductions.h"
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

class ColumnStage {
public:
  ColumnStage(sched::StageOp stage, int stickBytes)
      : stage(stage), stickBytes(stickBytes) {}

  bool match(sched::PipelineOp pipeline) {
    if (stage.getNumResults() != 0)
      return false;
    Block &body = stage.getBody().front();
    // The one popped tile first: what the other ops stream is its shape.
    auto pops = body.getOps<sched::PopOp>();
    if (pops.empty() || std::next(pops.begin()) != pops.end() ||
        !classifyPop(*pops.begin()))
      return false;
    for (Operation &op : body.without_terminator())
      if (&op != pop.getOperation() && !classify(op))
        return false;
    if (reductions.empty())
      return false;
    for (linalg::ReduceOp reduce : reductions) {
      Value result = reduce->getResult(0);
      auto push = result.hasOneUse()
                      ? dyn_cast<sched::PushOp>(*result.getUsers().begin())
                      : sched::PushOp();
      if (!push || push->getBlock() != &body)
        return false;
      resultPushes.push_back(push);
    }
    return drainsInOrder(pipeline);
  }

  void rewrite() {
    Block &body = stage.getBody().front();
    Location loc = pop.getLoc();
    OpBuilder b(body.getTerminator());
    auto index = [&](OpBuilder &at, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(at, loc, v);
    };
    SmallVector<Value> inits;
    for (linalg::ReduceOp reduce : reductions)
      inits.push_back(reduce.getInits()[0]);
    auto loop = scf::ForOp::create(b, loc, index(b, 0), index(b, sticks),
                                   index(b, 1), inits);
    loop->setAttr("sched.vector_loop", b.getUnitAttr());
    OpBuilder in = OpBuilder::atBlockBegin(loop.getBody());
    Value s = loop.getInductionVar();
    Value perRow = index(in, sticksPerRow);
    Value row = arith::DivUIOp::create(in, loc, s, perRow);
    Value column = arith::MulIOp::create(
        in, loc, arith::RemUIOp::create(in, loc, s, perRow), index(in, lanes));
    // The row's index along each leading dimension.
    ArrayRef<int64_t> shape = tileType.getShape();
    int64_t rank = tileType.getRank();
    SmallVector<Value> lead(rank - 1);
    Value rest = row;
    for (int64_t d = rank - 2; d >= 0; --d) {
      if (d == 0) {
        lead[d] = rest;
        break;
      }
      Value extent = index(in, shape[d]);
      lead[d] = arith::RemUIOp::create(in, loc, rest, extent);
      rest = arith::DivUIOp::create(in, loc, rest, extent);
    }
    spyre::VectorBuilder vectors([&](Type element) {
      return VectorType::get({lanes}, element);
    });
    vectors.map(pop.getResult(),
                sched::PopOp::create(in, loc, slot, pop.getFifo(),
                                     in.getI64IntegerAttr(1))
                    .getResult());
    streamed->apply(in, vectors, lanes);
    if (streamedPush)
      sched::PushOp::create(in, streamedPush.getLoc(),
                            vectors.vectorFor(in, loc, streamedPush.getValue()),
                            streamedPush.getFifo(), in.getI64IntegerAttr(1));
    bool inBounds = shape[rank - 1] % lanes == 0;
    SmallVector<Value> updated;
    for (auto [reduce, acc] : llvm::zip(reductions, loop.getRegionIterArgs())) {
      // The accumulator's row: the leading indices the reduction keeps.
      SmallVector<Value> at;
      ArrayRef<int64_t> dims = reduce.getDimensions();
      for (int64_t d = 0; d < rank - 1; ++d)
        if (!llvm::is_contained(dims, d))
          at.push_back(lead[d]);
      at.push_back(column);
      auto out = cast<RankedTensorType>(acc.getType());
      AffineMap map = AffineMap::get(out.getRank(), 0,
                                     in.getAffineDimExpr(out.getRank() - 1));
      Type element = out.getElementType();
      Location rl = reduce.getLoc();
      Value padding =
          arith::ConstantOp::create(in, rl, element, in.getZeroAttr(element));
      Value old = vector::TransferReadOp::create(
          in, rl, VectorType::get({lanes}, element), acc, at, padding, map,
          ArrayRef<bool>{inBounds});
      Value next = vectors.vectorFor(in, rl, reduce.getInputs()[0]);
      Value folded = spyre::applyCombiner(in, rl, reduce.getCombiner().front(),
                                          next, old);
      updated.push_back(vector::TransferWriteOp::create(
                            in, rl, folded, acc, at, map,
                            ArrayRef<bool>{inBounds})
                            .getResult());
    }
    scf::YieldOp::create(in, loc, updated);
    // Leading indices no accumulator keeps are not computed.
    for (Value v : llvm::reverse(lead))
      if (v && v.use_empty() && v != s)
        v.getDefiningOp()->erase();
    for (auto [reduce, result] : llvm::zip(reductions, loop.getResults()))
      reduce->getResult(0).replaceAllUsesWith(result);
    // The results go back to LX whole once every row is in.
    for (sched::PushOp push : resultPushes)
      push->moveBefore(body.getTerminator());
    if (streamedPush)
      streamedPush->erase();
    for (linalg::ReduceOp reduce : llvm::reverse(reductions))
      reduce->erase();
    streamed->erase();
    pop->erase();
    spyre::gatherConstants(stage, &body.front());
    spyre::tidyStage(stage);
  }

private:
  bool classifyPop(sched::PopOp p) {
    {
      auto type = dyn_cast<RankedTensorType>(p.getType());
      if (!type || !type.hasStaticShape() || type.getRank() < 2)
        return false;
      pop = p;
      tileType = type;
      width = spyre::elementBytes(type.getElementType());
      streamed.emplace(type.getShape(), width);
      streamed->start(p.getResult());
      if (width <= 0 || stickBytes % width != 0)
        return false;
      lanes = stickBytes / width;
      sticksPerRow = (type.getShape().back() + lanes - 1) / lanes;
      sticks = spyre::tileSticks(type, stickBytes);
      slot = dyn_cast<VectorType>(
          cast<sched::FifoType>(p.getFifo().getType()).getElementType());
      int pops = 0;
      for (Operation *user : p.getFifo().getUsers())
        pops += isa<sched::PopOp>(user);
      return slot && slot == VectorType::get({lanes}, type.getElementType()) &&
             p.getSticks() && *p.getSticks() == sticks && pops == 1 &&
             sticks > 0;
    }
  }

  bool classify(Operation &op) {
    if (isa<tensor::EmptyOp>(op))
      return true;
    if (auto fill = dyn_cast<linalg::FillOp>(op))
      return fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>() &&
             !streamed->contains(fill.getDpsInputs()[0]);
    if (auto push = dyn_cast<sched::PushOp>(op)) {
      if (streamed->contains(push.getValue())) {
        if (streamedPush)
          return false; // two streams drained in turn could deadlock
        streamedPush = push;
        return push.getSticks() && *push.getSticks() == sticks;
      }
      return push.getValue().getDefiningOp<linalg::ReduceOp>() != nullptr;
    }
    if (auto reduce = dyn_cast<linalg::ReduceOp>(op)) {
      if (reduce.getInputs().size() != 1 || reduce.getInits().size() != 1 ||
          !streamed->contains(reduce.getInputs()[0]))
        return false;
      ArrayRef<int64_t> dims = reduce.getDimensions();
      Block &combiner = reduce.getCombiner().front();
      auto init = reduce.getInits()[0].getDefiningOp<linalg::FillOp>();
      if (dims.empty() || llvm::is_contained(dims, tileType.getRank() - 1) ||
          combiner.getOperations().size() != 2 ||
          !spyre::combiningKindOf(&combiner.front()) || !init ||
          init->getBlock() != op.getBlock() || !reduce.getInits()[0].hasOneUse())
        return false;
      auto out = cast<RankedTensorType>(reduce.getInits()[0].getType());
      if (spyre::elementBytes(out.getElementType()) != width)
        return false; // one vector of the accumulator per stick
      reductions.push_back(reduce);
      return true;
    }
    return streamed->take(op) || !usesTile(op);
  }

  bool usesTile(Operation &op) {
    auto isTile = [](Value v) { return isa<RankedTensorType>(v.getType()); };
    return llvm::any_of(op.getOperands(), isTile) ||
           llvm::any_of(op.getResults(), isTile) || op.getNumRegions() != 0;
  }

  /// A stage draining the streamed push's FIFO and a reduction's must move
  /// the streamed sticks first (the compute unit pushes them first).
  bool drainsInOrder(sched::PipelineOp pipeline) {
    if (!streamedPush)
      return true;
    DenseSet<Value> later;
    for (sched::PushOp push : resultPushes)
      later.insert(push.getFifo());
    for (auto other : pipeline.getBody().getOps<sched::StageOp>()) {
      bool seenLater = false;
      for (auto t : other.getBody().front().getOps<sched::TransferOp>()) {
        if (later.contains(t.getSource()))
          seenLater = true;
        if (t.getSource() == streamedPush.getFifo() && seenLater)
          return false;
      }
    }
    return true;
  }

  sched::StageOp stage;
  int stickBytes;
  sched::PopOp pop;
  RankedTensorType tileType;
  VectorType slot;
  int64_t width = 0, lanes = 0, sticksPerRow = 0, sticks = 0;
  std::optional<spyre::StreamedOps> streamed; // from the pop on
  SmallVector<linalg::ReduceOp> reductions;
  SmallVector<sched::PushOp> resultPushes;
  sched::PushOp streamedPush;
};

} // namespace

bool spyre::streamColumnReductions(sched::PipelineOp pipeline,
                                   sched::StageOp stage, int stickBytes) {
  ColumnStage column(stage, stickBytes);
  if (!column.match(pipeline))
    return false;
  column.rewrite();
  return true;
}
