//===- KtirLegalityCheck.cpp - reject what the pipeline cannot compile ----===//

#include "ir/DeviceImport.h"
#include "ir/ktdp/KtdpOps.h"
#include "pipeline/DeviceTarget.h"
#include "pipeline/Passes.h"
#include "pipeline/RingGroups.h"
#include "pipeline/ScheduleUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringSet.h"

namespace spyre {
#define GEN_PASS_DEF_KTIRLEGALITYCHECK
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

struct KtirLegalityCheck
    : spyre::impl::KtirLegalityCheckBase<KtirLegalityCheck> {
  using KtirLegalityCheckBase::KtirLegalityCheckBase;

  /// A tile a core loads or stores must fit in its scratchpad.
  void checkTileFits(Operation *op, bool &failed) {
    int64_t capacity = lxBytes;
    if (capacity <= 0)
      return;
    RankedTensorType tile;
    if (auto load = llvm::dyn_cast<ktdp::LoadOp>(op))
      tile = load.getType();
    else if (auto store = llvm::dyn_cast<ktdp::StoreOp>(op))
      tile = store.getDataTile().getType();
    if (!tile || !tile.hasStaticShape())
      return;
    int64_t bytes = spyre::tileBytes(tile);
    if (bytes <= capacity)
      return;
    op->emitError("this ")
        << tile << " tile takes " << bytes << " bytes but a core's scratchpad "
        << "holds " << capacity << ": split it into smaller tiles (e.g. a loop "
        << "over its leading dimension)";
    failed = true;
  }

  /// The inter-tile exchanges the backend turns into ring traffic: a
  /// reduction whose consumers are producers of their group (all-reduce,
  /// reduce-to-one) over groups that are rings of one size covering every
  /// tile; a broadcast with one producer per group.
  void checkExchanges(func::FuncOp function, int64_t tiles, bool &failed) {
    SmallVector<int64_t> cores = llvm::to_vector(llvm::seq<int64_t>(0, tiles));
    function.walk([&](Operation *op) {
      auto reduce = llvm::dyn_cast<ktdp::InterTileReduceOp>(op);
      auto consume = llvm::dyn_cast<ktdp::InterTileConsumeOp>(op);
      if (!reduce && !consume)
        return;
      auto refuse = [&](StringRef why) {
        op->emitError(why);
        failed = true;
      };
      Value future = op->getOperand(0);
      auto produce = future.getDefiningOp<ktdp::InterTileProduceOp>();
      if (!produce)
        return refuse("the future must come from a ktdp.inter_tile_produce "
                      "of this kernel");
      auto type = llvm::cast<ktdp::TileFutureType>(future.getType());
      IntegerSet producers = produce.getProducerTilesPerGroup();
      if (reduce) {
        if (!spyre::consumersAreProducers(
                type, producers, reduce.getConsumerTilesPerGroup(), tiles))
          return refuse("inter-tile reduce: every consumer must be a producer "
                        "of its group (an all-reduce or a reduce-to-one); the "
                        "backend cannot deliver the result to other tiles");
        if (!spyre::ringsOf(type, producers, cores))
          return refuse("inter-tile reduce: the backend folds around a ring "
                        "per group, so the producer groups must cover every "
                        "tile, each tile in one group, all groups of one size");
        return;
      }
      for (Type partial : type.getPartialTypes())
        if (!llvm::cast<RankedTensorType>(partial).hasStaticShape())
          return refuse("inter-tile broadcast: the partials must have static "
                        "shapes");
      if (!spyre::relayOf(type, producers, consume.getConsumerTilesPerGroup(),
                          cores))
        return refuse("inter-tile broadcast: the backend passes one "
                      "producer's partials along its group, so each group "
                      "needs exactly one producer, a tile may consume in one "
                      "group only and a producer not in another group "
                      "(routing from several producers is not supported)");
    });
  }

  /// A kernel that declares its device is checked against that device;
  /// a remark says what the target took from the device and what from
  /// the preset.
  LogicalResult useDeclaredDevice() {
    FailureOr<ktdf_arch::DeviceOp> device =
        spyre::findDeviceDeclaration(getOperation());
    if (failed(device))
      return failure();
    if (!*device)
      return success();
    std::optional<spyre::DeviceTarget> target =
        spyre::deviceTarget(*device, spyre::arch::defaultArch());
    if (!target)
      return failure();
    device->emitRemark(spyre::describeDeviceTarget(*target));
    cores = target->arch.numCores;
    lxBytes = int64_t(target->arch.scratchpadBytesPerCore);
    return success();
  }

  void runOnOperation() override {
    static const llvm::StringSet<> kKtirDialects = {
        "ktdp", "spyreop", "arith", "math", "linalg", "tensor", "scf", "func"};
    if (failed(useDeclaredDevice()))
      return signalPassFailure();
    bool failed = false;
    getOperation().walk([&](Operation *op) {
      // The device declaration describes the target; it is not kernel code.
      if (llvm::isa<ModuleOp, ktdf_arch::DeviceOp>(op) ||
          op->getParentOfType<ktdf_arch::DeviceOp>())
        return;
      StringRef dialect = op->getName().getDialectNamespace();
      if (!kKtirDialects.contains(dialect)) {
        op->emitError("'")
            << op->getName()
            << "' is not part of KTIR: the Spyre pipeline accepts ops of the "
               "ktdp, spyreop, arith, math, linalg, tensor, scf and func "
               "dialects";
        failed = true;
        return;
      }
      if (llvm::isa<func::CallOp, func::CallIndirectOp>(op)) {
        op->emitError("function calls are not supported: inline the callee "
                      "into the kernel");
        failed = true;
      }
      checkTileFits(op, failed);
    });
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isDeclaration())
        continue;
      auto grid = function->getAttrOfType<ArrayAttr>("grid");
      if (!grid) {
        function.emitWarning("kernel @")
            << function.getSymName()
            << " has no grid attribute and runs on a single tile; add "
               "`attributes {grid = [N]}` to spread it over cores";
        continue;
      }
      if (grid.empty()) {
        function.emitError("grid must have at least one dimension");
        failed = true;
        continue;
      }
      int64_t tiles = 1;
      for (auto [i, extent] : llvm::enumerate(grid)) {
        auto value = llvm::dyn_cast<IntegerAttr>(extent);
        if (!value || value.getInt() <= 0) {
          function.emitError("grid dimension ")
              << i << " must be a positive integer, got " << extent;
          failed = true;
          continue;
        }
        tiles *= value.getInt();
      }
      checkExchanges(function, tiles, failed);
      if (cores > 0 && tiles > cores) {
        function.emitError("the grid has ")
            << tiles << " tiles but the target has " << cores.getValue()
            << " cores; shrink the grid or pick a larger architecture";
        failed = true;
      }
      function.walk([&](ktdp::GetComputeTileIdOp id) {
        if (id.getNumResults() > grid.size()) {
          id.emitError("asks for ")
              << id.getNumResults() << " tile coordinates but the grid has "
              << grid.size() << " dimensions";
          failed = true;
        }
      });
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
