//===- NestVectorPipelines.cpp - elementwise compute, one stick at a time -===//

#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"
#include "pipeline/utils/TransposedRows.h"
#include "pipeline/utils/UniformPushes.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallSet.h"

namespace spyre {
#define GEN_PASS_DEF_NESTVECTORPIPELINES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// Rebuilds the compute stage of one pipeline as a loop over sticks, or
/// leaves it alone (returning false) when some op is not elementwise or
/// the tiles do not all split into the same sticks (of the narrowest
/// element type: a wider tile moves several of its sticks per vector).
class StickLoop {
public:
  StickLoop(int stickBytes)
      : stickBytes(stickBytes),
        vectors([this](Type element) { return vectorOf(element); }) {}

  bool run(sched::PipelineOp pipeline, sched::StageOp stage) {
    if (stage.getNumResults() != 0 || !collect(stage))
      return false;
    // The stages feeding and draining the compute unit must move the same
    // sticks in the same order, or the unit would wait for a stick stuck
    // behind a full FIFO.
    SmallVector<sched::StageOp> partners;
    if (!partnerStages(pipeline, stage, partners))
      return false;
    for (sched::StageOp partner : partners)
      interleave(partner);
    OpBuilder b(&stage.getBody().front(), stage.getBody().front().begin());
    scf::ForOp loop = stickLoop(b, stage.getLoc());
    for (auto [value, popped] : heldPops)
      value.getDefiningOp()->moveBefore(loop.getLowerBound().getDefiningOp());
    b.setInsertionPoint(loop.getBody()->getTerminator());
    // A tile held from before the stage (a table loaded before the loop, a
    // statistic of an earlier loop): stick s of it, read where it is used.
    Value stick = loop.getInductionVar();
    stickIv = stick;
    int64_t sticksPerRow = std::max<int64_t>(1, sticks / rowsOf(*shape));
    vectors.outside = [&, stick, sticksPerRow](OpBuilder &at, Location loc,
                                               Value tile) -> Value {
      linalg::BroadcastOp rowValues = spyre::rowBroadcastOf(tile);
      if (!spyre::isHeldOperand(tile, stage, *shape) &&
          !(rowValues && heldPops.count(rowValues.getInput())))
        return {};
      VectorType type =
          vectorOf(cast<ShapedType>(tile.getType()).getElementType());
      Value perRow = arith::ConstantIndexOp::create(at, loc, sticksPerRow);
      Value row = arith::DivUIOp::create(at, loc, stick, perRow);
      Value col; // a row broadcast needs only the row
      if (!spyre::rowBroadcastOf(tile)) {
        Value lanes =
            arith::ConstantIndexOp::create(at, loc, type.getShape()[0]);
        col = arith::MulIOp::create(
            at, loc, arith::RemUIOp::create(at, loc, stick, perRow), lanes);
      }
      return spyre::readHeldVector(at, loc, tile, row, col, type);
    };
    for (Operation *op : ops)
      if (!rebuild(b, op))
        return false; // unreachable: collect() checked every op
    for (Operation *op : llvm::reverse(ops))
      op->erase();
    return true;
  }

private:
  /// `for %stick = 0 to sticks`, marked as a vector-level loop.
  scf::ForOp stickLoop(OpBuilder &b, Location loc) {
    Value lb = arith::ConstantIndexOp::create(b, loc, 0);
    Value ub = arith::ConstantIndexOp::create(b, loc, sticks);
    Value step = arith::ConstantIndexOp::create(b, loc, 1);
    auto loop = scf::ForOp::create(b, loc, lb, ub, step);
    loop->setAttr("sched.vector_loop", b.getUnitAttr());
    return loop;
  }

  /// The stages that fill the compute stage's input FIFOs or empty its
  /// output FIFOs; false unless each only waits, transfers N sticks between
  /// LX and those FIFOs, and signals.
  bool partnerStages(sched::PipelineOp pipeline, sched::StageOp compute,
                     SmallVectorImpl<sched::StageOp> &partners) {
    llvm::DenseSet<Value> fifos;
    for (auto [value, popped] : heldPops) {
      Value fifo = value.getDefiningOp<sched::PopOp>().getFifo();
      fifos.insert(fifo);
      heldFifo[fifo] = popped;
    }
    for (Operation *op : ops) {
      if (auto pop = dyn_cast<sched::PopOp>(op))
        fifos.insert(pop.getFifo());
      if (auto push = dyn_cast<sched::PushOp>(op))
        fifos.insert(push.getFifo());
    }
    for (auto stage : pipeline.getBody().getOps<sched::StageOp>()) {
      if (stage == compute)
        continue;
      bool touches = false, simple = true;
      for (Operation &op : stage.getBody().front().without_terminator()) {
        auto t = dyn_cast<sched::TransferOp>(op);
        if (t && (fifos.contains(t.getSource()) || fifos.contains(t.getDest()))) {
          touches = true;
          Value fifo = fifos.contains(t.getSource()) ? t.getSource() : t.getDest();
          int64_t expected = periodicFifo.count(fifo) ? periodicFifo.lookup(fifo)
                             : heldFifo.count(fifo)   ? heldFifo.lookup(fifo)
                                                      : sticks * ratioOf(fifo);
          simple &= t.getSticks() == expected && !t.getFirst();
        } else {
          simple &= isa<sched::WaitOp, sched::SignalOp>(op);
        }
      }
      if (!touches)
        continue;
      if (!simple)
        return false;
      partners.push_back(stage);
    }
    return true;
  }

  /// waits; for each stick: one stick of every transfer; signals.
  void interleave(sched::StageOp stage) {
    Block &body = stage.getBody().front();
    auto [waits, transfers, signals] = spyre::partsOf(stage);
    OpBuilder b(body.getTerminator());
    scf::ForOp loop = stickLoop(b, stage.getLoc());
    Operation *loopStart = loop.getLowerBound().getDefiningOp();
    Operation *firstHeld = nullptr;
    b.setInsertionPoint(loop.getBody()->getTerminator());
    for (Operation *op : transfers) {
      auto t = cast<sched::TransferOp>(op);
      if (heldFifo.count(t.getDest())) {
        op->moveBefore(loopStart); // whole, before the sticks (waits first)
        firstHeld = firstHeld ? firstHeld : op;
        continue;
      }
      // Iteration i moves the FIFO's sticks i * r .. i * r + r - 1 (r = 1
      // but for a tile wider than the narrowest: ratioOf).
      int64_t r = ratioOf(isa<sched::FifoType>(t.getSource().getType())
                              ? t.getSource()
                              : t.getDest());
      Value first = loop.getInductionVar();
      if (int64_t period = periodicFifo.lookup(t.getDest())) {
        Value m = arith::ConstantIndexOp::create(b, stage.getLoc(), period / r);
        first = arith::RemUIOp::create(b, stage.getLoc(), first, m);
      }
      if (r > 1)
        first = arith::MulIOp::create(
            b, stage.getLoc(), first,
            arith::ConstantIndexOp::create(b, stage.getLoc(), r));
      auto one = cast<sched::TransferOp>(b.clone(*op));
      one.getFirstMutable().assign(first);
      one.setSticks(r);
      t.erase();
    }
    for (Operation *signal : signals)
      signal->moveBefore(body.getTerminator());
    // Waits first, then the loop, then the signals.
    for (Operation *wait : waits)
      wait->moveBefore(firstHeld ? firstHeld : loopStart);
  }

  /// Rows of a tile of `shape`: the product of all but the innermost extent.
  static int64_t rowsOf(ArrayRef<int64_t> shape) {
    int64_t rows = 1;
    for (int64_t d : shape.drop_back())
      rows *= d;
    return std::max<int64_t>(rows, 1);
  }

  /// A vector of `element`s with as many lanes as a stick of the stage's
  /// tiles holds: an index or a mask the body computes beside the tiles'
  /// elements has the same lanes as they do.
  VectorType vectorOf(Type element) {
    int64_t bytes = width ? *width : spyre::elementBytes(element);
    return VectorType::get({stickBytes / bytes}, element);
  }

  /// Index ramps of the stage's tiles (normalize-tensor-ops makes them of
  /// a linalg.index): a constant ramp broadcast along every dimension but
  /// one, the dimension each element's value is the index of.
  void findRamps(Block &body) {
    for (Operation &op : body.without_terminator()) {
      if (arith::ConstantOp line = spyre::indexRampConstant(
              op.getNumResults() == 1 ? op.getResult(0) : Value())) {
        if (llvm::all_of(line->getUsers(), [](Operation *user) {
              return isa<linalg::BroadcastOp>(user);
            }))
          rampParts.insert(line);
        continue;
      }
      auto broadcast = dyn_cast<linalg::BroadcastOp>(op);
      std::optional<int64_t> dim =
          broadcast ? spyre::rampDimOf(broadcast->getResult(0)) : std::nullopt;
      if (!dim)
        continue;
      ramps[broadcast->getResult(0)] = *dim;
      if (Operation *init = broadcast.getInit().getDefiningOp<tensor::EmptyOp>())
        if (init->hasOneUse())
          rampParts.insert(init);
    }
    // A constant is left out only if every broadcast of it is a ramp.
    for (Operation *part : llvm::make_early_inc_range(rampParts))
      if (isa<arith::ConstantOp>(part) &&
          !llvm::all_of(part->getUsers(), [&](Operation *user) {
            return ramps.count(user->getResult(0));
          }))
        rampParts.erase(part);
  }

  /// The lanes of the current stick of a ramp along `dim`: its elements'
  /// index in that dimension.
  Value rampLanes(OpBuilder &b, Location loc, int64_t dim) {
    ArrayRef<int64_t> extents = *shape;
    int64_t rank = int64_t(extents.size());
    VectorType type = vectorOf(b.getIndexType());
    int64_t perRow = std::max<int64_t>(1, sticks / rowsOf(extents));
    Value sticksPerRow = arith::ConstantIndexOp::create(b, loc, perRow);
    if (dim == rank - 1) {
      // The stick's first column, plus the lane.
      int64_t lanes = type.getShape()[0];
      Value first = arith::MulIOp::create(
          b, loc, arith::RemUIOp::create(b, loc, stickIv, sticksPerRow),
          arith::ConstantIndexOp::create(b, loc, lanes));
      SmallVector<Attribute> steps;
      for (int64_t l = 0; l < lanes; ++l)
        steps.push_back(b.getIndexAttr(l));
      Value step = arith::ConstantOp::create(
          b, loc, type, DenseElementsAttr::get(type, steps));
      return arith::AddIOp::create(b, loc, vectors.broadcast(b, loc, first),
                                   step);
    }
    // The row's index in `dim`: the row number, in the extents of the
    // dimensions between `dim` and the columns.
    Value index = arith::DivUIOp::create(b, loc, stickIv, sticksPerRow);
    int64_t inner = 1;
    for (int64_t d = dim + 1; d < rank - 1; ++d)
      inner *= extents[d];
    if (inner > 1)
      index = arith::DivUIOp::create(
          b, loc, index, arith::ConstantIndexOp::create(b, loc, inner));
    if (dim > 0)
      index = arith::RemUIOp::create(
          b, loc, index, arith::ConstantIndexOp::create(b, loc, extents[dim]));
    return vectors.broadcast(b, loc, index);
  }

  /// A broadcast of a popped tile along leading dimensions (dimensions of
  /// extent 1 before them aside: RoPE's cos row of a 1x64 tile broadcast
  /// over the heads of a 1x32x64 one): output stick s is stick s mod m of
  /// the popped tile (m = its sticks, rows padded alike).
  void findPeriodic(Block &body) {
    for (auto broadcast : body.getOps<linalg::BroadcastOp>()) {
      auto pop = broadcast.getInput().getDefiningOp<sched::PopOp>();
      auto in = dyn_cast<RankedTensorType>(broadcast.getInput().getType());
      auto out = dyn_cast<RankedTensorType>(broadcast.getInit().getType());
      if (!pop || !in || !out || !in.hasStaticShape() || !out.hasStaticShape() ||
          !pop.getResult().hasOneUse() || in.getRank() == 0)
        continue;
      ArrayRef<int64_t> dims = broadcast.getDimensions();
      // Every broadcast dimension before every kept one that is not 1.
      bool leading = !dims.empty();
      for (int64_t d = 0; d < out.getRank(); ++d)
        if (!llvm::is_contained(dims, d) && out.getDimSize(d) != 1)
          leading &= llvm::all_of(dims, [&](int64_t b) { return b < d; });
      if (!leading || in.getShape().back() != out.getShape().back())
        continue;
      periodic[pop.getResult()] = spyre::tileSticks(in, stickBytes);
      periodicFifo[pop.getFifo()] = periodic[pop.getResult()];
    }
  }

  /// Per-row values popped whole in the stage (a scale per row, one stick
  /// or a few) and used only through broadcasts along the rows, or read
  /// element by element (a sampling threshold loaded as a 1x1 tile, then
  /// splatted): they stay whole, popped before the loop (the feeding unit
  /// sends them before the sticks), and each stick reads its row's value
  /// or the element.
  void findHeldPops(Block &body) {
    for (auto pop : body.getOps<sched::PopOp>()) {
      auto type = dyn_cast<RankedTensorType>(pop.getType());
      bool rowsOnly = type && type.hasStaticShape() && !pop->use_empty() &&
                      llvm::all_of(pop->getUsers(), [](Operation *user) {
                        return isa<tensor::ExtractOp>(user) ||
                               (user->getNumResults() == 1 &&
                                spyre::rowBroadcastOf(user->getResult(0)));
                      });
      int pops = 0;
      for (Operation *user : pop.getFifo().getUsers())
        pops += isa<sched::PopOp>(user);
      if (rowsOnly && pops == 1 && pop.getSticks())
        heldPops[pop.getResult()] = *pop.getSticks();
    }
  }

  bool collect(sched::StageOp stage) {
    findPeriodic(stage.getBody().front());
    findHeldPops(stage.getBody().front());
    findRamps(stage.getBody().front());
    for (Operation &op : stage.getBody().front().without_terminator()) {
      if (auto pop = dyn_cast<sched::PopOp>(op);
          pop && heldPops.count(pop.getResult()))
        continue; // popped whole before the loop (findHeldPops)
      if (auto extract = dyn_cast<tensor::ExtractOp>(op);
          extract && heldPops.count(extract.getTensor())) {
        // An element of it at constant indices, read once before the loop.
        if (!llvm::all_of(extract.getIndices(), [](Value index) {
              return matchPattern(index, m_Constant());
            }))
          return false;
        ops.push_back(&op);
        continue;
      }
      // An index ramp and its broadcast: each stick makes its lanes'
      // indices (the shape is checked once the stage's is known).
      if (rampParts.contains(&op) ||
          (op.getNumResults() == 1 && ramps.count(op.getResult(0)))) {
        ops.push_back(&op);
        continue;
      }
      // Per-row values held from before the stage, broadcast along the
      // rows: read one value per row where they are used.
      if (linalg::BroadcastOp row = spyre::rowBroadcastOf(
              op.getNumResults() == 1 ? op.getResult(0) : Value())) {
        Region *region = row.getInput().getParentRegion();
        if (region && stage->isAncestor(region->getParentOp()) &&
            !heldPops.count(row.getInput()))
          return false;
        ops.push_back(&op);
        continue;
      }
      SmallVector<Value> values(op.getOperands());
      values.append(op.getResults().begin(), op.getResults().end());
      for (Value v : values) {
        auto tile = dyn_cast<RankedTensorType>(v.getType());
        if (!tile || ramps.count(v))
          continue;
        if (periodic.count(v)) {
          if (!tile.hasStaticShape())
            return false;
          widths.insert(spyre::elementBytes(tile.getElementType()));
          continue;
        }
        if (!tile.hasStaticShape() || (shape && tile.getShape() != *shape))
          return false;
        shape = tile.getShape();
        // The narrowest element width of the tiles that move (popped,
        // pushed, held from before the stage) sets the sticks and the
        // lanes (mixedWidths: a wider tile's vector is several of its
        // sticks); a mask or an index the stage computes on the way has
        // those lanes.
        Region *home = v.getParentRegion();
        bool moves = isa<sched::PopOp, sched::PushOp>(op) ||
                     (home && !stage->isAncestor(home->getParentOp()));
        if (!moves)
          continue;
        heldOutside |= !isa<sched::PopOp, sched::PushOp>(op);
        int64_t w = spyre::elementBytes(tile.getElementType());
        widths.insert(w);
        if (!width || w < *width) {
          width = w;
          sticks = spyre::tileSticks(tile, stickBytes);
        }
      }
      // Tiles from outside the stage are read a stick at a time from where
      // they are held; they need the stage's shape.
      for (Value v : op.getOperands())
        if (isa<RankedTensorType>(v.getType()) && !periodic.count(v) &&
            v.getParentRegion() &&
            !stage->isAncestor(v.getParentRegion()->getParentOp()) &&
            !spyre::isHeldOperand(v, stage, *shape))
          return false;
      auto broadcast = dyn_cast<linalg::BroadcastOp>(op);
      bool ok = isa<sched::PopOp, sched::PushOp, tensor::EmptyOp,
                    tensor::SplatOp>(op) ||
                spyre::splatConstantOf(&op) || spyre::isElementwiseOp(&op) ||
                (broadcast && periodic.count(broadcast.getInput()));
      if (!ok)
        return false;
      ops.push_back(&op);
    }
    // A broadcast of per-row values popped here has the stage's shape and
    // element width (its splat is one of the stage's vectors); among tiles
    // of several widths, any (every vector has the narrowest's lanes).
    for (Operation *op : ops)
      if (linalg::BroadcastOp row = spyre::rowBroadcastOf(
              op->getNumResults() == 1 ? op->getResult(0) : Value())) {
        auto type = cast<ShapedType>(row.getResult()[0].getType());
        if (heldPops.count(row.getInput()) &&
            (!shape || type.getShape() != *shape || !width ||
             (widths.size() < 2 &&
              spyre::elementBytes(type.getElementType()) != *width)))
          return false;
      }
    for (auto [ramp, dim] : ramps)
      if (!shape || cast<ShapedType>(ramp.getType()).getShape() != *shape)
        return false;
    if (widths.size() > 1 && !mixedWidths())
      return false;
    // A stage that pops nothing but pushes a tile it makes (a constant
    // tile an scf.if branch stores) streams it too: one splat a stick. (One
    // that pushes a tile held from before the stage keeps pushing it whole:
    // streaming would hold the same and loop more.)
    auto pops = [](Operation *op) { return isa<sched::PopOp>(op); };
    auto pushesItsOwn = [&](Operation *op) {
      auto push = dyn_cast<sched::PushOp>(op);
      Operation *made = push ? push.getValue().getDefiningOp() : nullptr;
      return made && stage->isProperAncestor(made);
    };
    bool ownPushesOnly =
        llvm::any_of(ops, pushesItsOwn) &&
        llvm::all_of(ops, [&](Operation *op) {
          return !isa<sched::PushOp>(op) || pushesItsOwn(op);
        });
    return shape.has_value() && sticks > 0 &&
           (llvm::any_of(ops, pops) || ownPushesOnly);
  }

  /// Tiles of several element widths move (an f32 bias with f16 rows, i8
  /// weights with f32 scales): the narrowest sets the lanes and the
  /// sticks, and a FIFO of a wider tile moves r sticks (its element width
  /// over the narrowest) into or out of one vector per iteration. Only
  /// when every row is a whole number of sticks of every width (a stick
  /// never straddles two rows of the wider tiles) and every FIFO's slot
  /// is a whole share of the vector. (Not yet with tiles held from before
  /// the stage: their sticks are read, not moved, and no kernel has them.)
  bool mixedWidths() {
    int64_t lanes = stickBytes / *width;
    if (!shape || shape->empty() || shape->back() % lanes != 0 || heldOutside)
      return false;
    for (Operation *op : ops) {
      Value fifo = isa<sched::PopOp>(op)    ? cast<sched::PopOp>(op).getFifo()
                   : isa<sched::PushOp>(op) ? cast<sched::PushOp>(op).getFifo()
                                            : Value();
      if (!fifo)
        continue;
      auto slot = dyn_cast<VectorType>(
          cast<sched::FifoType>(fifo.getType()).getElementType());
      if (!slot || slot.getRank() != 1 || lanes % slot.getNumElements() != 0)
        return false;
      int64_t r = lanes / slot.getNumElements();
      if (int64_t period = periodicFifo.lookup(fifo); period % r != 0)
        return false;
      fifoRatio[fifo] = r;
    }
    return true;
  }

  /// The sticks of `fifo` one iteration moves (mixedWidths; else 1).
  int64_t ratioOf(Value fifo) const {
    auto it = fifoRatio.find(fifo);
    return it == fifoRatio.end() ? 1 : it->second;
  }


  bool rebuild(OpBuilder &b, Operation *op) {
    Location loc = op->getLoc();
    if (rampParts.contains(op))
      return true; // each stick makes its ramps' lanes (below)
    if (op->getNumResults() == 1 && ramps.count(op->getResult(0))) {
      vectors.map(op->getResult(0),
                  rampLanes(b, loc, ramps.lookup(op->getResult(0))));
      return true;
    }
    if (auto pop = dyn_cast<sched::PopOp>(op)) {
      auto element = cast<ShapedType>(pop.getType()).getElementType();
      vectors.map(pop.getResult(),
                  sched::PopOp::create(b, loc, vectorOf(element), pop.getFifo(),
                                       b.getI64IntegerAttr(ratioOf(pop.getFifo())))
                      .getResult());
      return true;
    }
    if (auto push = dyn_cast<sched::PushOp>(op)) {
      Value v = vectors.vectorFor(b, loc, push.getValue());
      if (!v)
        return false;
      sched::PushOp::create(b, loc, v, push.getFifo(),
                            b.getI64IntegerAttr(ratioOf(push.getFifo())));
      return true;
    }
    if (isa<tensor::EmptyOp>(op))
      return true; // only ever an init that the body does not read
    if (auto extract = dyn_cast<tensor::ExtractOp>(op);
        extract && heldPops.count(extract.getTensor())) {
      // An element of a value popped whole before the loop: read there.
      OpBuilder before(extract.getTensor().getDefiningOp()->getBlock(),
                       std::next(Block::iterator(
                           extract.getTensor().getDefiningOp())));
      // Its indices there too: constants (anything else stays refused).
      IRMapping map;
      for (Value index : extract.getIndices())
        if (Operation *def = index.getDefiningOp();
            def && def->getBlock() == before.getBlock())
          map.map(index, before.clone(*def)->getResult(0));
      Operation *read = before.clone(*op, map);
      op->getResult(0).replaceAllUsesWith(read->getResult(0));
      return true;
    }
    if (auto splat = dyn_cast<tensor::SplatOp>(op)) {
      // A scalar in every element: in every lane of every stick.
      vectors.map(splat.getResult(), vectors.broadcast(b, loc, splat.getInput()));
      return true;
    }
    if (auto splat = spyre::splatConstantOf(op)) {
      // The same value in every element: the same splat in every stick.
      vectors.map(op->getResult(0), vectors.splat(b, loc, splat));
      return true;
    }
    if (op->getNumResults() == 1 && spyre::rowBroadcastOf(op->getResult(0)))
      return true; // read where it is used (vectors.outside)
    if (auto broadcast = dyn_cast<linalg::BroadcastOp>(op)) {
      // The feeding unit sends stick s mod m of the input: the broadcast
      // is already in the stream.
      Value v = vectors.vectorFor(b, loc, broadcast.getInput());
      if (!v)
        return false;
      vectors.map(broadcast.getResult()[0], v);
      return true;
    }
    return vectors.apply(b, op);
  }

  int stickBytes;
  std::optional<ArrayRef<int64_t>> shape;
  std::optional<int64_t> width; ///< bytes of an element of the stage's
                                ///< narrowest moving tiles
  llvm::SmallSet<int64_t, 2> widths; ///< of every moving tile
  bool heldOutside = false; ///< a tile that moves is held from before the stage
  llvm::DenseMap<Value, int64_t> fifoRatio; ///< sticks per vector, when > 1
  int64_t sticks = 0;
  Value stickIv; ///< the stick loop's induction variable, while rebuilding
  llvm::DenseMap<Value, int64_t> ramps; ///< index ramps, by their dimension
  /// The ramps' constants and the broadcasts' inits: nothing to build.
  llvm::SmallPtrSet<Operation *, 4> rampParts;
  SmallVector<Operation *> ops;
  spyre::VectorBuilder vectors;
  llvm::DenseMap<Value, int64_t> periodic, periodicFifo;
  // Per-row values popped whole, in the order the stage pops them; their
  // FIFOs, with the sticks popped.
  llvm::MapVector<Value, int64_t> heldPops;
  llvm::DenseMap<Value, int64_t> heldFifo;
};

/// A compute stage that only passes tiles through (pops each and pushes
/// it unchanged, in the order it popped them: a layout change the DMAs
/// already made, as a transpose by access-tile order) becomes one loop over
/// sticks per tile, so the compute unit holds one vector, never a tile. The
/// feeding and draining stages already move the tiles whole in that order.
bool passThroughSticks(sched::StageOp stage) {
  if (stage.getNumResults() != 0)
    return false;
  SmallVector<sched::PopOp> pops;
  SmallVector<sched::PushOp> pushes;
  for (Operation &op : stage.getBody().front().without_terminator()) {
    if (auto pop = dyn_cast<sched::PopOp>(op))
      pops.push_back(pop);
    else if (auto push = dyn_cast<sched::PushOp>(op))
      pushes.push_back(push);
    else
      return false;
  }
  if (pops.empty() || pops.size() != pushes.size())
    return false;
  for (auto [pop, push] : llvm::zip(pops, pushes)) {
    auto tile = dyn_cast<RankedTensorType>(pop.getType());
    if (!tile || !tile.hasStaticShape() || push.getValue() != pop.getResult() ||
        !pop.getResult().hasOneUse() || !pop.getSticks() || !push.getSticks() ||
        *pop.getSticks() != *push.getSticks() || *pop.getSticks() <= 0 ||
        pop.getFifo().getType() != push.getFifo().getType())
      return false;
  }
  Block &body = stage.getBody().front();
  for (auto [pop, push] : llvm::zip(pops, pushes)) {
    OpBuilder b(body.getTerminator());
    Location loc = pop.getLoc();
    Value lb = arith::ConstantIndexOp::create(b, loc, 0);
    Value ub = arith::ConstantIndexOp::create(b, loc, *pop.getSticks());
    Value step = arith::ConstantIndexOp::create(b, loc, 1);
    auto loop = scf::ForOp::create(b, loc, lb, ub, step);
    loop->setAttr("sched.vector_loop", b.getUnitAttr());
    b.setInsertionPoint(loop.getBody()->getTerminator());
    Type slot = cast<sched::FifoType>(pop.getFifo().getType()).getElementType();
    Value stick = sched::PopOp::create(b, loc, slot, pop.getFifo(),
                                       b.getI64IntegerAttr(1))
                      .getResult();
    sched::PushOp::create(b, push.getLoc(), stick, push.getFifo(),
                          b.getI64IntegerAttr(1));
  }
  for (auto [pop, push] : llvm::zip(pops, pushes)) {
    push.erase();
    pop.erase();
  }
  return true;
}

struct NestVectorPipelines
    : spyre::impl::NestVectorPipelinesBase<NestVectorPipelines> {
  using NestVectorPipelinesBase::NestVectorPipelinesBase;
  void runOnOperation() override {
    std::optional<spyre::arch::Arch> target =
        spyre::targetArch(arch, getOperation());
    if (!target)
      return signalPassFailure();
    spyre::sinkRowBroadcasts(getOperation());
    spyre::forEachComputeStage(
        getOperation(), *target,
        [&](sched::PipelineOp pipeline, sched::StageOp stage) {
          if (!StickLoop(target->stickBytes).run(pipeline, stage) &&
              !passThroughSticks(stage) &&
              !spyre::streamTransposedRows(stage, target->stickBytes))
            spyre::pushUniformTilesBySticks(stage, target->stickBytes);
        });
  }
};

} // namespace
