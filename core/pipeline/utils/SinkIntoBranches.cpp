//===- SinkIntoBranches.cpp - stores of a branch's result, in the branch -===//

#include "pipeline/utils/SinkIntoBranches.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace {

/// Whether `store` can move into the branches of `branch`, and the op
/// building its access tile after the branch (null if built before).
bool sinkable(ktdp::StoreOp store, scf::IfOp branch, Operation *&tileOp) {
  if (store->getBlock() != branch->getBlock() || branch.getElseRegion().empty())
    return false;
  tileOp = nullptr;
  Value tile = store.getAccessTile();
  if (Operation *def = tile.getDefiningOp();
      def && def->getBlock() == branch->getBlock() && branch->isBeforeInBlock(def)) {
    // Built after the branch: from values that exist before it.
    for (Value v : def->getOperands()) {
      Operation *from = v.getDefiningOp();
      if (from && from->getBlock() == branch->getBlock() &&
          !from->isBeforeInBlock(branch))
        return false;
    }
    if (!isMemoryEffectFree(def) || def->getNumRegions() != 0)
      return false;
    tileOp = def;
  }
  for (Operation *op = branch->getNextNode(); op && op != store;
       op = op->getNextNode())
    if (!isMemoryEffectFree(op))
      return false;
  return true;
}

/// `branch` without its results that nothing uses.
void dropUnusedResults(scf::IfOp branch) {
  SmallVector<unsigned> kept;
  for (OpResult r : branch->getResults())
    if (!r.use_empty())
      kept.push_back(r.getResultNumber());
  if (kept.size() == branch->getNumResults())
    return;
  SmallVector<Type> types;
  for (unsigned i : kept)
    types.push_back(branch->getResult(i).getType());
  OpBuilder b(branch);
  auto fresh = scf::IfOp::create(b, branch.getLoc(), types,
                                 branch.getCondition(), /*withElse=*/false);
  for (auto [from, to] : {std::pair{&branch.getThenRegion(), &fresh.getThenRegion()},
                          std::pair{&branch.getElseRegion(), &fresh.getElseRegion()}}) {
    to->takeBody(*from);
    auto yield = cast<scf::YieldOp>(to->front().getTerminator());
    SmallVector<Value> values;
    for (unsigned i : kept)
      values.push_back(yield.getOperand(i));
    OpBuilder at(yield);
    scf::YieldOp::create(at, yield.getLoc(), values);
    yield.erase();
  }
  for (auto [n, i] : llvm::enumerate(kept))
    branch->getResult(i).replaceAllUsesWith(fresh->getResult(n));
  branch.erase();
}

} // namespace

void spyre::sinkSplatConstants(func::FuncOp function) {
  SmallVector<arith::ConstantOp> constants;
  function.walk([&](arith::ConstantOp c) {
    auto splat = dyn_cast<SplatElementsAttr>(c.getValue());
    if (splat && isa<RankedTensorType>(c.getType()))
      constants.push_back(c);
  });
  for (arith::ConstantOp constant : constants) {
    llvm::MapVector<Block *, SmallVector<OpOperand *>> uses;
    for (OpOperand &use : constant->getUses())
      if (use.getOwner()->getBlock() != constant->getBlock())
        uses[use.getOwner()->getBlock()].push_back(&use);
    for (auto &[block, list] : uses) {
      spyre::remakeBeforeUses(constant, list);
    }
    if (constant->use_empty())
      constant.erase();
  }
}

void spyre::sinkStoresIntoBranches(func::FuncOp function) {
  SmallVector<ktdp::StoreOp> stores;
  function.walk([&](ktdp::StoreOp s) { stores.push_back(s); });
  for (ktdp::StoreOp store : stores) {
    auto result = dyn_cast<OpResult>(store.getDataTile());
    auto branch = result ? dyn_cast<scf::IfOp>(result.getOwner()) : scf::IfOp();
    Operation *tileOp = nullptr;
    if (!branch || !sinkable(store, branch, tileOp))
      continue;
    for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()}) {
      Operation *yield = region->front().getTerminator();
      OpBuilder b(yield);
      IRMapping map;
      map.map(store.getDataTile(),
              yield->getOperand(result.getResultNumber()));
      if (tileOp)
        b.clone(*tileOp, map);
      b.clone(*store, map);
    }
    store.erase();
    if (tileOp && tileOp->use_empty())
      tileOp->erase();
    dropUnusedResults(branch);
  }
  spyre::sinkSplatConstants(function);
}
