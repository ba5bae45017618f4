//===- StageAccumulators.cpp - a loop's matmul accumulator stays in LX ----===//
//
// A K loop that accumulates a matmul into a tile it carries from one
// iteration's pipeline to the next (samples/matmul_kloop.mlir: a 16x64
// f32 accumulator, 4 KiB) would have the compute engine hold that tile
// for the whole loop, which its own memory (compute_engine.local_bytes,
// 2 KiB) cannot. Instead the tile lives in a persistent LX buffer: the
// pipeline that makes its first value writes it there, each iteration's
// pipeline reads it (the load unit streams it in), accumulates and writes
// it back (the store unit collects it), and the pipelines after the loop
// read it from there. A barrier before each pipeline that reads it makes
// every unit finish the write before.
//
//===----------------------------------------------------------------------===//

#include "pipeline/utils/StageAccumulators.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

/// The compute stage whose result `index` a pipeline yields as its result
/// `pipelineResult`, or null.
sched::StageOp yieldingStage(sched::PipelineOp pipeline, unsigned pipelineResult,
                             unsigned &index) {
  auto yield = cast<sched::YieldOp>(pipeline.getBody().front().getTerminator());
  Value v = yield.getValues()[pipelineResult];
  auto stage = v.getDefiningOp<sched::StageOp>();
  if (!stage || stage->getParentOp() != pipeline ||
      stage.getUnit() != "compute")
    return {};
  index = cast<OpResult>(v).getResultNumber();
  return stage;
}

/// `op` (a stage or a pipeline) without its result `index`: its body's
/// terminator stops yielding it.
Operation *dropResult(Operation *op, unsigned index) {
  SmallVector<Type> types(op->getResultTypes());
  types.erase(types.begin() + index);
  OpBuilder b(op);
  OperationState state(op->getLoc(), op->getName());
  state.addTypes(types);
  state.addAttributes(op->getAttrs());
  state.addRegion();
  Operation *fresh = b.create(state);
  fresh->getRegion(0).takeBody(op->getRegion(0));
  fresh->getRegion(0).front().getTerminator()->eraseOperand(index);
  unsigned next = 0;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    if (i != index)
      op->getResult(i).replaceAllUsesWith(fresh->getResult(next++));
  op->erase();
  return fresh;
}

/// `loop` without its iter_arg `index` (no longer used in the body).
void dropIterArg(scf::ForOp loop, unsigned index) {
  SmallVector<Value> inits(loop.getInitArgs());
  inits.erase(inits.begin() + index);
  OpBuilder b(loop);
  auto fresh = scf::ForOp::create(b, loop.getLoc(), loop.getLowerBound(),
                                  loop.getUpperBound(), loop.getStep(), inits);
  fresh->setAttrs(loop->getAttrs());
  fresh.getRegion().front().erase();
  fresh.getRegion().takeBody(loop.getRegion());
  Block &body = fresh.getRegion().front();
  body.getTerminator()->eraseOperand(index);
  body.eraseArgument(index + 1);
  unsigned next = 0;
  for (unsigned i = 0; i < loop.getNumResults(); ++i)
    if (i != index)
      loop.getResult(i).replaceAllUsesWith(fresh.getResult(next++));
  loop.erase();
}

void barrierBefore(Operation *op) {
  if (!isa_and_nonnull<sched::BarrierOp>(op->getPrevNode())) {
    OpBuilder b(op);
    sched::BarrierOp::create(b, op->getLoc());
  }
}

/// Stages the `index`-th iter_arg of `loop` in LX when it is a matmul
/// accumulator as described at the top. Returns whether it did.
bool stage(scf::ForOp loop, unsigned index) {
  Value arg = loop.getRegionIterArg(index);
  auto type = dyn_cast<RankedTensorType>(arg.getType());
  if (!type || !type.hasStaticShape() || type.getRank() != 2)
    return false;
  // The first value: a result of a pipeline just before the loop.
  Value init = loop.getInitArgs()[index];
  auto initPipeline = init.getDefiningOp<sched::PipelineOp>();
  unsigned initStageResult = 0;
  if (!initPipeline || initPipeline->getBlock() != loop->getBlock() ||
      !init.hasOneUse())
    return false;
  sched::StageOp initStage = yieldingStage(
      initPipeline, cast<OpResult>(init).getResultNumber(), initStageResult);
  if (!initStage)
    return false;
  // Each iteration: one pipeline whose compute stage accumulates a matmul
  // into it and yields the sum.
  Value next = loop.getBody()->getTerminator()->getOperand(index);
  auto bodyPipeline = next.getDefiningOp<sched::PipelineOp>();
  unsigned bodyStageResult = 0;
  if (!bodyPipeline || bodyPipeline->getBlock() != loop.getBody() ||
      !next.hasOneUse() || !arg.hasOneUse())
    return false;
  sched::StageOp bodyStage = yieldingStage(
      bodyPipeline, cast<OpResult>(next).getResultNumber(), bodyStageResult);
  if (!bodyStage)
    return false;
  auto matmul = dyn_cast<linalg::MatmulOp>(*arg.getUsers().begin());
  Block &stageBody = bodyStage.getBody().front();
  if (!matmul || matmul->getBlock() != &stageBody ||
      matmul.getDpsInits().size() != 1 || matmul.getDpsInits()[0] != arg ||
      !matmul->getResult(0).hasOneUse() ||
      stageBody.getTerminator()->getOperand(bodyStageResult) !=
          matmul->getResult(0))
    return false;
  // After the loop: read only by compute stages of later pipelines of the
  // loop's block.
  Value result = loop.getResult(index);
  SmallVector<sched::StageOp> readers;
  for (Operation *user : result.getUsers()) {
    auto readerStage = user->getParentOfType<sched::StageOp>();
    if (!readerStage || readerStage.getUnit() != "compute")
      return false;
    auto readerPipeline = cast<sched::PipelineOp>(readerStage->getParentOp());
    if (readerPipeline->getBlock() != loop->getBlock() ||
        readerPipeline.getNumResults() != 0 ||
        !loop->isBeforeInBlock(readerPipeline))
      return false;
    if (!llvm::is_contained(readers, readerStage))
      readers.push_back(readerStage);
  }

  Location loc = loop.getLoc();
  OpBuilder b(initPipeline);
  Value buffer = sched::AllocOp::create(b, init.getLoc(),
                                        spyre::scratchpadType(type), nullptr,
                                        nullptr, /*persistent=*/true);
  // The first value goes to LX.
  Operation *initYield = initStage.getBody().front().getTerminator();
  b.setInsertionPoint(initYield);
  sched::WriteOp::create(b, init.getLoc(),
                         initYield->getOperand(initStageResult), buffer);
  // Each iteration reads it, accumulates and writes the sum back.
  b.setInsertionPointToStart(&stageBody);
  Value carried = sched::ReadOp::create(b, loc, type, buffer);
  arg.replaceAllUsesWith(carried);
  b.setInsertionPoint(stageBody.getTerminator());
  sched::WriteOp::create(b, matmul.getLoc(), matmul->getResult(0), buffer);
  barrierBefore(bodyPipeline);
  // The pipelines after the loop read the final sum.
  for (sched::StageOp reader : readers) {
    Block &readerBody = reader.getBody().front();
    b.setInsertionPointToStart(&readerBody);
    Value sum = sched::ReadOp::create(b, loc, type, buffer);
    result.replaceUsesWithIf(sum, [&](OpOperand &use) {
      return reader->isProperAncestor(use.getOwner());
    });
    barrierBefore(reader->getParentOp());
  }
  // Nothing carries the tile any more.
  unsigned initResult = cast<OpResult>(init).getResultNumber();
  unsigned nextResult = cast<OpResult>(next).getResultNumber();
  dropIterArg(loop, index);
  dropResult(initPipeline, initResult);
  dropResult(initStage, initStageResult);
  dropResult(bodyPipeline, nextResult);
  dropResult(bodyStage, bodyStageResult);
  return true;
}

} // namespace

void spyre::stageAccumulators(Operation *root) {
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops)
    for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i)
      if (stage(loop, i))
        break; // the loop was replaced: one accumulator per loop
}
