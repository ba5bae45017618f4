//===- PlaceTiles.cpp - tile i of the grid on core i ----------------------===//

#include "ir/ktdp/KtdpTypes.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace spyre {
#define GEN_PASS_DEF_PLACETILES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

struct PlaceTiles : spyre::impl::PlaceTilesBase<PlaceTiles> {
  using PlaceTilesBase::PlaceTilesBase;
  void runOnOperation() override {
    if (failed(spyre::forEachKernel(getOperation(), arch, place)))
      signalPassFailure();
  }

  static LogicalResult place(func::FuncOp function,
                             const spyre::arch::Arch &target) {
    int64_t tiles = spyre::gridTiles(function);
    if (tiles > target.numCores)
      return function.emitError("the grid has ")
             << tiles << " tiles but '" << target.name << "' has "
             << target.numCores << " cores";
    SmallVector<int64_t> cores;
    int hops = 0;
    for (int64_t tile = 0; tile < tiles; ++tile) {
      cores.push_back(tile);
      hops = std::max(hops,
                      spyre::ringHops(target, int(tile), target.hbmAttachCore));
    }
    Builder b(function.getContext());
    function->setAttr("sched.placement", b.getDenseI64ArrayAttr(cores));
    function.walk([&](sched::TransferOp transfer) {
      if (isa<ktdp::AccessTileType>(transfer.getSource().getType()) ||
          isa<ktdp::AccessTileType>(transfer.getDest().getType()))
        transfer.setHops(hops);
    });
    return success();
  }
};

} // namespace
