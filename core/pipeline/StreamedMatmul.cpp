//===- StreamedMatmul.cpp - a matmul's right operand, a stick at a time ---===//

#include "pipeline/StreamedMatmul.h"
#include "pipeline/ScheduleUtils.h"
#include "pipeline/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

/// A matmul whose B the stage pops whole, and what streams it instead.
struct Streamed {
  linalg::MatmulOp matmul;
  sched::PopOp pop;        // B, whole
  sched::TransferOp feed;  // the load unit's LX -> FIFO transfer of B
  VectorType slot;         // one stick of B
  int64_t rows = 0, depth = 0, sticksPerRow = 0, lanes = 0; // M, K
};

/// The one transfer of `stage`'s pipeline that fills `fifo`: directly in a
/// stage, moving `sticks` sticks from the start.
sched::TransferOp feedOf(sched::StageOp stage, Value fifo, int64_t sticks) {
  sched::TransferOp found;
  int count = 0;
  stage->getParentOp()->walk([&](sched::TransferOp t) {
    if (t.getDest() == fifo) {
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

std::optional<Streamed> match(sched::StageOp stage, linalg::MatmulOp matmul,
                              int stickBytes) {
  Block &body = stage.getBody().front();
  if (matmul->getBlock() != &body || matmul.hasUserDefinedMaps() ||
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
  int64_t width = spyre::elementBytes(bType.getElementType());
  if (width <= 0 || stickBytes % width != 0 ||
      spyre::elementBytes(cType.getElementType()) != width)
    return std::nullopt; // one stick of B meets one vector of C
  Streamed s;
  s.matmul = matmul;
  s.pop = pop;
  s.lanes = stickBytes / width;
  s.rows = cType.getShape()[0];
  s.depth = bType.getShape()[0];
  int64_t columns = bType.getShape()[1];
  if (columns % s.lanes != 0)
    return std::nullopt; // rows of whole sticks
  s.sticksPerRow = columns / s.lanes;
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
  s.feed = feedOf(stage, pop.getFifo(), sticks);
  if (!s.feed)
    return std::nullopt;
  return s;
}

/// for i < M: for k < K: a = A[i, k]; for each stick s of B's row k:
/// C[i, s] = body(a, pop B, C[i, s]).
void rewrite(Streamed &s) {
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
  auto rowLoop = scf::ForOp::create(b, loc, zero, index(b, s.rows), one,
                                    ValueRange{init});
  OpBuilder rb = OpBuilder::atBlockBegin(rowLoop.getBody());
  Value i = rowLoop.getInductionVar();
  auto kLoop = scf::ForOp::create(rb, loc, zero, index(rb, s.depth), one,
                                  ValueRange{rowLoop.getRegionIterArg(0)});
  OpBuilder kb = OpBuilder::atBlockBegin(kLoop.getBody());
  Value k = kLoop.getInductionVar();
  Value element = tensor::ExtractOp::create(kb, loc, a, ValueRange{i, k});
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
      sb, loc, VectorType::get({s.lanes}, cElement), acc, ValueRange{i, column},
      padding, map, ArrayRef<bool>{true});
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
                                                  ValueRange{i, column}, map,
                                                  ArrayRef<bool>{true})
                      .getResult();
  scf::YieldOp::create(sb, loc, written);
  scf::YieldOp::create(kb, loc, stickLoop.getResult(0));
  scf::YieldOp::create(rb, loc, kLoop.getResult(0));
  for (scf::ForOp loop : {rowLoop, kLoop, stickLoop})
    loop->setAttr("sched.vector_loop", b.getUnitAttr());
  matmul->getResult(0).replaceAllUsesWith(rowLoop.getResult(0));
  matmul->erase();
  s.pop->erase();
  // B again for every row of A: the load unit streams it from LX M times.
  if (s.rows > 1) {
    OpBuilder fb(s.feed);
    Location feedLoc = s.feed.getLoc();
    auto again = scf::ForOp::create(
        fb, feedLoc, arith::ConstantIndexOp::create(fb, feedLoc, 0),
        arith::ConstantIndexOp::create(fb, feedLoc, s.rows),
        arith::ConstantIndexOp::create(fb, feedLoc, 1));
    s.feed->moveBefore(again.getBody()->getTerminator());
  }
}

} // namespace

bool spyre::streamMatmulOperands(sched::StageOp stage, int stickBytes) {
  Block &body = stage.getBody().front();
  SmallVector<Streamed> found;
  for (auto matmul : body.getOps<linalg::MatmulOp>())
    if (std::optional<Streamed> s = match(stage, matmul, stickBytes))
      found.push_back(*s);
  if (found.empty())
    return false;
  // The load unit fills the stage's FIFOs in the order the stage pops
  // them: the pops that stay must all come before the streamed ones, and
  // those in the order of their matmuls.
  SmallVector<Operation *> streamedPops;
  for (const Streamed &s : found)
    streamedPops.push_back(s.pop);
  size_t next = 0;
  for (auto pop : body.getOps<sched::PopOp>()) {
    bool streamed = llvm::is_contained(streamedPops, pop.getOperation());
    if (!streamed && next > 0)
      return false;
    if (streamed && streamedPops[next++] != pop.getOperation())
      return false;
  }
  for (Streamed &s : found)
    rewrite(s);
  return true;
}
