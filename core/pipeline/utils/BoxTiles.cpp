//===- BoxTiles.cpp - access tiles that are boxes of their view ------------===//

#include "pipeline/utils/BoxTiles.h"
#include "ir/ktdp/IntegerSetUtils.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

bool spyre::isPlainBoxTile(ktdp::ConstructAccessTileOp tile) {
  if (!tile || !tile.getAccessTileOrder().isIdentity() ||
      !tile.getSymbolOperands().empty())
    return false;
  auto type = llvm::cast<ktdp::AccessTileType>(tile.getType());
  IntegerSet set = tile.getAccessTileSet();
  if (set.getNumSymbols() != 0 || set.getNumDims() != type.getShape().size())
    return false;
  int64_t points = 1;
  for (auto [d, extent] : llvm::enumerate(type.getShape())) {
    auto bounds = ktdp::integerSetDimBounds(set, unsigned(d), {});
    if (ShapedType::isDynamic(extent) || !bounds || bounds->first != 0 ||
        bounds->second != extent - 1)
      return false;
    points *= extent;
  }
  return ktdp::countIntegerSetPoints(set) == points;
}

Value spyre::offsetBoxTile(OpBuilder &b, Location loc,
                           ktdp::ConstructAccessTileOp tile,
                           ArrayRef<Value> offsets, ArrayRef<int64_t> shape) {
  AffineMap map = tile.getBaseMap();
  SmallVector<Value> indices(tile.getIndices());
  SmallVector<AffineExpr> results(map.getResults());
  unsigned dims = map.getNumDims();
  for (auto [d, offset] : llvm::enumerate(offsets)) {
    if (!offset)
      continue;
    results[d] = results[d] + b.getAffineDimExpr(dims++);
    indices.push_back(offset);
  }
  AffineMap moved =
      AffineMap::get(dims, map.getNumSymbols(), results, b.getContext());
  SmallVector<AffineExpr> constraints;
  SmallVector<bool> eq;
  for (auto [d, extent] : llvm::enumerate(shape)) {
    constraints.push_back(b.getAffineDimExpr(unsigned(d)));
    constraints.push_back(extent - 1 - b.getAffineDimExpr(unsigned(d)));
    eq.append({false, false});
  }
  IntegerSet set = IntegerSet::get(shape.size(), 0, constraints, eq);
  auto type = ktdp::AccessTileType::get(b.getContext(), shape,
                                        b.getIndexType());
  return ktdp::ConstructAccessTileOp::create(
      b, loc, type, tile.getBase(), indices, ValueRange{}, moved, set,
      b.getMultiDimIdentityMap(unsigned(shape.size())));
}
