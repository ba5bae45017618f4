//===- PlanRingExchanges.cpp - inter-tile traffic on the ring -------------===//

#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/RingGroups.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace spyre {
#define GEN_PASS_DEF_PLANRINGEXCHANGES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

struct Plan {
  int64_t groups = 0, members = 0, hops = 0;
  SmallVector<SmallVector<int64_t>> tiles; ///< of each group, in tile order
};

/// The groups of `members` ((tile)[group]) over the future's groups, and
/// the ring distance between neighbouring members of a group on the
/// placement (`closed`: the last member passes back to the first, as a
/// ring all-reduce does); std::nullopt when the sets cannot be enumerated.
std::optional<Plan> planGroups(ktdp::TileFutureType future, IntegerSet members,
                               ArrayRef<int64_t> cores, bool closed,
                               const spyre::arch::Arch &arch) {
  std::optional<SmallVector<int64_t>> groups =
      ktdp::enumerateIntegerSet1D(future.getGroups(), {});
  if (!groups)
    return std::nullopt;
  Plan plan;
  plan.groups = groups->size();
  for (int64_t g : *groups) {
    SmallVector<int64_t> ring, &tiles = plan.tiles.emplace_back();
    for (int64_t tile = 0; tile < int64_t(cores.size()); ++tile)
      if (ktdp::integerSetContains(members, {tile}, {g})) {
        ring.push_back(cores[tile]);
        tiles.push_back(tile);
      }
    llvm::sort(ring);
    plan.members = std::max<int64_t>(plan.members, ring.size());
    for (size_t i = 0; i + 1 < ring.size(); ++i)
      plan.hops = std::max<int64_t>(
          plan.hops, spyre::ringHops(arch, ring[i], ring[i + 1]));
    if (closed && ring.size() > 2) // back to the first member
      plan.hops = std::max<int64_t>(
          plan.hops, spyre::ringHops(arch, ring.back(), ring.front()));
  }
  return plan;
}

void planExchange(Operation *op, ArrayRef<int64_t> cores,
                  const spyre::arch::Arch &arch) {
  Value future = op->getOperand(0);
  auto type = cast<ktdp::TileFutureType>(future.getType());
  bool reduce = isa<ktdp::InterTileReduceOp>(op);
  // A reduction's partials travel among its producers (its consumers are
  // all of them, or one: reduce-to-one); a broadcast's reach its consumers.
  auto produce = future.getDefiningOp<ktdp::InterTileProduceOp>();
  IntegerSet members =
      reduce && produce
          ? produce.getProducerTilesPerGroup()
          : reduce ? cast<ktdp::InterTileReduceOp>(op).getConsumerTilesPerGroup()
                   : cast<ktdp::InterTileConsumeOp>(op).getConsumerTilesPerGroup();
  std::optional<Plan> plan =
      planGroups(type, members, cores, /*closed=*/reduce, arch);
  // A routing sends each consumer its source's partials directly: one
  // step, as many hops as the farthest source is from its consumer.
  auto consume = dyn_cast<ktdp::InterTileConsumeOp>(op);
  bool route = consume && consume.getProducerDependencyPerConsumer();
  if (plan && route) {
    std::optional<spyre::Route> r =
        produce ? spyre::routeOf(consume, produce.getProducerTilesPerGroup(),
                                 cores,
                                 [&](int64_t a, int64_t b) {
                                   return int64_t(spyre::ringHops(arch, a, b));
                                 })
                : std::nullopt;
    if (r)
      plan->hops = r->hops;
    else
      plan.reset();
  }
  auto pipeline = op->getParentOfType<sched::PipelineOp>();
  if (!plan || !pipeline) {
    op->emitRemark("ring exchange not planned: its groups cannot be "
                   "enumerated at compile time");
    return;
  }
  // One LX buffer per partial receives a neighbour's partial.
  OpBuilder b(&pipeline.getBody().front(), pipeline.getBody().front().begin());
  SmallVector<Value> staging;
  int64_t bytes = 0;
  for (Type partial : type.getPartialTypes()) {
    auto tile = dyn_cast<RankedTensorType>(partial);
    if (!tile || !tile.hasStaticShape())
      continue;
    staging.push_back(sched::AllocOp::create(b, op->getLoc(),
                                             spyre::scratchpadType(tile),
                                             nullptr, nullptr, false));
    bytes += spyre::scratchpadBytes(tile, arch.stickBytes);
  }
  // Every member forwards the partial it last received to the next one:
  // after n - 1 steps each has every other member's partial (all-reduce),
  // or the producer's has reached the last consumer (broadcast).
  int64_t n = std::max<int64_t>(plan->members, 1);
  int64_t steps = route ? 1 : n - 1;
  b.setInsertionPoint(op);
  SmallVector<Attribute> tileGroups;
  for (ArrayRef<int64_t> tiles : plan->tiles)
    tileGroups.push_back(b.getDenseI64ArrayAttr(tiles));
  sched::RingExchangeOp::create(b, op->getLoc(), staging,
                                reduce  ? "allreduce"
                                : route ? "route"
                                        : "broadcast",
                                plan->groups, plan->members, steps, plan->hops,
                                bytes, b.getArrayAttr(tileGroups));
}

struct PlanRingExchanges
    : spyre::impl::PlanRingExchangesBase<PlanRingExchanges> {
  using PlanRingExchangesBase::PlanRingExchangesBase;
  void runOnOperation() override {
    auto plan = [](func::FuncOp function, const spyre::arch::Arch &target) {
      SmallVector<int64_t> cores = spyre::placementOf(function);
      function.walk([&](Operation *op) {
        if (isa<ktdp::InterTileReduceOp, ktdp::InterTileConsumeOp>(op))
          planExchange(op, cores, target);
      });
      return success();
    };
    if (failed(spyre::forEachKernel(getOperation(), arch, plan)))
      signalPassFailure();
  }
};

} // namespace
