//===- DeviceOrder.cpp - pipelines that depend through device memory ------===//

#include "pipeline/utils/DeviceOrder.h"
#include "ir/ktdp/KtdpOps.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace {

/// The views `op` (and everything in it) loads from and stores to device
/// memory through: transfers from / to access tiles, and the ktdp loads
/// and stores the compute stage issues itself. A null view stands for one
/// that cannot be named (an indirect tile).
struct DeviceAccesses {
  SmallVector<Value> loads, stores;
};

DeviceAccesses accessesOf(Operation *op) {
  DeviceAccesses a;
  op->walk([&](Operation *inner) {
    if (auto t = dyn_cast<sched::TransferOp>(inner)) {
      if (isa<ktdp::AccessTileType>(t.getSource().getType()))
        a.loads.push_back(spyre::viewOf(t.getSource()));
      if (isa<ktdp::AccessTileType>(t.getDest().getType()))
        a.stores.push_back(spyre::viewOf(t.getDest()));
    } else if (auto load = dyn_cast<ktdp::LoadOp>(inner)) {
      a.loads.push_back(spyre::viewOf(load.getAccessTile()));
    } else if (auto store = dyn_cast<ktdp::StoreOp>(inner)) {
      a.stores.push_back(spyre::viewOf(store.getAccessTile()));
    }
  });
  return a;
}

bool dependsOn(const DeviceAccesses &later, const DeviceAccesses &earlier) {
  for (Value load : later.loads)
    for (Value store : earlier.stores)
      if (spyre::mayAlias(load, store))
        return true;
  return false;
}

bool holdsPipelines(Operation &op) {
  bool found = false;
  op.walk([&](sched::PipelineOp) { found = true; });
  return found;
}

int orderBlock(Block &block) {
  int added = 0;
  for (Operation &op : block)
    for (Region &region : op.getRegions())
      for (Block &inner : region)
        added += orderBlock(inner);
  // The ops holding pipelines, in order, and what each accesses; a
  // barrier forgets everything before it.
  SmallVector<std::pair<Operation *, DeviceAccesses>> since;
  SmallVector<std::pair<Operation *, DeviceAccesses>> all;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (isa<sched::BarrierOp>(op)) {
      since.clear();
      continue;
    }
    if (!holdsPipelines(op))
      continue;
    DeviceAccesses mine = accessesOf(&op);
    bool hazard = llvm::any_of(since, [&](auto &earlier) {
      return dependsOn(mine, earlier.second);
    });
    if (hazard) {
      OpBuilder b(&op);
      sched::BarrierOp::create(b, op.getLoc());
      ++added;
      since.clear();
    }
    since.push_back({&op, mine});
    all.push_back({&op, std::move(mine)});
  }
  // In a loop, the next iteration's pipelines follow this one's.
  if (!isa_and_nonnull<LoopLikeOpInterface>(block.getParentOp()) ||
      !block.mightHaveTerminator() || since.empty())
    return added;
  Operation *end = block.getTerminator();
  if (isa_and_nonnull<sched::BarrierOp>(end->getPrevNode()))
    return added;
  // What the pipelines after the last barrier store, against what those
  // before the first barrier load in the next iteration.
  SmallVector<DeviceAccesses> next;
  for (auto &[op, accesses] : all) {
    bool behindBarrier = false;
    for (Operation *p = op->getPrevNode(); p && !behindBarrier;
         p = p->getPrevNode())
      behindBarrier = isa<sched::BarrierOp>(p);
    if (behindBarrier)
      break;
    next.push_back(accesses);
  }
  bool hazard = llvm::any_of(since, [&](auto &earlier) {
    return llvm::any_of(next, [&](const DeviceAccesses &later) {
      return dependsOn(later, earlier.second);
    });
  });
  if (hazard) {
    OpBuilder b(end);
    sched::BarrierOp::create(b, end->getLoc());
    ++added;
  }
  return added;
}

} // namespace

int spyre::orderDeviceAccesses(func::FuncOp function) {
  if (function.getBody().empty())
    return 0;
  return orderBlock(function.getBody().front());
}
