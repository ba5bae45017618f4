//===- DataflowOps.cpp - DataflowIR (`dflow`) executed ---------------------===//
//
// The kernel's body declares the channels (one set per tile) and holds a
// program per unit. When a tile's process reaches the first program of a
// block it starts every program of that block (per_core instances of each
// on the tile's core) and waits for them all: the programs run as
// processes over the channels until each has ended. LX views are the
// core's scratchpad at the address the program computes; a barrier holds
// a core's live programs until all have arrived.
//
//===----------------------------------------------------------------------===//

#include "stagex/ExecContext.h"
#include "ir/dataflow/DataflowDialect.h"

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;

namespace {

/// Starts every program of the block `op` is in for the running tile, and
/// waits until they have all ended.
LogicalResult runPrograms(Context &ctx, dflow::ProgramOp op) {
  Process &me = ctx.process();
  Context::TileState &tile = ctx.tile(me.tile);
  if (!tile.started.insert(op->getBlock()).second)
    return success(); // started with the first program of the block
  if (!tile.barrier)
    tile.barrier = std::make_unique<Barrier>(me.core);
  Barrier *barrier = tile.barrier.get();
  for (auto program : op->getBlock()->getOps<dflow::ProgramOp>()) {
    int instances = int(program.getPerCore().value_or(1));
    for (int j = 0; j < instances; ++j) {
      barrier->addProgram();
      // Two pointers captured: no heap block for the std::function.
      ctx.spawnChild(me, program.getUnit().str(), j,
                     [&ctx, program](Process &p) mutable {
                       SmallVector<interp::RtValue> yielded;
                       bool ok = succeeded(runProcessBody(
                           ctx, p, program.getBody().front(), yielded));
                       p.exec->releaseHeld(yielded);
                       ctx.tile(p.tile).barrier->programEnded();
                       return ok;
                     });
    }
  }
  return success(ctx.scheduler.join(op));
}

LogicalResult execLxView(Context &ctx, interp::CoreExec &core,
                         dflow::LxViewOp op) {
  FailureOr<int64_t> address = core.integer(op, op.getAddress());
  if (failed(address))
    return failure();
  auto type = cast<MemRefType>(op.getType());
  if (*address < 0)
    return op.emitError("an LX view at byte ") << *address;
  Process &me = ctx.process();
  core.set(op.getView(),
           makeLxBuffer(me.core, uint64_t(*address), type.getShape(),
                        interp::dtypeOf(type), ctx.stickBytes, op));
  return success();
}

LogicalResult execDma(Context &ctx, interp::CoreExec &core, dflow::DmaOp op) {
  std::optional<int64_t> first;
  if (Value at = op.getFirst()) {
    FailureOr<int64_t> s = core.integer(op, at);
    if (failed(s))
      return failure();
    first = *s;
  }
  int64_t sticks = int64_t(op.getSticks());
  bool ok = true;
  if (LxBuffer *buffer = bufferOf(core, op.getDest()))
    if (const interp::AccessTile *tile = movedTile(core, op.getSource(), ok))
      return tileToBuffer(ctx, core, op, *tile, *buffer, first, sticks);
  if (LxBuffer *buffer = bufferOf(core, op.getSource()); buffer && ok)
    if (const interp::AccessTile *tile = movedTile(core, op.getDest(), ok))
      return bufferToTile(ctx, core, op, *buffer, *tile, first, sticks);
  if (!ok)
    return failure();
  return op.emitError("a DMA between an access tile and an LX view, got ")
         << op.getSource().getType() << " -> " << op.getDest().getType()
         << " (or an operand has not been evaluated)";
}

/// The queue of a channel operand for the running program's instance.
Queue *channelOf(Context &ctx, interp::CoreExec &core, Operation *op,
                 Value v) {
  QueueValue *q = queueOf(core, v);
  if (!q) {
    op->emitError("the channel has not been evaluated");
    return nullptr;
  }
  return &q->instance(ctx.process().instance);
}

std::optional<int64_t> firstStick(interp::CoreExec &core, Operation *op,
                                  Value at, bool &ok) {
  ok = true;
  if (!at)
    return std::nullopt;
  FailureOr<int64_t> s = core.integer(op, at);
  ok = succeeded(s);
  return ok ? std::optional<int64_t>(*s) : std::nullopt;
}

LogicalResult execStreamLike(Context &ctx, interp::CoreExec &core,
                             Operation *op) {
  bool stream = isa<dflow::StreamOp>(op);
  Value view = stream ? cast<dflow::StreamOp>(op).getSource()
                      : cast<dflow::CollectOp>(op).getDest();
  Value channel = stream ? cast<dflow::StreamOp>(op).getChannel()
                         : cast<dflow::CollectOp>(op).getChannel();
  Value at = stream ? cast<dflow::StreamOp>(op).getFirst()
                    : cast<dflow::CollectOp>(op).getFirst();
  bool ok = true;
  std::optional<int64_t> first = firstStick(core, op, at, ok);
  LxBuffer *buffer = bufferOf(core, view);
  Queue *queue = channelOf(ctx, core, op, channel);
  if (!ok || !queue)
    return failure();
  if (!buffer)
    return op->emitError("the LX view has not been evaluated");
  std::optional<int64_t> sticks = sticksAttr(op);
  return stream ? bufferToQueue(ctx, op, *buffer, *queue, first, sticks)
                : queueToBuffer(ctx, op, *queue, *buffer, first, sticks);
}

LogicalResult execBarrier(Context &ctx, dflow::BarrierOp op) {
  Barrier *barrier = ctx.tile(ctx.process().tile).barrier.get();
  if (!barrier)
    return op.emitError("a barrier outside a program");
  uint64_t since = barrier->arrive();
  std::function<bool()> ready = [barrier, since] {
    return barrier->released(since);
  };
  return success(ctx.scheduler.wait(ready, op, "waits at", barrier));
}

LogicalResult execChannelOp(Context &ctx, interp::CoreExec &core,
                            Operation *op) {
  if (auto channel = dyn_cast<dflow::ChannelOp>(op)) {
    auto type = cast<dflow::ChannelType>(channel.getType());
    core.set(channel.getChannel(),
             makeQueue(ctx, op, type.getElementType(),
                       int64_t(channel.getDepth()),
                       int64_t(channel.getInitial().value_or(0))));
    return success();
  }
  Queue *queue = channelOf(ctx, core, op, op->getOperand(isa<dflow::SendOp>(op)));
  if (!queue)
    return failure();
  return execQueueUse<dflow::SendOp, dflow::ReceiveOp, dflow::SignalOp>(
      ctx, core, op, *queue);
}

} // namespace

LogicalResult spyre::stagex::execDataflow(Context &ctx, interp::CoreExec &core,
                                          Operation *op, bool &handled) {
  if (auto program = dyn_cast<dflow::ProgramOp>(op))
    return runPrograms(ctx, program);
  if (auto view = dyn_cast<dflow::LxViewOp>(op))
    return execLxView(ctx, core, view);
  if (auto dma = dyn_cast<dflow::DmaOp>(op))
    return execDma(ctx, core, dma);
  if (isa<dflow::StreamOp, dflow::CollectOp>(op))
    return execStreamLike(ctx, core, op);
  if (isa<dflow::ChannelOp, dflow::SendOp, dflow::ReceiveOp, dflow::SignalOp,
          dflow::WaitOp>(op))
    return execChannelOp(ctx, core, op);
  if (auto barrier = dyn_cast<dflow::BarrierOp>(op))
    return execBarrier(ctx, barrier);
  if (isa<dflow::RingExchangeOp>(op))
    return success(); // the sends and receives around it move the data
  if (auto instance = dyn_cast<dflow::InstanceOp>(op)) {
    core.set(instance.getIndex(),
             interp::indexScalar(ctx.process().instance));
    return success();
  }
  if (auto send = dyn_cast<dflow::RingSendOp>(op))
    return ringSend(ctx, core, op, send.getValues(), send.getCore());
  if (auto receive = dyn_cast<dflow::RingReceiveOp>(op))
    return ringReceive(ctx, core, op, receive.getCore(), receive.getStaging());
  // A value another unit holds: nothing here may read it (a use finds it
  // unevaluated and says so).
  if (isa<dflow::RemoteOp>(op))
    return success();
  handled = false;
  return failure();
}
