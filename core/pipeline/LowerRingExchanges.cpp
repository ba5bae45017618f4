//===- LowerRingExchanges.cpp - all-reduce as ring sends and receives -----===//

#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"
#include "pipeline/Passes.h"
#include "pipeline/ScheduleUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace spyre {
#define GEN_PASS_DEF_LOWERRINGEXCHANGES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// For every tile: its group, and the previous and next member of the group
/// in core order (cyclic). Empty unless every tile is in exactly one group
/// and all groups have the same number of members.
struct Rings {
  SmallVector<int64_t> group, prev, next;
  int64_t members = 0;
};

std::optional<Rings> ringsOf(ktdp::TileFutureType future, IntegerSet members,
                             ArrayRef<int64_t> cores) {
  std::optional<SmallVector<int64_t>> groups =
      ktdp::enumerateIntegerSet1D(future.getGroups(), {});
  if (!groups)
    return std::nullopt;
  int64_t tiles = cores.size();
  Rings r;
  r.group.assign(tiles, -1);
  r.prev.assign(tiles, -1);
  r.next.assign(tiles, -1);
  for (int64_t g : *groups) {
    SmallVector<int64_t> ring; // tiles of the group, in core order
    for (int64_t t = 0; t < tiles; ++t)
      if (ktdp::integerSetContains(members, {t}, {g})) {
        if (r.group[t] != -1)
          return std::nullopt; // in two groups
        r.group[t] = g;
        ring.push_back(t);
      }
    llvm::sort(ring, [&](int64_t a, int64_t b) { return cores[a] < cores[b]; });
    if (ring.empty() || (r.members && int64_t(ring.size()) != r.members))
      return std::nullopt;
    r.members = ring.size();
    for (size_t i = 0; i < ring.size(); ++i) {
      r.next[ring[i]] = cores[ring[(i + 1) % ring.size()]];
      r.prev[ring[i]] = cores[ring[(i + ring.size() - 1) % ring.size()]];
    }
  }
  if (llvm::is_contained(r.group, -1))
    return std::nullopt;
  return r;
}

/// `table[tile id]` as an index.
Value lookup(OpBuilder &b, Location loc, ArrayRef<int64_t> table, Value tile) {
  auto type = RankedTensorType::get({int64_t(table.size())}, b.getIndexType());
  Value values = arith::ConstantOp::create(
      b, loc, type, DenseIntElementsAttr::get(type, table));
  return tensor::ExtractOp::create(b, loc, values, ValueRange{tile});
}

/// Clones the ops of `block` (but its terminator) with its arguments bound
/// to `args`; returns what the terminator yields.
SmallVector<Value> inlineBlock(OpBuilder &b, Block &block, ValueRange args) {
  IRMapping m;
  m.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator())
    b.clone(op, m);
  SmallVector<Value> yielded;
  for (Value v : block.getTerminator()->getOperands())
    yielded.push_back(m.lookupOrDefault(v));
  return yielded;
}

/// Leading unit dimensions the (draft-spelling) results drop from the
/// partials: how many, or std::nullopt when the shapes differ otherwise.
std::optional<int64_t> droppedUnitDims(Type partial, Type result) {
  auto p = cast<RankedTensorType>(partial), r = cast<RankedTensorType>(result);
  int64_t drop = p.getRank() - r.getRank();
  if (drop < 0 || r.getRank() == 0 || p.getElementType() != r.getElementType())
    return std::nullopt;
  for (int64_t i = 0; i < drop; ++i)
    if (p.getShape()[i] != 1)
      return std::nullopt;
  if (p.getShape().drop_front(drop) != r.getShape())
    return std::nullopt;
  return drop;
}

/// `value` with its `drop` leading unit dimensions collapsed away.
Value collapse(OpBuilder &b, Location loc, Value value, Type result,
               int64_t drop) {
  if (drop == 0)
    return value;
  auto type = cast<RankedTensorType>(result);
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices first;
  for (int64_t i = 0; i <= drop; ++i)
    first.push_back(i);
  groups.push_back(first);
  for (int64_t i = drop + 1; i < drop + type.getRank(); ++i)
    groups.push_back({i});
  return tensor::CollapseShapeOp::create(b, loc, type, value, groups);
}

/// Every core of a group starts from its own partials and, n - 1 times,
/// sends the partials it holds last to the next member and folds in the
/// ones the previous member sends: the fold order of the interpreter
/// (own, previous member, the one before, ...).
void lower(ktdp::InterTileReduceOp reduce, ArrayRef<int64_t> cores) {
  auto exchange = dyn_cast_or_null<sched::RingExchangeOp>(reduce->getPrevNode());
  auto produce = reduce.getFuture().getDefiningOp<ktdp::InterTileProduceOp>();
  if (!exchange || !produce || !reduce.getFuture().hasOneUse() ||
      produce.getProducerTilesPerGroup() != reduce.getConsumerTilesPerGroup()) {
    reduce.emitRemark("inter-tile reduce left to the interpreter's model: its "
                      "producers and consumers differ");
    return;
  }
  auto future = cast<ktdp::TileFutureType>(reduce.getFuture().getType());
  SmallVector<int64_t> drops;
  for (auto [partial, result] :
       llvm::zip(future.getPartialTypes(), reduce.getResultTypes())) {
    std::optional<int64_t> drop = droppedUnitDims(partial, result);
    if (!drop) {
      reduce.emitRemark("inter-tile reduce left to the interpreter's model: "
                        "its results are not its partials' shapes");
      return;
    }
    drops.push_back(*drop);
  }
  std::optional<Rings> rings =
      ringsOf(future, reduce.getConsumerTilesPerGroup(), cores);
  if (!rings) {
    reduce.emitRemark("inter-tile reduce left to the interpreter's model: its "
                      "groups are not equal rings covering every tile");
    return;
  }
  OpBuilder b(reduce);
  Location loc = reduce.getLoc();
  Value tile =
      ktdp::GetComputeTileIdOp::create(b, loc, TypeRange{b.getIndexType()})
          .getResult(0);
  Value group = lookup(b, loc, rings->group, tile);
  Value next = lookup(b, loc, rings->next, tile);
  Value prev = lookup(b, loc, rings->prev, tile);
  SmallVector<Value> own =
      inlineBlock(b, produce.getBody().front(), ValueRange{group});
  SmallVector<Value> carried(own);
  carried.append(own.begin(), own.end()); // accumulators, then partials to send
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value steps = arith::ConstantIndexOp::create(b, loc, rings->members);
  auto loop = scf::ForOp::create(b, loc, one, steps, one, carried);
  {
    OpBuilder in = OpBuilder::atBlockBegin(loop.getBody());
    size_t n = own.size();
    ValueRange args = loop.getRegionIterArgs();
    SmallVector<Value> acc(args.take_front(n)), send(args.drop_front(n));
    sched::RingSendOp::create(in, loc, send, next, exchange.getBytes());
    auto received = sched::RingReceiveOp::create(
        in, loc, TypeRange(ValueRange(own)), prev, exchange.getStaging());
    SmallVector<Value> combinerArgs(acc);
    combinerArgs.append(received.getResults().begin(),
                        received.getResults().end());
    SmallVector<Value> folded =
        inlineBlock(in, reduce.getCombiner().front(), combinerArgs);
    folded.append(received.getResults().begin(), received.getResults().end());
    scf::YieldOp::create(in, loc, folded);
  }
  b.setInsertionPointAfter(loop);
  for (auto [result, value, drop] :
       llvm::zip(reduce.getResults(), loop.getResults().take_front(own.size()),
                 drops))
    result.replaceAllUsesWith(
        collapse(b, loc, value, result.getType(), drop));
  reduce.erase();
  produce.erase();
}

struct LowerRingExchanges
    : spyre::impl::LowerRingExchangesBase<LowerRingExchanges> {
  void runOnOperation() override {
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      SmallVector<int64_t> cores = spyre::placementOf(function);
      SmallVector<ktdp::InterTileReduceOp> reduces;
      function.walk([&](ktdp::InterTileReduceOp r) { reduces.push_back(r); });
      for (ktdp::InterTileReduceOp r : reduces)
        lower(r, cores);
    }
  }
};

} // namespace
