//===- ScheduleOps.cpp - ScheduleIR (`sched`) executed ---------------------===//
//
// A group runs its body. A pipeline runs its shared ops (buffers, FIFOs,
// address arithmetic) on the process that reaches it, starts one process
// per stage and waits for all of them: pipelines run one after the other,
// their stages concurrently, so a barrier between pipelines has nothing
// left to wait for. A buffer without an address lives in scratchpad above
// every real address for as long as its pipeline; with one, at its address
// plus copy x size for iteration i of its loop (copy i mod copies, as
// lower-to-dataflow computes it).
//
//===----------------------------------------------------------------------===//

#include "stagex/ExecContext.h"
#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;

namespace {

LogicalResult execGroup(interp::CoreExec &core, sched::GroupOp op) {
  SmallVector<interp::RtValue> yielded;
  if (failed(core.runBlock(op.getBody().front(), {}, yielded)))
    return failure();
  for (auto [result, value] : llvm::zip(op.getResults(), yielded))
    core.set(result, value);
  core.releaseHeld(yielded);
  return success();
}

/// Starts the process of one stage: it runs the stage's body and binds
/// the stage's results on the pipeline's process (its owner). The body
/// captures two pointers, which std::function holds without a heap block
/// (a stage's process is made every time its pipeline runs).
void startStage(Context &ctx, Process &me, sched::StageOp stage) {
  ctx.spawnChild(me, stage.getUnit().str(), me.instance,
                 [&ctx, stage](Process &p) mutable {
                   SmallVector<interp::RtValue> yielded;
                   if (failed(runProcessBody(ctx, p, stage.getBody().front(),
                                             yielded)))
                     return false;
                   for (auto [result, value] :
                        llvm::zip(stage.getResults(), yielded))
                     p.owner->set(result, value);
                   p.exec->releaseHeld(yielded);
                   return true;
                 });
}

LogicalResult execPipeline(Context &ctx, interp::CoreExec &core,
                           sched::PipelineOp op) {
  Process &me = ctx.process();
  uint64_t mark = ctx.pipelineMark(me.core);
  Block &body = op.getBody().front();
  bool ok = true;
  for (Operation &inner : body.without_terminator()) {
    if (auto stage = dyn_cast<sched::StageOp>(inner)) {
      startStage(ctx, me, stage);
      continue;
    }
    if (failed(core.execOp(&inner))) {
      ok = false;
      break;
    }
  }
  // The stages started are waited for even after a failure: they point at
  // this process's values.
  ok = ctx.scheduler.join(op) && ok;
  ctx.pipelineRelease(me.core, mark);
  if (!ok)
    return failure();
  for (auto [result, value] :
       llvm::zip(op.getResults(), body.getTerminator()->getOperands()))
    core.set(result, core.get(value));
  return success();
}

/// The copy of a multi-copy buffer this iteration of its loop uses.
FailureOr<int64_t> copyOf(interp::CoreExec &core, sched::AllocOp op) {
  int64_t copies = op.getCopies().value_or(1);
  auto loop = op->getParentOfType<scf::ForOp>();
  if (copies <= 1 || !loop)
    return int64_t(0);
  FailureOr<int64_t> iv = core.integer(op, loop.getInductionVar());
  FailureOr<int64_t> lb = core.integer(op, loop.getLowerBound());
  FailureOr<int64_t> step = core.integer(op, loop.getStep());
  if (failed(iv) || failed(lb) || failed(step))
    return failure();
  uint64_t iteration = uint64_t(*iv - *lb) / uint64_t(*step);
  return int64_t(iteration % uint64_t(copies));
}

LogicalResult execAlloc(Context &ctx, interp::CoreExec &core,
                        sched::AllocOp op) {
  auto type = cast<MemRefType>(op.getType());
  interp::DType dtype = interp::dtypeOf(type);
  Process &me = ctx.process();
  uint64_t bytes = lxBytes(type.getShape(), dtype, ctx.stickBytes);
  uint64_t address = 0;
  if (std::optional<uint64_t> at = op.getAddress()) {
    FailureOr<int64_t> copy = copyOf(core, op);
    if (failed(copy))
      return failure();
    uint64_t instanceBytes = bytes * uint64_t(op.getCopies().value_or(1));
    address = *at + uint64_t(*copy) * bytes +
              uint64_t(me.instance) * instanceBytes;
  } else {
    address = ctx.allocate(me.core, bytes,
                           op->getParentOfType<sched::PipelineOp>() != nullptr);
  }
  core.set(op.getBuffer(), makeLxBuffer(me.core, address, type.getShape(),
                                        dtype, ctx.stickBytes, op));
  return success();
}

LogicalResult execTransfer(Context &ctx, interp::CoreExec &core,
                           sched::TransferOp op) {
  Value src = op.getSource(), dst = op.getDest();
  std::optional<int64_t> first;
  if (Value at = op.getFirst()) {
    FailureOr<int64_t> s = core.integer(op, at);
    if (failed(s))
      return failure();
    first = *s;
  }
  std::optional<int64_t> sticks = sticksAttr(op);
  LxBuffer *fromBuffer = bufferOf(core, src), *toBuffer = bufferOf(core, dst);
  bool ok = true;
  if (toBuffer)
    if (const interp::AccessTile *tile = movedTile(core, src, ok))
      return tileToBuffer(ctx, core, op, *tile, *toBuffer, first, sticks);
  if (fromBuffer && ok)
    if (const interp::AccessTile *tile = movedTile(core, dst, ok))
      return bufferToTile(ctx, core, op, *fromBuffer, *tile, first, sticks);
  if (!ok)
    return failure();
  int instance = ctx.process().instance;
  if (QueueValue *q = queueOf(core, dst); q && fromBuffer)
    return bufferToQueue(ctx, op, *fromBuffer, q->instance(instance), first,
                         sticks);
  if (QueueValue *q = queueOf(core, src); q && toBuffer)
    return queueToBuffer(ctx, op, q->instance(instance), *toBuffer, first,
                         sticks);
  return op.emitError("the stage executor cannot move ")
         << src.getType() << " to " << dst.getType()
         << " (or an operand has not been evaluated)";
}

LogicalResult execRead(Context &ctx, interp::CoreExec &core, sched::ReadOp op) {
  LxBuffer *buffer = bufferOf(core, op.getBuffer());
  if (!buffer)
    return op.emitError("the buffer has not been evaluated");
  interp::TensorPtr t = readBuffer(ctx.lx(buffer->core), *buffer);
  auto type = cast<RankedTensorType>(op.getType());
  if (ArrayRef<int64_t>(t->shape) != type.getShape())
    t = interp::reshaped(*t, type.getShape());
  core.set(op.getResult(), t);
  return success();
}

LogicalResult execWrite(Context &ctx, interp::CoreExec &core,
                        sched::WriteOp op) {
  LxBuffer *buffer = bufferOf(core, op.getBuffer());
  FailureOr<interp::TensorPtr> t = core.tensor(op, op.getValue());
  if (!buffer || failed(t))
    return op.emitError("an operand has not been evaluated");
  writeBuffer(ctx.lx(buffer->core), *buffer, **t);
  return success();
}

/// The queue of a FIFO operand for the running process's instance.
Queue *fifoOf(Context &ctx, interp::CoreExec &core, Operation *op, Value v) {
  QueueValue *q = queueOf(core, v);
  if (!q) {
    op->emitError("the FIFO has not been evaluated");
    return nullptr;
  }
  return &q->instance(ctx.process().instance);
}

LogicalResult execQueueOp(Context &ctx, interp::CoreExec &core,
                          Operation *op) {
  if (auto fifo = dyn_cast<sched::FifoOp>(op)) {
    auto type = cast<sched::FifoType>(fifo.getType());
    core.set(fifo.getFifo(),
             makeQueue(ctx, op, type.getElementType(), int64_t(fifo.getDepth()),
                       int64_t(fifo.getInitial().value_or(0))));
    return success();
  }
  Queue *queue = fifoOf(ctx, core, op, op->getOperand(isa<sched::PushOp>(op)));
  if (!queue)
    return failure();
  return execQueueUse<sched::PushOp, sched::PopOp, sched::SignalOp>(
      ctx, core, op, *queue);
}

} // namespace

LogicalResult spyre::stagex::execSchedule(Context &ctx, interp::CoreExec &core,
                                          Operation *op, bool &handled) {
  if (auto group = dyn_cast<sched::GroupOp>(op))
    return execGroup(core, group);
  if (auto pipeline = dyn_cast<sched::PipelineOp>(op))
    return execPipeline(ctx, core, pipeline);
  if (auto alloc = dyn_cast<sched::AllocOp>(op))
    return execAlloc(ctx, core, alloc);
  if (auto transfer = dyn_cast<sched::TransferOp>(op))
    return execTransfer(ctx, core, transfer);
  if (auto read = dyn_cast<sched::ReadOp>(op))
    return execRead(ctx, core, read);
  if (auto write = dyn_cast<sched::WriteOp>(op))
    return execWrite(ctx, core, write);
  if (isa<sched::FifoOp, sched::PushOp, sched::PopOp, sched::SignalOp,
          sched::WaitOp>(op))
    return execQueueOp(ctx, core, op);
  // Pipelines run one after the other: everything before a barrier is done.
  // The exchange's traffic is the inter-tile op after it (or, once
  // lowered, the sends and receives).
  if (isa<sched::BarrierOp, sched::RingExchangeOp>(op))
    return success();
  if (auto instance = dyn_cast<sched::InstanceOp>(op)) {
    core.set(instance.getIndex(),
             interp::indexScalar(ctx.process().instance));
    return success();
  }
  if (auto send = dyn_cast<sched::RingSendOp>(op))
    return ringSend(ctx, core, op, send.getValues(), send.getCore());
  if (auto receive = dyn_cast<sched::RingReceiveOp>(op))
    return ringReceive(ctx, core, op, receive.getCore(), receive.getStaging());
  if (isa<sched::StageOp>(op))
    return op->emitError("a stage outside a pipeline");
  handled = false;
  return failure();
}
