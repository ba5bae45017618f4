//===- TileToSticks.cpp - data moves in sticks, compute is fed vectors ----===//

#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace spyre {
#define GEN_PASS_DEF_TILETOSTICKS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

struct TileToSticks : spyre::impl::TileToSticksBase<TileToSticks> {
  using TileToSticksBase::TileToSticksBase;
  void runOnOperation() override {
    std::optional<spyre::arch::Arch> target =
        spyre::targetArch(arch, getOperation());
    if (!target)
      return signalPassFailure();
    int stick = target->stickBytes;
    Builder b(&getContext());
    // Sticks per tile moved, on every op that moves one.
    getOperation().walk([&](Operation *op) {
      ShapedType tile;
      if (auto t = dyn_cast<sched::TransferOp>(op))
        tile = dyn_cast<ShapedType>(isa<MemRefType>(t.getSource().getType())
                                        ? t.getSource().getType()
                                        : t.getDest().getType());
      else if (auto push = dyn_cast<sched::PushOp>(op))
        tile = dyn_cast<ShapedType>(push.getValue().getType());
      else if (auto pop = dyn_cast<sched::PopOp>(op))
        tile = dyn_cast<ShapedType>(pop.getType());
      else
        return;
      if (!tile || !tile.hasStaticShape())
        return;
      op->setAttr("sticks", b.getI64IntegerAttr(spyre::tileSticks(tile, stick)));
    });
    // Data FIFOs carry one stick-wide vector per slot.
    getOperation().walk([&](sched::FifoOp fifo) {
      auto tile = dyn_cast<RankedTensorType>(fifo.getType().getElementType());
      if (!tile)
        return;
      Type element = tile.getElementType();
      int64_t lanes = std::max<int64_t>(1, stick / spyre::elementBytes(element));
      fifo.getResult().setType(sched::FifoType::get(
          &getContext(), VectorType::get({lanes}, element)));
    });
  }
};

} // namespace
