//===- StageAccumulators.cpp - a loop's accumulator stays in LX -----------===//
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
// The same holds for an elementwise update (a running sum or max), and
// for a loop whose iteration updates the tile only in some branches of an
// scf.if (block-causal skipping: the key blocks above the diagonal yield
// the accumulator unchanged): each branch that updates it reads and
// writes the buffer, a branch that passes it on does nothing, and no
// value carries the tile from unit to unit across the branch. A tile an
// scf.if yields for pipelines after it is written to LX by each branch
// likewise, when the compute engine could not hold it until then.
//
//===----------------------------------------------------------------------===//

#include "pipeline/utils/StageAccumulators.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallPtrSet.h"

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

/// `op` without its result `index`: each branch stops yielding it.
void dropIfResult(scf::IfOp op, unsigned index) {
  SmallVector<Type> types(op.getResultTypes());
  types.erase(types.begin() + index);
  OpBuilder b(op);
  auto fresh = scf::IfOp::create(b, op.getLoc(), types, op.getCondition(),
                                 /*addThenBlock=*/false, /*addElseBlock=*/false);
  fresh->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  for (auto [to, from] : llvm::zip(fresh->getRegions(), op->getRegions())) {
    to.takeBody(from);
    if (!to.empty())
      to.front().getTerminator()->eraseOperand(index);
  }
  // An else branch left with nothing to do goes.
  Region &otherwise = fresh.getElseRegion();
  if (fresh.getNumResults() == 0 && !otherwise.empty() &&
      otherwise.front().without_terminator().empty())
    otherwise.front().erase();
  unsigned next = 0;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    if (i != index)
      op->getResult(i).replaceAllUsesWith(fresh->getResult(next++));
  op.erase();
}

/// `loop` without its iter_arg `index` (no longer used in the body; the
/// caller has taken it out of the body's yield).
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

/// A pipeline that makes an iteration's next value of the carried tile:
/// its compute stage yields it as the stage's result `stageResult`.
struct Update {
  sched::PipelineOp pipeline;
  unsigned pipelineResult = 0;
  sched::StageOp stage;
  unsigned stageResult = 0;
};

/// Whether `user` is a reduction over leading dimensions only (a column
/// sum) into `v`: each column of the next value needs the same column of
/// `v` only, a stick of it for a stick.
bool sumsRowsInto(Operation *user, Value v) {
  auto reduce = dyn_cast<linalg::ReduceOp>(user);
  if (!reduce || reduce.getInits().size() != 1 || reduce.getInits()[0] != v)
    return false;
  int64_t rank = cast<ShapedType>(reduce.getInputs()[0].getType()).getRank();
  return !llvm::is_contained(reduce.getDimensions(), rank - 1);
}

/// Whether the compute stage `stage` may read the carried tile `arg` from
/// LX and write its next value `next` back to the same buffer while the
/// tile streams through it a stick at a time: everything it computes from
/// `arg` is elementwise on tiles of `arg`'s shape (stick i of the next
/// value needs stick i of the old one only) or a matmul accumulating into
/// it, and it uses `arg` nowhere else.
bool updatesInPlace(sched::StageOp stage, Value arg, Value next) {
  Block &body = stage.getBody().front();
  auto shape = cast<RankedTensorType>(arg.getType()).getShape();
  SmallVector<Value> work{arg};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (v == arg && !stage->isProperAncestor(user))
        continue; // another branch's, checked by the caller
      if (user == body.getTerminator()) {
        if (v != next || v == arg)
          return false;
        continue;
      }
      if (user->getBlock() != &body)
        return false;
      if (!seen.insert(user).second)
        continue;
      auto matmul = dyn_cast<linalg::MatmulOp>(user);
      bool accumulates = (matmul && matmul.getDpsInits().size() == 1 &&
                          matmul.getDpsInits()[0] == v) ||
                         sumsRowsInto(user, v);
      if (!accumulates && !spyre::isElementwiseOp(user))
        return false;
      for (Value r : user->getResults()) {
        auto t = dyn_cast<RankedTensorType>(r.getType());
        if (!t || t.getShape() != shape)
          return false;
        work.push_back(r);
      }
    }
  }
  return true;
}

/// The pipeline of `block` that makes `v` in its compute stage (the
/// stage's own op computes it), when nothing else uses `v`.
std::optional<Update> producerOf(Value v, Block *block) {
  Update u;
  u.pipeline = v.getDefiningOp<sched::PipelineOp>();
  if (!u.pipeline || u.pipeline->getBlock() != block || !v.hasOneUse())
    return std::nullopt;
  u.pipelineResult = cast<OpResult>(v).getResultNumber();
  u.stage = yieldingStage(u.pipeline, u.pipelineResult, u.stageResult);
  if (!u.stage)
    return std::nullopt;
  Block &body = u.stage.getBody().front();
  Operation *def = body.getTerminator()->getOperand(u.stageResult).getDefiningOp();
  if (!def || def->getBlock() != &body)
    return std::nullopt;
  return u;
}

/// The update `next` is, when a pipeline of `block` yields it from a
/// compute stage that only reads `arg` in place (updatesInPlace).
std::optional<Update> updateOf(Value next, Value arg, Block *block) {
  std::optional<Update> u = producerOf(next, block);
  if (!u)
    return std::nullopt;
  Value value =
      u->stage.getBody().front().getTerminator()->getOperand(u->stageResult);
  if (!updatesInPlace(u->stage, arg, value))
    return std::nullopt;
  // `arg` is used in no other stage of the pipeline.
  for (Operation *user : arg.getUsers())
    if (u->pipeline->isAncestor(user) && !u->stage->isAncestor(user))
      return std::nullopt;
  return u;
}

/// The compute stages of later pipelines of `op`'s block that read `value`
/// (a result of `op`), when nothing else does and those pipelines yield
/// nothing; else a reason.
const char *laterReaders(Value value, Operation *op,
                         SmallVectorImpl<sched::StageOp> &readers) {
  for (Operation *user : value.getUsers()) {
    auto readerStage = user->getParentOfType<sched::StageOp>();
    if (!readerStage || readerStage.getUnit() != "compute")
      return "it is used outside a compute stage";
    auto readerPipeline = cast<sched::PipelineOp>(readerStage->getParentOp());
    if (readerPipeline->getBlock() != op->getBlock() ||
        readerPipeline.getNumResults() != 0 ||
        !op->isBeforeInBlock(readerPipeline))
      return "it is used by a pipeline that yields a value or lies in "
             "another block";
    if (!llvm::is_contained(readers, readerStage))
      readers.push_back(readerStage);
  }
  return nullptr;
}

/// The readers read `value` from `buffer` instead, each pipeline behind a
/// barrier.
void readFrom(Value buffer, Value value, ArrayRef<sched::StageOp> readers) {
  for (sched::StageOp reader : readers) {
    Block &readerBody = reader.getBody().front();
    OpBuilder b = OpBuilder::atBlockBegin(&readerBody);
    Value read =
        sched::ReadOp::create(b, value.getLoc(), value.getType(), buffer);
    value.replaceUsesWithIf(read, [&](OpOperand &use) {
      return reader->isProperAncestor(use.getOwner());
    });
    barrierBefore(reader->getParentOp());
  }
}

/// The stage `u` writes what it yields to `buffer` too.
void writeTo(Value buffer, Update u) {
  Operation *terminator = u.stage.getBody().front().getTerminator();
  OpBuilder b(terminator);
  Value value = terminator->getOperand(u.stageResult);
  sched::WriteOp::create(b, value.getLoc(), value, buffer);
}

uint64_t tileBytes(RankedTensorType type) {
  return uint64_t(type.getNumElements()) *
         ((type.getElementTypeBitWidth() + 7) / 8);
}

/// Stages result `index` of `branch` (an scf.if outside the stages) in LX
/// when the compute engine cannot hold it, each branch makes it in a
/// pipeline of its own, and only compute stages of later pipelines read
/// it: each branch's stage writes it to a persistent buffer, the readers
/// read it from there. Returns whether it did.
bool stageBranchResult(scf::IfOp branch, unsigned index,
                       uint64_t computeBytes) {
  Value result = branch.getResult(index);
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 1 ||
      tileBytes(type) <= computeBytes ||
      branch->getParentOfType<sched::StageOp>())
    return false;
  SmallVector<Update> makers;
  for (Region &region : branch->getRegions()) {
    if (region.empty())
      return false;
    Block &block = region.front();
    std::optional<Update> u =
        producerOf(block.getTerminator()->getOperand(index), &block);
    if (!u)
      return false;
    makers.push_back(*u);
  }
  SmallVector<sched::StageOp> readers;
  if (laterReaders(result, branch, readers))
    return false;
  OpBuilder b(branch);
  Value buffer = sched::AllocOp::create(b, branch.getLoc(),
                                        spyre::scratchpadType(type), nullptr,
                                        nullptr, /*persistent=*/true);
  // In a loop, the next iteration's write waits for this one's readers.
  bool repeated = branch->getParentOfType<LoopLikeOpInterface>() != nullptr;
  for (Update &u : makers) {
    writeTo(buffer, u);
    if (repeated)
      barrierBefore(u.pipeline);
  }
  readFrom(buffer, result, readers);
  dropIfResult(branch, index);
  for (Update &u : makers) {
    dropResult(u.pipeline, u.pipelineResult);
    dropResult(u.stage, u.stageResult);
  }
  return true;
}

/// Stages the `index`-th iter_arg of `loop` in LX when it is an
/// accumulator as described in the header. Returns whether it did; when it
/// did not and the loop passes the tile through an scf.if (which no unit
/// but the compute unit could then follow with the tile), `why` says why.
bool stage(scf::ForOp loop, unsigned index, uint64_t computeBytes,
           std::string &why) {
  Value arg = loop.getRegionIterArg(index);
  auto type = dyn_cast<RankedTensorType>(arg.getType());
  Value next = loop.getBody()->getTerminator()->getOperand(index);
  auto branch = next.getDefiningOp<scf::IfOp>();
  bool branchy = type && branch && branch->getBlock() == loop.getBody() &&
                 !loop->getParentOfType<sched::StageOp>();
  auto refuse = [&](const char *reason) {
    if (branchy)
      why = reason;
    return false;
  };
  if (!type || !type.hasStaticShape() || type.getRank() < 1)
    return refuse("its shape is not static");
  // The first value: a result of a pipeline just before the loop.
  Value init = loop.getInitArgs()[index];
  auto initPipeline = init.getDefiningOp<sched::PipelineOp>();
  unsigned initStageResult = 0;
  if (!initPipeline || initPipeline->getBlock() != loop->getBlock() ||
      !init.hasOneUse())
    return refuse("its first value is not computed just before the loop "
                  "(or is used elsewhere too)");
  sched::StageOp initStage = yieldingStage(
      initPipeline, cast<OpResult>(init).getResultNumber(), initStageResult);
  if (!initStage)
    return refuse("its first value is not computed just before the loop");
  // Each iteration: one pipeline whose compute stage updates it, or an
  // scf.if each of whose branches does so or yields it unchanged
  // (block-causal skipping).
  SmallVector<Update> updates;
  unsigned branchResult = 0;
  if (std::optional<Update> u = updateOf(next, arg, loop.getBody())) {
    updates.push_back(*u);
    branch = {};
  } else {
    if (!branchy || !next.hasOneUse())
      return refuse("the branch's result is used in the loop too");
    branchResult = cast<OpResult>(next).getResultNumber();
    for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()}) {
      Block &block = region->front();
      Value yielded = block.getTerminator()->getOperand(branchResult);
      if (yielded == arg)
        continue;
      std::optional<Update> u = updateOf(yielded, arg, &block);
      if (!u)
        return refuse(
            "a branch computes its next value with more than elementwise "
            "ops on it (a row reduction, a transpose, a reshape) or uses "
            "it elsewhere: the next value cannot stream through LX in "
            "place, a stick of it for a stick of the old");
      updates.push_back(*u);
    }
    if (updates.empty())
      return false; // no branch changes it: the canonicalizer's to drop
  }
  // A loop without a branch keeps an elementwise accumulator the compute
  // engine can hold there (one LX round trip an iteration saved).
  // A matmul or a column sum accumulating into it streams its rows or
  // columns past it: staged whatever its size.
  bool matmul = llvm::any_of(arg.getUsers(), [&](Operation *user) {
    return isa<linalg::MatmulOp>(user) || sumsRowsInto(user, arg);
  });
  if (!branch && !matmul && tileBytes(type) <= computeBytes)
    return false;
  // Inside the loop, the tile is read by those updates only (and passed on
  // unchanged by the branch).
  for (OpOperand &use : arg.getUses()) {
    Operation *user = use.getOwner();
    bool passed = branch && isa<scf::YieldOp>(user) &&
                  user->getParentOp() == branch &&
                  use.getOperandNumber() == branchResult;
    if (!passed && llvm::none_of(updates, [&](const Update &u) {
          return u.stage->isAncestor(user);
        }))
      return refuse("the loop uses it outside the branch's updates");
  }
  // After the loop: read only by compute stages of later pipelines of the
  // loop's block.
  Value result = loop.getResult(index);
  SmallVector<sched::StageOp> readers;
  if (const char *reason = laterReaders(result, loop, readers))
    return refuse(reason);

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
  // Each update reads it, computes and writes the next value back; a
  // branch that yields it unchanged leaves it there.
  for (Update &u : updates) {
    Block &stageBody = u.stage.getBody().front();
    b.setInsertionPointToStart(&stageBody);
    Value carried = sched::ReadOp::create(b, loc, type, buffer);
    arg.replaceUsesWithIf(carried, [&](OpOperand &use) {
      return u.stage->isProperAncestor(use.getOwner());
    });
    if (carried.use_empty())
      carried.getDefiningOp()->erase();
    writeTo(buffer, u);
    barrierBefore(u.pipeline);
  }
  // The pipelines after the loop read the final value.
  readFrom(buffer, result, readers);
  // Nothing carries the tile any more: the loop's yield lets go of it,
  // then the branch, the updates, the loop and the first pipeline.
  unsigned initResult = cast<OpResult>(init).getResultNumber();
  loop.getBody()->getTerminator()->eraseOperand(index);
  if (branch)
    dropIfResult(branch, branchResult);
  for (Update &u : updates) {
    dropResult(u.pipeline, u.pipelineResult);
    dropResult(u.stage, u.stageResult);
  }
  dropIterArg(loop, index);
  dropResult(initPipeline, initResult);
  dropResult(initStage, initStageResult);
  return true;
}

} // namespace

LogicalResult spyre::stageAccumulators(Operation *root,
                                       uint64_t computeBytes) {
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  bool refused = false;
  // A tile an scf.if yields, too big for the compute engine to hold until
  // the pipelines after the branch read it.
  SmallVector<scf::IfOp> branches;
  root->walk([&](scf::IfOp branch) { branches.push_back(branch); });
  for (scf::IfOp branch : branches)
    for (unsigned i = branch.getNumResults(); i-- > 0;)
      if (stageBranchResult(branch, i, computeBytes))
        break; // the branch was replaced
  for (scf::ForOp loop : loops)
    for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i) {
      std::string why;
      if (stage(loop, i, computeBytes, why))
        break; // the loop was replaced: one accumulator per loop
      if (!why.empty()) {
        loop.emitError("the loop carries a tile through an scf.if: the "
                       "tile would have to stay in LX between iterations "
                       "(the other units follow the branch too but cannot "
                       "hold it), and it cannot: ")
            << why;
        refused = true;
      }
    }
  return failure(refused);
}
