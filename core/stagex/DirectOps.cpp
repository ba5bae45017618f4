//===- DirectOps.cpp - the stage executor's commonest ops by number -------===//
//
// The direct paths (interp/BlockPlan.h) of the per-stick ops that run
// most often: a pop or receive of one vector from a queue that has one, a
// push or send of one vector into a queue that has room, and a broadcast
// of a scalar into a vector. Each does what its handler does when the
// queue need not be waited for, reading and binding values by number; in
// any other case (an empty or full queue, a splat, a tile) it declines and
// the handler runs, waits and reports as before.
//
//===----------------------------------------------------------------------===//

#include "stagex/ExecContext.h"
#include "interp/BlockPlan.h"
#include "ir/dataflow/DataflowDialect.h"
#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;
using interp::TensorPtr;

namespace {

enum class Direct : uint8_t { Pop, Push, Broadcast };

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
  if (isa<sched::PushOp, dflow::SendOp>(op))
    return isa<VectorType>(op->getOperand(0).getType()) && oneStick(op) &&
           direct(Direct::Push);
  if (auto b = dyn_cast<vector::BroadcastOp>(op))
    return !isa<ShapedType>(b.getSource().getType()) &&
           b.getResult().getType().hasStaticShape() && plan.resultId != ~0u &&
           direct(Direct::Broadcast);
  return false;
}

bool spyre::stagex::runDirect(Context &ctx, interp::CoreExec &core,
                              interp::OpPlan &plan) {
  switch (Direct(plan.variant)) {
  case Direct::Pop: return pop(ctx, core, plan);
  case Direct::Push: return push(ctx, core, plan);
  case Direct::Broadcast: return broadcast(core, plan);
  }
  return false;
}
