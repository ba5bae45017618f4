//===- ChunkReductions.cpp - row reductions with a vector accumulator -----===//

#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/utils/ColumnReductions.h"
#include "pipeline/utils/ColumnSticks.h"
#include "pipeline/utils/PartialSticks.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace spyre {
#define GEN_PASS_DEF_CHUNKREDUCTIONS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// A compute stage that pops one tile, applies elementwise ops to it and
/// reduces its rows (the innermost dimension) with one combining op; what
/// follows uses only the reduced rows.
struct RowReduction {
  sched::PopOp pop;
  SmallVector<Operation *> prefix; // elementwise, on the popped tile
  linalg::ReduceOp reduce;
  /// The rows' starting values, popped after the streamed tile (its
  /// producer sends them after it): combined into the rows' totals once
  /// every stick has streamed.
  sched::PopOp lateInit;
  /// Per-row values popped whole here and read by the prefix through row
  /// broadcasts (a logsumexp's row max); those popped after the streamed
  /// tile (`late`) are popped before it instead, their producer sending
  /// them first (inOrderOfUse).
  SmallVector<sched::PopOp> rowValues, late;
  Operation *combiner = nullptr;
  vector::CombiningKind kind;
  int64_t rows = 0, sticksPerRow = 0, lanes = 0;
  int64_t lastLanes = 0; ///< lanes of a row's last stick when partial, else 0
};

/// `v` is used only through row broadcasts (one value per row).
bool rowBroadcastOnly(Value v) {
  return !v.use_empty() && llvm::all_of(v.getUsers(), [](Operation *user) {
    return user->getNumResults() == 1 && spyre::rowBroadcastOf(user->getResult(0));
  });
}

/// The transfer in another stage that fills `fifo`, or null.
sched::TransferOp producerOf(Value fifo) {
  for (Operation *user : fifo.getUsers())
    if (auto transfer = dyn_cast<sched::TransferOp>(user);
        transfer && transfer.getDest() == fifo)
      return transfer;
  return {};
}

/// A transfer and the wait just before it (for its LX buffer), if any.
Operation *withItsWait(sched::TransferOp transfer) {
  Operation *before = transfer->getPrevNode();
  return before && isa<sched::WaitOp>(before) ? before : transfer.getOperation();
}

/// Makes the producers of `late` (each popped after `first`) send before
/// the producer of `first`, in the same stage; false (nothing moved) when
/// they are not transfers of one block whose operands exist there.
bool inOrderOfUse(sched::PopOp first, ArrayRef<sched::PopOp> late) {
  sched::TransferOp head = producerOf(first.getFifo());
  if (!head)
    return late.empty();
  Operation *at = withItsWait(head);
  SmallVector<std::pair<Operation *, sched::TransferOp>> moves;
  for (sched::PopOp pop : late) {
    sched::TransferOp t = producerOf(pop.getFifo());
    if (!t || t->getBlock() != head->getBlock() || !head->isBeforeInBlock(t))
      return false;
    Operation *from = withItsWait(t);
    for (Operation *op = from;; op = op->getNextNode()) {
      for (Value v : op->getOperands())
        if (Operation *def = v.getDefiningOp();
            def && def->getBlock() == at->getBlock() && !def->isBeforeInBlock(at))
          return false;
      if (op == t.getOperation())
        break;
    }
    moves.push_back({from, t});
  }
  for (auto [from, t] : moves) {
    if (from != t.getOperation())
      from->moveBefore(at);
    t->moveBefore(at);
  }
  return true;
}

/// `v` is used only as the init of row reductions (their starting values).
bool initOnly(Value v) {
  return !v.use_empty() && llvm::all_of(v.getUses(), [](OpOperand &use) {
    auto reduce = dyn_cast<linalg::ReduceOp>(use.getOwner());
    return reduce && reduce.isDpsInit(&use);
  });
}

/// `v` is a row broadcast, to the streamed tile's shape, of a value
/// popped whole here.
bool isRowValue(RowReduction &r, Value v) {
  linalg::BroadcastOp b = spyre::rowBroadcastOf(v);
  auto pop = b ? b.getInput().getDefiningOp<sched::PopOp>() : sched::PopOp();
  return pop && llvm::is_contained(r.rowValues, pop) &&
         cast<ShapedType>(v.getType()).getShape() ==
             cast<ShapedType>(r.pop.getType()).getShape();
}

std::optional<RowReduction> match(sched::StageOp stage, int stickBytes) {
  // The stage may yield what it computes from the reduced rows (a loop's
  // running sum of them): never the streamed tile (checked below).
  RowReduction r;
  llvm::DenseSet<Value> streamed; // values that exist one stick at a time
  for (Operation &op : stage.getBody().front().without_terminator()) {
    bool usesStreamed = llvm::any_of(op.getOperands(), [&](Value v) {
      return streamed.contains(v);
    });
    if (auto pop = dyn_cast<sched::PopOp>(op)) {
      if (initOnly(pop.getResult())) { // the rows' starting values: held
        if (r.pop)
          r.lateInit = pop;
        continue;
      }
      if (rowBroadcastOnly(pop.getResult())) { // one value per row: held
        r.rowValues.push_back(pop);
        if (r.pop)
          r.late.push_back(pop);
        continue;
      }
      if (r.pop || r.reduce)
        return std::nullopt; // one streamed input, popped before the reduce
      r.pop = pop;
      streamed.insert(pop.getResult());
    } else if (auto reduce = dyn_cast<linalg::ReduceOp>(op)) {
      if (r.reduce || !usesStreamed || reduce.getInputs().size() != 1 ||
          !streamed.contains(reduce.getInputs()[0]))
        return std::nullopt;
      r.reduce = reduce;
    } else if (usesStreamed) {
      if (r.reduce || !spyre::isElementwiseOp(&op))
        return std::nullopt; // only elementwise ops before the reduction
      r.prefix.push_back(&op);
      for (Value result : op.getResults())
        streamed.insert(result);
    }
  }
  if (!r.pop || !r.reduce)
    return std::nullopt;
  // Streamed values are used only by the prefix and the reduction.
  for (Value v : streamed)
    for (Operation *user : v.getUsers())
      if (user != r.reduce && !llvm::is_contained(r.prefix, user) &&
          !r.reduce->isProperAncestor(user))
        return std::nullopt;
  auto tile = dyn_cast<RankedTensorType>(r.pop.getType());
  if (!tile || !tile.hasStaticShape() || tile.getRank() != 2 ||
      r.reduce.getDimensions() != ArrayRef<int64_t>{1})
    return std::nullopt;
  // The prefix's other tile operands are held from before the stage (a
  // statistic of an earlier loop) and read a stick at a time; an empty
  // tile is only the shape of an elementwise generic's result.
  for (Operation *op : r.prefix)
    for (Value v : op->getOperands())
      if (isa<RankedTensorType>(v.getType()) && !streamed.contains(v) &&
          !v.getDefiningOp<tensor::EmptyOp>() && // a linalg op's init
          !isRowValue(r, v) && !spyre::isHeldOperand(v, stage, tile.getShape()) &&
          !(spyre::rampDimOf(v) &&
            cast<RankedTensorType>(v.getType()).getShape() == tile.getShape()))
        return std::nullopt;
  Block &body = r.reduce.getCombiner().front();
  if (body.getOperations().size() != 2)
    return std::nullopt; // one combining op and the yield
  r.combiner = &body.front();
  std::optional<vector::CombiningKind> kind = spyre::combiningKindOf(r.combiner);
  if (!kind)
    return std::nullopt;
  r.kind = *kind;
  int64_t width = spyre::elementBytes(tile.getElementType());
  if (width <= 0 || stickBytes % width != 0)
    return std::nullopt;
  r.rows = tile.getShape()[0];
  r.lanes = stickBytes / width;
  r.sticksPerRow = (tile.getShape()[1] + r.lanes - 1) / r.lanes;
  // A row ending mid-stick: its last stick's lanes past the row's end
  // take the combiner's identity before they are folded in.
  r.lastLanes = tile.getShape()[1] % r.lanes;
  Type reduced = cast<ShapedType>(r.reduce.getInputs()[0].getType()).getElementType();
  if (r.lastLanes != 0 && !spyre::hasPaddingIdentity(r.kind, reduced))
    return std::nullopt;
  return r;
}

/// for row: acc = first stick; for the other sticks: acc = the combiner
/// applied to (stick, acc); out[row] = reduce lanes of acc, with the init.
void accumulateBySticks(RowReduction &r) {
  Location loc = r.reduce.getLoc();
  OpBuilder b(r.reduce);
  Type element = cast<ShapedType>(r.pop.getType()).getElementType();
  spyre::VectorBuilder vectors([&](Type t) {
    return VectorType::get({r.lanes}, t);
  });
  // Held tiles: the vector at the current row and stick.
  Value row, stickIndex;
  vectors.outside = [&](OpBuilder &at, Location l, Value held) -> Value {
    VectorType type = VectorType::get(
        {r.lanes}, cast<ShapedType>(held.getType()).getElementType());
    // An index ramp (a linalg.index): the row, or the stick's columns.
    if (std::optional<int64_t> dim = spyre::rampDimOf(held))
      return spyre::rampLanes(at, l, *dim, row, stickIndex, r.lanes);
    Value column; // a row broadcast needs only the row
    if (!spyre::rowBroadcastOf(held)) {
      Value lanes = arith::ConstantIndexOp::create(at, l, r.lanes);
      column = arith::MulIOp::create(at, l, stickIndex, lanes);
    }
    return spyre::readHeldVector(at, l, held, row, column, type);
  };
  // One stick through the prefix, to the vector the reduction consumes
  // (a row's partial last stick padded with the combiner's identity).
  auto stickIn = [&](OpBuilder &at, bool last = false) {
    Value stick = sched::PopOp::create(at, loc, VectorType::get({r.lanes}, element),
                                       r.pop.getFifo(), at.getI64IntegerAttr(1));
    vectors.map(r.pop.getResult(), stick);
    for (Operation *op : r.prefix)
      vectors.apply(at, op);
    Value in = vectors.vectorFor(at, loc, r.reduce.getInputs()[0]);
    return last && r.lastLanes ? spyre::padPastLanes(at, loc, in, r.lastLanes, r.kind)
                               : in;
  };

  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value rows = arith::ConstantIndexOp::create(b, loc, r.rows);
  Value sticks = arith::ConstantIndexOp::create(b, loc, r.sticksPerRow);
  Value init = r.reduce.getInits()[0];
  const bool late = r.lateInit && init == r.lateInit.getResult();
  auto initType = cast<RankedTensorType>(init.getType());
  Value start = late ? tensor::EmptyOp::create(b, loc, initType.getShape(),
                                               initType.getElementType())
                     : init;
  auto rowLoop = scf::ForOp::create(b, loc, zero, rows, one, ValueRange{start});
  rowLoop->setAttr("sched.vector_loop", b.getUnitAttr());
  {
    OpBuilder in = OpBuilder::atBlockBegin(rowLoop.getBody());
    row = rowLoop.getInductionVar();
    stickIndex = zero;
    Value first = stickIn(in, r.sticksPerRow == 1);
    // A partial last stick is folded in after the loop over the others.
    const bool peel = r.lastLanes && r.sticksPerRow > 1;
    Value whole = peel ? arith::ConstantIndexOp::create(in, loc, r.sticksPerRow - 1)
                       : sticks;
    auto stickLoop =
        scf::ForOp::create(in, loc, one, whole, one, ValueRange{first});
    stickLoop->setAttr("sched.vector_loop", in.getUnitAttr());
    {
      OpBuilder body = OpBuilder::atBlockBegin(stickLoop.getBody());
      stickIndex = stickLoop.getInductionVar();
      Value next = stickIn(body);
      Value acc = spyre::applyCombiner(body, loc, r.reduce.getCombiner().front(),
                                       next, stickLoop.getRegionIterArg(0));
      scf::YieldOp::create(body, loc, acc);
    }
    Value lanes = stickLoop.getResult(0);
    if (peel) {
      stickIndex = whole;
      lanes = spyre::applyCombiner(in, loc, r.reduce.getCombiner().front(),
                                   stickIn(in, true), lanes);
    }
    Value out = rowLoop.getRegionIterArg(0);
    Value total =
        late ? vector::ReductionOp::create(in, loc, r.kind, lanes)
             : vector::ReductionOp::create(
                   in, loc, r.kind, lanes,
                   tensor::ExtractOp::create(in, loc, out, ValueRange{row}));
    Value updated = tensor::InsertOp::create(in, loc, total, out, ValueRange{row});
    scf::YieldOp::create(in, loc, updated);
  }
  Value result = rowLoop.getResult(0);
  if (late) {
    // Popped where its producer sends it, after the streamed tile; each
    // row's total combined with its starting value as the reduction's body
    // does (element, accumulator).
    r.lateInit->moveAfter(rowLoop);
    b.setInsertionPointAfter(r.lateInit);
    auto combine = scf::ForOp::create(b, loc, zero, rows, one, ValueRange{result});
    OpBuilder in = OpBuilder::atBlockBegin(combine.getBody());
    Value i = combine.getInductionVar();
    Value totals = combine.getRegionIterArg(0);
    Value total = tensor::ExtractOp::create(in, loc, totals, ValueRange{i});
    Value first = tensor::ExtractOp::create(in, loc, init, ValueRange{i});
    Value combined =
        spyre::applyCombiner(in, loc, r.reduce.getCombiner().front(), total, first);
    scf::YieldOp::create(
        in, loc, tensor::InsertOp::create(in, loc, combined, totals, ValueRange{i}).getResult());
    result = combine.getResult(0);
  }
  r.reduce->getResult(0).replaceAllUsesWith(result);
  r.reduce->erase();
  for (Operation *op : llvm::reverse(r.prefix))
    op->erase();
  r.pop->erase();
  // Row broadcasts the prefix read a value per row of (and their inits),
  // index ramps it made its lanes of.
  Block &body = *rowLoop->getBlock();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if ((isa<linalg::BroadcastOp, tensor::EmptyOp>(op) ||
         spyre::indexRampConstant(op.getNumResults() == 1 ? op.getResult(0)
                                                          : Value())) &&
        op.use_empty())
      op.erase();
}

struct ChunkReductions : spyre::impl::ChunkReductionsBase<ChunkReductions> {
  using ChunkReductionsBase::ChunkReductionsBase;
  void runOnOperation() override {
    auto run = [](func::FuncOp function, const spyre::arch::Arch &target) {
      spyre::forEachComputeStage(
          function, target,
          [&](sched::PipelineOp pipeline, sched::StageOp stage) {
            std::optional<RowReduction> r = match(stage, target.stickBytes);
            if (r && inOrderOfUse(r->pop, r->late)) {
              for (sched::PopOp pop : r->late)
                pop->moveBefore(r->pop);
              accumulateBySticks(*r);
            }
            // Along other dimensions: row by row with the accumulator row
            // held (pipeline/utils/ColumnReductions.h), or a column of
            // sticks at a time (pipeline/utils/ColumnSticks.h).
            else if (!spyre::streamColumnReductions(pipeline, stage, target.stickBytes))
              spyre::streamColumnsBySticks(pipeline, stage, target.stickBytes);
          });
      return success();
    };
    if (failed(spyre::forEachKernel(getOperation(), arch, run)))
      signalPassFailure();
  }
};

} // namespace
