//===- HoistInvariantTransfers.cpp - load loop-invariant tiles once -------===//

#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace spyre {
#define GEN_PASS_DEF_HOISTINVARIANTTRANSFERS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// Collects, in definition order, the side-effect-free ops inside `loop`
/// that `value` is computed from; false if it depends on the loop.
bool invariantChain(Value value, LoopLikeOpInterface loop,
                    SmallVectorImpl<Operation *> &chain, int depth = 0) {
  if (loop.isDefinedOutsideOfLoop(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 32 || def->getNumRegions() != 0 ||
      !isMemoryEffectFree(def))
    return false;
  for (Value operand : def->getOperands())
    if (!invariantChain(operand, loop, chain, depth + 1))
      return false;
  if (!llvm::is_contained(chain, def))
    chain.push_back(def);
  return true;
}

bool loopStoresTo(LoopLikeOpInterface loop, Value view) {
  bool stores = false;
  loop->walk([&](Operation *op) {
    Value tile;
    if (auto t = dyn_cast<sched::TransferOp>(op))
      if (isa<ktdp::AccessTileType>(t.getDest().getType()))
        tile = t.getDest();
    if (auto s = dyn_cast<ktdp::StoreOp>(op))
      tile = s.getAccessTile();
    if (tile && (!view || spyre::viewOf(tile) == view || !spyre::viewOf(tile)))
      stores = true;
  });
  return stores;
}

void hoist(sched::TransferOp transfer, LoopLikeOpInterface loop) {
  SmallVector<Operation *> chain;
  if (!invariantChain(transfer.getSource(), loop, chain) ||
      loopStoresTo(loop, spyre::viewOf(transfer.getSource())))
    return;
  auto alloc = transfer.getDest().getDefiningOp<sched::AllocOp>();
  if (!alloc || alloc.getPersistent())
    return;

  OpBuilder b(loop.getOperation());
  IRMapping mapping;
  for (Operation *op : chain)
    b.clone(*op, mapping);
  auto kept = cast<sched::AllocOp>(b.clone(*alloc));
  kept.setPersistent(true);
  auto pipeline = sched::PipelineOp::create(b, transfer.getLoc(), TypeRange{},
                                            nullptr);
  b.createBlock(&pipeline.getBody());
  auto stage = sched::StageOp::create(
      b, transfer.getLoc(), TypeRange{},
      transfer->getParentOfType<sched::StageOp>().getUnit());
  b.createBlock(&stage.getBody());
  Operation *moved = b.clone(*transfer, mapping);
  moved->setOperand(1, kept);
  sched::YieldOp::create(b, transfer.getLoc());
  b.setInsertionPointAfter(stage);
  sched::YieldOp::create(b, transfer.getLoc());

  alloc.getResult().replaceAllUsesWith(kept);
  transfer.erase();
  alloc.erase();
}

struct HoistInvariantTransfers
    : spyre::impl::HoistInvariantTransfersBase<HoistInvariantTransfers> {
  void runOnOperation() override {
    SmallVector<std::pair<sched::TransferOp, LoopLikeOpInterface>> candidates;
    getOperation().walk([&](sched::TransferOp transfer) {
      // The innermost loop around it: an scf.for, or an scf.while (a
      // persistent kernel's row loop).
      auto loop = transfer->getParentOfType<LoopLikeOpInterface>();
      // Out of a spread loop, every instance would load it again.
      // A chunk of a larger tile (`at stick`) is what the loop iterates.
      if (loop && !loop->hasAttr("sched.spread") && !transfer.getFirst() &&
          isa<ktdp::AccessTileType>(transfer.getSource().getType()))
        candidates.push_back({transfer, loop});
    });
    for (auto [transfer, loop] : candidates)
      hoist(transfer, loop);
  }
};

} // namespace
