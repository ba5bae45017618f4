//===- DirectOps.cpp - the stage executor's commonest ops by number -------===//
//
// The direct paths (interp/BlockPlan.h) of the per-stick ops that run
// most often: a pop or receive of one vector from a queue that has one, a
// push or send of one vector into a queue that has room, a broadcast of a
// scalar into a vector, an element of a vector, the move of one stick
// between an LX buffer and a queue (sched.transfer, dflow.stream / collect
// `sticks = 1`), and a token signalled into a queue with room or taken
// from one that has it. Each does what its handler does when the
// queue need not be waited for, reading and binding values by number; in
// any other case (an empty or full queue, a splat, a tile) it declines and
// the handler runs, waits and reports as before.
//
//===----------------------------------------------------------------------===//

#include "interp/BlockPlan.h"
#include "ir/dataflow/DataflowDialect.h"
#include "ir/schedule/ScheduleDialect.h"
#include "stagex/ExecContext.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;
using interp::TensorPtr;

namespace {

enum class Direct : uint8_t {
  Pop,
  Push,
  Broadcast,
  Stream,
  Collect,
  Extract,
  Signal,
  Wait
};

/// One stick at a time: no `sticks` attribute, or 1.
bool oneStick(Operation *op) {
  std::optional<int64_t> sticks = sticksAttr(op);
  return !sticks || *sticks == 1;
}

/// The queue of a FIFO or channel value for the running process (null
/// once the run has stopped: the handler's wait then says so).
Queue *queueIn(Context &ctx, const interp::RtValue &v) {
  if (ctx.scheduler.stopped())
    return nullptr;
  auto *p = std::get_if<interp::ForeignPtr>(&v);
  if (!p || !*p || (*p)->kind != QueueValue::kKind)
    return nullptr;
  return &static_cast<QueueValue *>(p->get())->instance(ctx.process().instance);
}

bool pop(Context &ctx, interp::CoreExec &core, interp::OpPlan &plan) {
  Queue *queue = queueIn(ctx, core.getId(plan.operands[0]));
  if (!queue || queue->holdsTokens() || queue->empty())
    return false;
  auto type = cast<VectorType>(plan.op->getResult(0).getType());
  if (ArrayRef<int64_t>(queue->front()->shape) != type.getShape())
    return false;
  core.setId(plan.resultId, queue->pop());
  return true;
}

bool push(Context &ctx, interp::CoreExec &core, interp::OpPlan &plan) {
  Queue *queue = queueIn(ctx, core.getId(plan.operands[1]));
  auto *value = std::get_if<TensorPtr>(&core.getId(plan.operands[0]));
  if (!queue || queue->holdsTokens() || queue->full() || !value || !*value ||
      (*value)->splat)
    return false;
  queue->push(*value);
  return true;
}

LxBuffer *bufferIn(const interp::RtValue &v) {
  auto *p = std::get_if<interp::ForeignPtr>(&v);
  if (!p || !*p || (*p)->kind != LxBuffer::kKind)
    return nullptr;
  return static_cast<LxBuffer *>(p->get());
}

/// The stick a one-stick move starts at (operand #2, or 0 without one),
/// if it lies in `buffer`.
std::optional<int64_t> stickIn(interp::CoreExec &core, const interp::OpPlan &plan,
                               const LxBuffer &buffer) {
  int64_t s = 0;
  if (plan.operands.size() > 2) {
    auto *at = std::get_if<interp::Scalar>(&core.getId(plan.operands[2]));
    if (!at)
      return std::nullopt;
    s = at->integer();
  }
  if (s < 0 || s + 1 > buffer.layout.sticks())
    return std::nullopt;
  return s;
}

/// The two ends of a one-stick move and the stick, when it can go on
/// without waiting: the buffer is operand `bufferAt`, the queue the other
/// one, which must have room (`fill`) or an item.
struct StickMove {
  LxBuffer *buffer = nullptr;
  Queue *queue = nullptr;
  int64_t stick = 0, fit = 0;
};
std::optional<StickMove> stickMove(Context &ctx, interp::CoreExec &core,
                                   const interp::OpPlan &plan, unsigned bufferAt,
                                   bool fill) {
  StickMove m;
  m.buffer = bufferIn(core.getId(plan.operands[bufferAt]));
  m.queue = queueIn(ctx, core.getId(plan.operands[1 - bufferAt]));
  if (!m.buffer || !m.queue || m.queue->holdsTokens() || m.queue->lanes() == 0 ||
      (fill ? m.queue->full() : m.queue->empty()))
    return std::nullopt;
  std::optional<int64_t> s = stickIn(core, plan, *m.buffer);
  if (!s)
    return std::nullopt;
  m.stick = *s;
  m.fit = std::min(m.queue->lanes(), m.buffer->layout.lanes);
  return m;
}

/// LX -> queue: bufferToQueue for one stick.
bool stream(Context &ctx, interp::CoreExec &core, interp::OpPlan &plan) {
  std::optional<StickMove> m = stickMove(ctx, core, plan, 0, true);
  if (!m)
    return false;
  TensorPtr v = interp::makeTensor(m->queue->dtype(), {m->queue->lanes()});
  readStick(ctx.lx(m->buffer->core), *m->buffer, m->stick, v->data.data(), m->fit);
  // The lanes past a partial row's end are padding (Tensor::dataLanes).
  v->dataLanes = std::min(m->fit, m->buffer->layout.count(m->stick));
  m->queue->push(std::move(v));
  return true;
}

/// Queue -> LX: queueToBuffer for one stick.
bool collect(Context &ctx, interp::CoreExec &core, interp::OpPlan &plan) {
  std::optional<StickMove> m = stickMove(ctx, core, plan, 1, false);
  if (!m)
    return false;
  TensorPtr v = m->queue->pop();
  writeStick(ctx.lx(m->buffer->core), *m->buffer, m->stick, v->data.data(), m->fit);
  return true;
}

bool broadcast(interp::CoreExec &core, interp::OpPlan &plan) {
  auto *s = std::get_if<interp::Scalar>(&core.getId(plan.operands[0]));
  if (!s)
    return false;
  auto type = cast<VectorType>(plan.op->getResult(0).getType());
  TensorPtr out = interp::makeTensor(plan.result, type.getShape(), false);
  double v = interp::convertSlot(s->dtype, plan.result, s->value);
  std::fill(out->data.begin(), out->data.end(), v);
  core.setId(plan.resultId, std::move(out));
  return true;
}

/// One element of a 1-D vector (its position static, or operand #1).
bool extract(interp::CoreExec &core, interp::OpPlan &plan) {
  auto *v = std::get_if<TensorPtr>(&core.getId(plan.operands[0]));
  if (!v || !*v || (*v)->splat)
    return false;
  int64_t at = plan.immediate;
  if (plan.operands.size() > 1) {
    auto *s = std::get_if<interp::Scalar>(&core.getId(plan.operands[1]));
    if (!s)
      return false;
    at = s->integer();
  }
  if (at < 0 || at >= (*v)->numElements())
    return false; // the handler says where
  core.setId(plan.resultId, interp::Scalar{(*v)->data[size_t(at)], plan.result});
  return true;
}

/// signal / wait: a token in (the queue has room) or out (it has one).
bool token(Context &ctx, interp::CoreExec &core, interp::OpPlan &plan, bool signal) {
  Queue *queue = queueIn(ctx, core.getId(plan.operands[0]));
  if (!queue || !queue->holdsTokens() || (signal ? queue->full() : queue->empty()))
    return false;
  if (signal)
    queue->pushToken();
  else
    queue->popToken();
  return true;
}

} // namespace

bool spyre::stagex::planDirect(interp::OpPlan &plan) {
  Operation *op = plan.op;
  auto direct = [&](Direct d) {
    plan.variant = uint8_t(d);
    if (op->getNumResults() == 1)
      plan.result = interp::dtypeOf(op->getResult(0).getType());
    return true;
  };
  if (isa<sched::PopOp, dflow::ReceiveOp>(op))
    return isa<VectorType>(op->getResult(0).getType()) && oneStick(op) &&
           plan.resultId != ~0u && direct(Direct::Pop);
  if (isa<sched::SignalOp, dflow::SignalOp>(op))
    return op->getNumOperands() == 1 && direct(Direct::Signal);
  if (isa<sched::WaitOp, dflow::WaitOp>(op))
    return op->getNumOperands() == 1 && direct(Direct::Wait);
  if (isa<sched::PushOp, dflow::SendOp>(op))
    return isa<VectorType>(op->getOperand(0).getType()) && oneStick(op) &&
           direct(Direct::Push);
  // A move of exactly one stick between an LX buffer and a queue (which
  // side is which, the handler's checks, at run time).
  std::optional<int64_t> sticks = sticksAttr(op);
  bool one = sticks && *sticks == 1;
  if (isa<dflow::StreamOp>(op))
    return one && direct(Direct::Stream);
  if (isa<dflow::CollectOp>(op))
    return one && direct(Direct::Collect);
  if (isa<sched::TransferOp>(op) && one) {
    Type from = op->getOperand(0).getType(), to = op->getOperand(1).getType();
    if (isa<MemRefType>(from) && isa<sched::FifoType>(to))
      return direct(Direct::Stream);
    if (isa<sched::FifoType>(from) && isa<MemRefType>(to))
      return direct(Direct::Collect);
    return false;
  }
  if (auto e = dyn_cast<vector::ExtractOp>(op)) {
    if (isa<ShapedType>(e.getResult().getType()) ||
        e.getSource().getType().getRank() != 1 || e.getStaticPosition().size() != 1 ||
        plan.resultId == ~0u)
      return false;
    plan.immediate = e.getStaticPosition()[0];
    bool dynamic = ShapedType::isDynamic(plan.immediate);
    if (plan.operands.size() != (dynamic ? 2u : 1u))
      return false;
    return direct(Direct::Extract);
  }
  if (auto b = dyn_cast<vector::BroadcastOp>(op))
    return !isa<ShapedType>(b.getSource().getType()) &&
           b.getResult().getType().hasStaticShape() && plan.resultId != ~0u &&
           direct(Direct::Broadcast);
  return false;
}

bool spyre::stagex::runDirect(Context &ctx, interp::CoreExec &core,
                              interp::OpPlan &plan) {
  switch (Direct(plan.variant)) {
  case Direct::Pop:
    return pop(ctx, core, plan);
  case Direct::Push:
    return push(ctx, core, plan);
  case Direct::Broadcast:
    return broadcast(core, plan);
  case Direct::Stream:
    return stream(ctx, core, plan);
  case Direct::Collect:
    return collect(ctx, core, plan);
  case Direct::Extract:
    return extract(core, plan);
  case Direct::Signal:
    return token(ctx, core, plan, true);
  case Direct::Wait:
    return token(ctx, core, plan, false);
  }
  return false;
}
