//===- ColumnSticks.cpp - column reductions a column of sticks at a time -===//

#include "pipeline/utils/ColumnSticks.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/StageTidy.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

class ColumnSticks {
public:
  ColumnSticks(sched::StageOp stage, int stickBytes)
      : stage(stage), stickBytes(stickBytes) {}

  bool match(sched::PipelineOp pipeline) {
    if (stage.getNumResults() != 0)
      return false;
    Block &body = stage.getBody().front();
    for (auto p : body.getOps<sched::PopOp>())
      if (classifyFrom(p)) {
        if (pop)
          return false; // two tiles would stream
        pop = p;
      }
    if (!pop || !classifyFrom(pop) || !checkPop() || !checkPush())
      return false;
    feed = feedOf(pipeline);
    return feed != nullptr;
  }

  void rewrite() {
    rewriteCompute();
    rewriteFeed();
  }

private:
  /// Whether the ops from `p` on stream its tile into reductions along
  /// dimension 0 and their results into one push (fills the sets).
  bool classifyFrom(sched::PopOp p) {
    streamed.clear();
    columns.clear();
    streamedOps.clear();
    columnOps.clear();
    reductions.clear();
    pushes.clear();
    columnPops.clear();
    initPops.clear();
    columnBroadcasts.clear();
    phase.clear();
    auto type = dyn_cast<RankedTensorType>(p.getType());
    if (!type || !type.hasStaticShape() || type.getRank() != 2)
      return false;
    tileShape = SmallVector<int64_t>(type.getShape());
    streamed.insert(p.getResult());
    for (Operation *op = p->getNextNode(); op && !op->hasTrait<OpTrait::IsTerminator>();
         op = op->getNextNode()) {
      bool usesStreamed = false, usesColumn = false;
      for (Value v : op->getOperands()) {
        usesStreamed |= streamed.contains(v);
        usesColumn |= columns.contains(v);
      }
      if (!usesStreamed && !usesColumn) {
        if (op->getNumRegions() != 0 && !isa<linalg::LinalgOp>(op))
          return false; // control flow: what it does is not followed
        continue;       // held, kept where it is
      }
      // A phase: the pass over the rows that can compute it.
      int64_t at = 0;
      for (Value v : op->getOperands())
        at = std::max(at, phase.lookup(v));
      if (auto broadcast = dyn_cast<linalg::BroadcastOp>(op);
          broadcast && usesColumn && !usesStreamed) {
        // A result broadcast along the rows (a mean): read by the next pass.
        if (broadcast.getDimensions() != ArrayRef<int64_t>{0} ||
            cast<ShapedType>(broadcast->getResult(0).getType()).getShape() !=
                ArrayRef<int64_t>(tileShape))
          return false;
        columnBroadcasts.push_back(broadcast);
        streamed.insert(broadcast->getResult(0));
        phase[broadcast->getResult(0)] = at + 1;
        continue;
      }
      if (usesStreamed && usesColumn)
        return false;
      if (auto reduce = dyn_cast<linalg::ReduceOp>(op)) {
        if (!usesStreamed || !takeReduce(reduce))
          return false;
        phase[reduce->getResult(0)] = at;
        continue;
      }
      if (auto push = dyn_cast<sched::PushOp>(op)) {
        if (!usesColumn)
          return false;
        pushes.push_back(push);
        continue;
      }
      if (!spyre::isElementwiseOp(op) || op->getNumResults() != 1)
        return false;
      auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      ArrayRef<int64_t> want = usesStreamed ? ArrayRef<int64_t>(tileShape)
                                            : ArrayRef<int64_t>(tileShape).drop_front();
      if (!result || result.getShape() != want)
        return false;
      for (Value v : op->getOperands())
        if (isa<RankedTensorType>(v.getType()) && !streamed.contains(v) &&
            !columns.contains(v) && !isSideOperand(v, usesStreamed))
          return false;
      (usesStreamed ? streamed : columns).insert(op->getResult(0));
      (usesStreamed ? streamedOps : columnOps).push_back(op);
      phase[op->getResult(0)] = at;
    }
    if (reductions.empty() || pushes.empty())
      return false;
    passes = 1;
    for (linalg::ReduceOp reduce : reductions)
      passes = std::max(passes, phase.lookup(reduce->getResult(0)) + 1);
    if (passes > 1 && !columnPops.empty())
      return false; // popped after the last pass only
    // Streamed values feed only streamed ops and the reductions; reduced
    // rows only their ops and the push.
    for (Value v : streamed)
      for (Operation *user : v.getUsers())
        if (!llvm::is_contained(streamedOps, user) &&
            !llvm::is_contained(reductions, user))
          return false;
    for (Value v : columns)
      for (Operation *user : v.getUsers())
        if (!llvm::is_contained(columnOps, user) &&
            !llvm::is_contained(pushes, dyn_cast<sched::PushOp>(user)) &&
            !llvm::is_contained(columnBroadcasts, dyn_cast<linalg::BroadcastOp>(user)))
          return false;
    for (sched::PopOp column : columnPops)
      for (Operation *user : column->getUsers())
        if (!llvm::is_contained(columnOps, user))
          return false;
    return true;
  }

  /// The streamed ops the reductions `now` read, in order.
  SmallVector<Operation *> neededBy(ArrayRef<linalg::ReduceOp> now) {
    llvm::SmallPtrSet<Operation *, 16> needed;
    SmallVector<Value> work;
    for (linalg::ReduceOp reduce : now)
      work.push_back(reduce.getInputs()[0]);
    while (!work.empty()) {
      Operation *def = work.pop_back_val().getDefiningOp();
      if (!def || !llvm::is_contained(streamedOps, def) || !needed.insert(def).second)
        continue;
      work.append(def->operand_begin(), def->operand_end());
    }
    SmallVector<Operation *> ordered;
    for (Operation *op : streamedOps)
      if (needed.contains(op))
        ordered.push_back(op);
    return ordered;
  }

  bool takeReduce(linalg::ReduceOp reduce) {
    Block &combiner = reduce.getCombiner().front();
    if (reduce.getInputs().size() != 1 || reduce.getInits().size() != 1 ||
        !streamed.contains(reduce.getInputs()[0]) ||
        reduce.getDimensions() != ArrayRef<int64_t>{0} ||
        combiner.getOperations().size() != 2 ||
        !spyre::combiningKindOf(&combiner.front()))
      return false;
    // The starting row: a fill of the stage, or popped in the stage (a
    // loop's running sums staged in LX), a column-stick before its rows.
    Value init = reduce.getInits()[0];
    auto fill = init.getDefiningOp<linalg::FillOp>();
    auto popped = init.getDefiningOp<sched::PopOp>();
    if (!init.hasOneUse() || !(fill || popped) ||
        init.getDefiningOp()->getBlock() != reduce->getBlock() ||
        (fill && !fill.getDpsInputs()[0].getType().isIntOrIndexOrFloat()))
      return false;
    if (popped)
      initPops.push_back(popped);
    reductions.push_back(reduce);
    columns.insert(reduce->getResult(0));
    return true;
  }

  /// A tile operand of a streamed op (`inRows`) or of an op on the reduced
  /// rows that is not itself streamed: a splat, an op's empty init, or
  /// (streamed ops only) per-row values held in the stage broadcast along
  /// the rows.
  bool isSideOperand(Value v, bool inRows) {
    Operation *def = v.getDefiningOp();
    if (def && (isa<tensor::EmptyOp, tensor::SplatOp>(def) || spyre::splatConstantOf(def)))
      return true;
    // A row of per-column values (a scale per output) popped in the stage:
    // popped a column-stick at a time too.
    if (auto column = dyn_cast_or_null<sched::PopOp>(def);
        column && !inRows && column->getBlock() == &stage.getBody().front() &&
        cast<ShapedType>(v.getType()).getShape() ==
            ArrayRef<int64_t>(tileShape).drop_front()) {
      if (!llvm::is_contained(columnPops, column))
        columnPops.push_back(column);
      return true;
    }
    linalg::BroadcastOp broadcast = spyre::rowBroadcastOf(v);
    return inRows && broadcast &&
           cast<ShapedType>(v.getType()).getShape() == ArrayRef<int64_t>(tileShape) &&
           !streamed.contains(broadcast.getInput());
  }

  bool checkPop() {
    auto type = cast<RankedTensorType>(pop.getType());
    width = spyre::elementBytes(type.getElementType());
    if (width <= 0 || stickBytes % width != 0)
      return false;
    lanes = stickBytes / width;
    sticksPerRow = (tileShape[1] + lanes - 1) / lanes;
    auto slot = dyn_cast<VectorType>(
        cast<sched::FifoType>(pop.getFifo().getType()).getElementType());
    int pops = 0;
    for (Operation *user : pop.getFifo().getUsers())
      pops += isa<sched::PopOp>(user);
    if (!slot || slot != VectorType::get({lanes}, type.getElementType()) ||
        pops != 1 || !pop.getSticks() || *pop.getSticks() != tileShape[0] * sticksPerRow)
      return false;
    // One vector of each type per stick: every reduced value's lanes.
    for (linalg::ReduceOp reduce : reductions)
      if (cast<ShapedType>(reduce.getInputs()[0].getType()).getElementType() !=
          cast<ShapedType>(reduce.getInits()[0].getType()).getElementType())
        return false;
    return true;
  }

  /// Each push and each pop of per-column values moves a whole number
  /// of its FIFO's sticks per column-stick (ratios), every stick of the
  /// row in all.
  bool checkPush() {
    auto ratioOf = [&](Value tile, Value fifo, std::optional<int64_t> sticks) {
      auto type = dyn_cast<RankedTensorType>(tile.getType());
      auto slot = dyn_cast<VectorType>(
          cast<sched::FifoType>(fifo.getType()).getElementType());
      if (!type || !slot || slot.getRank() != 1 ||
          slot.getElementType() != type.getElementType() ||
          lanes % slot.getNumElements() != 0)
        return false;
      int64_t r = lanes / slot.getNumElements();
      int64_t all = (tileShape[1] + slot.getNumElements() - 1) / slot.getNumElements();
      if ((r != 1 && tileShape[1] % lanes != 0) || !sticks || *sticks != all)
        return false;
      ratios[fifo] = r;
      return true;
    };
    for (sched::PushOp push : pushes)
      if (!ratioOf(push.getValue(), push.getFifo(), push.getSticks()))
        return false;
    for (sched::PopOp column : llvm::concat<sched::PopOp>(columnPops, initPops)) {
      int pops = 0;
      for (Operation *user : column.getFifo().getUsers())
        pops += isa<sched::PopOp>(user);
      if (pops != 1 || !ratioOf(column.getResult(), column.getFifo(), column.getSticks()))
        return false;
    }
    // Several pushes interleave, a column-stick each in turn: whoever
    // drains them must too (drainsOf).
    return pushes.size() == 1 || sticksPerRow == 1 || drainsOf();
  }

  /// The transfers of one other stage draining the pushes whole, in the
  /// order of the pushes, into LX buffers (drains); false otherwise.
  bool drainsOf() {
    auto pipeline = stage->getParentOfType<sched::PipelineOp>();
    for (sched::PushOp push : pushes) {
      sched::TransferOp found;
      for (auto other : pipeline.getBody().getOps<sched::StageOp>())
        for (auto t : other.getBody().front().getOps<sched::TransferOp>())
          if (t.getSource() == push.getFifo())
            found = t;
      if (!found || found.getFirst() || !isa<MemRefType>(found.getDest().getType()) ||
          (!drains.empty() && (found->getBlock() != drains.back()->getBlock() ||
                               !drains.back()->isBeforeInBlock(found))))
        return false;
      drains.push_back(found);
    }
    return true;
  }

  /// The transfer of another stage that sends the popped tile whole from an
  /// LX buffer, or null.
  sched::TransferOp feedOf(sched::PipelineOp pipeline) {
    sched::TransferOp found;
    for (auto other : pipeline.getBody().getOps<sched::StageOp>())
      other.walk([&](sched::TransferOp t) {
        if (t.getDest() == pop.getFifo())
          found = found ? sched::TransferOp() : t;
      });
    if (!found || found.getFirst() || !isa<MemRefType>(found.getSource().getType()) ||
        !found.getSticks() || *found.getSticks() != tileShape[0] * sticksPerRow ||
        !isa<sched::StageOp>(found->getParentOp()))
      return {};
    return found;
  }

  void rewriteCompute() {
    Block &body = stage.getBody().front();
    Location loc = pop.getLoc();
    OpBuilder b(pushes.front());
    auto index = [&](OpBuilder &at, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(at, loc, v);
    };
    spyre::VectorBuilder vectors([&](Type element) {
      return VectorType::get({lanes}, element);
    });
    Value row; // null outside the loop over the rows
    vectors.outside = [&](OpBuilder &at, Location l, Value tile) -> Value {
      VectorType type =
          VectorType::get({lanes}, cast<ShapedType>(tile.getType()).getElementType());
      Operation *def = tile.getDefiningOp();
      if (auto splat = dyn_cast_or_null<tensor::SplatOp>(def))
        return spyre::splatVector(at, l, splat.getInput(), type);
      if (auto splat = spyre::splatConstantOf(def))
        return vectors.splat(at, l, splat);
      if (row && spyre::rowBroadcastOf(tile))
        return spyre::readHeldVector(at, l, tile, row, Value(), type);
      return Value();
    };
    auto columnLoop = scf::ForOp::create(b, loc, index(b, 0), index(b, sticksPerRow),
                                         index(b, 1));
    columnLoop->setAttr("sched.vector_loop", b.getUnitAttr());
    OpBuilder in = OpBuilder::atBlockBegin(columnLoop.getBody());
    // Pass k over the column-stick's rows folds the reductions of phase k
    // (those reading a broadcast of a result of pass k - 1: a variance's
    // squared distances to the mean), then computes what it lets.
    for (int64_t k = 0; k < passes; ++k) {
      SmallVector<linalg::ReduceOp> now;
      SmallVector<Value> starts;
      for (linalg::ReduceOp reduce : reductions) {
        if (phase.lookup(reduce->getResult(0)) != k)
          continue;
        now.push_back(reduce);
        Value init = reduce.getInits()[0];
        VectorType type =
            VectorType::get({lanes}, cast<ShapedType>(init.getType()).getElementType());
        if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
          starts.push_back(
              spyre::splatVector(in, reduce.getLoc(), fill.getDpsInputs()[0], type));
          continue;
        }
        Value fifo = init.getDefiningOp<sched::PopOp>().getFifo();
        starts.push_back(sched::PopOp::create(in, reduce.getLoc(), type, fifo,
                                              in.getI64IntegerAttr(ratios[fifo])));
      }
      auto rowLoop = scf::ForOp::create(in, loc, index(in, 0), index(in, tileShape[0]),
                                        index(in, 1), starts);
      rowLoop->setAttr("sched.vector_loop", in.getUnitAttr());
      OpBuilder r = OpBuilder::atBlockBegin(rowLoop.getBody());
      row = rowLoop.getInductionVar();
      Type element = cast<ShapedType>(pop.getType()).getElementType();
      vectors.map(pop.getResult(),
                  sched::PopOp::create(r, loc, VectorType::get({lanes}, element),
                                       pop.getFifo(), r.getI64IntegerAttr(1))
                      .getResult());
      for (Operation *op : neededBy(now))
        vectors.apply(r, op);
      SmallVector<Value> folded;
      for (auto [reduce, acc] : llvm::zip(now, rowLoop.getRegionIterArgs()))
        folded.push_back(spyre::applyCombiner(
            r, reduce.getLoc(), reduce.getCombiner().front(),
            vectors.vectorFor(r, reduce.getLoc(), reduce.getInputs()[0]), acc));
      scf::YieldOp::create(r, loc, folded);
      row = Value();
      for (auto [reduce, total] : llvm::zip(now, rowLoop.getResults()))
        vectors.map(reduce->getResult(0), total);
      if (k + 1 == passes)
        for (sched::PopOp column : columnPops) {
          Type type = cast<ShapedType>(column.getType()).getElementType();
          vectors.map(column.getResult(),
                      sched::PopOp::create(in, column.getLoc(),
                                           VectorType::get({lanes}, type), column.getFifo(),
                                           in.getI64IntegerAttr(ratios[column.getFifo()]))
                          .getResult());
        }
      for (Operation *op : columnOps)
        if (phase.lookup(op->getResult(0)) == k)
          vectors.apply(in, op);
      // A broadcast of a column value along the rows: the same vector in
      // every row of the next pass.
      for (linalg::BroadcastOp broadcast : columnBroadcasts)
        if (phase.lookup(broadcast.getInput()) == k)
          vectors.map(broadcast->getResult(0),
                      vectors.vectorFor(in, loc, broadcast.getInput()));
    }
    for (sched::PushOp push : pushes)
      sched::PushOp::create(in, push.getLoc(),
                            vectors.vectorFor(in, loc, push.getValue()), push.getFifo(),
                            in.getI64IntegerAttr(ratios[push.getFifo()]));
    // What the loop replaces: no use of it is left outside it. Each op
    // once: two reductions may start from one init (a fill, an accumulator
    // popped once), and an init may be one of the column pops; erasing an
    // op twice read freed memory (a crash in one compile of six).
    llvm::SetVector<Operation *> replaced;
    replaced.insert(pushes.begin(), pushes.end());
    replaced.insert(columnOps.begin(), columnOps.end());
    replaced.insert(streamedOps.begin(), streamedOps.end());
    for (linalg::BroadcastOp broadcast : columnBroadcasts)
      replaced.insert(broadcast);
    for (linalg::ReduceOp reduce : reductions) {
      replaced.insert(reduce);
      replaced.insert(reduce.getInits()[0].getDefiningOp());
    }
    replaced.insert(pop);
    for (sched::PopOp column : columnPops)
      replaced.insert(column);
    // Their FIFOs, read below and by rewriteFeed once the pops are gone.
    initFifos.clear();
    columnFifos.clear();
    for (sched::PopOp init : initPops)
      initFifos.push_back(init.getFifo());
    for (sched::PopOp column : columnPops)
      columnFifos.push_back(column.getFifo());
    for (Operation *op : replaced)
      op->dropAllReferences();
    fifoOrder.clear();
    for (Operation *op : replaced)
      op->erase();
    // Row broadcasts and splats only the streamed ops read.
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
      if ((isa<linalg::BroadcastOp, tensor::EmptyOp, tensor::SplatOp>(op) ||
           spyre::splatConstantOf(&op)) &&
          op.use_empty())
        op.erase();
    // The order the stage pops its FIFOs in, for the feeding stage.
    for (Operation &op : body.without_terminator()) {
      if (auto p = dyn_cast<sched::PopOp>(op))
        fifoOrder.push_back(p.getFifo());
      if (&op == columnLoop.getOperation()) {
        fifoOrder.append(initFifos.begin(), initFifos.end());
        fifoOrder.push_back(feed.getDest());
        fifoOrder.append(columnFifos.begin(), columnFifos.end());
      }
    }
    spyre::gatherConstants(stage, &body.front());
    spyre::tidyStage(stage);
  }

  /// `for %c = 0 to sticksPerRow`: a loop over the column-sticks, marked as
  /// a vector-level loop.
  scf::ForOp columnStickLoop(OpBuilder &b, Location loc) {
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto loop = scf::ForOp::create(b, loc, index(0), index(sticksPerRow), index(1));
    loop->setAttr("sched.vector_loop", b.getUnitAttr());
    return loop;
  }

  /// The feeding stage: the popped tile's sticks a column-stick at a time,
  /// its other transfers into this stage's FIFOs in the order it pops them.
  void rewriteFeed() {
    Location loc = feed.getLoc();
    OpBuilder b(feed);
    auto index = [&](OpBuilder &at, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(at, loc, v);
    };
    scf::ForOp columnLoop = columnStickLoop(b, loc);
    OpBuilder in = OpBuilder::atBlockBegin(columnLoop.getBody());
    // The column-stick's rows once per pass over them.
    Operation *rows = nullptr;
    OpBuilder inPass = in;
    if (passes > 1) {
      auto passLoop = scf::ForOp::create(in, loc, index(in, 0), index(in, passes),
                                         index(in, 1));
      inPass = OpBuilder::atBlockBegin(passLoop.getBody());
      rows = passLoop;
    }
    auto rowLoop = scf::ForOp::create(inPass, loc, index(inPass, 0),
                                      index(inPass, tileShape[0]), index(inPass, 1));
    rowLoop->setAttr("sched.vector_loop", in.getUnitAttr());
    rows = rows ? rows : rowLoop.getOperation();
    OpBuilder r = OpBuilder::atBlockBegin(rowLoop.getBody());
    Value first = arith::AddIOp::create(
        r, loc,
        arith::MulIOp::create(r, loc, rowLoop.getInductionVar(), index(r, sticksPerRow)),
        columnLoop.getInductionVar());
    auto one = cast<sched::TransferOp>(r.clone(*feed));
    one.getFirstMutable().assign(first);
    one.setSticks(1);
    feed->erase();
    // Per-column values this stage sends: the column-stick's starting
    // values before its rows, the others after.
    Block &stageBody = *columnLoop->getBlock();
    OpBuilder pre(rows);
    for (Value fifo : llvm::concat<Value>(initFifos, columnFifos))
      for (auto t : llvm::to_vector(stageBody.getOps<sched::TransferOp>()))
        if (t.getDest() == fifo) {
          OpBuilder &where = llvm::is_contained(initFifos, fifo) ? pre : in;
          int64_t r = ratios[fifo];
          Value at = arith::MulIOp::create(where, loc, columnLoop.getInductionVar(),
                                           index(where, r));
          auto part = cast<sched::TransferOp>(where.clone(*t));
          part.getFirstMutable().assign(at);
          part.setSticks(r);
          if (Operation *before = t->getPrevNode(); before && isa<sched::WaitOp>(before))
            before->moveBefore(columnLoop);
          t->erase();
        }
    // Transfers into the compute stage's FIFOs, in the order it pops them
    // (each with the wait just before it); signals last.
    Block &body = *columnLoop->getBlock();
    Operation *end = body.getTerminator();
    SmallVector<Operation *> signals;
    for (Operation &op : body.without_terminator())
      if (isa<sched::SignalOp>(op))
        signals.push_back(&op);
    for (Value fifo : fifoOrder) {
      if (fifo == one.getDest()) {
        columnLoop->moveBefore(end);
        continue;
      }
      for (auto t : llvm::to_vector(body.getOps<sched::TransferOp>()))
        if (t.getDest() == fifo) {
          Operation *before = t->getPrevNode();
          if (before && isa<sched::WaitOp>(before))
            before->moveBefore(end);
          t->moveBefore(end);
        }
    }
    for (Operation *signal : signals)
      signal->moveBefore(end);
    interleaveDrains();
  }

  /// Several pushes drained by one stage: a column-stick of each in turn.
  void interleaveDrains() {
    if (drains.empty())
      return;
    Location loc = drains.front().getLoc();
    OpBuilder b(drains.front());
    scf::ForOp loop = columnStickLoop(b, loc);
    OpBuilder in = OpBuilder::atBlockBegin(loop.getBody());
    for (sched::TransferOp t : drains) {
      // Waits between the drains (for a buffer) go before the loop.
      if (Operation *before = t->getPrevNode(); before && isa<sched::WaitOp>(before) &&
                                                t != drains.front())
        before->moveBefore(loop);
      int64_t r = ratios[t.getSource()];
      Value at = arith::MulIOp::create(in, loc, loop.getInductionVar(), arith::ConstantIndexOp::create(in, loc, r).getResult());
      auto part = cast<sched::TransferOp>(in.clone(*t));
      part.getFirstMutable().assign(at);
      part.setSticks(r);
      t->erase();
    }
  }

  sched::StageOp stage;
  int stickBytes;
  sched::PopOp pop;
  SmallVector<sched::PushOp> pushes;
  SmallVector<sched::PopOp> columnPops, initPops;
  /// Their FIFOs, kept when rewriteCompute erases the pops.
  SmallVector<Value> columnFifos, initFifos;
  SmallVector<linalg::BroadcastOp> columnBroadcasts;
  llvm::DenseMap<Value, int64_t> phase; ///< the pass over the rows that computes it
  int64_t passes = 1;
  SmallVector<sched::TransferOp> drains;
  llvm::DenseMap<Value, int64_t> ratios; ///< a FIFO's sticks per column-stick
  sched::TransferOp feed;
  SmallVector<int64_t> tileShape;
  int64_t width = 0, lanes = 0, sticksPerRow = 0;
  llvm::DenseSet<Value> streamed, columns;
  SmallVector<Operation *> streamedOps, columnOps;
  SmallVector<linalg::ReduceOp> reductions;
  SmallVector<Value> fifoOrder;
};

} // namespace

bool spyre::streamColumnsBySticks(sched::PipelineOp pipeline, sched::StageOp stage,
                                  int stickBytes) {
  ColumnSticks columns(stage, stickBytes);
  if (!columns.match(pipeline))
    return false;
  columns.rewrite();
  return true;
}
