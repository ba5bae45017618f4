//===- ExtractComputeGroups.cpp - runs of tile ops become groups ----------===//

#include "pipeline/Passes.h"
#include "pipeline/ScheduleUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace spyre {
#define GEN_PASS_DEF_EXTRACTCOMPUTEGROUPS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// Moves ops [first, last] of one block into a new sched.group.
void makeGroup(Operation *first, Operation *last) {
  Block *block = first->getBlock();
  auto begin = first->getIterator(), end = std::next(last->getIterator());
  llvm::SmallPtrSet<Operation *, 32> inside;
  for (Operation &op : llvm::make_range(begin, end))
    op.walk([&](Operation *nested) { inside.insert(nested); });
  // Values defined in the run and used after it are the group's results.
  SmallVector<Value> escaping;
  for (Operation &op : llvm::make_range(begin, end))
    for (Value result : op.getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !inside.contains(user);
          }))
        escaping.push_back(result);

  OpBuilder builder(first);
  Location loc = first == last ? first->getLoc()
                               : builder.getFusedLoc({first->getLoc(),
                                                      last->getLoc()});
  auto group = sched::GroupOp::create(builder, loc,
                                      TypeRange(ValueRange(escaping)));
  Block *body = builder.createBlock(&group.getBody());
  body->getOperations().splice(body->end(), block->getOperations(), begin, end);
  builder.setInsertionPointToEnd(body);
  sched::YieldOp::create(builder, last->getLoc(), escaping);
  for (auto [value, result] : llvm::zip(escaping, group.getResults()))
    value.replaceUsesWithIf(result, [&](OpOperand &use) {
      return !group->isProperAncestor(use.getOwner());
    });
}

void groupBlock(Block &block) {
  // Recurse first: control flow with tiles inside is a boundary.
  for (Operation &op : block)
    if (spyre::isControlWithTiles(&op))
      for (Region &region : op.getRegions())
        for (Block &inner : region)
          groupBlock(inner);

  Operation *first = nullptr, *last = nullptr;
  SmallVector<std::pair<Operation *, Operation *>> runs;
  for (Operation &op : block) {
    bool boundary = spyre::isControlWithTiles(&op) ||
                    op.hasTrait<OpTrait::IsTerminator>() ||
                    isa<sched::GroupOp>(op);
    if (boundary) {
      if (first)
        runs.push_back({first, last});
      first = last = nullptr;
      continue;
    }
    if (spyre::isTileOp(&op)) {
      if (!first)
        first = &op;
      last = &op;
    }
  }
  if (first)
    runs.push_back({first, last});
  for (auto [a, b] : runs)
    makeGroup(a, b);
}

struct ExtractComputeGroups
    : spyre::impl::ExtractComputeGroupsBase<ExtractComputeGroups> {
  void runOnOperation() override {
    for (auto function : getOperation().getOps<func::FuncOp>())
      if (!function.isExternal())
        groupBlock(function.getBody().front());
  }
};

} // namespace
