//===- DotMatmul.cpp - B stored transposed: dot products over its rows ----===//
//
// x @ W^T with W stored out x in (nn.Linear), Q @ K^T with K stored keys x
// head_dim: normalize-matmuls keeps B as stored, N x K, whose rows along K
// are whole sticks, in the order the load unit streams them from LX. Each
// output element C[i, n] is the dot product of A's row i and B's row n:
// the row's sticks multiplied by A's sticks at the same columns and
// accumulated lane-wise by the matmul's own body (an f32 accumulator
// widens the f16 or bf16 operands as the body says), the lanes then
// reduced into C[i, n] (vector.reduction starting from it, VReduce) and
// inserted into the output vector (vector.insert, VInsert), written to C's
// row, or pushed, when full. Half-precision operands into a
// half-precision C are summed in an f32 vector instead, the lanes reduced
// in f32, rounded once and added to C's element, as the interpreter sums
// an f16 matmul.
//
// The products are summed per lane, then across lanes as a tree: another
// order than the interpreter's (k in order), so the result is within
// rounding of it, not bit for bit (docs/numerics.md).
//
//===----------------------------------------------------------------------===//

#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/StreamedMatmulParts.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

bool spyre::dotProductsApply(linalg::MatmulOp matmul) {
  Block &body = *matmul.getBlock();
  Operation *yield = body.getTerminator();
  auto cType = cast<RankedTensorType>(matmul.getDpsInits()[0].getType());
  if (yield->getNumOperands() != 1 || !isa<FloatType>(cType.getElementType()))
    return false;
  // yield(c + f(a, b)): the accumulator is read by the addition alone, so
  // f(a, b) summed over k and added to c once is what the body computes.
  auto add = yield->getOperand(0).getDefiningOp<arith::AddFOp>();
  Value c = body.getArgument(2);
  return add && add->getBlock() == &body && c.hasOneUse() &&
         (add.getLhs() == c) != (add.getRhs() == c);
}

namespace {

Value index(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// The stick of `tile` (2-D) at row `row` from column `column`, as a
/// vector of `type` (zero past the row's end unless `whole`).
Value readStick(OpBuilder &b, Location loc, Value tile, Value row,
                Value column, VectorType type, bool whole) {
  Type element = type.getElementType();
  AffineMap map = AffineMap::get(2, 0, b.getAffineDimExpr(1));
  Value padding =
      arith::ConstantOp::create(b, loc, element, b.getZeroAttr(element));
  return vector::TransferReadOp::create(b, loc, type, tile,
                                        ValueRange{row, column}, padding, map,
                                        ArrayRef<bool>{whole});
}

/// The dot product of row `row` of `a` and the next row of B, popped a
/// stick at a time: the matmul's body applied lane-wise to A's stick, B's
/// stick and a vector accumulator starting at zero; or, `widened`, the
/// sticks extended to f32, multiplied and added into an f32 accumulator.
Value dotAccumulator(OpBuilder &b, Location loc, spyre::StreamedMatmul &s,
                     Value a, Value row, Type cElement, bool widened) {
  if (widened)
    cElement = b.getF32Type();
  VectorType accType = VectorType::get({s.lanes}, cElement);
  Value zeros = arith::ConstantOp::create(
      b, loc, accType, SplatElementsAttr::get(accType, b.getZeroAttr(cElement)));
  auto sticks = scf::ForOp::create(b, loc, index(b, loc, 0),
                                   index(b, loc, s.sticksPerRow),
                                   index(b, loc, 1), ValueRange{zeros});
  sticks->setAttr("sched.vector_loop", b.getUnitAttr());
  OpBuilder sb = OpBuilder::atBlockBegin(sticks.getBody());
  Value stick = sched::PopOp::create(sb, loc, s.slot, s.pop.getFifo(),
                                     sb.getI64IntegerAttr(1));
  Value column = arith::MulIOp::create(sb, loc, sticks.getInductionVar(),
                                       index(sb, loc, s.lanes));
  auto aType = cast<RankedTensorType>(a.getType());
  Value aStick = readStick(sb, loc, a, row, column,
                           VectorType::get({s.lanes}, aType.getElementType()),
                           /*whole=*/true);
  if (widened) {
    auto f32 = [&](Value v) -> Value {
      return arith::ExtFOp::create(sb, loc, accType, v);
    };
    Value product = arith::MulFOp::create(sb, loc, f32(aStick), f32(stick));
    scf::YieldOp::create(
        sb, loc,
        arith::AddFOp::create(sb, loc, sticks.getRegionIterArg(0), product)
            .getResult());
    return sticks.getResult(0);
  }
  spyre::VectorBuilder vectors(
      [&](Type t) { return VectorType::get({s.lanes}, t); });
  Block &body = *s.matmul.getBlock();
  vectors.map(body.getArgument(0), aStick);
  vectors.map(body.getArgument(1), stick);
  vectors.map(body.getArgument(2), sticks.getRegionIterArg(0));
  for (Operation &inner : body.without_terminator()) {
    Operation *clone = vectors.cloneOnVectors(sb, inner);
    for (auto [from, to] : llvm::zip(inner.getResults(), clone->getResults()))
      vectors.map(from, to);
  }
  scf::YieldOp::create(
      sb, loc, vectors.vectorFor(sb, loc, body.getTerminator()->getOperand(0)));
  return sticks.getResult(0);
}

/// The output vector `done` (a stick of C's row) through the rowwise ops
/// between the matmul and its push, as vectors of `lanes` lanes.
Value throughChain(OpBuilder &b, Location loc, spyre::StreamedMatmul &s,
                   Value done, int64_t lanes) {
  spyre::VectorBuilder vectors(
      [&](Type t) { return VectorType::get({lanes}, t); });
  vectors.map(s.matmul->getResult(0), done);
  for (Operation *op : s.chain) {
    Value in = op->getOperand(0);
    if (spyre::keepsRows(op)) {
      vectors.map(op->getResult(0), vectors.vectorFor(b, loc, in));
      continue;
    }
    for (Value operand : op->getOperands())
      if (DenseElementsAttr splat = spyre::splatOperand(operand))
        vectors.map(operand,
                    vectors.splat(b, operand.getLoc(), cast<SplatElementsAttr>(splat)));
    vectors.apply(b, op);
  }
  Value last = s.chain.empty() ? s.matmul->getResult(0)
                               : s.chain.back()->getResult(0);
  return vectors.vectorFor(b, loc, last);
}

} // namespace

void spyre::rewriteDotProducts(StreamedMatmul &s, int stickBytes) {
  Location loc = s.matmul.getLoc();
  OpBuilder b(s.matmul);
  Value a = s.matmul.getDpsInputs()[0]; // A, or by rows its row i
  Value init = s.matmul.getDpsInits()[0];
  Type cElement = getElementTypeOrSelf(init.getType());
  int64_t columns = cast<RankedTensorType>(init.getType()).getShape()[1];
  bool byRows = s.aRows.has_value();
  // The output vector: one stick of what is pushed (by rows), else of C.
  Type outElement =
      byRows ? cast<RankedTensorType>(s.out->getOperand(0).getType())
                   .getElementType()
             : cElement;
  int64_t lanes = stickBytes / spyre::elementBytes(outElement);
  int64_t groups = (columns + lanes - 1) / lanes;
  bool partialOut = columns % lanes != 0;
  VectorType outType = VectorType::get({lanes}, cElement);

  Value zero = index(b, loc, 0), one = index(b, loc, 1);
  auto rowLoop =
      byRows ? scf::ForOp::create(b, loc, zero, index(b, loc, s.rows), one)
             : scf::ForOp::create(b, loc, zero, index(b, loc, s.rows), one,
                                  ValueRange{init});
  OpBuilder rb = OpBuilder::atBlockBegin(rowLoop.getBody());
  Value row = rowLoop.getInductionVar(); // the row of A and C read
  Value cTile = byRows ? Value() : rowLoop.getRegionIterArg(0);
  if (byRows) {
    spyre::popRowsOfAAndC(rb, loc, s, a, cTile);
    row = zero;
  }

  // For each stick of the output row: its lanes' dot products.
  auto groupLoop =
      cTile && !byRows
          ? scf::ForOp::create(rb, loc, zero, index(rb, loc, groups), one,
                               ValueRange{cTile})
          : scf::ForOp::create(rb, loc, zero, index(rb, loc, groups), one);
  OpBuilder gb = OpBuilder::atBlockBegin(groupLoop.getBody());
  Value base = arith::MulIOp::create(gb, loc, groupLoop.getInductionVar(),
                                     index(gb, loc, lanes));
  Value from = byRows ? cTile : groupLoop.getRegionIterArg(0);
  Value cVector;
  if (from) {
    cVector = readStick(gb, loc, from, row, base, outType, !partialOut);
  } else {
    // C starts as its fill or splat constant (an empty tile: zeros, as
    // the interpreter has it).
    TypedAttr start = s.cSplat ? s.cSplat.getSplatValue<TypedAttr>()
                               : gb.getZeroAttr(cElement);
    Value value = s.cFill ? s.cFill.getDpsInputs()[0]
                          : arith::ConstantOp::create(gb, loc, cElement, start)
                                .getResult();
    cVector = spyre::splatVector(gb, loc, value, outType);
  }
  Value count = index(gb, loc, lanes);
  if (partialOut)
    count = arith::MinSIOp::create(
        gb, loc, count,
        arith::SubIOp::create(gb, loc, index(gb, loc, columns), base));
  auto laneLoop = scf::ForOp::create(gb, loc, zero, count, one,
                                     ValueRange{cVector});
  OpBuilder lb = OpBuilder::atBlockBegin(laneLoop.getBody());
  Value lane = laneLoop.getInductionVar();
  // Half-precision operands into a half-precision C: the products summed
  // in f32 and rounded once, then added to C's element in its type, as
  // the interpreter computes an f16 matmul (ktir-cpu's NumPy).
  Type aElement = getElementTypeOrSelf(a.getType());
  bool widened = cElement.getIntOrFloatBitWidth() < 32 &&
                 aElement.getIntOrFloatBitWidth() < 32 &&
                 s.slot.getElementType().getIntOrFloatBitWidth() < 32;
  Value acc = dotAccumulator(lb, loc, s, a, row, cElement, widened);
  Value vec = laneLoop.getRegionIterArg(0);
  Value old = vector::ExtractOp::create(lb, loc, vec, OpFoldResult(lane));
  Value sum;
  if (widened) {
    Value dot = vector::ReductionOp::create(lb, loc,
                                            vector::CombiningKind::ADD, acc);
    sum = arith::AddFOp::create(
        lb, loc, old, arith::TruncFOp::create(lb, loc, cElement, dot));
  } else {
    sum = vector::ReductionOp::create(lb, loc, vector::CombiningKind::ADD,
                                      acc, old);
  }
  scf::YieldOp::create(
      lb, loc,
      vector::InsertOp::create(lb, loc, sum, vec, OpFoldResult(lane))
          .getResult());
  Value done = laneLoop.getResult(0);
  if (byRows) {
    // A stick of the output row is done: through the chain, pushed.
    sched::PushOp::create(gb, loc, throughChain(gb, loc, s, done, lanes),
                          s.out.getFifo(), gb.getI64IntegerAttr(1));
  } else {
    AffineMap map = AffineMap::get(2, 0, gb.getAffineDimExpr(1));
    Value written = vector::TransferWriteOp::create(
                        gb, loc, done, groupLoop.getRegionIterArg(0),
                        ValueRange{row, base}, map,
                        ArrayRef<bool>{!partialOut})
                        .getResult();
    scf::YieldOp::create(gb, loc, written);
    scf::YieldOp::create(rb, loc, groupLoop.getResult(0));
  }
  spyre::finishStreamed(s, rowLoop, {rowLoop, groupLoop, laneLoop});
}
