//===- ViewExtents.cpp - memory views whose coordinates pass their sizes --===//

#include "driver/ViewExtents.h"
#include "driver/DiagnosticCapture.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

using namespace mlir;

void spyre::driver::warnViewsPastTheirSizes(func::FuncOp function,
                                            DiagnosticCapture &capture) {
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
