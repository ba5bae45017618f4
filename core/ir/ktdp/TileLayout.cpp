//===- TileLayout.cpp - how an access tile's type lays out its set --------===//

#include "ir/ktdp/TileLayout.h"
#include "ir/ktdp/IntegerSetUtils.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ktdp;

std::string TileLayout::boxText() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(box, os, "x");
  return text;
}

bool mlir::ktdp::isBoxSet(IntegerSet set) {
  for (AffineExpr c : set.getConstraints()) {
    bool simple = true;
    c.walk([&](AffineExpr e) {
      simple &= !llvm::isa<AffineBinaryOpExpr>(e) ||
                e.getKind() == AffineExprKind::Add ||
                e.getKind() == AffineExprKind::Mul;
    });
    unsigned dims = 0;
    for (unsigned d = 0; d < set.getNumDims(); ++d)
      dims += c.isFunctionOfDim(d);
    if (!simple || dims > 1)
      return false;
  }
  return true;
}

TileLayout mlir::ktdp::accessTileLayout(IntegerSet set, AffineMap order,
                                        AccessTileType type) {
  TileLayout layout;
  if (isBoxSet(set))
    layout.kind = TileLayout::Box;
  if (set.getNumSymbols() != 0)
    return layout;
  unsigned rank = set.getNumDims();
  SmallVector<int64_t> lo, hi;
  for (unsigned d = 0; d < rank; ++d) {
    auto bounds = integerSetDimBounds(set, d, {});
    if (!bounds)
      return layout;
    lo.push_back(bounds->first);
    hi.push_back(bounds->second);
  }
  auto boxOf = [&] {
    layout.box.clear();
    for (AffineExpr e : order.getResults()) {
      unsigned d = llvm::cast<AffineDimExpr>(e).getPosition();
      layout.box.push_back(std::max<int64_t>(0, hi[d] - lo[d] + 1));
    }
  };
  if (layout.kind == TileLayout::Box) {
    boxOf();
    int64_t volume = 1;
    for (int64_t e : layout.box)
      if (llvm::MulOverflow(volume, e, volume))
        return layout;
    layout.points = volume;
    return layout;
  }
  // The bounding box is the extent of the points themselves.
  constexpr int64_t kCountLimit = int64_t(1) << 20;
  int64_t points = 0;
  if (rank == 0 || !tightenToPoints(set, {}, lo, hi, kCountLimit, points))
    return layout;
  boxOf();
  layout.points = points;
  int64_t volume = 1;
  for (int64_t e : layout.box)
    volume *= e;
  if (points == volume) {
    layout.kind = TileLayout::Box; // written with mod, say, but full
    return layout;
  }
  if (type.hasStaticShape() && type.getShape() == ArrayRef<int64_t>(layout.box))
    layout.kind = TileLayout::Masked;
  else if (type.hasStaticShape() && type.getNumElements() == layout.points)
    layout.kind = TileLayout::Packed;
  else if (type.hasStaticShape())
    layout.kind = TileLayout::Mismatch;
  return layout;
}
