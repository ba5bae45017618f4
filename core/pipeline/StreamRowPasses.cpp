//===- StreamRowPasses.cpp - re-stream rows instead of holding them ------===//
//
// Softmax reduces each row, then uses the row again with the result. The
// compute unit need not hold the row for that: the load unit streams the
// tile from LX once per pass, and each pass recomputes the elementwise ops
// it needs from the streamed sticks. Only per-row results (a max, a sum)
// cross from one pass to the next.
//
//===----------------------------------------------------------------------===//

#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/utils/PartialSticks.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/StageTidy.h"
#include "pipeline/utils/Target.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallSet.h"

namespace spyre {
#define GEN_PASS_DEF_STREAMROWPASSES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// The passes over the rows of one tile shape that a compute stage needs:
/// which values of that shape (tiles) can be computed in which pass, which
/// row reductions run in which pass, and after which pass each other value
/// (per-row results, scalars) exists.
class RowPlan {
public:
  RowPlan(sched::StageOp stage, int stickBytes)
      : stage(stage), stickBytes(stickBytes) {}

  bool analyse() {
    Block &body = stage.getBody().front();
    // The tile's shape is the first tile popped: a per-row value popped
    // before it (a sampling temperature) is known as one by that shape.
    for (Operation &op : body.without_terminator())
      if (auto pop = dyn_cast<sched::PopOp>(op); pop && tileShaped(pop.getType()))
        break;
    for (Operation &op : body.without_terminator())
      if (!classify(op))
        return false;
    if (pops.empty() || (pushes.empty() && rowPushes.empty()) || reductions.empty() ||
        !settleWidths())
      return false;
    for (sched::PushOp push : pushes)
      finalPass = std::max(finalPass, passOf.lookup(push.getValue()));
    // Streaming pays only when a reduction's result comes back into the
    // rows (into what is pushed, or into a later reduction: a logsumexp's
    // max): otherwise the other vector passes apply.
    return passesNeeded() > 1;
  }

  sched::StageOp stage;
  int stickBytes;
  int64_t rows = 0, sticksPerRow = 0, lanes = 0;
  int64_t lastLanes = 0; // lanes of the row in its last stick
  SmallVector<sched::PopOp> pops; // tiles, and rows streamed per row
  SmallVector<sched::PopOp> rowPops; // per-row values, popped whole first
  DenseMap<Value, int64_t> periodicFifo; // row FIFOs: sticks of the row
  SmallVector<sched::PushOp> pushes;
  SmallVector<std::pair<linalg::ReduceOp, int>> reductions; // and their pass
  SmallVector<Operation *> tileOps;   // elementwise, broadcasts, splats
  SmallVector<Operation *> betweenOps; // on rows' results and scalars
  DenseMap<Value, int> passOf;       // tiles: earliest pass
  DenseMap<Operation *, int> readyAfter; // other ops: passes before them
  int finalPass = 0;
  SmallVector<sched::PushOp> rowPushes; // per-row results (between ops)

  bool isTile(Value v) const { return passOf.count(v); }

  /// The sticks of `fifo` (of vectors) one of the stage's vectors is.
  int64_t ratio(Value fifo) const {
    auto vector = dyn_cast<VectorType>(cast<sched::FifoType>(fifo.getType()).getElementType());
    int64_t width = vector ? spyre::elementBytes(vector.getElementType()) : 0;
    return width > 0 ? std::max<int64_t>(1, width * lanes / stickBytes) : 1;
  }

  int passesNeeded() const {
    int n = finalPass + 1;
    for (auto [reduce, pass] : reductions)
      n = std::max(n, pass + 1);
    return n;
  }

private:
  int ready(Value v) const {
    if (Operation *def = v.getDefiningOp())
      return readyAfter.lookup(def);
    return 0;
  }

  bool tileShaped(Type t) {
    auto tile = dyn_cast<RankedTensorType>(t);
    if (!tile || !tile.hasStaticShape() || tile.getRank() != 2)
      return false;
    if (!shape) {
      int64_t width = spyre::elementBytes(tile.getElementType());
      if (width <= 0 || stickBytes % width != 0)
        return false;
      // A row that ends in a partial stick: its padding lanes are replaced
      // by each reduction's identity before they are folded in.
      shape = SmallVector<int64_t>(tile.getShape());
      rows = tile.getShape()[0];
      lanes = stickBytes / width;
      sticksPerRow = (tile.getShape()[1] + lanes - 1) / lanes;
      lastLanes = tile.getShape()[1] - (sticksPerRow - 1) * lanes;
      elementWidth = width;
    }
    return tile.getShape() == ArrayRef<int64_t>(*shape);
  }

  /// What moves through a FIFO is sticks of the popped width.
  bool streamWidth(Type t) {
    return spyre::elementBytes(cast<ShapedType>(t).getElementType()) ==
           elementWidth;
  }

  /// A streamed tile of another element width than the first (an f16 row
  /// quantised to i8): whole sticks of each width, settled in
  /// settleWidths().
  bool acceptWidth(Type t) {
    int64_t width = spyre::elementBytes(cast<ShapedType>(t).getElementType());
    if (width <= 0 || stickBytes % width != 0)
      return false;
    widths.insert(width);
    return true;
  }

  /// With tiles of several widths streamed: the lanes of the narrowest,
  /// a wider tile's vector being several of its sticks (ratio()); every
  /// row whole sticks of every width and no row streamed again per row.
  bool settleWidths() {
    widths.insert(elementWidth);
    int64_t narrowest = *std::min_element(widths.begin(), widths.end());
    if (widths.size() == 1)
      return true;
    if (!periodicFifo.empty())
      return false;
    for (int64_t w : widths)
      if ((*shape)[1] * w % stickBytes != 0)
        return false;
    lanes = stickBytes / narrowest;
    sticksPerRow = (*shape)[1] / lanes;
    lastLanes = lanes;
    return true;
  }


  /// A row the width of the tile (`[C]`): broadcast over the rows, it is
  /// streamed again for each row.
  bool rowOfTile(Type t) {
    auto row = dyn_cast<RankedTensorType>(t);
    return shape && row && row.hasStaticShape() && row.getRank() == 1 &&
           row.getShape()[0] == (*shape)[1];
  }

  bool rowShaped(Type t) {
    auto row = dyn_cast<RankedTensorType>(t);
    return shape && row && row.hasStaticShape() && row.getRank() == 1 &&
           row.getShape()[0] == rows;
  }

  /// One value per row, or a few per row packed along a second dimension
  /// (a row's statistics made one tensor with tensor.from_elements).
  bool rowResults(Type t) {
    auto results = dyn_cast<RankedTensorType>(t);
    return rowShaped(t) ||
           (shape && results && results.hasStaticShape() &&
            results.getRank() == 2 && results.getShape()[0] == rows &&
            !tileShaped(t));
  }

  /// Whether a streamed row reaches the tile only through broadcasts over
  /// the rows (and elementwise ops before them).
  bool broadcastOnly(Value row) {
    for (Operation *user : row.getUsers()) {
      auto broadcast = dyn_cast<linalg::BroadcastOp>(user);
      bool ok = (broadcast && broadcast.getDimensions() == ArrayRef<int64_t>{0}) ||
                (spyre::isElementwiseOp(user) && user->getNumResults() == 1 &&
                 rowOfTile(user->getResult(0).getType()));
      if (!ok)
        return false;
    }
    return true;
  }

  bool usesTile(Operation &op) {
    bool uses = false;
    op.walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        uses |= isTile(v);
    });
    return uses;
  }

  bool classify(Operation &op) {
    auto tileResult = [&](int pass) {
      passOf[op.getResult(0)] = pass;
      tileOps.push_back(&op);
      return true;
    };
    if (auto pop = dyn_cast<sched::PopOp>(op)) {
      if (tileShaped(pop.getType())) {
        if (!acceptWidth(pop.getType()))
          return false;
      } else if (rowOfTile(pop.getType()) && streamWidth(pop.getType()) &&
                 broadcastOnly(pop.getResult())) {
        periodicFifo[pop.getFifo()] =
            spyre::tileSticks(cast<ShapedType>(pop.getType()), stickBytes);
      } else if (rowShaped(pop.getType())) {
        // One value per row (a gathered label's logit), popped whole before
        // the passes: its producer sends it first (RowPassWriter::restream).
        rowPops.push_back(pop);
        return between(op);
      } else {
        return false;
      }
      pops.push_back(pop);
      passOf[pop.getResult()] = 0;
      return true;
    }
    if (auto push = dyn_cast<sched::PushOp>(op)) {
      if (!isTile(push.getValue()) && rowResults(push.getValue().getType())) {
        rowPushes.push_back(push); // per-row results, pushed once they exist
        return between(op);
      }
      if (!isTile(push.getValue()) || !tileShaped(push.getValue().getType()) ||
          !acceptWidth(push.getValue().getType()))
        return false;
      pushes.push_back(push);
      return true;
    }
    if (auto reduce = dyn_cast<linalg::ReduceOp>(op)) {
      if (reduce.getInputs().size() != 1 || !isTile(reduce.getInputs()[0]))
        return !usesTile(op) && between(op);
      Block &combiner = reduce.getCombiner().front();
      if (reduce.getDimensions() != ArrayRef<int64_t>{1} ||
          combiner.getOperations().size() != 2 ||
          !spyre::combiningKindOf(&combiner.front()) ||
          !rowShaped(reduce.getInits()[0].getType()))
        return false;
      if (lastLanes != lanes &&
          !spyre::hasPaddingIdentity(
              *spyre::combiningKindOf(&combiner.front()),
              getElementTypeOrSelf(reduce.getInputs()[0].getType())))
        return false; // nothing to pad a partial stick with
      int pass = std::max(passOf.lookup(reduce.getInputs()[0]),
                          ready(reduce.getInits()[0]));
      reductions.push_back({reduce, pass});
      readyAfter[&op] = pass + 1;
      return true;
    }
    if (isa<tensor::EmptyOp>(op))
      return true;
    if (op.getNumResults() == 1 && rowOfTile(op.getResult(0).getType()) &&
        spyre::isElementwiseOp(&op) && usesTile(op)) {
      // On a streamed row (before its broadcast): stick for stick with it.
      for (Value v : op.getOperands())
        if (!isTile(v) && !v.getType().isIntOrIndexOrFloat() &&
            !isa_and_nonnull<tensor::EmptyOp>(v.getDefiningOp()))
          return false;
      return broadcastOnly(op.getResult(0)) && tileResult(0);
    }
    if (op.getNumResults() == 1 && tileShaped(op.getResult(0).getType())) {
      // An index ramp (a linalg.index): each stick makes its lanes.
      if (spyre::rampDimOf(op.getResult(0)))
        return tileResult(0);
      if (auto broadcast = dyn_cast<linalg::BroadcastOp>(op)) {
        if (broadcast.getDimensions() == ArrayRef<int64_t>{0} &&
            isTile(broadcast.getInput()))
          return tileResult(passOf.lookup(broadcast.getInput()));
        return broadcast.getDimensions() == ArrayRef<int64_t>{1} &&
               rowShaped(broadcast.getInput().getType()) &&
               tileResult(ready(broadcast.getInput()));
      }
      if (auto splat = dyn_cast<tensor::SplatOp>(op))
        return tileResult(ready(splat.getInput()));
      // A constant tile of one value (a clamp's bounds): a splat vector.
      if (spyre::splatConstantOf(&op))
        return tileResult(0);
      if (!spyre::isElementwiseOp(&op))
        return false;
      int pass = 0;
      for (Value v : op.getOperands()) {
        if (isTile(v))
          pass = std::max(pass, passOf.lookup(v));
        else if (v.getType().isIntOrIndexOrFloat())
          pass = std::max(pass, ready(v));
        else if (!isa_and_nonnull<tensor::EmptyOp>(v.getDefiningOp()))
          return false; // a tensor of another shape
      }
      return tileResult(pass);
    }
    return !usesTile(op) && between(op);
  }

  /// An op on per-row results and scalars: it runs after the passes its
  /// operands (and what its regions read) come from.
  bool between(Operation &op) {
    int after = 0;
    op.walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        after = std::max(after, ready(v));
    });
    readyAfter[&op] = after;
    betweenOps.push_back(&op);
    return true;
  }

  std::optional<SmallVector<int64_t>> shape;
  int64_t elementWidth = 0;
  llvm::SmallSet<int64_t, 4> widths; // of the streamed tiles
};

/// Rewrites the compute stage as its passes and the stages feeding and
/// draining it to stream the tile once per pass that reads it.
class RowPassWriter {
public:
  explicit RowPassWriter(RowPlan &plan) : plan(plan) {}

  bool run(sched::PipelineOp pipeline) {
    if (!partners(pipeline))
      return false;
    int passes = plan.passesNeeded();
    for (int p = 0; p < passes; ++p)
      needs.push_back(neededIn(p));
    for (sched::StageOp feeder : feeders)
      restream(feeder, /*drain=*/false);
    for (sched::StageOp drainer : drainers)
      restream(drainer, /*drain=*/true);
    Block &body = plan.stage.getBody().front();
    OpBuilder b(body.getTerminator());
    for (int p = 0; p < passes; ++p) {
      emitPass(b, p);
      for (Operation *op : plan.betweenOps)
        if (plan.readyAfter.lookup(op) == p + 1)
          op->moveBefore(body.getTerminator());
    }
    for (sched::PushOp push : llvm::reverse(plan.pushes))
      push->erase();
    for (auto [reduce, pass] : llvm::reverse(plan.reductions))
      reduce->erase();
    for (Operation *op : llvm::reverse(plan.tileOps))
      op->erase();
    for (sched::PopOp pop : llvm::reverse(plan.pops))
      pop->erase();
    spyre::gatherConstants(plan.stage, &body.front());
    spyre::tidyStage(plan.stage);
    return true;
  }

private:
  /// The tiles a pass computes: what its reductions and (in the last pass)
  /// the pushes read, and what those are computed from.
  DenseSet<Value> neededIn(int pass) {
    SmallVector<Value> work;
    for (auto [reduce, p] : plan.reductions)
      if (p == pass)
        work.push_back(reduce.getInputs()[0]);
    if (pass == plan.finalPass)
      for (sched::PushOp push : plan.pushes)
        work.push_back(push.getValue());
    DenseSet<Value> needed;
    while (!work.empty()) {
      Value v = work.pop_back_val();
      if (!plan.isTile(v) || !needed.insert(v).second)
        continue;
      if (Operation *def = v.getDefiningOp())
        work.append(def->operand_begin(), def->operand_end());
    }
    return needed;
  }

  /// The stages that fill the popped FIFOs and empty the pushed ones; each
  /// must only wait, move the whole tile and signal.
  bool partners(sched::PipelineOp pipeline) {
    DenseSet<Value> in, out;
    for (sched::PopOp pop : plan.pops)
      in.insert(pop.getFifo());
    for (sched::PopOp pop : plan.rowPops)
      rowFifos.insert(pop.getFifo());
    for (sched::PushOp push : plan.rowPushes)
      rowFifos.insert(push.getFifo());
    for (sched::PushOp push : plan.pushes)
      out.insert(push.getFifo());
    int64_t sticks = plan.rows * plan.sticksPerRow;
    for (auto stage : pipeline.getBody().getOps<sched::StageOp>()) {
      if (stage == plan.stage)
        continue;
      bool feeds = false, drains = false, simple = true;
      for (Operation &op : stage.getBody().front().without_terminator()) {
        auto t = dyn_cast<sched::TransferOp>(op);
        if (t && rowFifos.contains(t.getDest())) {
          feeds = true;
        } else if (t && rowFifos.contains(t.getSource())) {
          drains = true;
        } else if (t && (in.contains(t.getDest()) || out.contains(t.getSource()))) {
          feeds |= in.contains(t.getDest());
          drains |= out.contains(t.getSource());
          Value fifo = in.contains(t.getDest()) ? t.getDest() : t.getSource();
          int64_t expected = plan.periodicFifo.count(t.getDest())
                                 ? plan.periodicFifo.lookup(t.getDest())
                                 : sticks * plan.ratio(fifo);
          simple &= t.getSticks() == expected && !t.getFirst();
        } else {
          simple &= isa<sched::WaitOp, sched::SignalOp>(op);
        }
      }
      if ((feeds || drains) && (!simple || (feeds && drains)))
        return false;
      if (feeds)
        feeders.push_back(stage);
      if (drains)
        drainers.push_back(stage);
    }
    return true;
  }

  scf::ForOp loop(OpBuilder &b, Location loc, int64_t from, int64_t to,
                  ValueRange inits = {}) {
    Value lb = arith::ConstantIndexOp::create(b, loc, from);
    Value ub = arith::ConstantIndexOp::create(b, loc, to);
    Value step = arith::ConstantIndexOp::create(b, loc, 1);
    auto l = scf::ForOp::create(b, loc, lb, ub, step, inits);
    l->setAttr("sched.vector_loop", b.getUnitAttr());
    return l;
  }

  /// waits; for each pass that reads (or, draining, writes) its FIFOs: one
  /// stick of each of them per iteration; signals.
  void restream(sched::StageOp stage, bool drain) {
    Block &body = stage.getBody().front();
    auto [waits, transfers, signals] = spyre::partsOf(stage);
    OpBuilder b(body.getTerminator());
    Location loc = stage.getLoc();
    // Per-row values the stage pops whole before its passes: sent first;
    // per-row results: taken first if pushed before the last pass pushes
    // its sticks, else after them.
    Operation *start = nullptr;
    SmallVector<Operation *> afterPasses;
    for (Operation *op : transfers) {
      auto t = cast<sched::TransferOp>(op);
      if (!rowFifos.contains(drain ? t.getSource() : t.getDest()))
        continue;
      if (drain && rowPushReady(t.getSource()) > plan.finalPass) {
        afterPasses.push_back(op);
        continue;
      }
      Operation *whole = b.clone(*op);
      start = start ? start : whole;
    }
    // The transfers of each pass; consecutive passes that move the same
    // ones become one loop over them.
    SmallVector<SmallVector<Operation *>> perPass;
    for (int p = 0; p < int(needs.size()); ++p) {
      perPass.emplace_back();
      for (Operation *op : transfers) {
        auto t = cast<sched::TransferOp>(op);
        if (rowFifos.contains(drain ? t.getSource() : t.getDest()))
          continue;
        if (drain ? p == plan.finalPass : fifoRead(t.getDest(), p))
          perPass.back().push_back(op);
      }
    }
    for (size_t p = 0; p < perPass.size();) {
      size_t q = p + 1;
      while (q < perPass.size() && perPass[q] == perPass[p])
        ++q;
      if (perPass[p].empty()) {
        p = q;
        continue;
      }
      OpBuilder at = b;
      if (q - p > 1) {
        scf::ForOp repeat = loop(b, loc, 0, q - p);
        repeat->removeAttr("sched.vector_loop");
        repeat->setAttr("sched.passes", b.getUnitAttr());
        start = start ? start : repeat.getLowerBound().getDefiningOp();
        at.setInsertionPoint(repeat.getBody()->getTerminator());
      }
      scf::ForOp l = loop(at, loc, 0, plan.rows * plan.sticksPerRow);
      start = start ? start : l.getLowerBound().getDefiningOp();
      OpBuilder in(l.getBody()->getTerminator());
      for (Operation *op : perPass[p]) {
        auto one = cast<sched::TransferOp>(in.clone(*op));
        Value first = l.getInductionVar();
        // A wider tile's vector is `r` of its sticks (RowPlan::ratio).
        const int64_t r = plan.ratio(drain ? one.getSource() : one.getDest());
        if (r > 1) {
          OpBuilder at(one);
          first = arith::MulIOp::create(at, loc, first,
                                        arith::ConstantIndexOp::create(at, loc, r));
        }
        // A row streamed for each row of the tile: stick i mod its sticks.
        if (int64_t m = plan.periodicFifo.lookup(one.getDest())) {
          OpBuilder at(one);
          first = arith::RemUIOp::create(
              at, loc, first, arith::ConstantIndexOp::create(at, loc, m));
        }
        one.getFirstMutable().assign(first);
        one.setSticks(r);
      }
      p = q;
    }
    for (Operation *op : afterPasses) {
      Operation *whole = b.clone(*op);
      start = start ? start : whole; // the waits before it
    }
    for (Operation *op : transfers)
      op->erase();
    for (Operation *signal : signals)
      signal->moveBefore(body.getTerminator());
    for (Operation *wait : waits)
      wait->moveBefore(start ? start : body.getTerminator());
  }

  /// The passes done before the per-row results pushed to `fifo` are.
  int rowPushReady(Value fifo) {
    for (sched::PushOp push : plan.rowPushes)
      if (push.getFifo() == fifo)
        return plan.readyAfter.lookup(push);
    return 0;
  }

  bool fifoRead(Value fifo, int pass) {
    for (sched::PopOp pop : plan.pops)
      if (pop.getFifo() == fifo && needs[pass].contains(pop.getResult()))
        return true;
    return false;
  }

  /// for each row: each stick of the row through the ops the pass needs;
  /// its reductions fold the row's sticks into one vector each, then its
  /// lanes into the row's result; the last pass pushes.
  void emitPass(OpBuilder &b, int pass) {
    SmallVector<linalg::ReduceOp> folds;
    SmallVector<Value> inits;
    for (auto [reduce, p] : plan.reductions)
      if (p == pass) {
        folds.push_back(reduce);
        inits.push_back(reduce.getInits()[0]);
      }
    // The pass's loops implement what the pass computes: its (first)
    // reduction, or, for the last pass, what it pushes to be stored.
    Location loc = passLocation(pass, folds);
    // One row: its sticks, then each reduction's lanes into `outs`.
    auto oneRow = [&](OpBuilder &in, Value row, ValueRange outs) {
      SmallVector<Value> updated;
      if (folds.empty()) {
        scf::ForOp sticks = loop(in, loc, 0, plan.sticksPerRow);
        OpBuilder s(sticks.getBody()->getTerminator());
        stick(s, row, sticks.getInductionVar(), pass);
        return updated;
      }
      // The sticks of the row folded in order; a partial last stick is
      // padded with the identities first.
      bool partial = plan.lastLanes != plan.lanes;
      int64_t whole = partial ? plan.sticksPerRow - 1 : plan.sticksPerRow;
      SmallVector<Value> partials =
          stick(in, row, arith::ConstantIndexOp::create(in, loc, 0), pass);
      if (whole == 0)
        partials = padded(in, folds, partials);
      if (whole > 1) {
        scf::ForOp sticks = loop(in, loc, 1, whole, partials);
        OpBuilder s = OpBuilder::atBlockBegin(sticks.getBody());
        SmallVector<Value> next = stick(s, row, sticks.getInductionVar(), pass);
        scf::YieldOp::create(s, loc, fold(s, folds, next, sticks.getRegionIterArgs()));
        partials.assign(sticks.getResults().begin(), sticks.getResults().end());
      }
      if (partial && whole > 0)
        partials = fold(in, folds,
                        padded(in, folds,
                               stick(in, row,
                                     arith::ConstantIndexOp::create(in, loc, whole),
                                     pass)),
                        partials);
      for (auto [reduce, partial, out] : llvm::zip(folds, partials, outs)) {
        // Each reduction's lanes folded where the kernel reduces.
        Location at = reduce.getLoc();
        Value start = tensor::ExtractOp::create(in, at, out, ValueRange{row});
        Value total = vector::ReductionOp::create(
            in, at,
            *spyre::combiningKindOf(&reduce.getCombiner().front().front()),
            partial, start);
        updated.push_back(
            tensor::InsertOp::create(in, at, total, out, ValueRange{row}));
      }
      return updated;
    };
    SmallVector<Value> results;
    if (plan.rows == 1) {
      results = oneRow(b, arith::ConstantIndexOp::create(b, loc, 0), inits);
    } else {
      scf::ForOp rowLoop = loop(b, loc, 0, plan.rows, inits);
      OpBuilder in = OpBuilder::atBlockBegin(rowLoop.getBody());
      SmallVector<Value> updated =
          oneRow(in, rowLoop.getInductionVar(), rowLoop.getRegionIterArgs());
      if (!updated.empty()) // loops with results start without a yield
        scf::YieldOp::create(in, loc, updated);
      results.assign(rowLoop.getResults().begin(), rowLoop.getResults().end());
    }
    for (auto [reduce, result] : llvm::zip(folds, results))
      reduce.getResult(0).replaceAllUsesWith(result);
  }

  /// Each reduction's combiner applied to its vector of the next stick
  /// and its partial.
  SmallVector<Value> fold(OpBuilder &b, MutableArrayRef<linalg::ReduceOp> folds,
                          ValueRange next, ValueRange partials) {
    SmallVector<Value> folded;
    for (auto [reduce, v, acc] : llvm::zip(folds, next, partials))
      folded.push_back(spyre::applyCombiner(
          b, reduce.getLoc(), reduce.getCombiner().front(), v, acc));
    return folded;
  }

  /// The vectors of a row's partial last stick with the lanes past the
  /// row's end set to each reduction's identity.
  SmallVector<Value> padded(OpBuilder &b, MutableArrayRef<linalg::ReduceOp> folds,
                            ValueRange vectors) {
    SmallVector<Value> out;
    for (auto [reduce, v] : llvm::zip(folds, vectors)) {
      vector::CombiningKind kind =
          *spyre::combiningKindOf(&reduce.getCombiner().front().front());
      out.push_back(spyre::padPastLanes(b, reduce.getLoc(), v,
                                        plan.lastLanes, kind));
    }
    return out;
  }

  /// One stick of the pass at the builder: pops it, applies the ops the
  /// pass needs, pushes it (in the last pass); returns the vectors its
  /// reductions take.
  SmallVector<Value> stick(OpBuilder &b, Value row, Value at, int pass) {
    const DenseSet<Value> &needed = needs[pass];
    spyre::VectorBuilder vectors([&](Type element) {
      return VectorType::get({plan.lanes}, element);
    });
    for (sched::PopOp pop : plan.pops)
      if (needed.contains(pop.getResult()))
        vectors.map(pop.getResult(),
                    sched::PopOp::create(
                        b, pop.getLoc(),
                        VectorType::get({plan.lanes},
                                        cast<ShapedType>(pop.getType())
                                            .getElementType()),
                        pop.getFifo(), b.getI64IntegerAttr(plan.ratio(pop.getFifo())))
                        .getResult());
    for (Operation *op : plan.tileOps) {
      if (!needed.contains(op->getResult(0)))
        continue;
      // Each op's vectors carry the op's own location.
      auto broadcast = dyn_cast<linalg::BroadcastOp>(op);
      if (std::optional<int64_t> dim = spyre::rampDimOf(op->getResult(0))) {
        vectors.map(op->getResult(0),
                    spyre::rampLanes(b, op->getLoc(), *dim, row, at,
                                     plan.lanes));
      } else if (broadcast && plan.isTile(broadcast.getInput())) {
        // A streamed row: this stick of it is this stick of the tile's row.
        vectors.map(broadcast.getResult()[0],
                    vectors.vectorFor(b, op->getLoc(), broadcast.getInput()));
      } else if (broadcast) {
        Value element = tensor::ExtractOp::create(b, op->getLoc(), broadcast.getInput(),
                                                  ValueRange{row});
        vectors.map(broadcast.getResult()[0],
                    vectors.broadcast(b, op->getLoc(), element));
      } else if (auto splat = dyn_cast<tensor::SplatOp>(op)) {
        vectors.map(splat.getResult(),
                    vectors.broadcast(b, op->getLoc(), splat.getInput()));
      } else if (auto splat = spyre::splatConstantOf(op)) {
        vectors.map(op->getResult(0), vectors.splat(b, op->getLoc(), splat));
      } else {
        vectors.apply(b, op);
      }
    }
    if (pass == plan.finalPass)
      for (sched::PushOp push : plan.pushes)
        sched::PushOp::create(b, push.getLoc(),
                              vectors.vectorFor(b, push.getLoc(), push.getValue()),
                              push.getFifo(),
                              b.getI64IntegerAttr(plan.ratio(push.getFifo())));
    SmallVector<Value> inputs;
    for (auto [reduce, p] : plan.reductions)
      if (p == pass)
        inputs.push_back(vectors.vectorFor(b, reduce.getLoc(), reduce.getInputs()[0]));
    return inputs;
  }

  /// Where pass `pass`'s loops come from: its first reduction, else the
  /// last pass's first push, else the stage.
  Location passLocation(int pass, ArrayRef<linalg::ReduceOp> folds) {
    if (!folds.empty())
      return folds.front()->getLoc();
    if (pass == plan.finalPass && !plan.pushes.empty())
      return plan.pushes.front().getLoc();
    return plan.stage.getLoc();
  }

  RowPlan &plan;
  DenseSet<Value> rowFifos; // of the plan's rowPops
  SmallVector<sched::StageOp> feeders, drainers;
  SmallVector<DenseSet<Value>> needs;
};

struct StreamRowPasses : spyre::impl::StreamRowPassesBase<StreamRowPasses> {
  using StreamRowPassesBase::StreamRowPassesBase;
  void runOnOperation() override {
    auto run = [](func::FuncOp function, const spyre::arch::Arch &target) {
      spyre::forEachComputeStage(
          function, target,
          [&](sched::PipelineOp pipeline, sched::StageOp stage) {
            RowPlan plan(stage, target.stickBytes);
            if (plan.analyse())
              RowPassWriter(plan).run(pipeline);
          });
      return success();
    };
    if (failed(spyre::forEachKernel(getOperation(), arch, run)))
      signalPassFailure();
  }
};

} // namespace
