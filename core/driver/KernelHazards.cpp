//===- KernelHazards.cpp - what a run warns of before it starts ---------===//

#include "driver/KernelHazards.h"
#include "driver/DiagnosticCapture.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"
#include "pipeline/utils/RingGroups.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

using namespace mlir;

namespace {

void warnViewsPastTheirSizes(func::FuncOp function,
                             spyre::driver::DiagnosticCapture &capture) {
  function.walk([&](ktdp::ConstructMemoryViewOp view) {
    std::optional<IntegerSet> set = view.getCoordinateSet();
    ArrayRef<int64_t> sizes = view.getStaticSizes();
    if (!set || set->getNumSymbols() > 0 || set->getNumDims() != sizes.size())
      return;
    bool partition = llvm::any_of(view->getUsers(), [](Operation *user) {
      return isa<ktdp::ConstructDistributedMemoryViewOp>(user);
    });
    for (unsigned d = 0; d < sizes.size(); ++d) {
      if (ShapedType::isDynamic(sizes[d]))
        continue;
      std::optional<std::pair<int64_t, int64_t>> bounds =
          ktdp::integerSetDimBounds(*set, d, {});
      if (!bounds)
        continue;
      auto [low, high] = *bounds;
      bool past = partition ? high - low + 1 > sizes[d] : high >= sizes[d] || low < 0;
      if (!past)
        continue;
      std::string sizeText;
      for (int64_t s : sizes)
        sizeText += (sizeText.empty() ? "" : ", ") +
                    (ShapedType::isDynamic(s) ? std::string("?") : std::to_string(s));
      capture.warning(view.getLoc(),
                      "the coordinate_set names coordinates " + std::to_string(low) +
                          " to " + std::to_string(high) + " of dimension " +
                          std::to_string(d) + ", but the view has " +
                          std::to_string(sizes[d]) + " there (sizes [" + sizeText +
                          "]): an access to the others is not masked and reads or "
                          "writes memory past the view");
      return;
    }
  });
}

void warnReduceConsumersNotProducers(func::FuncOp function, int64_t tiles,
                                     spyre::driver::DiagnosticCapture &capture) {
  function.walk([&](ktdp::InterTileReduceOp reduce) {
    auto produce = reduce.getFuture().getDefiningOp<ktdp::InterTileProduceOp>();
    if (!produce)
      return;
    auto type = cast<ktdp::TileFutureType>(reduce.getFuture().getType());
    if (spyre::consumersAreProducers(type, produce.getProducerTilesPerGroup(),
                                     reduce.getConsumerTilesPerGroup(), tiles))
      return;
    capture.warning(reduce.getLoc(),
                    "inter-tile reduce: a consumer that is not a producer of its "
                    "group breaks the spec's rule R13 (the compiler refuses it); "
                    "the interpreter gives it the group's reduction, as ktir-cpu "
                    "does");
  });
}

void warnTileIdsPastTheGrid(func::FuncOp function, size_t dimensions,
                            spyre::driver::DiagnosticCapture &capture) {
  function.walk([&](ktdp::GetComputeTileIdOp id) {
    if (id.getNumResults() <= dimensions)
      return;
    capture.warning(id.getLoc(),
                    "asks for " + std::to_string(id.getNumResults()) +
                        " tile coordinates but the grid has " +
                        std::to_string(dimensions) +
                        (dimensions == 1 ? " dimension" : " dimensions") +
                        " (the compiler refuses it); the interpreter gives the "
                        "others 0");
  });
}

} // namespace

void spyre::driver::warnKernelHazards(func::FuncOp function, ArrayRef<int64_t> grid,
                                      DiagnosticCapture &capture) {
  int64_t tiles = 1;
  for (int64_t extent : grid)
    tiles *= extent; // checked by the caller
  warnViewsPastTheirSizes(function, capture);
  warnReduceConsumersNotProducers(function, tiles, capture);
  warnTileIdsPastTheGrid(function, grid.size(), capture);
}
