//===- KtirLegalityCheck.cpp - reject what the pipeline cannot compile ----===//

#include "ir/GridAttr.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"
#include "support/Checked.h"
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

  /// The interpreter refuses an access tile whose set's bounding box has
  /// more points than the scratchpad has bytes (each point lands in it);
  /// so does the pipeline, for sets without symbols.
  void checkTileBox(Operation *op, bool &failed) {
    IntegerSet set;
    if (auto tile = llvm::dyn_cast<ktdp::ConstructAccessTileOp>(op))
      set = tile.getAccessTileSet();
    else if (auto tile = llvm::dyn_cast<ktdp::ConstructIndirectAccessTileOp>(op))
      set = tile.getVariablesSpaceSet();
    if (!set || set.getNumSymbols() != 0 || lxBytes <= 0)
      return;
    std::optional<int64_t> volume = 1;
    for (unsigned d = 0; d < set.getNumDims() && volume; ++d) {
      auto bounds = ktdp::integerSetDimBounds(set, d, {});
      if (!bounds)
        return; // unbounded: the interpreter says so when it runs
      std::optional<int64_t> span =
          spyre::checked::span(bounds->first, bounds->second);
      volume = span ? spyre::checked::mul(*volume, *span) : std::nullopt;
    }
    if (volume && *volume <= lxBytes)
      return;
    op->emitError("the access tile's bounding box spans ")
        << (volume ? std::to_string(*volume) : std::string("over 2^63"))
        << " points, more than the " << lxBytes << "-byte scratchpad can hold";
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

  void runOnOperation() override {
    static const llvm::StringSet<> kKtirDialects = {
        "ktdp", "spyreop", "arith", "math", "linalg", "tensor", "scf", "func"};
    bool failed = false;
    getOperation().walk([&](Operation *op) {
      if (llvm::isa<ModuleOp>(op))
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
      checkTileBox(op, failed);
    });
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isDeclaration())
        continue;
      if (!function->getAttr("grid")) {
        function.emitWarning("kernel @")
            << function.getSymName()
            << " has no grid attribute and runs on a single tile; add "
               "`attributes {grid = [N]}` to spread it over cores";
        continue;
      }
      // Checked before anything is sized by it (the exchanges below list
      // every tile).
      SmallVector<int64_t> extents;
      if (mlir::failed(spyre::readGridAttr(function, cores, "the target",
                                     extents))) {
        failed = true;
        continue;
      }
      int64_t tiles = 1;
      for (int64_t extent : extents)
        tiles *= extent; // cannot overflow: readGridAttr checked it
      checkExchanges(function, tiles, failed);
      function.walk([&](ktdp::GetComputeTileIdOp id) {
        if (id.getNumResults() > extents.size()) {
          id.emitError("asks for ")
              << id.getNumResults() << " tile coordinates but the grid has "
              << extents.size() << " dimensions";
          failed = true;
        }
      });
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
