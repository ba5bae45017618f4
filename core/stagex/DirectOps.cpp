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

/// One stick at a time: no `sticks` attribute, or 1.
bool oneStick(Operation *op) {
  std::optional<int64_t> sticks = sticksAttr(op);
  return !sticks || *sticks == 1;
}

bool pop(Context &ctx, interp::CoreExec &core, interp::OpPlan &plan) {
  auto type = cast<VectorType>(plan.op->getResult(0).getType());
  TensorPtr v;
  if (!popStick(queueIn(ctx, core.getId(plan.operands[0])), type.getShape(), v))
    return false;
  core.setId(plan.resultId, std::move(v));
  return true;
}

bool push(Context &ctx, interp::CoreExec &core, interp::OpPlan &plan) {
  auto *value = std::get_if<TensorPtr>(&core.getId(plan.operands[0]));
  return value && pushStick(queueIn(ctx, core.getId(plan.operands[1])), *value);
}

/// The stick a one-stick move starts at (operand #2, or 0 without one).
std::optional<int64_t> stickOf(interp::CoreExec &core, const interp::OpPlan &plan) {
  if (plan.operands.size() <= 2)
    return 0;
  auto *at = std::get_if<interp::Scalar>(&core.getId(plan.operands[2]));
  if (!at)
    return std::nullopt;
  return at->integer();
}

/// LX -> queue / queue -> LX, one stick: the buffer is operand `bufferAt`,
/// the queue the other one.
bool stickMove(Context &ctx, interp::CoreExec &core, const interp::OpPlan &plan,
               unsigned bufferAt) {
  std::optional<int64_t> s = stickOf(core, plan);
  if (!s)
    return false;
  LxBuffer *buffer = bufferIn(core.getId(plan.operands[bufferAt]));
  Queue *queue = queueIn(ctx, core.getId(plan.operands[1 - bufferAt]));
  return bufferAt == 0 ? streamStick(ctx, buffer, queue, *s)
                       : collectStick(ctx, queue, buffer, *s);
}

bool broadcast(interp::CoreExec &core, interp::OpPlan &plan) {
  auto *s = std::get_if<interp::Scalar>(&core.getId(plan.operands[0]));
  if (!s)
    return false;
  auto type = cast<VectorType>(plan.op->getResult(0).getType());
  core.setId(plan.resultId, broadcastScalar(plan.result, type.getShape(), *s));
  return true;
}

/// One element of a 1-D vector (its position static, or operand #1).
bool extract(interp::CoreExec &core, interp::OpPlan &plan) {
  auto *v = std::get_if<TensorPtr>(&core.getId(plan.operands[0]));
  if (!v || !*v)
    return false;
  int64_t at = plan.immediate;
  if (plan.operands.size() > 1) {
    auto *s = std::get_if<interp::Scalar>(&core.getId(plan.operands[1]));
    if (!s)
      return false;
    at = s->integer();
  }
  std::optional<interp::Scalar> e = elementOf(**v, at, plan.result);
  if (!e)
    return false;
  core.setId(plan.resultId, *e);
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// The moves on values (ExecContext.h)
//===----------------------------------------------------------------------===//

Queue *spyre::stagex::queueIn(Context &ctx, const interp::RtValue &v) {
  if (ctx.scheduler.stopped())
    return nullptr;
  auto *p = std::get_if<interp::ForeignPtr>(&v);
  if (!p || !*p || (*p)->kind != QueueValue::kKind)
    return nullptr;
  return &static_cast<QueueValue *>(p->get())->instance(ctx.process().instance);
}

LxBuffer *spyre::stagex::bufferIn(const interp::RtValue &v) {
  auto *p = std::get_if<interp::ForeignPtr>(&v);
  if (!p || !*p || (*p)->kind != LxBuffer::kKind)
    return nullptr;
  return static_cast<LxBuffer *>(p->get());
}

bool spyre::stagex::popStick(Queue *queue, ArrayRef<int64_t> shape, TensorPtr &out) {
  if (!queue || queue->holdsTokens() || queue->empty() ||
      ArrayRef<int64_t>(queue->front()->shape) != shape)
    return false;
  out = queue->pop();
  return true;
}

bool spyre::stagex::pushStick(Queue *queue, const TensorPtr &value) {
  if (!queue || queue->holdsTokens() || queue->full() || !value || value->splat)
    return false;
  queue->push(value);
  return true;
}

namespace {
/// Context::spareSticks holds at most this many.
constexpr size_t kSpareSticks = 64;

/// A stick of `lanes` elements of `dtype` whose first `fit` the caller
/// writes, the rest 0: a spare one when the last spare is of that type and
/// length, else a new one.
TensorPtr takeStick(Context &ctx, interp::DType dtype, int64_t lanes, int64_t fit) {
  TensorPtr v;
  std::vector<TensorPtr> &spares = ctx.spareSticks;
  if (!spares.empty() && spares.back()->dtype == dtype &&
      ArrayRef<int64_t>(spares.back()->shape) == ArrayRef<int64_t>(lanes)) {
    v = std::move(spares.back());
    spares.pop_back();
  } else {
    v = interp::makeTensor(dtype, {lanes}, /*zeroFill=*/false);
  }
  std::fill(v->data.begin() + std::min(fit, lanes), v->data.end(), 0.0);
  return v;
}

/// Whether a one-stick move between `buffer` and `queue` at stick `s` can
/// go on without waiting (the queue has room, `fill`, or an item).
bool movable(LxBuffer *buffer, Queue *queue, int64_t s, bool fill) {
  return buffer && queue && !queue->holdsTokens() && queue->lanes() != 0 &&
         !(fill ? queue->full() : queue->empty()) && s >= 0 &&
         s + 1 <= buffer->layout.sticks();
}
} // namespace

/// LX -> queue: bufferToQueue for one stick.
bool spyre::stagex::streamStick(Context &ctx, LxBuffer *buffer, Queue *queue,
                                int64_t s) {
  if (!movable(buffer, queue, s, true))
    return false;
  int64_t fit = std::min(queue->lanes(), buffer->layout.lanes);
  TensorPtr v = takeStick(ctx, queue->dtype(), queue->lanes(), fit);
  readStick(ctx.lx(buffer->core), *buffer, s, v->data.data(), fit);
  // The lanes past a partial row's end are padding (Tensor::dataLanes).
  v->dataLanes = std::min(fit, buffer->layout.count(s));
  queue->push(std::move(v));
  return true;
}

/// Queue -> LX: queueToBuffer for one stick.
bool spyre::stagex::collectStick(Context &ctx, Queue *queue, LxBuffer *buffer,
                                 int64_t s) {
  if (!movable(buffer, queue, s, false))
    return false;
  int64_t fit = std::min(queue->lanes(), buffer->layout.lanes);
  TensorPtr v = queue->pop();
  writeStick(ctx.lx(buffer->core), *buffer, s, v->data.data(), fit);
  recycleStick(ctx, v);
  return true;
}

void spyre::stagex::recycleStick(Context &ctx, TensorPtr &stick) {
  if (stick && stick.use_count() == 1 && !stick->literal && !stick->splat &&
      !stick->shadow && stick->held.count == 0 && ctx.spareSticks.size() < kSpareSticks)
    ctx.spareSticks.push_back(std::move(stick));
  stick.reset();
}

/// signal / wait: a token in (the queue has room) or out (it has one).
bool spyre::stagex::moveToken(Queue *queue, bool signal) {
  if (!queue || !queue->holdsTokens() || (signal ? queue->full() : queue->empty()))
    return false;
  if (signal)
    queue->pushToken();
  else
    queue->popToken();
  return true;
}

TensorPtr spyre::stagex::broadcastScalar(interp::DType result, ArrayRef<int64_t> shape,
                                         const interp::Scalar &s, const TensorPtr *reuse) {
  TensorPtr out = interp::resultTensor(result, shape, reuse);
  double v = interp::convertSlot(s.dtype, result, s.value);
  std::fill(out->data.begin(), out->data.end(), v);
  return out;
}

std::optional<interp::Scalar> spyre::stagex::elementOf(const interp::Tensor &v,
                                                       int64_t at, interp::DType type) {
  if (v.splat || at < 0 || at >= v.numElements())
    return std::nullopt; // the handler says where
  return interp::Scalar{v.data[size_t(at)], type};
}


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
    return stickMove(ctx, core, plan, 0);
  case Direct::Collect:
    return stickMove(ctx, core, plan, 1);
  case Direct::Extract:
    return extract(core, plan);
  case Direct::Signal:
  case Direct::Wait:
    return moveToken(queueIn(ctx, core.getId(plan.operands[0])),
                     Direct(plan.variant) == Direct::Signal);
  }
  return false;
}
