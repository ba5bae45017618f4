//===- StreamedMatmul.cpp - a matmul's right operand, a stick at a time ---===//

#include "pipeline/utils/StreamedMatmul.h"
#include "pipeline/utils/StreamedMatmulParts.h"
#include "pipeline/utils/HalfMatmul.h"
#include "pipeline/utils/HeldTiles.h"
#include "pipeline/utils/MatmulChunks.h"
#include "pipeline/utils/RowStages.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

using spyre::RowFed;
using Streamed = spyre::StreamedMatmul;

namespace {

std::optional<Streamed> matchStreamed(sched::StageOp stage,
                                      linalg::MatmulOp matmul, int stickBytes) {
  Block &body = stage.getBody().front();
  bool transposed = spyre::readsBTransposed(matmul);
  if (matmul->getBlock() != &body ||
      (matmul.hasUserDefinedMaps() && !transposed) ||
      matmul.getNumDpsInputs() != 2 || matmul.getNumDpsInits() != 1 ||
      !spyre::appliesToVectors(*matmul.getBlock()))
    return std::nullopt;
  Value a = matmul.getDpsInputs()[0], b = matmul.getDpsInputs()[1];
  Value c = matmul.getDpsInits()[0];
  auto pop = b.getDefiningOp<sched::PopOp>();
  if (!pop || pop->getBlock() != &body || !b.hasOneUse())
    return std::nullopt;
  auto aType = dyn_cast<RankedTensorType>(a.getType());
  auto bType = dyn_cast<RankedTensorType>(b.getType());
  auto cType = dyn_cast<RankedTensorType>(c.getType());
  if (!aType || !bType || !cType || !aType.hasStaticShape() ||
      !bType.hasStaticShape() || !cType.hasStaticShape() ||
      bType.getRank() != 2 || cType.getRank() != 2)
    return std::nullopt;
  // One stick of B meets one vector of C of as many lanes, whatever C's
  // element width (an f32 accumulator of f16 operands: a 64-lane f32
  // vector, two sticks' worth, which the compute unit's vector registers
  // hold).
  int64_t width = spyre::elementBytes(bType.getElementType());
  if (width <= 0 || stickBytes % width != 0 ||
      spyre::elementBytes(cType.getElementType()) <= 0 ||
      cType.getShape()[1] != bType.getShape()[transposed ? 0 : 1])
    return std::nullopt;
  Streamed s;
  s.matmul = matmul;
  s.pop = pop;
  s.transposed = transposed;
  s.halfInF32 = !transposed && spyre::sumsInF32(matmul);
  s.lanes = stickBytes / width;
  s.rows = cType.getShape()[0];
  s.depth = bType.getShape()[0];
  // A row of B that ends in a partial stick: its last vector of C is read
  // and written only up to the row's end (the padding lanes the load unit
  // sends along are computed and dropped). B stored transposed has rows
  // along K of whole sticks only (normalize-matmuls keeps it so).
  int64_t columns = bType.getShape()[1];
  s.partial = columns % s.lanes != 0;
  if (transposed && (s.partial || aType.getRank() != 2 ||
                     aType.getShape()[1] != columns ||
                     !spyre::dotProductsApply(matmul)))
    return std::nullopt;
  s.sticksPerRow = (columns + s.lanes - 1) / s.lanes;
  s.slot = dyn_cast<VectorType>(
      cast<sched::FifoType>(pop.getFifo().getType()).getElementType());
  if (!s.slot || s.slot != VectorType::get({s.lanes}, bType.getElementType()))
    return std::nullopt;
  int64_t sticks = s.depth * s.sticksPerRow;
  int pops = 0;
  for (Operation *user : pop.getFifo().getUsers())
    pops += isa<sched::PopOp>(user);
  if (!pop.getSticks() || *pop.getSticks() != sticks || pops != 1)
    return std::nullopt;
  s.feed = spyre::onlyTransfer(stage, pop.getFifo(), sticks);
  if (!s.feed)
    return std::nullopt;
  return s;
}

/// `v` as a tile popped whole by `stage`, used once, of `rows` rows (each
/// whole sticks, the last perhaps partial), filled by one LX -> FIFO
/// transfer directly in the stage that feeds B, before B's transfer.
std::optional<RowFed> rowFed(Value v, sched::StageOp stage,
                             sched::TransferOp bFeed, int64_t rows,
                             int stickBytes) {
  auto pop = v.getDefiningOp<sched::PopOp>();
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!pop || pop->getBlock() != &stage.getBody().front() || !v.hasOneUse() ||
      !type || !type.hasStaticShape() || type.getRank() != 2 ||
      type.getShape()[0] != rows)
    return std::nullopt;
  int64_t width = spyre::elementBytes(type.getElementType());
  if (width <= 0)
    return std::nullopt;
  RowFed r;
  r.pop = pop;
  // A row that ends inside a stick (attention's P at prefill: 32 keys of
  // f16, half a stick) takes its whole last stick, as in LX.
  r.sticksPerRow = (type.getShape()[1] * width + stickBytes - 1) / stickBytes;
  int pops = 0;
  for (Operation *user : pop.getFifo().getUsers())
    pops += isa<sched::PopOp>(user);
  if (pops != 1 || !pop.getSticks() || *pop.getSticks() != rows * r.sticksPerRow)
    return std::nullopt;
  r.feed = spyre::onlyTransfer(stage, pop.getFifo(), rows * r.sticksPerRow);
  if (!r.feed || r.feed->getBlock() != bFeed->getBlock() ||
      !r.feed->isBeforeInBlock(bFeed))
    return std::nullopt;
  return r;
}

} // namespace

bool spyre::keepsRows(Operation *op) {
  if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return false;
  auto from = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto to = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return from && to && from.hasStaticShape() && to.hasStaticShape() &&
         from.getRank() > 0 && to.getRank() > 0 &&
         from.getShape().back() == to.getShape().back() &&
         from.getNumElements() == to.getNumElements();
}

DenseElementsAttr spyre::splatOperand(Value v) {
  DenseElementsAttr attr;
  if (!matchPattern(v, m_Constant(&attr)) || !attr.isSplat())
    return nullptr;
  return attr;
}

using spyre::keepsRows;
using spyre::splatOperand;

namespace {

/// Whether `op`, applied to `v` (the matmul's result so far), works on each
/// of its rows alone: an elementwise op whose other operands are splat
/// constants (rounding an f32 accumulator to f16, the scores' scale), or a
/// reshape that keeps the rows.
bool rowwise(Operation *op, Value v) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  if (keepsRows(op))
    return true;
  auto in = dyn_cast<RankedTensorType>(v.getType());
  auto out = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!op->hasTrait<OpTrait::Elementwise>() || !in || !out ||
      in.getShape() != out.getShape())
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    return operand == v || splatOperand(operand);
  });
}

/// Whether A and C can come a row at a time: A popped whole for this
/// matmul only; C popped the same way or a fill of an empty tile; the
/// result, after rowwise ops, pushed whole by the next push of the stage
/// (rows of whole or partial sticks).
void matchRows(Streamed &s, sched::StageOp stage, int stickBytes) {
  Value a = s.matmul.getDpsInputs()[0], c = s.matmul.getDpsInits()[0];
  std::optional<RowFed> aRows = rowFed(a, stage, s.feed, s.rows, stickBytes);
  std::optional<RowFed> cRows = rowFed(c, stage, s.feed, s.rows, stickBytes);
  linalg::FillOp cFill;
  tensor::EmptyOp cEmpty;
  // Or a splat constant C (zeros, as an attention's P @ V starts).
  DenseElementsAttr cSplat =
      c.hasOneUse() && c.getDefiningOp<arith::ConstantOp>() ? splatOperand(c)
                                                            : nullptr;
  if (!cRows && !cSplat) {
    // An empty C is zeros (as the interpreter makes it): filled with 0.
    cEmpty = c.getDefiningOp<tensor::EmptyOp>();
    cFill = c.getDefiningOp<linalg::FillOp>();
    if (cEmpty ? !c.hasOneUse() || cEmpty->getBlock() != s.matmul->getBlock()
               : !cFill || !c.hasOneUse() ||
                     cFill->getBlock() != s.matmul->getBlock() ||
                     !cFill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>() ||
                     !cFill.getDpsInits()[0].hasOneUse())
      return;
  }
  if (!aRows)
    return;
  SmallVector<Operation *> chain;
  Value result = s.matmul->getResult(0);
  while (result.hasOneUse()) {
    Operation *user = *result.getUsers().begin();
    if (user->getBlock() != s.matmul->getBlock() || !rowwise(user, result))
      break;
    chain.push_back(user);
    result = user->getResult(0);
  }
  if (!result.hasOneUse())
    return;
  auto push = dyn_cast<sched::PushOp>(*result.getUsers().begin());
  auto outType = dyn_cast<RankedTensorType>(result.getType());
  if (!push || push->getBlock() != s.matmul->getBlock() || !outType ||
      !outType.hasStaticShape() || outType.getRank() < 2 || !push.getSticks())
    return;
  int64_t columns = cast<RankedTensorType>(c.getType()).getShape()[1];
  int64_t outWidth = spyre::elementBytes(outType.getElementType());
  if (outWidth <= 0 || outType.getShape().back() != columns ||
      outType.getNumElements() != s.rows * columns)
    return;
  // A row of C as the load and store units move it: whole sticks, the last
  // one partial when the row ends inside it.
  int64_t outSticks = (columns * outWidth + stickBytes - 1) / stickBytes;
  if (*push.getSticks() != s.rows * outSticks)
    return;
  // Dot products push one stick of the output at a time.
  if (s.transposed &&
      cast<sched::FifoType>(push.getFifo().getType()).getElementType() !=
          VectorType::get({stickBytes / outWidth}, outType.getElementType()))
    return;
  for (Operation *op = s.matmul->getNextNode(); op != push; op = op->getNextNode())
    if (isa<sched::PushOp, sched::PopOp>(op))
      return;
  s.aRows = aRows;
  s.cRows = cRows;
  s.cFill = cFill;
  s.cEmpty = cEmpty;
  s.cSplat = cSplat;
  s.chain = chain;
  s.out = push;
  s.outSticksPerRow = outSticks;
}

/// The k loop of row `row` of C in C's type (the matmul's body on vectors),
/// B's sticks in its order: for k < K: a = A[row, k]; for each stick s of
/// B's row k: C[row, s] = body(a, pop B, C[row, s]). Returns the row's C.
Value sumInOrder(OpBuilder &rb, Streamed &s, Value a, Value carried, Value row,
                 Value zero, Value one) {
  linalg::MatmulOp matmul = s.matmul;
  Location loc = matmul.getLoc();
  auto cType = cast<RankedTensorType>(matmul.getDpsInits()[0].getType());
  auto index = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  auto kLoop = scf::ForOp::create(rb, loc, zero, index(rb, s.depth), one,
                                  ValueRange{carried});
  OpBuilder kb = OpBuilder::atBlockBegin(kLoop.getBody());
  Value k = kLoop.getInductionVar();
  Value element = tensor::ExtractOp::create(kb, loc, a, ValueRange{row, k});
  auto stickLoop = scf::ForOp::create(kb, loc, zero, index(kb, s.sticksPerRow),
                                      one, ValueRange{kLoop.getRegionIterArg(0)});
  OpBuilder sb = OpBuilder::atBlockBegin(stickLoop.getBody());
  Value acc = stickLoop.getRegionIterArg(0);
  Value stick = sched::PopOp::create(sb, loc, s.slot, s.pop.getFifo(),
                                     sb.getI64IntegerAttr(1));
  Value column = arith::MulIOp::create(sb, loc, stickLoop.getInductionVar(),
                                       index(sb, s.lanes));
  Type cElement = cType.getElementType();
  AffineMap map = AffineMap::get(2, 0, sb.getAffineDimExpr(1));
  Value padding = arith::ConstantOp::create(sb, loc, cElement,
                                            sb.getZeroAttr(cElement));
  Value old = vector::TransferReadOp::create(
      sb, loc, VectorType::get({s.lanes}, cElement), acc, ValueRange{row, column},
      padding, map, ArrayRef<bool>{!s.partial});
  // The matmul's body (multiply, add, casts) on vectors: A's element
  // broadcast, B's stick, C's vector.
  spyre::VectorBuilder vectors(
      [&](Type t) { return VectorType::get({s.lanes}, t); });
  Block &body = *matmul.getBlock();
  vectors.map(body.getArgument(0), vectors.broadcast(sb, loc, element));
  vectors.map(body.getArgument(1), stick);
  vectors.map(body.getArgument(2), old);
  for (Operation &inner : body.without_terminator()) {
    Operation *clone = vectors.cloneOnVectors(sb, inner);
    for (auto [from, to] : llvm::zip(inner.getResults(), clone->getResults()))
      vectors.map(from, to);
  }
  Value updated = vectors.vectorFor(sb, loc, body.getTerminator()->getOperand(0));
  Value written = vector::TransferWriteOp::create(sb, loc, updated, acc,
                                                  ValueRange{row, column}, map,
                                                  ArrayRef<bool>{!s.partial})
                      .getResult();
  scf::YieldOp::create(sb, loc, written);
  scf::YieldOp::create(kb, loc, stickLoop.getResult(0));
  for (scf::ForOp loop : {kLoop, stickLoop})
    loop->setAttr("sched.vector_loop", rb.getUnitAttr());
  return kLoop.getResult(0);
}

/// Row `row` of C of a half-precision matmul (pipeline/utils/HalfMatmul.h),
/// an output stick at a time: for each stick s of the row, its K products
/// summed in one f32 vector from zeros (a = A[row, k], B's stick s of row
/// k popped, in k order), rounded once and added to C[row, s] (or to the
/// splat `cSplat`, C's fill). `popA` gives A, popped again for every stick
/// when it comes a row at a time (the load unit sends it again). Returns
/// the row's C.
Value sumByColumns(OpBuilder &rb, Streamed &s,
                   function_ref<Value(OpBuilder &)> popA, Value carried,
                   Value row, Value cSplat, Value zero, Value one) {
  Location loc = s.matmul.getLoc();
  auto cType = cast<RankedTensorType>(s.matmul.getDpsInits()[0].getType());
  Type cElement = cType.getElementType(), f32 = rb.getF32Type();
  auto index = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  auto padding = [&](OpBuilder &at, Type element) -> Value {
    return arith::ConstantOp::create(at, loc, element, at.getZeroAttr(element));
  };
  VectorType partialType = VectorType::get({s.lanes}, f32);
  spyre::VectorBuilder vectors(
      [&](Type t) { return VectorType::get({s.lanes}, t); });
  auto columnLoop = scf::ForOp::create(rb, loc, zero, index(rb, s.sticksPerRow),
                                       one, ValueRange{carried});
  OpBuilder cb = OpBuilder::atBlockBegin(columnLoop.getBody());
  Value a = popA(cb);
  Value zeros = arith::ConstantOp::create(
      cb, loc, partialType, DenseElementsAttr::get(partialType, cb.getF32FloatAttr(0)));
  auto kLoop = scf::ForOp::create(cb, loc, zero, index(cb, s.depth), one,
                                  ValueRange{zeros});
  OpBuilder kb = OpBuilder::atBlockBegin(kLoop.getBody());
  // A popped for this column is its row i alone.
  Value aRow = s.aRows || s.aAgain ? zero : row;
  Value element = tensor::ExtractOp::create(
      kb, loc, a, ValueRange{aRow, kLoop.getInductionVar()});
  Value stick = sched::PopOp::create(kb, loc, s.slot, s.pop.getFifo(),
                                     kb.getI64IntegerAttr(1));
  scf::YieldOp::create(
      kb, loc, spyre::fmaInF32(kb, loc, element, stick, kLoop.getRegionIterArg(0)));
  Value out = columnLoop.getRegionIterArg(0);
  Value column = arith::MulIOp::create(cb, loc, columnLoop.getInductionVar(),
                                       index(cb, s.lanes));
  AffineMap map = AffineMap::get(2, 0, cb.getAffineDimExpr(1));
  Value c = cSplat ? vectors.broadcast(cb, loc, cSplat)
                   : vector::TransferReadOp::create(
                         cb, loc, VectorType::get({s.lanes}, cElement), out,
                         ValueRange{row, column}, padding(cb, cElement), map,
                         ArrayRef<bool>{!s.partial})
                         .getResult();
  Value result = spyre::addRounded(cb, loc, kLoop.getResult(0), c);
  scf::YieldOp::create(
      cb, loc,
      vector::TransferWriteOp::create(cb, loc, result, out, ValueRange{row, column},
                                      map, ArrayRef<bool>{!s.partial})
          .getResult());
  for (scf::ForOp loop : {columnLoop, kLoop})
    loop->setAttr("sched.vector_loop", rb.getUnitAttr());
  return columnLoop.getResult(0);
}

/// for i < M: row i of C summed over K (sumInOrder, or sumByColumns for a
/// half-precision matmul).
void rewriteStreamed(Streamed &s) {
  linalg::MatmulOp matmul = s.matmul;
  Location loc = matmul.getLoc();
  OpBuilder b(matmul);
  Value a = matmul.getDpsInputs()[0];
  Value init = matmul.getDpsInits()[0];
  auto cType = cast<RankedTensorType>(init.getType());
  auto index = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  Value zero = index(b, 0), one = index(b, 1);
  bool byRows = s.aRows.has_value();
  bool inF32 = s.halfInF32;
  auto rowLoop =
      byRows ? scf::ForOp::create(b, loc, zero, index(b, s.rows), one)
             : scf::ForOp::create(b, loc, zero, index(b, s.rows), one,
                                  ValueRange{init});
  OpBuilder rb = OpBuilder::atBlockBegin(rowLoop.getBody());
  Value i = rowLoop.getInductionVar();
  Value row = i; // the row of A and C the k loop reads
  Value carried = byRows ? Value() : rowLoop.getRegionIterArg(0);
  Value cSplat; // C's fill, by rows: its value (an f32 sum adds it as a splat)
  if (byRows) {
    // Summed in f32, C's row comes first, then A's for each stick of C.
    if (!inF32)
      spyre::popRowsOfAAndC(rb, loc, s, a, carried);
    else if (s.cRows)
      carried = spyre::popRow(rb, loc, init, *s.cRows);
    if (!s.cRows) {
      // C starts as its fill (or splat constant), a row at a time.
      auto rowType = RankedTensorType::get({1, cType.getShape()[1]},
                                           cType.getElementType());
      Value empty = tensor::EmptyOp::create(rb, loc, rowType.getShape(),
                                            rowType.getElementType());
      Type element = cType.getElementType();
      Location at = s.cFill    ? s.cFill.getLoc()
                    : s.cEmpty ? s.cEmpty.getLoc()
                               : init.getLoc();
      TypedAttr start = s.cSplat ? s.cSplat.getSplatValue<TypedAttr>()
                                 : rb.getZeroAttr(element);
      Value value = s.cFill ? s.cFill.getDpsInputs()[0]
                            : arith::ConstantOp::create(rb, at, element, start)
                                  .getResult();
      if (inF32) {
        cSplat = value; // the row is only written
        carried = empty;
      } else {
        carried = linalg::FillOp::create(rb, at, ValueRange{value},
                                         ValueRange{empty})
                      ->getResult(0);
      }
    }
    row = zero;
  }
  Value done =
      inF32 ? sumByColumns(
                  rb, s,
                  [&](OpBuilder &at) {
                    return byRows ? spyre::popRow(at, loc, a, *s.aRows)
                           : s.aAgain
                               ? spyre::popRow(at, loc, a, *s.aAgain)
                               : a;
                  },
                  carried, row, cSplat, zero, one)
            : sumInOrder(rb, s, a, carried, row, zero, one);
  if (byRows) {
    // Row i of C is done: it goes back to LX.
    // (The loop without results came with its scf.yield.)
    Value before = matmul->getResult(0); // what `done` is a row of
    for (Operation *op : s.chain) {
      // A reshape keeping the rows leaves the row as it is.
      if (!keepsRows(op)) {
        auto t = cast<RankedTensorType>(op->getResult(0).getType());
        auto rowType =
            RankedTensorType::get({1, t.getShape().back()}, t.getElementType());
        IRMapping map;
        for (Value operand : op->getOperands())
          if (operand == before)
            map.map(operand, done);
          else if (DenseElementsAttr splat = splatOperand(operand))
            map.map(operand, arith::ConstantOp::create(
                                 rb, operand.getLoc(),
                                 splat.resizeSplat(RankedTensorType::get(
                                     {1, t.getShape().back()},
                                     splat.getElementType()))));
        Operation *clone = rb.clone(*op, map);
        clone->getResult(0).setType(rowType);
        done = clone->getResult(0);
      }
      before = op->getResult(0);
    }
    sched::PushOp::create(rb, loc, done, s.out.getFifo(),
                          rb.getI64IntegerAttr(s.outSticksPerRow));
  } else {
    scf::YieldOp::create(rb, loc, done);
  }
  spyre::finishStreamed(s, rowLoop, {rowLoop});
}

/// A transfer with the waits just before it and the signals just after it
/// (the tokens of its LX buffer): what moves when the load unit sends a
/// tile earlier.
std::pair<Operation *, Operation *> withTokens(sched::TransferOp feed) {
  Operation *first = feed, *last = feed;
  while (isa_and_nonnull<sched::WaitOp>(first->getPrevNode()))
    first = first->getPrevNode();
  while (isa_and_nonnull<sched::SignalOp>(last->getNextNode()))
    last = last->getNextNode();
  return {first, last};
}

/// The stage's pops of whole tiles that come after a streamed pop (the
/// load unit filled them later: a tile loaded before the loop, as a
/// hoisted activation row), moved before the first streamed pop, and the
/// load unit's transfers that fill them, with their tokens, before the
/// first streamed tile's: a streamed tile is popped a stick at a time
/// inside the loops, after the held ones. Each tile has its own LX buffer
/// and tokens, so the load unit only sends it earlier. Nothing moves
/// unless every such transfer is in the block of the first streamed
/// one's.
void popHeldFirst(sched::StageOp stage, ArrayRef<Operation *> streamedPops) {
  Block &body = stage.getBody().front();
  auto firstStreamed = cast<sched::PopOp>(streamedPops.front());
  SmallVector<std::pair<sched::PopOp, sched::TransferOp>> late;
  bool seen = false;
  for (auto pop : body.getOps<sched::PopOp>()) {
    if (llvm::is_contained(streamedPops, pop.getOperation())) {
      seen = true;
      continue;
    }
    if (!seen || !pop.getSticks())
      continue;
    late.push_back({pop, spyre::onlyTransfer(stage, pop.getFifo(),
                                             *pop.getSticks())});
  }
  auto bFeed = spyre::onlyTransfer(stage, firstStreamed.getFifo(),
                                   firstStreamed.getSticks().value_or(0));
  if (late.empty() || !bFeed)
    return;
  for (auto &[pop, feed] : late)
    if (!feed || feed->getBlock() != bFeed->getBlock() ||
        feed->isBeforeInBlock(bFeed))
      return;
  Operation *bFirst = withTokens(bFeed).first;
  for (auto &[pop, feed] : late) {
    auto [first, last] = withTokens(feed);
    for (Operation *op = first, *end = last->getNextNode(); op != end;) {
      Operation *next = op->getNextNode();
      op->moveBefore(bFirst);
      op = next;
    }
    pop->moveBefore(firstStreamed);
  }
}

} // namespace

Value spyre::popRow(OpBuilder &b, Location loc, Value tile, RowFed &fed) {
  auto type = cast<RankedTensorType>(tile.getType());
  auto rowType =
      RankedTensorType::get({1, type.getShape()[1]}, type.getElementType());
  return sched::PopOp::create(b, loc, rowType, fed.pop.getFifo(),
                              b.getI64IntegerAttr(fed.sticksPerRow))
      .getResult();
}

void spyre::popRowsOfAAndC(OpBuilder &b, Location loc, StreamedMatmul &s,
                           Value &a, Value &c) {
  Value init = s.matmul.getDpsInits()[0];
  bool cFirst = s.cRows && s.cRows->feed->isBeforeInBlock(s.aRows->feed);
  if (cFirst)
    c = popRow(b, loc, init, *s.cRows);
  a = popRow(b, loc, s.matmul.getDpsInputs()[0], *s.aRows);
  if (s.cRows && !cFirst)
    c = popRow(b, loc, init, *s.cRows);
}

void spyre::finishStreamed(StreamedMatmul &s, scf::ForOp rowLoop,
                           ArrayRef<scf::ForOp> loops) {
  for (scf::ForOp loop : loops)
    loop->setAttr("sched.vector_loop", UnitAttr::get(loop.getContext()));
  if (!s.aRows)
    s.matmul->getResult(0).replaceAllUsesWith(rowLoop.getResult(0));
  eraseStreamed(s);
  streamFeeds(s);
}

void spyre::eraseStreamed(StreamedMatmul &s) {
  if (s.aRows) {
    s.out->erase();
    for (Operation *op : llvm::reverse(s.chain)) {
      llvm::SmallSetVector<Value, 2> operands(op->getOperands().begin(),
                                              op->getOperands().end());
      op->erase();
      // The whole tile's splat constants go with it.
      for (Value operand : operands)
        if (Operation *constant = operand.getDefiningOp();
            constant && isa<arith::ConstantOp>(constant) && constant->use_empty())
          constant->erase();
    }
    Operation *constant = s.cSplat ? s.matmul.getDpsInits()[0].getDefiningOp()
                                   : nullptr;
    s.matmul->erase();
    s.aRows->pop->erase();
    if (s.cRows) {
      s.cRows->pop->erase();
    } else if (s.cEmpty) {
      s.cEmpty->erase();
    } else if (constant) {
      if (constant->use_empty())
        constant->erase();
    } else {
      Operation *empty = s.cFill.getDpsInits()[0].getDefiningOp();
      s.cFill->erase();
      empty->erase();
    }
  } else {
    s.matmul->erase();
    if (s.aAgain)
      s.aAgain->pop->erase();
  }
  s.pop->erase();
}

void spyre::streamFeeds(StreamedMatmul &s) {
  bool byRows = s.aRows.has_value();
  // B again for every row of A: the load unit streams it from LX M times
  // (by rows: after row i of A and of C, in the order they are popped).
  // Summed in f32 (sumByColumns), B's sticks go column by column when its
  // rows are several sticks (stick s of rows 0 .. K - 1, one transfer
  // each), by rows after C's row and, for each column, A's row.
  bool byColumns = s.halfInF32 && (s.sticksPerRow > 1 || byRows);
  if (s.rows > 1 || byRows || byColumns) {
    OpBuilder fb(s.feed);
    Location feedLoc = s.feed.getLoc();
    auto constant = [&](OpBuilder &at, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(at, feedLoc, v);
    };
    auto again = scf::ForOp::create(fb, feedLoc, constant(fb, 0),
                                    constant(fb, s.rows), constant(fb, 1));
    s.feed->moveBefore(again.getBody()->getTerminator());
    // Row i of a tile fed by rows, just before `before`; its token goes
    // after the loop, once every row has been sent.
    auto feedRow = [&](RowFed &r, Operation *before) {
      if (auto signal = dyn_cast_or_null<sched::SignalOp>(r.feed->getNextNode()))
        signal->moveAfter(again);
      r.feed->moveBefore(before);
      OpBuilder tb(r.feed);
      Value first = arith::MulIOp::create(tb, feedLoc, again.getInductionVar(),
                                          constant(tb, r.sticksPerRow));
      r.feed.getFirstMutable().assign(first);
      r.feed.setSticksAttr(tb.getI64IntegerAttr(r.sticksPerRow));
    };
    if (byColumns) {
      if (byRows && s.cRows)
        feedRow(*s.cRows, s.feed);
      OpBuilder cb(s.feed);
      auto columns = scf::ForOp::create(cb, feedLoc, constant(cb, 0),
                                        constant(cb, s.sticksPerRow),
                                        constant(cb, 1));
      s.feed->moveBefore(columns.getBody()->getTerminator());
      if (byRows)
        feedRow(*s.aRows, s.feed);
      else if (s.aAgain)
        feedRow(*s.aAgain, s.feed);
      if (s.sticksPerRow > 1) {
        OpBuilder kb(s.feed);
        auto ks = scf::ForOp::create(kb, feedLoc, constant(kb, 0),
                                     constant(kb, s.depth), constant(kb, 1));
        s.feed->moveBefore(ks.getBody()->getTerminator());
        OpBuilder tb(s.feed);
        Value first = arith::AddIOp::create(
            tb, feedLoc,
            arith::MulIOp::create(tb, feedLoc, ks.getInductionVar(),
                                  constant(tb, s.sticksPerRow)),
            columns.getInductionVar());
        s.feed.getFirstMutable().assign(first);
        s.feed.setSticksAttr(tb.getI64IntegerAttr(1));
      }
    } else if (byRows) {
      SmallVector<RowFed *> fed = {&*s.aRows};
      if (s.cRows)
        fed.push_back(&*s.cRows);
      if (s.cRows && s.cRows->feed->isBeforeInBlock(s.aRows->feed))
        std::swap(fed[0], fed[1]);
      for (RowFed *r : fed)
        feedRow(*r, s.feed);
    }
  }
}

bool spyre::streamMatmulOperands(sched::StageOp stage, int stickBytes,
                                 int64_t capacity) {
  Block &body = stage.getBody().front();
  SmallVector<Streamed, 2> found;
  for (auto matmul : body.getOps<linalg::MatmulOp>())
    if (std::optional<Streamed> s = matchStreamed(stage, matmul, stickBytes))
      found.push_back(*s);
  if (found.empty())
    return false;
  // The load unit fills the stage's FIFOs in the order the stage pops
  // them: the pops that stay must all come before the streamed ones, and
  // those in the order of their matmuls.
  SmallVector<Operation *> streamedPops;
  for (const Streamed &s : found)
    streamedPops.push_back(s.pop);
  if (llvm::all_of(found, [](const Streamed &s) { return s.transposed; }))
    popHeldFirst(stage, streamedPops);
  size_t next = 0;
  for (auto pop : body.getOps<sched::PopOp>()) {
    bool streamed = llvm::is_contained(streamedPops, pop.getOperation());
    if (!streamed && next > 0)
      return false;
    if (streamed && streamedPops[next++] != pop.getOperation())
      return false;
  }
  // What the stage holds whole once B streams: more than the compute
  // engine's own memory, A and C come a row at a time as well.
  int64_t held = spyre::heldTileBytes(stage);
  for (Streamed &s : found)
    held -= spyre::tileBytes(cast<RankedTensorType>(s.pop.getType()));
  // Dot products go by rows whenever they can: the output is then pushed
  // a stick at a time and never held.
  for (Streamed &s : found)
    if (held > capacity || s.transposed)
      matchRows(s, stage, stickBytes);
  for (Streamed &s : found)
    if (!s.aRows && s.sticksPerRow > 1 && s.halfInF32)
      s.aAgain = rowFed(s.matmul.getDpsInputs()[0], stage, s.feed, s.rows,
                        stickBytes);
  for (Streamed &s : found)
    if (s.transposed)
      spyre::rewriteDotProducts(s, stickBytes);
    else
      rewriteStreamed(s);
  return true;
}
