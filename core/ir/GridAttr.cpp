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

namespace {

std::string joined(llvm::ArrayRef<int64_t> grid, const char *separator) {
  std::string out;
  for (int64_t extent : grid)
    out += (out.empty() ? "" : separator) + std::to_string(extent);
  return out;
}

/// The grid without trailing 1s (a 1-tile grid keeps one dimension).
llvm::SmallVector<int64_t> trimmed(llvm::ArrayRef<int64_t> grid) {
  llvm::SmallVector<int64_t> out(grid.begin(), grid.end());
  while (out.size() > 1 && out.back() == 1)
    out.pop_back();
  return out;
}

} // namespace

bool spyre::checkGivenGrid(Operation *function, llvm::ArrayRef<int64_t> given,
                           std::string &why) {
  if (given.empty())
    return true;
  auto array = llvm::dyn_cast_or_null<ArrayAttr>(function->getAttr("grid"));
  if (!array) {
    // No grid: the cores its ct_local views name are the ones it needs.
    int64_t named = inferredGrid(function);
    int64_t tiles = checked::product(given).value_or(INT64_MAX);
    if (named <= tiles)
      return true;
    why = "--grid " + joined(given, ",") + " gives " + std::to_string(tiles) +
          (tiles == 1 ? " tile" : " tiles") +
          ", fewer than it needs: the kernel has no grid and its ct_local "
          "memory views name cores 0 to " + std::to_string(named - 1) +
          "; run it with --grid " + std::to_string(named) +
          " or without --grid";
    return false;
  }
  llvm::SmallVector<int64_t> declared;
  for (Attribute extent : array) {
    auto value = llvm::dyn_cast<IntegerAttr>(extent);
    if (!value || value.getValue().getSignificantBits() > 64)
      return true; // malformed: readGridAttr says so
    declared.push_back(value.getValue().getSExtValue());
  }
  bool readsTileId = false;
  function->walk([&](ktdp::GetComputeTileIdOp) {
    readsTileId = true;
    return WalkResult::interrupt();
  });
  llvm::SmallVector<int64_t> have = trimmed(given), want = trimmed(declared);
  if (!readsTileId || have == want)
    return true;
  int64_t haveTiles = checked::product(given).value_or(INT64_MAX);
  int64_t wantTiles = checked::product(declared).value_or(INT64_MAX);
  auto tiles = [](int64_t n) {
    return std::to_string(n) + (n == 1 ? " tile" : " tiles");
  };
  // Fewer tiles along some dimension: those tiles' parts are not computed.
  size_t shorter = 0;
  bool fewer = false;
  for (size_t i = 0; i < std::max(have.size(), want.size()) && !fewer; ++i) {
    int64_t h = i < have.size() ? have[i] : 1, w = i < want.size() ? want[i] : 1;
    if (h < w) {
      fewer = true;
      shorter = i;
    }
  }
  std::string gave = "--grid " + joined(given, ",") + " gives " +
                     tiles(haveTiles);
  std::string needs = "the kernel's grid [" + joined(declared, ", ") +
                      "] divides its work among " + tiles(wantTiles);
  if (fewer) {
    int64_t h = shorter < have.size() ? have[shorter] : 1;
    why = gave + ", fewer than it needs: " + needs + " (dimension " +
          std::to_string(shorter) + ": " + std::to_string(h) + " of " +
          std::to_string(want[shorter]) +
          "), so the missing tiles' parts of its outputs would never be "
          "written; run it with --grid " + joined(want, ",") +
          " or without --grid";
  } else {
    why = gave + ", not the grid it needs: " + needs +
          ", and tiles past it would address outside their part; run it "
          "with --grid " + joined(want, ",") + " or without --grid";
  }
  return false;
}
