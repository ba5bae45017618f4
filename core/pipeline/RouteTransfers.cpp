//===- RouteTransfers.cpp - every transfer through the memory hierarchy ---===//

#include "ir/ktdp/KtdpTypes.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace spyre {
#define GEN_PASS_DEF_ROUTETRANSFERS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

struct Units {
  std::string fetch, feed, compute, drain, writeBack;
};

/// The memories a transfer crosses, from what its ends are.
SmallVector<StringRef> routeOf(sched::TransferOp transfer) {
  bool fromDevice = isa<ktdp::AccessTileType>(transfer.getSource().getType());
  bool toDevice = isa<ktdp::AccessTileType>(transfer.getDest().getType());
  bool fromFifo = isa<sched::FifoType>(transfer.getSource().getType());
  if (fromDevice)
    return {"hbm", "ring", "lx"};
  if (toDevice)
    return {"lx", "ring", "hbm"};
  if (fromFifo)
    return {"fifo", "lx"};
  return {"lx", "fifo"};
}

void route(sched::PipelineOp pipeline, const Units &units, int64_t depth) {
  OpBuilder b(pipeline.getContext());
  sched::StageOp load = spyre::stageFor(pipeline, "load");
  sched::StageOp compute = spyre::stageFor(pipeline, "compute");
  sched::StageOp store = spyre::stageFor(pipeline, "store");
  if (!compute)
    return; // already routed
  Block &shared = pipeline.getBody().front();
  Operation *firstStage = (*pipeline.getBody().getOps<sched::StageOp>().begin()).getOperation();

  auto dataFifo = [&](Location loc, Type tile) {
    b.setInsertionPoint(firstStage);
    return sched::FifoOp::create(
        b, loc, sched::FifoType::get(b.getContext(), tile), depth, nullptr);
  };
  auto newStage = [&](Location loc, StringRef unit) {
    auto stage = sched::StageOp::create(b, loc, TypeRange{}, unit);
    b.createBlock(&stage.getBody());
    sched::YieldOp::create(b, loc);
    b.setInsertionPointToStart(&stage.getBody().front());
    return stage;
  };

  // LX -> compute: the compute stage's `wait; read` pairs become pops of a
  // FIFO that a feed stage fills from LX once the token says it is loaded.
  SmallVector<sched::ReadOp> reads(
      compute.getBody().front().getOps<sched::ReadOp>());
  sched::StageOp feed;
  for (sched::ReadOp read : reads) {
    auto wait = dyn_cast_or_null<sched::WaitOp>(read->getPrevNode());
    Value fifo = dataFifo(read.getLoc(), read.getType());
    if (!feed) {
      b.setInsertionPointAfter(load ? load.getOperation() : firstStage);
      feed = newStage(read.getLoc(), units.feed);
    }
    b.setInsertionPoint(feed.getBody().front().getTerminator());
    if (wait)
      wait->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
    sched::TransferOp::create(b, read.getLoc(), read.getBuffer(), fifo,
                              Value(), nullptr, nullptr, nullptr, nullptr);
    b.setInsertionPoint(read);
    Value popped = sched::PopOp::create(b, read.getLoc(), read.getType(),
                                        fifo, nullptr);
    read.replaceAllUsesWith(popped);
    read.erase();
  }

  // compute -> LX: `write; signal` pairs become pushes into a FIFO that a
  // drain stage empties into LX, then signals the write-back stage.
  SmallVector<sched::WriteOp> writes(
      compute.getBody().front().getOps<sched::WriteOp>());
  sched::StageOp drain;
  for (sched::WriteOp write : writes) {
    auto signal = dyn_cast_or_null<sched::SignalOp>(write->getNextNode());
    Value fifo = dataFifo(write.getLoc(), write.getValue().getType());
    if (!drain) {
      b.setInsertionPoint(store ? store.getOperation()
                                : shared.getTerminator());
      drain = newStage(write.getLoc(), units.drain);
    }
    b.setInsertionPoint(drain.getBody().front().getTerminator());
    sched::TransferOp::create(b, write.getLoc(), fifo, write.getBuffer(),
                              Value(), nullptr, nullptr, nullptr, nullptr);
    if (signal)
      signal->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
    b.setInsertionPoint(write);
    sched::PushOp::create(b, write.getLoc(), write.getValue(), fifo, nullptr);
    write.erase();
  }

  if (load)
    load.setUnit(units.fetch);
  compute.setUnit(units.compute);
  if (store)
    store.setUnit(units.writeBack);

  pipeline.walk([&](sched::TransferOp transfer) {
    SmallVector<StringRef> path = routeOf(transfer);
    auto stage = transfer->getParentOfType<sched::StageOp>();
    transfer.setUnit(stage.getUnit());
    transfer.setRouteAttr(b.getStrArrayAttr(path));
  });
}

struct RouteTransfers : spyre::impl::RouteTransfersBase<RouteTransfers> {
  using RouteTransfersBase::RouteTransfersBase;
  void runOnOperation() override {
    std::optional<spyre::arch::Arch> target =
        spyre::targetArch(arch, getOperation());
    if (!target)
      return signalPassFailure();
    // The architecture loader guarantees a unit of every role.
    std::vector<std::string> loads = spyre::unitsWithRole(*target, "load");
    std::vector<std::string> computes =
        spyre::unitsWithRole(*target, "compute");
    std::vector<std::string> stores = spyre::unitsWithRole(*target, "store");
    Units units{loads.front(), loads.back(), computes.front(), stores.front(),
                stores.back()};
    getOperation().walk([&](sched::PipelineOp pipeline) {
      route(pipeline, units, target->fifoDepth);
    });
  }
};

} // namespace
