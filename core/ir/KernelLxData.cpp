//===- KernelLxData.cpp - scratchpad data a kernel's arguments address ----===//

#include "ir/KernelLxData.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

using namespace mlir;

namespace {

/// Bytes from a view's offset to the end of the last element it reaches;
/// 0 when its sizes or strides are not static and non-negative.
int64_t reachBytes(ktdp::ConstructMemoryViewOp view) {
  auto type = llvm::cast<MemRefType>(view.getType());
  unsigned bits = type.getElementType().isIntOrIndexOrFloat()
                      ? (type.getElementType().isIndex()
                             ? 64
                             : type.getElementType().getIntOrFloatBitWidth())
                      : 0;
  if (bits == 0 || bits % 8 != 0)
    return 0;
  int64_t last = 0;
  for (auto [size, stride] :
       llvm::zip(view.getStaticSizes(), view.getStaticStrides())) {
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(stride) ||
        size <= 0 || stride < 0)
      return 0;
    int64_t span = 0;
    if (llvm::MulOverflow(size - 1, stride, span) ||
        llvm::AddOverflow(last, span, last))
      return 0;
  }
  int64_t bytes = 0;
  if (llvm::AddOverflow(last, int64_t(1), last) ||
      llvm::MulOverflow(last, int64_t(bits / 8), bytes))
    return 0;
  return bytes;
}

} // namespace

std::vector<spyre::LxArgumentRegion>
spyre::lxArgumentRegions(Operation *op, int64_t capacity, int64_t stickBytes) {
  auto function = llvm::dyn_cast<func::FuncOp>(op);
  if (!function || function.isDeclaration() || stickBytes <= 0)
    return {};
  Block &entry = function.getBody().front();
  // Per argument: the most bytes a view reaches, or -1 once it is also
  // used otherwise (an HBM view, a view of unknown reach).
  std::map<unsigned, std::pair<int64_t, int64_t>> reach; // bytes, element
  function.walk([&](ktdp::ConstructMemoryViewOp view) {
    auto arg = llvm::dyn_cast<BlockArgument>(view.getOffset());
    if (!arg || arg.getOwner() != &entry)
      return;
    auto [it, fresh] = reach.try_emplace(arg.getArgNumber(), 0, 0);
    int64_t bytes = view.getMemorySpace().isGlobal() ? 0 : reachBytes(view);
    if (bytes <= 0 || it->second.first < 0) {
      it->second.first = -1;
      return;
    }
    auto type = llvm::cast<MemRefType>(view.getType());
    it->second.first = std::max(it->second.first, bytes);
    it->second.second = std::max<int64_t>(
        it->second.second,
        type.getElementType().isIndex()
            ? 8
            : type.getElementType().getIntOrFloatBitWidth() / 8);
  });
  std::vector<LxArgumentRegion> regions;
  int64_t total = 0;
  for (auto [argument, r] : reach) {
    if (r.first <= 0)
      continue;
    int64_t bytes = (r.first + stickBytes - 1) / stickBytes * stickBytes;
    regions.push_back({argument, total, bytes, r.second});
    total += bytes;
    if (total > capacity)
      return {};
  }
  // Laid out upwards from the start of the region, which ends at the top.
  for (LxArgumentRegion &r : regions)
    r.byteAddress += capacity - total;
  return regions;
}

int64_t spyre::lxArgumentDataStart(Operation *function, int64_t capacity,
                                   int64_t stickBytes) {
  int64_t start = capacity;
  for (const LxArgumentRegion &r :
       lxArgumentRegions(function, capacity, stickBytes))
    start = std::min(start, r.byteAddress);
  return start;
}
