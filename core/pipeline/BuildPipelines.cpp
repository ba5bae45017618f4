//===- BuildPipelines.cpp - each group becomes load -> compute -> store ---===//

#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/StageAccumulators.h"
#include "pipeline/utils/Target.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace spyre {
#define GEN_PASS_DEF_BUILDPIPELINES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

enum class Side { Shared, Load, Store, Compute };

/// Where each op of a group goes: loads and stores whose addresses are
/// known without computed data go to the memory stages, address arithmetic
/// that does not depend on computed data is shared, the rest is compute.
SmallVector<std::pair<Operation *, Side>> classify(Block &body) {
  llvm::DenseSet<Value> computed;
  auto usesComputed = [&](Operation *op) {
    bool uses = false;
    op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        uses |= computed.contains(v);
    });
    return uses;
  };
  SmallVector<std::pair<Operation *, Side>> sides;
  for (Operation &op : body.without_terminator()) {
    Side side;
    if (auto load = dyn_cast<ktdp::LoadOp>(op))
      side = !usesComputed(&op) && load.getType().hasStaticShape()
                 ? Side::Load
                 : Side::Compute;
    else if (auto store = dyn_cast<ktdp::StoreOp>(op))
      side = !computed.contains(store.getAccessTile()) &&
                     store.getDataTile().getType().hasStaticShape()
                 ? Side::Store
                 : Side::Compute;
    else if (spyre::isTileOp(&op) || spyre::isControlWithTiles(&op) ||
             usesComputed(&op))
      side = Side::Compute;
    else
      side = Side::Shared;
    if (side == Side::Load || side == Side::Compute)
      for (Value result : op.getResults())
        computed.insert(result);
    sides.push_back({&op, side});
  }
  return sides;
}

struct Buffer {
  Operation *op; // the load or the store
  Value buffer, token;
};

/// Whether `from` and `to` hold the same elements in the same sticks: one
/// element count, and one last dimension (rows pad to whole sticks, only
/// the leading dimensions grouped differently: a unit batch dimension
/// dropped or added) or last dimensions of whole sticks both (no padding:
/// a generator's `view(-1)` of rows of whole sticks, and back).
bool sameSticks(Type from, Type to, int stickBytes) {
  auto a = dyn_cast<RankedTensorType>(from), b = dyn_cast<RankedTensorType>(to);
  if (!a || !b || !a.hasStaticShape() || !b.hasStaticShape() ||
      a.getElementType() != b.getElementType() || a.getRank() == 0 ||
      b.getRank() == 0 || a.getNumElements() != b.getNumElements())
    return false;
  int64_t width = spyre::elementBytes(a.getElementType());
  auto wholeSticks = [&](RankedTensorType t) {
    return width > 0 && (t.getShape().back() * width) % stickBytes == 0;
  };
  return a.getShape().back() == b.getShape().back() ||
         (wholeSticks(a) && wholeSticks(b));
}

/// A tile read from LX only to be reshaped (a unit batch dimension
/// dropped), or reshaped only to be written, is read or written in that
/// shape: the sticks are the same, and the compute stage holds no copy.
/// (Run once the group's loads and stores are gone: a reshape written is
/// used by the write alone then.)
void absorbStickReshapes(sched::StageOp compute, int stickBytes) {
  Block &body = compute.getBody().front();
  for (auto read : llvm::make_early_inc_range(body.getOps<sched::ReadOp>())) {
    if (!read->hasOneUse())
      continue;
    Operation *user = *read->getUsers().begin();
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(user) ||
        !sameSticks(read.getType(), user->getResult(0).getType(), stickBytes))
      continue;
    read.getResult().setType(
        cast<RankedTensorType>(user->getResult(0).getType()));
    user->getResult(0).replaceAllUsesWith(read.getResult());
    user->erase();
  }
  for (auto write : body.getOps<sched::WriteOp>()) {
    Operation *reshape = write.getValue().getDefiningOp();
    if (!isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
            reshape) ||
        !reshape->hasOneUse() ||
        !sameSticks(reshape->getOperand(0).getType(), write.getValue().getType(),
                    stickBytes))
      continue;
    write.getValueMutable().assign(reshape->getOperand(0));
    reshape->erase();
  }
}

void buildPipeline(sched::GroupOp group, int64_t depth, int stickBytes) {
  MLIRContext *ctx = group.getContext();
  Block &body = group.getBody().front();
  auto groupYield = cast<sched::YieldOp>(body.getTerminator());
  SmallVector<std::pair<Operation *, Side>> sides = classify(body);

  OpBuilder b(group);
  auto pipeline = sched::PipelineOp::create(b, group.getLoc(),
                                            group.getResultTypes(), nullptr);
  Block *shared = b.createBlock(&pipeline.getBody());
  for (auto [op, side] : sides)
    if (side == Side::Shared)
      op->moveBefore(shared, shared->end());

  b.setInsertionPointToEnd(shared);
  auto tokenType = sched::FifoType::get(ctx, NoneType::get(ctx));
  SmallVector<Buffer> loads, stores;
  for (auto [op, side] : sides) {
    if (side != Side::Load && side != Side::Store)
      continue;
    auto tensor = cast<RankedTensorType>(
        side == Side::Load ? op->getResult(0).getType()
                           : cast<ktdp::StoreOp>(op).getDataTile().getType());
    Value buffer = sched::AllocOp::create(b, op->getLoc(),
                                          spyre::scratchpadType(tensor),
                                          nullptr, nullptr, false);
    Value token = sched::FifoOp::create(b, op->getLoc(), tokenType, depth,
                                          nullptr);
    (side == Side::Load ? loads : stores).push_back({op, buffer, token});
  }

  auto makeStage = [&](StringRef unit, TypeRange results) {
    auto stage = sched::StageOp::create(b, group.getLoc(), results, unit);
    b.createBlock(&stage.getBody());
    return stage;
  };

  if (!loads.empty()) {
    makeStage("load", {});
    for (Buffer &load : loads) {
      sched::TransferOp::create(b, load.op->getLoc(), load.op->getOperand(0),
                                load.buffer, Value(), nullptr, nullptr,
                                nullptr, nullptr);
      sched::SignalOp::create(b, load.op->getLoc(), load.token);
    }
    sched::YieldOp::create(b, group.getLoc());
    b.setInsertionPointToEnd(shared);
  }

  auto compute = makeStage("compute", groupYield.getValues().getTypes());
  for (Buffer &load : loads) {
    sched::WaitOp::create(b, load.op->getLoc(), load.token);
    Value data = sched::ReadOp::create(b, load.op->getLoc(),
                                       load.op->getResult(0).getType(),
                                       load.buffer);
    load.op->getResult(0).replaceAllUsesWith(data);
  }
  auto storeIt = stores.begin();
  for (auto [op, side] : sides) {
    if (side == Side::Compute) {
      op->moveBefore(b.getInsertionBlock(), b.getInsertionBlock()->end());
    } else if (side == Side::Store) {
      auto store = cast<ktdp::StoreOp>(op);
      sched::WriteOp::create(b, op->getLoc(), store.getDataTile(),
                             storeIt->buffer);
      sched::SignalOp::create(b, op->getLoc(), storeIt->token);
      ++storeIt;
    }
  }
  sched::YieldOp::create(b, groupYield.getLoc(), groupYield.getValues());
  b.setInsertionPointToEnd(shared);

  if (!stores.empty()) {
    makeStage("store", {});
    for (Buffer &store : stores) {
      sched::WaitOp::create(b, store.op->getLoc(), store.token);
      sched::TransferOp::create(
          b, store.op->getLoc(), store.buffer,
          cast<ktdp::StoreOp>(store.op).getAccessTile(), Value(), nullptr,
          nullptr, nullptr, nullptr);
    }
    sched::YieldOp::create(b, group.getLoc());
    b.setInsertionPointToEnd(shared);
  }
  sched::YieldOp::create(b, group.getLoc(), compute.getResults());

  group.replaceAllUsesWith(pipeline.getResults());
  for (Buffer &store : stores)
    store.op->erase();
  for (Buffer &load : loads)
    load.op->erase();
  group.erase();
  absorbStickReshapes(compute, stickBytes);
}

struct BuildPipelines : spyre::impl::BuildPipelinesBase<BuildPipelines> {
  using BuildPipelinesBase::BuildPipelinesBase;
  void runOnOperation() override {
    std::optional<spyre::arch::Arch> target =
        spyre::targetArch(arch, getOperation());
    if (!target)
      return signalPassFailure();
    SmallVector<sched::GroupOp> groups;
    getOperation().walk([&](sched::GroupOp g) { groups.push_back(g); });
    for (sched::GroupOp group : groups)
      buildPipeline(group, target->fifoDepth, target->stickBytes);
    // A loop's accumulator stays in LX between iterations
    // (pipeline/utils/StageAccumulators.h).
    if (failed(spyre::stageAccumulators(getOperation(),
                                        target->computeLocalBytes)))
      signalPassFailure();
  }
};

} // namespace
