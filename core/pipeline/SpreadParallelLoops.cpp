//===- SpreadParallelLoops.cpp - loop iterations over unit instances ------===//

#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace spyre {
#define GEN_PASS_DEF_SPREADPARALLELLOOPS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// Iterations are independent when the loop carries no values and no
/// memory view it reads is also written in it (through plain access tiles
/// only, so the views can be compared).
bool isParallel(scf::ForOp loop) {
  if (loop.getNumResults() != 0)
    return false;
  llvm::DenseSet<Value> read, written;
  bool known = true, pipelines = false;
  loop.walk([&](Operation *op) {
    if (isa<sched::PipelineOp>(op))
      pipelines = true;
    if (isa<ktdp::LoadOp, ktdp::StoreOp, ktdp::InterTileProduceOp,
            ktdp::InterTileReduceOp, ktdp::InterTileConsumeOp,
            sched::BarrierOp>(op))
      known = false; // data-dependent access or cross-tile traffic
    auto t = dyn_cast<sched::TransferOp>(op);
    if (!t)
      return;
    bool fromDevice = isa<ktdp::AccessTileType>(t.getSource().getType());
    bool toDevice = isa<ktdp::AccessTileType>(t.getDest().getType());
    if (!fromDevice && !toDevice)
      return;
    Value view = spyre::viewOf(fromDevice ? t.getSource() : t.getDest());
    if (!view)
      known = false;
    (fromDevice ? read : written).insert(view);
  });
  return known && pipelines &&
         llvm::none_of(written, [&](Value v) { return read.contains(v); });
}

/// Instances of the units the loop's stages use: the fewest of any.
int64_t instancesFor(scf::ForOp loop, const spyre::arch::Arch &arch) {
  int64_t count = INT64_MAX;
  loop.walk([&](sched::StageOp stage) {
    for (const spyre::arch::EngineKind &engine : arch.engines)
      if (engine.name == stage.getUnit())
        count = std::min<int64_t>(count, engine.count);
  });
  return count == INT64_MAX ? 1 : count;
}

/// The kernel is this loop plus side-effect-free address arithmetic:
/// nothing outside the loop would run once per instance.
bool onlyWorkOfKernel(scf::ForOp loop, func::FuncOp function) {
  for (Operation &op : function.getBody().front().without_terminator())
    if (&op != loop.getOperation() && !isMemoryEffectFree(&op))
      return false;
  return true;
}

struct SpreadParallelLoops
    : spyre::impl::SpreadParallelLoopsBase<SpreadParallelLoops> {
  using SpreadParallelLoopsBase::SpreadParallelLoopsBase;
  void runOnOperation() override {
    if (failed(spyre::forEachKernel(getOperation(), arch, spread)))
      signalPassFailure();
  }

  static LogicalResult spread(func::FuncOp function,
                              const spyre::arch::Arch &target) {
    for (auto loop : function.getBody().front().getOps<scf::ForOp>()) {
      int64_t count = instancesFor(loop, target);
      std::optional<int64_t> trips = loop.getStaticTripCount()
                                         ? std::optional<int64_t>(
                                               loop.getStaticTripCount()
                                                   ->getSExtValue())
                                         : std::nullopt;
      if (count < 2 || (trips && *trips < 2) || !isParallel(loop) ||
          !onlyWorkOfKernel(loop, function))
        continue;
      if (trips)
        count = std::min(count, *trips);
      // for i = lb + j * step to ub step count * step, j = the instance.
      OpBuilder b(loop);
      Location loc = loop.getLoc();
      Value instance = sched::InstanceOp::create(b, loc, b.getIndexType(), count);
      // In the loop's own type (a kernel's loop may count on i32).
      Type type = loop.getStep().getType();
      if (!type.isIndex())
        instance = arith::IndexCastOp::create(b, loc, type, instance);
      Value start = arith::AddIOp::create(
          b, loc, loop.getLowerBound(),
          arith::MulIOp::create(b, loc, instance, loop.getStep()));
      Value stride = arith::MulIOp::create(
          b, loc, loop.getStep(),
          arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, count)));
      loop.getLowerBoundMutable().assign(start);
      loop.getStepMutable().assign(stride);
      loop->setAttr("sched.spread", b.getI64IntegerAttr(count));
      function->setAttr("sched.instances_per_core", b.getI64IntegerAttr(count));
      break; // one spread loop per kernel
    }
    return success();
  }
};

} // namespace
