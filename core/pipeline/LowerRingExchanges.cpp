//===- LowerRingExchanges.cpp - all-reduce as ring sends and receives -----===//

#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/RingGroups.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

namespace spyre {
#define GEN_PASS_DEF_LOWERRINGEXCHANGES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// The running tile's id.
Value tileId(OpBuilder &b, Location loc) {
  return ktdp::GetComputeTileIdOp::create(b, loc, TypeRange{b.getIndexType()})
      .getResult(0);
}

/// `table` as a constant tensor of indices.
Value indexTable(OpBuilder &b, Location loc, ArrayRef<int64_t> table) {
  auto type = RankedTensorType::get({int64_t(table.size())}, b.getIndexType());
  return arith::ConstantOp::create(b, loc, type,
                                   DenseIntElementsAttr::get(type, table));
}

/// `table[tile id]` as an index.
Value lookup(OpBuilder &b, Location loc, ArrayRef<int64_t> table, Value tile) {
  return tensor::ExtractOp::create(b, loc, indexTable(b, loc, table),
                                   ValueRange{tile});
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

/// Every core of a group starts from its own partials and, n - 1 times
/// (n: its group's size), sends the partials it holds last to the next
/// member and folds in the ones the previous member sends: the fold order
/// of the interpreter (own, previous member, the one before, ...). A tile
/// in no group keeps its own partials (its result is undefined by the
/// spec: it is no consumer) and exchanges nothing.
void lower(ktdp::InterTileReduceOp reduce, ArrayRef<int64_t> cores) {
  auto exchange = dyn_cast_or_null<sched::RingExchangeOp>(reduce->getPrevNode());
  auto produce = reduce.getFuture().getDefiningOp<ktdp::InterTileProduceOp>();
  auto future = cast<ktdp::TileFutureType>(reduce.getFuture().getType());
  if (!exchange || !produce || !reduce.getFuture().hasOneUse() ||
      !spyre::consumersAreProducers(future, produce.getProducerTilesPerGroup(),
                             reduce.getConsumerTilesPerGroup(), cores.size())) {
    reduce.emitRemark("inter-tile reduce left to the interpreter's model: "
                      "some consumer is not a producer of its group");
    return;
  }
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
  std::string why;
  std::optional<spyre::Rings> rings =
      spyre::ringsOf(future, produce.getProducerTilesPerGroup(), cores, &why);
  if (!rings) {
    reduce.emitRemark("inter-tile reduce left to the interpreter's model: ")
        << why;
    return;
  }
  OpBuilder b(reduce);
  Location loc = reduce.getLoc();
  Value tile = tileId(b, loc);
  Value group = lookup(b, loc, rings->group, tile);
  Value next = lookup(b, loc, rings->next, tile);
  Value prev = lookup(b, loc, rings->prev, tile);
  SmallVector<Value> own =
      inlineBlock(b, produce.getBody().front(), ValueRange{group});
  SmallVector<Value> carried(own);
  carried.append(own.begin(), own.end()); // accumulators, then partials to send
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  // Groups of one size covering the grid fold in as many steps on every
  // tile; otherwise each tile folds its own group's (a tile in no group
  // none: the loop does not run and it sends and receives nothing).
  Value steps = rings->uniform
                    ? Value(arith::ConstantIndexOp::create(b, loc, rings->members))
                    : lookup(b, loc, rings->steps, tile);
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

/// The partials `from` sends, received into `staging`, when `receives`;
/// else what `otherwise` builds (in the else branch).
scf::IfOp receiveOr(OpBuilder &b, Location loc, TypeRange types,
                    Value receives, Value from, ValueRange staging,
                    function_ref<SmallVector<Value>(OpBuilder &)> otherwise) {
  auto held = scf::IfOp::create(b, loc, types, receives, /*withElse=*/true);
  OpBuilder in = OpBuilder::atBlockBegin(held.thenBlock());
  auto received = sched::RingReceiveOp::create(in, loc, types, from, staging);
  scf::YieldOp::create(in, loc, received.getResults());
  in.setInsertionPointToStart(held.elseBlock());
  scf::YieldOp::create(in, loc, otherwise(in));
  return held;
}

/// A routing: every tile computes its partials and sends them to the
/// cores of the consumers it feeds (none when it feeds no other tile), in
/// consumer order; then a consumer whose source is another tile receives
/// them from that core. Sends do not wait, so a cycle of sources (a
/// rotation, a permutation) cannot deadlock.
void lowerRoute(ktdp::InterTileConsumeOp consume, ktdp::InterTileProduceOp produce,
                sched::RingExchangeOp exchange, const spyre::Route &route) {
  auto future = cast<ktdp::TileFutureType>(consume.getFuture().getType());
  OpBuilder b(consume);
  Location loc = consume.getLoc();
  Value tile = tileId(b, loc);
  Value none = arith::ConstantIndexOp::create(b, loc, -1);
  Value group = produce.getBody().front().getArgument(0).use_empty()
                    ? tile
                    : lookup(b, loc, route.group, tile);
  SmallVector<Value> own =
      inlineBlock(b, produce.getBody().front(), ValueRange{group});
  if (route.fanout == 1) {
    // One send at most: the core to send to, or -1, per tile.
    SmallVector<int64_t> single(route.sends.size(), -1);
    for (auto [t, count] : llvm::enumerate(route.sends))
      if (count)
        single[t] = route.to[route.first[t]];
    Value to = lookup(b, loc, single, tile);
    Value sends = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, to, none);
    auto pass = scf::IfOp::create(b, loc, sends, /*withElse=*/false);
    OpBuilder in = OpBuilder::atBlockBegin(pass.thenBlock());
    sched::RingSendOp::create(in, loc, own, to, exchange.getBytes());
  } else if (route.fanout > 1) {
    // Entries first .. first + sends - 1 of the packed destinations.
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value first = lookup(b, loc, route.first, tile);
    Value last = arith::AddIOp::create(b, loc, first,
                                       lookup(b, loc, route.sends, tile));
    Value destinations = indexTable(b, loc, route.to);
    auto loop = scf::ForOp::create(b, loc, first, last, one);
    OpBuilder in(loop.getBody()->getTerminator());
    Value to = tensor::ExtractOp::create(in, loc, destinations,
                                         ValueRange{loop.getInductionVar()});
    sched::RingSendOp::create(in, loc, own, to, exchange.getBytes());
  }
  Value from = lookup(b, loc, route.from, tile);
  Value receives =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, from, none);
  auto held = receiveOr(b, loc, future.getPartialTypes(), receives, from,
                        exchange.getStaging(), [&](OpBuilder &) { return own; });
  consume->replaceAllUsesWith(held.getResults());
  consume.erase();
  produce.erase();
}

/// The producer computes its partials; each consumer receives them from
/// the one before it in its group's chain and passes them on to the next.
void lower(ktdp::InterTileConsumeOp consume, ArrayRef<int64_t> cores) {
  auto exchange = dyn_cast_or_null<sched::RingExchangeOp>(consume->getPrevNode());
  auto produce = consume.getFuture().getDefiningOp<ktdp::InterTileProduceOp>();
  auto future = cast<ktdp::TileFutureType>(consume.getFuture().getType());
  bool staticPartials = llvm::all_of(future.getPartialTypes(), [](Type t) {
    return cast<RankedTensorType>(t).hasStaticShape();
  });
  bool lowerable =
      exchange && produce && consume.getFuture().hasOneUse() && staticPartials &&
      TypeRange(consume.getResultTypes()) == TypeRange(future.getPartialTypes());
  if (consume.getProducerDependencyPerConsumer()) {
    std::string why = "the future is not one produce's, of static tiles";
    std::optional<spyre::Route> route;
    if (lowerable)
      route = spyre::routeOf(consume, produce.getProducerTilesPerGroup(), cores,
                             [](int64_t, int64_t) { return int64_t(0); }, &why);
    if (!route) {
      consume.emitRemark("inter-tile routing left to the interpreter's "
                         "model: ") << why;
      return;
    }
    return lowerRoute(consume, produce, exchange, *route);
  }
  std::optional<spyre::Relay> relay;
  if (lowerable)
    relay = spyre::relayOf(future, produce.getProducerTilesPerGroup(),
                    consume.getConsumerTilesPerGroup(), cores);
  if (!relay) {
    consume.emitRemark("inter-tile broadcast left to the interpreter's model: "
                       "not one producer per group passing static tiles to "
                       "consumers of one group each");
    return;
  }
  OpBuilder b(consume);
  Location loc = consume.getLoc();
  Value tile = tileId(b, loc);
  Value none = arith::ConstantIndexOp::create(b, loc, -1);
  auto differs = [&](Value a, Value b2) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, a, b2);
  };
  // The produce body's group argument, when it reads it.
  Value group = produce.getBody().front().getArgument(0).use_empty()
                    ? tile
                    : lookup(b, loc, relay->group, tile);
  Value from = lookup(b, loc, relay->from, tile);
  Value to = lookup(b, loc, relay->to, tile);
  Value receives = differs(from, none), sends = differs(to, none);
  // A tile that receives nothing computes the partials itself: only a
  // producer sends them on (on other tiles the results are undefined).
  auto held = receiveOr(
      b, loc, future.getPartialTypes(), receives, from, exchange.getStaging(),
      [&](OpBuilder &in) {
        return inlineBlock(in, produce.getBody().front(), ValueRange{group});
      });
  auto pass = scf::IfOp::create(b, loc, sends, /*withElse=*/false);
  {
    OpBuilder in = OpBuilder::atBlockBegin(pass.thenBlock());
    sched::RingSendOp::create(in, loc, held.getResults(), to, exchange.getBytes());
  }
  consume->replaceAllUsesWith(held.getResults());
  consume.erase();
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
      SmallVector<ktdp::InterTileConsumeOp> consumes;
      function.walk([&](ktdp::InterTileReduceOp r) { reduces.push_back(r); });
      function.walk([&](ktdp::InterTileConsumeOp c) { consumes.push_back(c); });
      for (ktdp::InterTileReduceOp r : reduces)
        lower(r, cores);
      for (ktdp::InterTileConsumeOp c : consumes)
        lower(c, cores);
    }
  }
};

} // namespace
