//===- RingRows.cpp - a ring all-reduce a stick at a time -----------------===//

#include "pipeline/utils/RingRows.h"
#include "pipeline/utils/HeldTiles.h"
#include "pipeline/utils/RowStages.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

/// One all-reduce loop to run a row at a time, and what feeds and drains
/// it.
struct RingLoop {
  scf::ForOp loop;
  sched::PopOp pop;                // the 2-D tile, whole
  tensor::CollapseShapeOp flatten; // to the 1-D tile the ring folds, or
  tensor::ExpandShapeOp unflatten; // the sum, back to 2-D (or neither)
  sched::PushOp push;              // the sum, whole
  sched::TransferOp feed, drain;   // the load and store units' transfers
  SmallVector<sched::RingExchangeOp> plans;
  int64_t rows = 0, sticksPerRow = 0;
};

/// Whether `op`, in the all-reduce loop's body, works on tiles
/// elementwise (or is a send, a receive, scalar arithmetic).
bool foldsElementwise(Operation &op) {
  if (isa<sched::RingSendOp, sched::RingReceiveOp, tensor::EmptyOp,
          scf::YieldOp>(op))
    return true;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.getNumLoops() == linalgOp.getNumParallelLoops() &&
           llvm::all_of(linalgOp.getIndexingMapsArray(),
                        [](AffineMap m) { return m.isIdentity(); });
  if (op.getNumRegions() != 0)
    return false;
  bool tiles = llvm::any_of(op.getOperandTypes(), llvm::IsaPred<TensorType>) ||
               llvm::any_of(op.getResultTypes(), llvm::IsaPred<TensorType>);
  if (!tiles)
    return isPure(&op);
  return op.hasTrait<OpTrait::Elementwise>() && isPure(&op);
}

std::optional<RingLoop> matchRingLoop(scf::ForOp loop, sched::StageOp stage,
                                      int stickBytes) {
  Block &body = stage.getBody().front();
  if (loop->getBlock() != &body || loop.getNumRegionIterArgs() == 0)
    return std::nullopt;
  bool sends = false, receives = false;
  for (Operation &op : *loop.getBody()) {
    if (!foldsElementwise(op))
      return std::nullopt;
    sends |= isa<sched::RingSendOp>(op);
    receives |= isa<sched::RingReceiveOp>(op);
  }
  if (!sends || !receives)
    return std::nullopt;
  // Every carried tile starts as the flattened popped tile.
  RingLoop r;
  r.loop = loop;
  Value init = loop.getInitArgs()[0];
  for (Value v : loop.getInitArgs())
    if (v != init)
      return std::nullopt;
  // The popped tile, or its flattened form (a collapse of its rows).
  r.flatten = init.getDefiningOp<tensor::CollapseShapeOp>();
  if (r.flatten && r.flatten->getBlock() != &body)
    return std::nullopt;
  for (Operation *user : init.getUsers())
    if (user != loop.getOperation())
      return std::nullopt;
  r.pop = (r.flatten ? r.flatten.getSrc() : init).getDefiningOp<sched::PopOp>();
  if (!r.pop || r.pop->getBlock() != &body ||
      (r.flatten && !r.pop->hasOneUse()))
    return std::nullopt;
  auto tile = dyn_cast<RankedTensorType>(r.pop.getType());
  auto flat = dyn_cast<RankedTensorType>(init.getType());
  if (!tile || !tile.hasStaticShape() || tile.getRank() != 2 || !flat ||
      flat.getRank() != (r.flatten ? 1 : 2))
    return std::nullopt;
  for (Type t : loop.getResultTypes())
    if (t != flat)
      return std::nullopt;
  r.rows = tile.getShape()[0];
  int64_t width = spyre::elementBytes(tile.getElementType());
  if (r.rows < 1 || width <= 0 ||
      (tile.getShape()[1] * width) % stickBytes != 0)
    return std::nullopt;
  r.sticksPerRow = tile.getShape()[1] * width / stickBytes;
  // The sum (the first carried tile) goes back to 2-D and out whole; the
  // others are not used after the loop.
  for (auto [i, result] : llvm::enumerate(loop.getResults()))
    if (i > 0 && !result.use_empty())
      return std::nullopt;
  Value sum = loop.getResult(0);
  if (!sum.hasOneUse())
    return std::nullopt;
  if (r.flatten) {
    r.unflatten = dyn_cast<tensor::ExpandShapeOp>(*sum.getUsers().begin());
    if (!r.unflatten || r.unflatten->getBlock() != &body ||
        r.unflatten.getType() != tile || !r.unflatten->hasOneUse())
      return std::nullopt;
    sum = r.unflatten.getResult();
  }
  r.push = dyn_cast<sched::PushOp>(*sum.getUsers().begin());
  if (!r.push || r.push->getBlock() != &body)
    return std::nullopt;
  int64_t sticks = r.rows * r.sticksPerRow;
  if (!r.pop.getSticks() || *r.pop.getSticks() != sticks ||
      !r.push.getSticks() || *r.push.getSticks() != sticks)
    return std::nullopt;
  // Nothing else comes or goes between (the units move row i in turn).
  for (Operation *op = r.pop->getNextNode(); op != r.push.getOperation();
       op = op->getNextNode())
    if (isa<sched::PopOp, sched::PushOp>(op))
      return std::nullopt;
  r.feed = spyre::onlyTransfer(stage, r.pop.getFifo(), sticks);
  r.drain = spyre::onlyTransfer(stage, r.push.getFifo(), sticks);
  if (!r.feed || !r.drain)
    return std::nullopt;
  // The plans of the exchange (its staging buffers), before the loop.
  for (Operation &op : *loop.getBody())
    if (auto receive = dyn_cast<sched::RingReceiveOp>(op))
      for (Value staging : receive.getStaging()) {
        auto alloc = staging.getDefiningOp<sched::AllocOp>();
        auto type = cast<MemRefType>(staging.getType());
        if (!alloc || type.getShape() != flat.getShape())
          return std::nullopt;
        for (Operation *user : staging.getUsers())
          if (auto plan = dyn_cast<sched::RingExchangeOp>(user))
            if (!llvm::is_contained(r.plans, plan))
              r.plans.push_back(plan);
      }
  return r;
}

/// `transfer` (in a unit's stage) inside a loop over chunks of
/// `sticksPerRow` sticks: chunk i per iteration, its token after the loop.
void byRows(sched::TransferOp transfer, int64_t rows, int64_t sticksPerRow) {
  OpBuilder b(transfer);
  Location loc = transfer.getLoc();
  auto loop = scf::ForOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                                 arith::ConstantIndexOp::create(b, loc, rows),
                                 arith::ConstantIndexOp::create(b, loc, 1));
  if (auto signal = dyn_cast_or_null<sched::SignalOp>(transfer->getNextNode()))
    signal->moveAfter(loop);
  transfer->moveBefore(loop.getBody()->getTerminator());
  OpBuilder tb(transfer);
  transfer.getFirstMutable().assign(arith::MulIOp::create(
      tb, loc, loop.getInductionVar(),
      arith::ConstantIndexOp::create(tb, loc, sticksPerRow)));
  transfer.setSticksAttr(tb.getI64IntegerAttr(sticksPerRow));
}

void rewriteRingLoop(RingLoop &r) {
  auto tile = cast<RankedTensorType>(r.pop.getType());
  auto flat = cast<RankedTensorType>(r.loop.getResult(0).getType());
  // One stick of the tile the ring folds (its rows are whole sticks):
  // `lanes` elements, or 1 x lanes.
  int64_t lanes = tile.getShape()[1] / r.sticksPerRow;
  int64_t sticks = r.rows * r.sticksPerRow;
  auto row = r.flatten
                 ? RankedTensorType::get({lanes}, tile.getElementType())
                 : RankedTensorType::get({1, lanes}, tile.getElementType());
  int64_t rowBytes = spyre::tileBytes(row);
  Location loc = r.loop.getLoc();
  IRMapping map;
  SmallVector<Operation *> wholeStaging;
  // A staging buffer of one stick for every receive.
  for (Operation &op : *r.loop.getBody())
    if (auto receive = dyn_cast<sched::RingReceiveOp>(op))
      for (Value staging : receive.getStaging()) {
        if (map.contains(staging))
          continue;
        auto alloc = staging.getDefiningOp<sched::AllocOp>();
        wholeStaging.push_back(alloc);
        auto type = cast<MemRefType>(staging.getType());
        OpBuilder ab(alloc);
        Operation *rowAlloc = ab.clone(*alloc);
        rowAlloc->getResult(0).setType(MemRefType::get(
            row.getShape(), type.getElementType(), type.getLayout(),
            type.getMemorySpace()));
        map.map(staging, rowAlloc->getResult(0));
      }
  for (sched::RingExchangeOp plan : r.plans) {
    for (OpOperand &staging : plan->getOpOperands())
      if (Value rowStaging = map.lookupOrNull(staging.get()))
        staging.set(rowStaging);
    plan->setAttr("bytes", OpBuilder(plan).getI64IntegerAttr(rowBytes));
  }

  OpBuilder b(r.loop);
  auto rowLoop = scf::ForOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                                    arith::ConstantIndexOp::create(b, loc, sticks),
                                    arith::ConstantIndexOp::create(b, loc, 1));
  OpBuilder in(rowLoop.getBody()->getTerminator());
  Value popped = sched::PopOp::create(in, r.pop.getLoc(), row, r.pop.getFifo(),
                                      in.getI64IntegerAttr(1));
  SmallVector<Value> inits(r.loop.getNumRegionIterArgs(), popped);
  auto ring = scf::ForOp::create(in, loc, r.loop.getLowerBound(),
                                 r.loop.getUpperBound(), r.loop.getStep(), inits);
  ring->setAttrs(r.loop->getAttrs());
  map.map(r.loop.getInductionVar(), ring.getInductionVar());
  for (auto [from, to] :
       llvm::zip(r.loop.getRegionIterArgs(), ring.getRegionIterArgs()))
    map.map(from, to);
  OpBuilder rb = OpBuilder::atBlockBegin(ring.getBody());
  for (Operation &op : *r.loop.getBody()) {
    Operation *clone = rb.clone(op, map);
    for (Value result : clone->getResults())
      if (result.getType() == flat)
        result.setType(row);
    if (auto send = dyn_cast<sched::RingSendOp>(clone))
      send->setAttr("bytes", rb.getI64IntegerAttr(rowBytes));
  }
  sched::PushOp::create(in, r.push.getLoc(), ring.getResult(0),
                        r.push.getFifo(), in.getI64IntegerAttr(1));
  r.push->erase();
  if (r.unflatten)
    r.unflatten->erase();
  r.loop->erase();
  if (r.flatten)
    r.flatten->erase();
  r.pop->erase();
  for (Operation *alloc : wholeStaging)
    if (alloc->use_empty())
      alloc->erase();
  byRows(r.feed, sticks, 1);
  byRows(r.drain, sticks, 1);
}

} // namespace

bool spyre::streamRingRows(sched::StageOp stage, int stickBytes,
                           int64_t capacity) {
  if (heldTileBytes(stage) <= capacity)
    return false;
  SmallVector<RingLoop> found;
  for (auto loop : stage.getBody().front().getOps<scf::ForOp>())
    if (std::optional<RingLoop> r = matchRingLoop(loop, stage, stickBytes))
      found.push_back(*r);
  for (RingLoop &r : found)
    rewriteRingLoop(r);
  if (found.empty())
    return false;
  // The all-reduce's identity (a fill the lowering no longer reads) and
  // other tiles left unused go.
  Block &body = stage.getBody().front();
  for (bool erased = true; erased;) {
    SmallVector<Operation *> dead;
    for (Operation &op : body.without_terminator())
      if (isa<tensor::EmptyOp, linalg::FillOp>(op) && op.use_empty())
        dead.push_back(&op);
    for (Operation *op : llvm::reverse(dead))
      op->erase();
    erased = !dead.empty();
  }
  return true;
}
