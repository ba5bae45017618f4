//===- ExtractComputeGroups.cpp - runs of tile ops become groups ----------===//

#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/utils/DeviceOrder.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/SinkIntoBranches.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

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

/// The view a load or store goes through (null for an indirect tile).
Value viewOfAccess(Operation *op) {
  if (auto load = dyn_cast<ktdp::LoadOp>(op))
    return spyre::viewOf(load.getAccessTile());
  return spyre::viewOf(cast<ktdp::StoreOp>(op).getAccessTile());
}

/// Whether `op` (or anything in it) stores through memory `view` may
/// reach.
bool storesTo(Operation *op, Value view) {
  bool stores = false;
  op->walk([&](ktdp::StoreOp store) {
    stores |= spyre::mayAlias(viewOfAccess(store), view);
  });
  return stores;
}

/// Whether `op` (or anything in it) loads from memory one of `stored` may
/// reach: it must not start before those stores are done.
bool readsAfterStore(Operation *op, ArrayRef<Value> stored) {
  bool reads = false;
  op->walk([&](ktdp::LoadOp load) {
    Value view = viewOfAccess(load);
    reads |= llvm::any_of(stored, [&](Value s) { return spyre::mayAlias(s, view); });
  });
  return reads;
}

/// A tile loaded in one block and used in blocks nested in control flow
/// further down (a table loaded before a loop and used in every iteration)
/// is loaded again in each of those blocks, before its first use there: the
/// group there loads it next to its other operands and its stages stream
/// it with them. hoist-invariant-transfers moves that transfer back before
/// the loop into a persistent LX buffer, so HBM is still read once. Not
/// when the control flow, or what runs between, stores through the same
/// view (or through one it cannot name).
void sinkLoadsIntoUsers(func::FuncOp function) {
  SmallVector<ktdp::LoadOp> loads;
  function.walk([&](ktdp::LoadOp load) { loads.push_back(load); });
  for (ktdp::LoadOp load : loads) {
    Value view = spyre::viewOf(load.getAccessTile());
    if (!view || !load.getType().hasStaticShape())
      continue;
    Block *home = load->getBlock();
    llvm::MapVector<Block *, SmallVector<OpOperand *>> uses;
    for (OpOperand &use : load.getResult().getUses())
      if (use.getOwner()->getBlock() != home)
        uses[use.getOwner()->getBlock()].push_back(&use);
    for (auto &[block, list] : uses) {
      Operation *ancestor = home->findAncestorOpInBlock(*list.front()->getOwner());
      if (!ancestor || storesTo(ancestor, view))
        continue;
      // Only into loops and branches (not, say, an inter-tile region).
      bool structured = true;
      for (Operation *op = block->getParentOp(); op && op != ancestor->getParentOp();
           op = op->getParentOp())
        structured &= op->getDialect() && isa<scf::SCFDialect>(op->getDialect());
      if (!structured)
        continue;
      bool between = false;
      for (Operation *op = load->getNextNode(); op && op != ancestor;
           op = op->getNextNode())
        between |= storesTo(op, view);
      if (between)
        continue;
      spyre::remakeBeforeUses(load, list);
    }
    if (load.getResult().use_empty())
      load.erase();
  }
}

/// Whether `op` is a broadcast or a reshape of a loaded tile (a weight row
/// over the rows), an elementwise op on such tiles or on loaded tiles only
/// (the bf16 weight row widened to f32 once, before the loop, broadcast or
/// not; arith and math ops on tiles or an elementwise linalg.generic), or
/// the empty init of one: made again where it is used (the
/// elementwise op computed again for each use from the tile the load unit
/// streams there: a vector op per stick, where holding the computed tile
/// for the whole loop would not fit the compute unit), and then the load
/// under it can follow (sinkLoadsIntoUsers). Tiles computed from other
/// values stay where they are (a norm's per-row statistics broadcast after
/// their loop are held as per-row values).
bool remakeable(Operation &op) {
  if (op.getNumResults() != 1 || !isa<RankedTensorType>(op.getResult(0).getType()))
    return false;
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto generic = dyn_cast<linalg::LinalgOp>(op);
  if (spyre::isElementwiseOp(&op) && (generic || op.getNumRegions() == 0)) {
    // An elementwise linalg op (inductor's generic) reads its inputs; its
    // empty inits are made again with it.
    SmallVector<Value> inputs(op.getOperands());
    if (generic) {
      inputs = generic.getDpsInputs();
      if (!llvm::all_of(generic.getDpsInits(),
                        [](Value v) { return v.getDefiningOp<tensor::EmptyOp>(); }))
        return false;
    }
    bool tile = false;
    for (Value v : inputs) {
      if (!isa<ShapedType>(v.getType()))
        continue;
      Operation *def = v.getDefiningOp();
      // A one-value constant (Gemma's 1 + w) is made again where it is used
      // (sinkSplatConstants) and read as a splat vector there.
      if (spyre::splatConstantOf(def))
        continue;
      auto load = dyn_cast_or_null<ktdp::LoadOp>(def);
      bool streamable =
          load && spyre::viewOf(load.getAccessTile()) && load.getType().hasStaticShape();
      if (!def || isa<tensor::EmptyOp>(def) || (!streamable && !remakeable(*def)))
        return false;
      tile = true;
    }
    return tile;
  }
  if (!isa<linalg::BroadcastOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return false;
  Value input = op.getOperand(0);
  return input.getDefiningOp<ktdp::LoadOp>() ||
         (input.getDefiningOp() && isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
                                       input.getDefiningOp()) &&
          input.getDefiningOp()->getOperand(0).getDefiningOp<ktdp::LoadOp>());
}

/// A tile made from a load before a loop or a branch and used only inside
/// it (a weight row loaded and broadcast before the loop over the rows) is
/// made again in each block that uses it, before its first use there, so
/// that the load it reads is used only there too and sinkLoadsIntoUsers
/// loads it next to the group's other operands: the compute unit streams
/// it instead of holding it for the whole loop. Users first (a broadcast,
/// then its empty init), so chains sink whole.
void sinkTilesIntoUsers(func::FuncOp function) {
  SmallVector<Operation *> candidates;
  function.walk([&](Operation *op) {
    if (remakeable(*op))
      candidates.push_back(op);
  });
  for (Operation *op : llvm::reverse(candidates)) {
    Block *home = op->getBlock();
    Value result = op->getResult(0);
    if (result.use_empty())
      continue;
    // An empty tile only as the init of broadcasts and elementwise linalg
    // ops that sink.
    if (isa<tensor::EmptyOp>(op) && !llvm::all_of(result.getUses(), [&](OpOperand &use) {
          auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
          return use.getOwner()->getBlock() != home && user && user.isDpsInit(&use);
        }))
      continue;
    llvm::MapVector<Block *, SmallVector<OpOperand *>> uses;
    bool onlyNested = true;
    for (OpOperand &use : result.getUses()) {
      Block *block = use.getOwner()->getBlock();
      onlyNested &= block != home && home->findAncestorOpInBlock(*use.getOwner());
      uses[block].push_back(&use);
    }
    if (!onlyNested)
      continue;
    // Only into loops and branches (not, say, an inter-tile region).
    bool structured = true;
    for (auto &[block, list] : uses)
      for (Operation *p = block->getParentOp(); p; p = p->getParentOp()) {
        structured &= p->getDialect() && isa<scf::SCFDialect>(p->getDialect());
        if (p->getBlock() == home)
          break;
      }
    if (!structured)
      continue;
    for (auto &[block, list] : uses) {
      spyre::remakeBeforeUses(op, list);
    }
    op->erase();
  }
}

/// The group a tile produces for, as the producer set `(i)[g]` pins it
/// with an equality a * i + b * g + c == 0 (a leader per group: i == 4 g):
/// g = -(a * i + c) / b rounded down and kept within the groups (a tile
/// that produces for no group gets a group of the range, whose partials
/// nobody uses). Null unless the grid is one-dimensional and the set has
/// such an equality.
Value producerGroupOf(OpBuilder &b, ktdp::InterTileProduceOp produce,
                      func::FuncOp function) {
  IntegerSet set = produce.getProducerTilesPerGroup();
  auto grid = function->getAttrOfType<ArrayAttr>("grid");
  if (!grid || grid.size() != 1 || set.getNumDims() != 1 || set.getNumSymbols() != 1)
    return {};
  int64_t tiles = spyre::gridTiles(function);
  auto at = [](AffineExpr e, int64_t i, int64_t g) {
    return cast<AffineConstantExpr>(
               simplifyAffineExpr(e.replaceDimsAndSymbols(
                                      {getAffineConstantExpr(i, e.getContext())},
                                      {getAffineConstantExpr(g, e.getContext())}),
                                  0, 0))
        .getValue();
  };
  for (unsigned k = 0; k < set.getNumConstraints(); ++k) {
    AffineExpr e = set.getConstraint(k);
    if (!set.isEq(k) || !e.isPureAffine())
      continue;
    int64_t c = at(e, 0, 0), a = at(e, 1, 0) - c, coef = at(e, 0, 1) - c;
    if (coef == 0 || at(e, 2, 3) != 2 * a + 3 * coef + c)
      continue;
    // The groups are the g some tile of the grid produces for.
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int64_t i = 0; i < tiles && i < (1 << 16); ++i)
      if ((-(a * i + c)) % coef == 0) {
        lo = std::min(lo, -(a * i + c) / coef);
        hi = std::max(hi, -(a * i + c) / coef);
      }
    if (lo > hi)
      return {};
    Location loc = produce.getLoc();
    auto constant = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
    Value id = ktdp::GetComputeTileIdOp::create(b, loc, TypeRange{b.getIndexType()})
                   .getResult(0);
    Value num = arith::SubIOp::create(
        b, loc, constant(0),
        arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, id, constant(a)),
                              constant(c)));
    Value g = arith::FloorDivSIOp::create(b, loc, num, constant(coef));
    g = arith::MaxSIOp::create(b, loc, g, constant(lo));
    return arith::MinSIOp::create(b, loc, g, constant(hi));
  }
  return {};
}

/// A producer region that loads its partials from memory (a broadcast whose
/// producer reads the row it sends) runs its body before the produce op
/// instead: the loads and compute then get a group and a pipeline like any
/// other, and the region only yields their results. Every tile computes
/// them, but only the producers' partials are used, so the results do not
/// change. A body that reads the group id reads the tile's own group
/// (producerGroupOf). Not when that cannot be solved for, or the body has
/// effects beyond reading memory (a store, a nested exchange).
void hoistProducerBodies(func::FuncOp function) {
  SmallVector<ktdp::InterTileProduceOp> produces;
  function.walk([&](ktdp::InterTileProduceOp p) { produces.push_back(p); });
  for (ktdp::InterTileProduceOp produce : produces) {
    Block &body = produce.getBody().front();
    bool loads = false, movable = true;
    for (Operation &op : body.without_terminator())
      op.walk([&](Operation *inner) {
        loads |= isa<ktdp::LoadOp>(inner);
        movable &= !isa<ktdp::StoreOp, ktdp::InterTileProduceOp,
                        ktdp::InterTileConsumeOp, ktdp::InterTileReduceOp>(inner);
      });
    if (!loads || !movable)
      continue;
    // A body that reads its group id (the leader loads its group's row):
    // the tile's own group, from the producer set.
    BlockArgument group = body.getArgument(0);
    if (!group.use_empty()) {
      OpBuilder b(produce);
      Value own = producerGroupOf(b, produce, function);
      if (!own)
        continue;
      group.replaceAllUsesWith(own);
    }
    for (Operation &op : llvm::make_early_inc_range(body.without_terminator()))
      op.moveBefore(produce);
  }
}

/// Scalars and access tiles `op` computes from the data of the run that
/// starts at `first` (a tensor.extract in it, and what uses one).
void noteFromData(Operation &op, Operation *first,
                  llvm::DenseSet<Value> &fromData) {
  bool fromRun = first && isa<tensor::ExtractOp>(op);
  fromRun |= llvm::any_of(op.getOperands(),
                          [&](Value v) { return fromData.contains(v); });
  if (fromRun)
    for (Value result : op.getResults())
      if (!isa<TensorType, VectorType>(result.getType()))
        fromData.insert(result);
}

/// The last tile op from `first` on, before the load or store `access`,
/// that the address of `access` depends on.
Operation *lastTileOpOfAddress(Operation *first, Operation *access) {
  llvm::DenseSet<Value> needed;
  needed.insert(access->getOperand(isa<ktdp::StoreOp>(access) ? 1 : 0));
  for (Operation *o = access->getPrevNode(); o; o = o->getPrevNode()) {
    if (llvm::none_of(o->getResults(),
                      [&](Value v) { return needed.contains(v); })) {
      if (o == first)
        break;
      continue;
    }
    if (spyre::isTileOp(o) || isa<tensor::ExtractOp>(o))
      return o;
    for (Value v : o->getOperands())
      needed.insert(v);
    if (o == first)
      break;
  }
  return first;
}

/// Whether `op` makes a tile without tile inputs (a static empty tile, a
/// one-value constant, a splat or fill of a scalar) from values defined
/// before the run [first, last] it is in, so that it can be made again
/// anywhere after that run.
bool madeWithoutInputs(Operation *op, Operation *first, Operation *last) {
  if (!op || op->getNumResults() != 1 ||
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return false;
  auto inRun = [&](Value v) {
    Operation *def = v.getDefiningOp();
    Operation *top = def ? first->getBlock()->findAncestorOpInBlock(*def)
                         : nullptr;
    return top && !top->isBeforeInBlock(first) && !last->isBeforeInBlock(top);
  };
  if (auto empty = dyn_cast<tensor::EmptyOp>(op))
    return empty.getType().hasStaticShape();
  if (spyre::splatConstantOf(op))
    return true;
  if (auto splat = dyn_cast<tensor::SplatOp>(op))
    return splat.getType().hasStaticShape() && !inRun(splat.getInput());
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.getInputs().size() == 1 && fill.getOutputs().size() == 1 &&
           !isa<ShapedType>(fill.getInputs()[0].getType()) &&
           !inRun(fill.getInputs()[0]) &&
           madeWithoutInputs(fill.getOutputs()[0].getDefiningOp(), first, last);
  return false;
}

/// A tile made without inputs in one run and used by later runs of the
/// block (the zeros a generator writes once as the identity of eight
/// unrolled inter-tile reductions) is made again at the start of each
/// later run that uses it: the run that made it first does not yield it to
/// the others (its compute stage would hold it whole from one pipeline to
/// the next), and each run's stages splat or stream their own.
void remakeTilesPerRun(SmallVectorImpl<std::pair<Operation *, Operation *>> &runs) {
  for (size_t i = 0; i < runs.size(); ++i) {
    auto [first, last] = runs[i];
    Block *block = first->getBlock();
    SmallVector<Operation *> made;
    for (Operation *op = first;; op = op->getNextNode()) {
      if (madeWithoutInputs(op, first, last))
        made.push_back(op);
      if (op == last)
        break;
    }
    for (Operation *op : made) {
      for (size_t j = i + 1; j < runs.size(); ++j) {
        auto &[later, end] = runs[j];
        SmallVector<OpOperand *> uses;
        for (OpOperand &use : op->getResult(0).getUses()) {
          Operation *top = block->findAncestorOpInBlock(*use.getOwner());
          if (top && !top->isBeforeInBlock(later) && !end->isBeforeInBlock(top))
            uses.push_back(&use);
        }
        if (uses.empty())
          continue;
        // The chain (a fill's empty init first) before the run's first op.
        OpBuilder b(later);
        std::function<Value(Operation *)> again = [&](Operation *o) -> Value {
          IRMapping map;
          for (Value v : o->getOperands())
            if (isa<RankedTensorType>(v.getType()))
              map.map(v, again(v.getDefiningOp()));
          return b.clone(*o, map)->getResult(0);
        };
        Operation *before = later->getPrevNode();
        Value copy = again(op);
        later = before ? before->getNextNode() : &block->front();
        for (OpOperand *use : uses)
          use->set(copy);
      }
    }
  }
}

void groupBlock(Block &block) {
  // Recurse first: control flow with tiles inside is a boundary.
  for (Operation &op : block)
    if (spyre::isControlWithTiles(&op))
      for (Region &region : op.getRegions())
        for (Block &inner : region)
          groupBlock(inner);

  // A run also ends before a load of memory the run has stored to (an
  // in-place update read back): a group's loads all run before its stores,
  // so the read must go to the next group, which starts when this one's
  // stores are done.
  //
  // A run also ends before a load or store whose address the run computes
  // from data (a position taken out of a loaded tile, then `+ 8` or
  // `floordiv 16`): only the compute unit holds such a value while the run
  // lasts; as a result of the run it reaches the memory units of the next
  // one (lower-to-dataflow hands it over on a channel).
  Operation *first = nullptr, *last = nullptr;
  SmallVector<Value> stored;
  llvm::DenseSet<Value> fromData;
  SmallVector<std::pair<Operation *, Operation *>> runs;
  for (Operation &op : block) {
    bool boundary = spyre::isControlWithTiles(&op) ||
                    op.hasTrait<OpTrait::IsTerminator>() ||
                    isa<sched::GroupOp>(op);
    if (boundary) {
      if (first)
        runs.push_back({first, last});
      first = last = nullptr;
      stored.clear();
      fromData.clear();
      continue;
    }
    if (spyre::isTileOp(&op)) {
      bool addressFromData =
          isa<ktdp::LoadOp, ktdp::StoreOp>(op) &&
          fromData.contains(isa<ktdp::LoadOp>(op)
                                ? cast<ktdp::LoadOp>(op).getAccessTile()
                                : cast<ktdp::StoreOp>(op).getAccessTile());
      if (first && !stored.empty() && readsAfterStore(&op, stored)) {
        runs.push_back({first, last});
        first = nullptr;
        stored.clear();
        fromData.clear();
      } else if (first && addressFromData) {
        // The run ends after the last of its tile ops the address needs;
        // the tile ops after that (the row the store writes, loaded next
        // to the position) start the next run.
        Operation *split = lastTileOpOfAddress(first, &op);
        runs.push_back({first, split});
        first = last = nullptr;
        stored.clear();
        fromData.clear();
        for (Operation *o = split->getNextNode(); o != &op; o = o->getNextNode()) {
          if (spyre::isTileOp(o)) {
            if (!first)
              first = o;
            last = o;
            o->walk([&](ktdp::StoreOp store) {
              stored.push_back(viewOfAccess(store));
            });
          }
          noteFromData(*o, first, fromData);
        }
      }
      if (!first)
        first = &op;
      last = &op;
      op.walk([&](ktdp::StoreOp store) {
        stored.push_back(viewOfAccess(store));
      });
    }
    noteFromData(op, first, fromData);
  }
  if (first)
    runs.push_back({first, last});
  remakeTilesPerRun(runs);
  for (auto [a, b] : runs)
    makeGroup(a, b);
}

struct ExtractComputeGroups
    : spyre::impl::ExtractComputeGroupsBase<ExtractComputeGroups> {
  void runOnOperation() override {
    for (auto function : getOperation().getOps<func::FuncOp>())
      if (!function.isExternal()) {
        hoistProducerBodies(function);
        spyre::sinkStoresIntoBranches(function); // pipeline/utils/SinkIntoBranches.h
        sinkTilesIntoUsers(function);
        spyre::sinkSplatConstants(function); // those the remade tiles use
        sinkLoadsIntoUsers(function);
        groupBlock(function.getBody().front());
      }
  }
};

} // namespace
