//===- GridAttr.cpp - the `grid` attribute of a kernel, checked -----------===//

#include "ir/GridAttr.h"
#include "ir/ktdp/KtdpOps.h"
#include "support/Checked.h"
#include "support/Limits.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

bool spyre::checkGridExtents(llvm::ArrayRef<int64_t> grid, int64_t cores,
                             const std::string &target, std::string &why) {
  if (grid.empty()) {
    why = "grid must have at least one dimension";
    return false;
  }
  for (auto [i, extent] : llvm::enumerate(grid))
    if (extent <= 0) {
      why = "grid dimension " + std::to_string(i) +
            " must be a positive integer, got " + std::to_string(extent);
      return false;
    }
  int64_t limit = cores > 0 ? cores : limits::kMaxTiles;
  std::optional<int64_t> tiles = checked::product(grid);
  if (!tiles || *tiles > limit) {
    std::string count = tiles ? std::to_string(*tiles)
                              : std::string("too many");
    why = "the grid has " + count + " tiles but " +
          (cores > 0 ? target + " has " + std::to_string(cores) + " cores"
                     : "at most " + std::to_string(limit) +
                           " are supported") +
          "; shrink the grid or pick a larger architecture";
    return false;
  }
  return true;
}

LogicalResult spyre::readGridAttr(Operation *function, int64_t cores,
                                  const std::string &target,
                                  llvm::SmallVectorImpl<int64_t> &grid) {
  grid.clear();
  Attribute attr = function->getAttr("grid");
  if (!attr) {
    if (int64_t named = inferredGrid(function)) {
      grid.push_back(named);
      std::string why;
      if (!checkGridExtents(grid, cores, target, why))
        return function->emitError("the kernel has no grid and its ct_local "
                                   "memory views name cores 0 to ")
               << named - 1 << ": " << why;
    }
    return success();
  }
  auto array = llvm::dyn_cast<ArrayAttr>(attr);
  if (!array)
    return function->emitError("grid must be a list of positive integers "
                               "such as [32] or [4, 8], got ")
           << attr;
  for (auto [i, extent] : llvm::enumerate(array)) {
    auto value = llvm::dyn_cast<IntegerAttr>(extent);
    if (!value || value.getType().isInteger(1) ||
        value.getValue().getSignificantBits() > 64 ||
        value.getValue().getSExtValue() <= 0)
      return function->emitError("grid dimension ")
             << i << " must be a positive integer, got " << extent;
    grid.push_back(value.getValue().getSExtValue());
  }
  std::string why;
  if (!checkGridExtents(grid, cores, target, why))
    return function->emitError(why);
  return success();
}

int64_t spyre::inferredGrid(Operation *function, Operation **namer) {
  int64_t highest = 0;
  function->walk([&](ktdp::ConstructMemoryViewOp view) {
    ktdp::MemorySpaceAttr space = view.getMemorySpace();
    if (space && !space.isGlobal() && space.hasCtId() &&
        int64_t(space.getCtId()) > highest) {
      highest = int64_t(space.getCtId());
      if (namer)
        *namer = view;
    }
  });
  // Saturates instead of wrapping; checkGridExtents refuses it.
  return highest > 0 ? (highest < INT64_MAX ? highest + 1 : highest) : 0;
}
