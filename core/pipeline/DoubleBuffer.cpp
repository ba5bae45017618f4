//===- DoubleBuffer.cpp - two copies of the LX buffers of looped pipelines ===//

#include "pipeline/Passes.h"
#include "pipeline/ScheduleUtils.h"

#include "mlir/Interfaces/LoopLikeInterface.h"

namespace spyre {
#define GEN_PASS_DEF_DOUBLEBUFFER
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

constexpr int64_t kCopies = 2;

struct DoubleBuffer : spyre::impl::DoubleBufferBase<DoubleBuffer> {
  void runOnOperation() override {
    getOperation().walk([&](sched::PipelineOp pipeline) {
      if (pipeline.getModulo() || !pipeline->getParentOfType<LoopLikeOpInterface>())
        return;
      bool doubled = false;
      for (auto alloc : pipeline.getBody().getOps<sched::AllocOp>()) {
        if (alloc.getPersistent())
          continue;
        alloc.setCopies(kCopies);
        doubled = true;
      }
      if (doubled)
        pipeline.setModulo(kCopies);
    });
  }
};

} // namespace
