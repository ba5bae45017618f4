//===- DoubleBuffer.cpp - two copies of the LX buffers of looped pipelines ===//

#include "ir/ktdp/KtdpTypes.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace spyre {
#define GEN_PASS_DEF_DOUBLEBUFFER
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

constexpr int64_t kCopies = 2;

/// The transfers of `pipeline` that fill and that drain `buffer`.
std::pair<sched::TransferOp, sched::TransferOp>
fillAndDrain(sched::PipelineOp pipeline, Value buffer) {
  sched::TransferOp fill, drain;
  pipeline.walk([&](sched::TransferOp t) {
    if (t.getDest() == buffer)
      fill = t;
    if (t.getSource() == buffer)
      drain = t;
  });
  return {fill, drain};
}

/// `copies` copies of a buffer (2, or 1 when double buffering is off), and
/// a token FIFO holding one token per free copy: the unit filling it waits
/// for a token, the unit draining it gives one back, so a copy is never
/// refilled while it is still being read.
void doubleBuffer(sched::PipelineOp pipeline, sched::AllocOp alloc,
                  int64_t copies) {
  auto [fill, drain] = fillAndDrain(pipeline, alloc);
  if (!fill || !drain)
    return;
  if (copies > 1)
    alloc.setCopies(copies);
  OpBuilder b(alloc);
  b.setInsertionPointAfter(alloc);
  MLIRContext *ctx = alloc.getContext();
  Value free = sched::FifoOp::create(
      b, alloc.getLoc(), sched::FifoType::get(ctx, NoneType::get(ctx)),
      copies, b.getI64IntegerAttr(copies));
  // Once per tile: around the stick loop when the transfer is in one.
  auto stageLevel = [](Operation *op) {
    Block &stage = op->getParentOfType<sched::StageOp>().getBody().front();
    return stage.findAncestorOpInBlock(*op);
  };
  b.setInsertionPoint(stageLevel(fill));
  sched::WaitOp::create(b, fill.getLoc(), free);
  b.setInsertionPointAfter(stageLevel(drain));
  sched::SignalOp::create(b, drain.getLoc(), free);
}

struct DoubleBuffer : spyre::impl::DoubleBufferBase<DoubleBuffer> {
  using DoubleBufferBase::DoubleBufferBase;
  void runOnOperation() override {
    // Off: one copy, still with its token FIFO (a loop must not refill the
    // buffer before the previous iteration has drained it).
    const int64_t copies = off ? 1 : kCopies;
    getOperation().walk([&](sched::PipelineOp pipeline) {
      if (pipeline.getModulo() ||
          !pipeline->getParentOfType<LoopLikeOpInterface>())
        return;
      SmallVector<sched::AllocOp> allocs(
          pipeline.getBody().getOps<sched::AllocOp>());
      for (sched::AllocOp alloc : allocs)
        if (!alloc.getPersistent())
          doubleBuffer(pipeline, alloc, copies);
      if (llvm::any_of(allocs, [](sched::AllocOp a) { return a.getCopies(); }))
        pipeline.setModulo(copies);
    });
  }
};

} // namespace
