//===- KtirLegalityCheck.cpp - reject what the pipeline cannot compile ----===//

#include "ir/DeviceImport.h"
#include "ir/GridAttr.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/ktdp/TileLayout.h"
#include "support/Checked.h"
#include "pipeline/utils/DeviceTarget.h"
#include "pipeline/utils/MatmulChunks.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/RingGroups.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
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

  /// Why a tile of `type` larger than the scratchpad that `op` loads or
  /// stores cannot be streamed through it in chunks (chunk-large-transfers),
  /// or empty when it can: it is only copied, or used by elementwise ops on
  /// tiles of its shape in the same block, and a chunk of one row fits.
  /// Whether `op` broadcasts a loaded tile along leading dimensions only
  /// (a weight row or a bias: chunk-large-transfers reads it whole in
  /// every chunk).
  static bool rowBroadcastOfLoad(Operation *op) {
    auto broadcast = llvm::dyn_cast<linalg::BroadcastOp>(op);
    if (!broadcast || !broadcast.getInput().getDefiningOp<ktdp::LoadOp>())
      return false;
    for (auto [i, d] : llvm::enumerate(broadcast.getDimensions()))
      if (d != int64_t(i))
        return false;
    return true;
  }

  std::string whyNotChunked(Operation *op, RankedTensorType type,
                            int64_t capacity) {
    int64_t rowBytes = spyre::scratchpadBytes(
        RankedTensorType::get({type.getShape().back()}, type.getElementType()),
        128);
    if (type.getRank() == 0 || rowBytes * 4 > capacity)
      return "one row of it does not fit a quarter of the scratchpad";
    SmallVector<Value> work;
    llvm::DenseSet<Value> seen;
    auto sameShape = [&](Value v) {
      auto t = llvm::dyn_cast<RankedTensorType>(v.getType());
      return !t || t.getShape() == type.getShape();
    };
    auto visit = [&](Value v) {
      if (seen.insert(v).second)
        work.push_back(v);
    };
    if (auto load = llvm::dyn_cast<ktdp::LoadOp>(op))
      visit(load.getResult());
    else
      visit(llvm::cast<ktdp::StoreOp>(op).getDataTile());
    while (!work.empty()) {
      Value v = work.pop_back_val();
      if (Operation *def = v.getDefiningOp()) {
        if (def->getBlock() != op->getBlock())
          return "it is computed in another block than the one that moves it";
        if (auto constant = llvm::dyn_cast<arith::ConstantOp>(def)) {
          auto dense = llvm::dyn_cast<DenseElementsAttr>(constant.getValue());
          if (!dense || !dense.isSplat())
            return "it is built from a constant that is not a splat";
        } else if (rowBroadcastOfLoad(def)) {
          // A loaded row broadcast along the rows: read whole by each chunk.
        } else if (!llvm::isa<ktdp::LoadOp, tensor::EmptyOp>(def)) {
          if (!spyre::isElementwiseOp(def))
            return "'" + def->getName().getStringRef().str() +
                   "' computing it needs it whole";
          for (Value operand : def->getOperands())
            if (llvm::isa<RankedTensorType>(operand.getType()))
              visit(operand);
        }
      } else {
        return "it is a function argument";
      }
      for (Operation *user : v.getUsers()) {
        if (user->getBlock() != op->getBlock())
          return "it is used in another block than the one that moves it";
        if (llvm::isa<ktdp::StoreOp>(user))
          continue;
        if (!spyre::isElementwiseOp(user))
          return "'" + user->getName().getStringRef().str() +
                 "' needs it whole";
        for (Value result : user->getResults())
          visit(result);
      }
      if (!sameShape(v))
        return "it is combined with tiles of another shape";
    }
    return {};
  }

  /// A tile a core loads or stores must fit in its scratchpad, or be
  /// streamed through it in chunks.
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
    if (spyre::chunkedMatmulOf(op, capacity, 128))
      return; // chunk-large-matmuls runs its matmul in chunks
    std::string why = whyNotChunked(op, tile, capacity);
    if (why.empty())
      return; // chunk-large-transfers streams it through LX
    op->emitError("this ")
        << tile << " tile takes " << bytes << " bytes but a core's scratchpad "
        << "holds " << capacity << ", and it cannot be streamed through it in "
        << "chunks: " << why << "; split it into smaller tiles (e.g. a loop "
        << "over its leading dimension)";
    failed = true;
  }

  /// A DMA of a tile whose set is not a box moves either the set's bounding
  /// box with masked lanes or the points packed; which one must be known
  /// when compiling, so such a set may not have symbols (nor be too large
  /// to count).
  void checkTileLayout(Operation *op, bool &failed) {
    auto access = llvm::dyn_cast<ktdp::ConstructAccessTileOp>(op);
    if (!access)
      return;
    ktdp::TileLayout layout = ktdp::accessTileLayout(
        access.getAccessTileSet(), access.getAccessTileOrder(),
        access.getType());
    if (layout.kind != ktdp::TileLayout::Unknown)
      return;
    op->emitError("the access tile's set is not a box and the backend "
                  "cannot tell when compiling whether its type is the set's "
                  "bounding box (masked lanes) or its points packed: give "
                  "the set constant bounds (no symbols) and a static type");
    failed = true;
  }

  /// An access tile whose set's bounding box has more points than an
  /// int64 counts cannot be chunked (chunk-large-transfers streams any
  /// other through the scratchpad): refused, for sets without symbols.
  void checkTileBox(Operation *op, bool &failed) {
    IntegerSet set;
    if (auto tile = llvm::dyn_cast<ktdp::ConstructAccessTileOp>(op))
      set = tile.getAccessTileSet();
    else if (auto tile = llvm::dyn_cast<ktdp::ConstructIndirectAccessTileOp>(op))
      set = tile.getVariablesSpaceSet();
    if (!set || set.getNumSymbols() != 0)
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
    if (volume)
      return;
    op->emitError("the access tile's bounding box spans over 2^63 points: "
                  "it cannot be counted, let alone moved in chunks");
    failed = true;
  }

  /// Why `reduce`'s dependency set asks some consumer for a reduction
  /// over a subset of its group's producers (a prefix over tiles), which
  /// the ring's whole-group fold does not compute; empty when it has none
  /// or names every producer of the group for every consumer.
  static std::string partialReduction(ktdp::InterTileReduceOp reduce,
                                      ktdp::TileFutureType type,
                                      IntegerSet producers, int64_t tiles) {
    std::optional<IntegerSet> dependency =
        reduce.getProducerDependencyPerConsumer();
    if (!dependency)
      return {};
    std::optional<SmallVector<int64_t>> groups =
        ktdp::enumerateIntegerSet1D(type.getGroups(), {});
    if (!groups)
      return "inter-tile reduce: the future's groups cannot be enumerated, "
             "so the backend cannot tell what producer_dependency_per_"
             "consumer asks";
    for (int64_t g : *groups)
      for (int64_t c = 0; c < tiles; ++c) {
        if (!ktdp::integerSetContains(reduce.getConsumerTilesPerGroup(), {c},
                                      {g}))
          continue;
        int64_t named = 0, all = 0;
        for (int64_t p = 0; p < tiles; ++p) {
          if (!ktdp::integerSetContains(producers, {p}, {g}))
            continue;
          ++all;
          named += ktdp::dependencyNames(dependency, p, c, g);
        }
        if (named != all)
          return "inter-tile reduce: producer_dependency_per_consumer gives "
                 "tile " + std::to_string(c) + " a reduction over " +
                 std::to_string(named) + " of the " + std::to_string(all) +
                 " producers of group " + std::to_string(g) +
                 "; the backend folds whole groups around the ring and "
                 "computes no partial reductions (a prefix over tiles)";
      }
    return {};
  }

  /// The inter-tile exchanges the backend turns into ring traffic: a
  /// reduction whose consumers are producers of their group (all-reduce,
  /// reduce-to-one) whose groups enumerate, each tile in one group at most
  /// (groups of any size; a tile in none takes no part); a broadcast with one producer per group; a routing (a
  /// dependency set naming one source per consumer) whose sets enumerate.
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
        std::string why;
        if (!spyre::ringsOf(type, producers, cores, &why))
          return refuse("inter-tile reduce: the backend folds around a ring "
                        "per group, planned from the sets at compile time, "
                        "but " + why);
        if (!spyre::consumersAreProducers(
                type, producers, reduce.getConsumerTilesPerGroup(), tiles))
          return refuse("inter-tile reduce: every consumer must be a producer "
                        "of its group (an all-reduce or a reduce-to-one); the "
                        "backend cannot deliver the result to other tiles");
        if (std::string why = partialReduction(reduce, type, producers, tiles);
            !why.empty())
          return refuse(why);
        return;
      }
      for (Type partial : type.getPartialTypes())
        if (!llvm::cast<RankedTensorType>(partial).hasStaticShape())
          return refuse("inter-tile broadcast: the partials must have static "
                        "shapes");
      if (consume.getProducerDependencyPerConsumer()) {
        std::string why;
        auto distance = [](int64_t, int64_t) { return int64_t(0); };
        if (!spyre::routeOf(consume, producers, cores, distance, &why))
          return refuse("inter-tile routing: the backend sends each "
                        "consumer its source producer's partials, planned "
                        "from the sets at compile time, but " + why);
        return;
      }
      if (!spyre::relayOf(type, producers, consume.getConsumerTilesPerGroup(),
                          cores))
        return refuse("inter-tile broadcast: the backend passes one "
                      "producer's partials along its group, so each group "
                      "needs exactly one producer, a tile may consume in one "
                      "group only and a producer not in another group (a "
                      "group with several producers needs "
                      "producer_dependency_per_consumer to name each "
                      "consumer's source)");
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

  /// Warns that `function` has no grid; true when its ct_local views name
  /// other cores, so that it runs on the grid they name (normalize-grid
  /// sets it), false when it runs on one tile.
  bool warnNoGrid(func::FuncOp function) {
    Operation *namer = nullptr;
    int64_t named = spyre::inferredGrid(function, &namer);
    if (!named) {
      function.emitWarning("kernel @")
          << function.getSymName()
          << " has no grid attribute and runs on a single tile; add "
             "`attributes {grid = [N]}` to spread it over cores";
      return false;
    }
    function.emitWarning("kernel @")
            .append(function.getSymName(), " has no grid attribute; its "
                    "ct_local memory views name cores 0 to ", named - 1,
                    ", so it runs on a grid of [", named,
                    "] (add `attributes {grid = [", named,
                    "]}` to say so)")
            .attachNote(namer->getLoc())
        << "ct_id " << named - 1 << " is named here";
    return true;
  }

  /// A ct_local view naming a core outside the grid (or the target) is
  /// refused on its line, as the interpreter refuses it.
  void checkCoresNamed(func::FuncOp function, int64_t tiles, bool &failed) {
    function.walk([&](ktdp::ConstructMemoryViewOp view) {
      ktdp::MemorySpaceAttr space = view.getMemorySpace();
      if (!space || space.isGlobal() || !space.hasCtId() ||
          space.getCtId() < tiles)
        return;
      view.emitError("ct_id ")
          << space.getCtId() << " names a core outside the grid of " << tiles
          << (tiles == 1 ? " tile" : " tiles");
      failed = true;
    });
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
      checkTileLayout(op, failed);
      checkTileBox(op, failed);
    });
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isDeclaration())
        continue;
      if (!function->getAttr("grid") && !warnNoGrid(function))
        continue;
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
      checkCoresNamed(function, tiles, failed);
      checkExchanges(function, tiles, failed);
      function.walk([&](ktdp::GetComputeTileIdOp id) {
        if (id.getNumResults() > extents.size()) {
          id.emitError("asks for ")
              << id.getNumResults() << " tile coordinates but the grid has "
              << extents.size()
              << (extents.size() == 1 ? " dimension" : " dimensions");
          failed = true;
        }
      });
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
