//===- RowStages.cpp - an elementwise stage a row at a time ---------------===//

#include "pipeline/utils/RowStages.h"
#include "pipeline/utils/HeldTiles.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

/// A whole tile popped or pushed, the one transfer that fills or empties
/// its FIFO, and its sticks per row.
struct Moved {
  Operation *op; // sched.pop or sched.push
  sched::TransferOp transfer;
  int64_t sticksPerRow = 0;
};

RankedTensorType rowType(RankedTensorType t) {
  return RankedTensorType::get({1, t.getShape()[1]}, t.getElementType());
}

/// Sticks per row of a 2-D tile of `rows` rows of whole sticks, or 0.
int64_t sticksPerRow(Type type, int64_t rows, int stickBytes) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || !t.hasStaticShape() || t.getRank() != 2 || t.getShape()[0] != rows)
    return 0;
  int64_t width = spyre::elementBytes(t.getElementType());
  if (width <= 0 || (t.getShape()[1] * width) % stickBytes != 0)
    return 0;
  return t.getShape()[1] * width / stickBytes;
}

bool touchesTiles(Operation &op) {
  auto isTile = [](Type t) { return isa<RankedTensorType>(t); };
  return llvm::any_of(op.getResultTypes(), isTile) ||
         llvm::any_of(op.getOperandTypes(), isTile);
}

/// The transfers of one unit stage, moved into a loop over rows: row i of
/// each (in their order) per iteration, each transfer's token after the
/// loop.
void interleave(ArrayRef<Moved *> moved, int64_t rows) {
  sched::TransferOp last = moved.front()->transfer;
  for (Moved *m : moved)
    if (last->isBeforeInBlock(m->transfer))
      last = m->transfer;
  OpBuilder b(last);
  Location loc = last.getLoc();
  auto loop = scf::ForOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                                 arith::ConstantIndexOp::create(b, loc, rows),
                                 arith::ConstantIndexOp::create(b, loc, 1));
  SmallVector<Moved *> ordered(moved);
  llvm::sort(ordered, [](Moved *x, Moved *y) {
    return x->transfer->isBeforeInBlock(y->transfer);
  });
  Operation *after = loop;
  for (Moved *m : ordered) {
    if (auto signal =
            dyn_cast_or_null<sched::SignalOp>(m->transfer->getNextNode())) {
      signal->moveAfter(after);
      after = signal;
    }
    m->transfer->moveBefore(loop.getBody()->getTerminator());
    OpBuilder tb(m->transfer);
    Value first = arith::MulIOp::create(
        tb, loc, loop.getInductionVar(),
        arith::ConstantIndexOp::create(tb, loc, m->sticksPerRow));
    m->transfer.getFirstMutable().assign(first);
    m->transfer.setSticksAttr(tb.getI64IntegerAttr(m->sticksPerRow));
  }
}

/// A 1-D constant of indices (a per-tile table of the ring lowering) or an
/// element read from one: scalars, not tiles the stage computes on.
bool isIndexTable(Operation &op) {
  auto isTable = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.getRank() == 1 && tensor.getElementType().isIndex();
  };
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isTable(constant.getType());
  if (auto extract = dyn_cast<tensor::ExtractOp>(op))
    return extract.getTensor().getDefiningOp<arith::ConstantOp>() &&
           isTable(extract.getTensor().getType());
  return false;
}

/// Rows of `type` when it is a 2-D tile of whole-stick rows, else 0.
int64_t tileRows(Type type, int stickBytes) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || t.getRank() != 2 ||
      sticksPerRow(t, t.getShape()[0], stickBytes) == 0)
    return 0;
  return t.getShape()[0];
}

/// Whether `op` is part of a lowered routing (an inter-tile consume with a
/// dependency set, or a broadcast's relay): ring sends and receives of
/// 2-D tiles of `rows` rows, possibly under an `scf.if` (on a table's
/// entry) or in an `scf.for` over a tile's destinations, with index
/// arithmetic and table reads between. Each row travels alone, in the
/// same order on every core, so the stage may run it a row at a time.
bool isRouting(Operation &op, int64_t &rows, int stickBytes) {
  if (!isa<scf::IfOp, scf::ForOp, sched::RingSendOp, sched::RingReceiveOp>(op))
    return false;
  if (auto loop = dyn_cast<scf::ForOp>(op); loop && loop.getNumResults())
    return false;
  bool ring = false;
  auto sameRows = [&](Type t) {
    int64_t r = tileRows(t, stickBytes);
    if (r == 0 || (rows >= 0 && r != rows))
      return false;
    rows = r;
    return true;
  };
  WalkResult walk = op.walk([&](Operation *inner) {
    if (isa<sched::RingSendOp, sched::RingReceiveOp>(inner)) {
      ring = true;
      for (Type t : inner->getOperandTypes())
        if (isa<RankedTensorType>(t) && !sameRows(t))
          return WalkResult::interrupt();
      for (Type t : inner->getResultTypes())
        if (!sameRows(t))
          return WalkResult::interrupt();
      return WalkResult::advance();
    }
    if (isa<scf::IfOp, scf::ForOp, scf::YieldOp>(inner)) {
      for (Type t : inner->getResultTypes())
        if (!sameRows(t))
          return WalkResult::interrupt();
      return WalkResult::advance();
    }
    if (isIndexTable(*inner) || (!touchesTiles(*inner) && isPure(inner)))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return ring && !walk.wasInterrupted();
}

/// `clone` (of a routing op) on rows: its tiles and those of the ops in
/// it one row; its receives fill staging buffers of one row (made once
/// per buffer, in `rowStaging`), its sends and the exchange plans move a
/// row's bytes.
void routeByRows(Operation *clone, IRMapping &rowStaging) {
  clone->walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (auto t = dyn_cast<RankedTensorType>(result.getType()); t && t.getRank() == 2)
        result.setType(rowType(t));
    if (auto send = dyn_cast<sched::RingSendOp>(op)) {
      int64_t bytes = 0;
      for (Value v : send.getValues())
        bytes += spyre::tileBytes(rowType(cast<RankedTensorType>(v.getType())));
      send->setAttr("bytes", OpBuilder(send).getI64IntegerAttr(bytes));
    }
    auto receive = dyn_cast<sched::RingReceiveOp>(op);
    if (!receive)
      return;
    for (OpOperand &staging : receive->getOpOperands()) {
      auto type = dyn_cast<MemRefType>(staging.get().getType());
      if (!type || type.getRank() != 2)
        continue;
      Value whole = staging.get();
      if (!rowStaging.contains(whole)) {
        auto alloc = whole.getDefiningOp<sched::AllocOp>();
        if (!alloc)
          continue;
        OpBuilder ab(alloc);
        Operation *row = ab.clone(*alloc);
        row->getResult(0).setType(MemRefType::get(
            {1, type.getShape()[1]}, type.getElementType(), type.getLayout(),
            type.getMemorySpace()));
        rowStaging.map(whole, row->getResult(0));
      }
      staging.set(rowStaging.lookup(whole));
    }
  });
}

/// The exchange plans that name a staging buffer replaced by a row's:
/// they name the row's buffer and move a row's bytes; the whole buffers
/// go.
void planRows(IRMapping &rowStaging) {
  for (auto [whole, row] : rowStaging.getValueMap()) {
    for (OpOperand &use : llvm::make_early_inc_range(whole.getUses())) {
      auto plan = dyn_cast<sched::RingExchangeOp>(use.getOwner());
      if (!plan)
        continue;
      use.set(row);
      int64_t bytes = 0;
      for (Value staging : plan.getStaging())
        bytes += spyre::tileBytes(RankedTensorType::get(
            cast<MemRefType>(staging.getType()).getShape(),
            cast<MemRefType>(staging.getType()).getElementType()));
      plan->setAttr("bytes", OpBuilder(plan).getI64IntegerAttr(bytes));
    }
    if (whole.use_empty())
      whole.getDefiningOp()->erase();
  }
}

} // namespace

sched::TransferOp spyre::onlyTransfer(sched::StageOp stage, Value fifo,
                                      int64_t sticks) {
  sched::TransferOp found;
  int count = 0;
  stage->getParentOp()->walk([&](sched::TransferOp t) {
    if (t.getDest() == fifo || t.getSource() == fifo) {
      found = t;
      ++count;
    }
  });
  if (count != 1 || found.getFirst() || !found.getSticks() ||
      *found.getSticks() != sticks ||
      !isa<sched::StageOp>(found->getParentOp()))
    return {};
  return found;
}

bool spyre::runByRows(sched::StageOp stage, int stickBytes, int64_t capacity) {
  if (stage.getNumResults() != 0 || heldTileBytes(stage) <= capacity)
    return false;
  Block &body = stage.getBody().front();
  int64_t rows = -1;
  SmallVector<Moved> moved;
  SmallVector<Operation *> tileOps;
  for (Operation &op : body.without_terminator()) {
    if (isIndexTable(op) || isa<sched::RingExchangeOp>(op))
      continue; // scalars; the plan of a routing below
    if (isRouting(op, rows, stickBytes)) {
      tileOps.push_back(&op);
      continue;
    }
    if (!touchesTiles(op)) {
      if (op.getNumRegions() != 0 || !isPure(&op))
        return false;
      continue;
    }
    Type tileType;
    if (auto pop = dyn_cast<sched::PopOp>(op))
      tileType = pop.getType();
    else if (auto push = dyn_cast<sched::PushOp>(op))
      tileType = push.getValue().getType();
    else if (op.getNumResults() == 1)
      tileType = op.getResult(0).getType();
    auto tile = dyn_cast_or_null<RankedTensorType>(tileType);
    if (!tile || !tile.hasStaticShape() || tile.getRank() != 2)
      return false;
    if (rows < 0)
      rows = tile.getShape()[0];
    if (tile.getShape()[0] != rows)
      return false;
    if (auto pop = dyn_cast<sched::PopOp>(op)) {
      int64_t r = sticksPerRow(tile, rows, stickBytes);
      int pops = 0;
      for (Operation *user : pop.getFifo().getUsers())
        pops += isa<sched::PopOp>(user);
      if (r == 0 || pops != 1 || !pop.getSticks() ||
          *pop.getSticks() != rows * r)
        return false;
      sched::TransferOp t = spyre::onlyTransfer(stage, pop.getFifo(), rows * r);
      if (!t)
        return false;
      moved.push_back({&op, t, r});
    } else if (auto push = dyn_cast<sched::PushOp>(op)) {
      int64_t r = sticksPerRow(tile, rows, stickBytes);
      int pushes = 0;
      for (Operation *user : push.getFifo().getUsers())
        pushes += isa<sched::PushOp>(user);
      if (r == 0 || pushes != 1 || !push.getSticks() ||
          *push.getSticks() != rows * r)
        return false;
      sched::TransferOp t = spyre::onlyTransfer(stage, push.getFifo(), rows * r);
      if (!t)
        return false;
      moved.push_back({&op, t, r});
    } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense || !dense.isSplat())
        return false;
    } else if (isa<tensor::EmptyOp, tensor::SplatOp>(op)) {
    } else if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      if (!fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>())
        return false;
    } else if (!op.hasTrait<OpTrait::Elementwise>() ||
               op.getNumRegions() != 0 ||
               !llvm::all_of(op.getOperandTypes(), [](Type t) {
                 return isa<RankedTensorType>(t);
               })) {
      return false;
    }
    tileOps.push_back(&op);
  }
  if (tileOps.empty() || rows <= 1)
    return false;
  // The units feeding and draining the stage: each stage's transfers, row
  // by row.
  llvm::MapVector<Operation *, SmallVector<Moved *>> byUnit;
  for (Moved &m : moved)
    byUnit[m.transfer->getParentOp()].push_back(&m);
  for (auto &[unitStage, list] : byUnit)
    for (Moved *m : list)
      if (m->transfer->getBlock() != &unitStage->getRegion(0).front())
        return false;

  // Non-tile ops (index constants) first, then the loop over rows.
  Operation *first = tileOps.front();
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator()))
    if ((!touchesTiles(op) || isIndexTable(op)) &&
        first->isBeforeInBlock(&op))
      op.moveBefore(first);
  OpBuilder b(first);
  Location loc = first->getLoc();
  auto loop = scf::ForOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                                 arith::ConstantIndexOp::create(b, loc, rows),
                                 arith::ConstantIndexOp::create(b, loc, 1));
  OpBuilder in(loop.getBody()->getTerminator());
  IRMapping map, rowStaging;
  for (Operation *op : tileOps) {
    Location l = op->getLoc();
    if (isa<scf::IfOp, scf::ForOp, sched::RingSendOp, sched::RingReceiveOp>(op)) {
      routeByRows(in.clone(*op, map), rowStaging);
    } else if (auto pop = dyn_cast<sched::PopOp>(op)) {
      auto t = cast<RankedTensorType>(pop.getType());
      int64_t r = sticksPerRow(t, rows, stickBytes);
      map.map(pop.getResult(),
              sched::PopOp::create(in, l, rowType(t), pop.getFifo(),
                                   in.getI64IntegerAttr(r))
                  .getResult());
    } else if (auto push = dyn_cast<sched::PushOp>(op)) {
      auto t = cast<RankedTensorType>(push.getValue().getType());
      int64_t r = sticksPerRow(t, rows, stickBytes);
      sched::PushOp::create(in, l, map.lookup(push.getValue()), push.getFifo(),
                            in.getI64IntegerAttr(r));
    } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = cast<DenseElementsAttr>(constant.getValue());
      auto t = rowType(cast<RankedTensorType>(dense.getType()));
      map.map(constant.getResult(),
              arith::ConstantOp::create(
                  in, l, t, DenseElementsAttr::get(t, dense.getSplatValue<Attribute>()))
                  .getResult());
    } else if (auto empty = dyn_cast<tensor::EmptyOp>(op)) {
      auto t = rowType(cast<RankedTensorType>(empty.getType()));
      map.map(empty.getResult(),
              tensor::EmptyOp::create(in, l, t.getShape(), t.getElementType())
                  .getResult());
    } else if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      map.map(fill->getResult(0),
              linalg::FillOp::create(in, l, map.lookupOrDefault(fill.getDpsInputs()[0]),
                                     map.lookup(fill.getDpsInits()[0]))
                  ->getResult(0));
    } else {
      Operation *clone = in.clone(*op, map);
      for (Value result : clone->getResults())
        result.setType(rowType(cast<RankedTensorType>(result.getType())));
    }
  }
  for (Operation *op : llvm::reverse(tileOps))
    op->erase();
  planRows(rowStaging);
  // One tile per unit comes or goes in row order anyway.
  for (auto &[unitStage, list] : byUnit)
    if (list.size() > 1)
      interleave(list, rows);
  return true;
}
