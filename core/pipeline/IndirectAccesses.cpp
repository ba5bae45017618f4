//===- IndirectAccesses.cpp - addresses read from memory, read by the DMA -===//
//
// A KV-cache scatter (vLLM's reshape_and_cache) or a paged gather loads a
// row number from memory (`slot_mapping[t]`, a block table entry), takes it
// out of the loaded tensor (tensor.extract, arith.index_cast) and anchors
// a tile on it. The row number then only exists in the compute engine,
// and the load or store that uses it would have to run there, which no
// engine can. When the row dimension of the tile is one row, the access
// is the indirect access KTIR has for this: the DMA reads the row number
// from the index view itself (`ind(%slots[t])`), exactly as the kernel's
// load did, and the other dimensions keep their anchors. A negative or
// too large row number falls outside the view and is masked, as the
// direct tile's point would be.
//
//===----------------------------------------------------------------------===//

#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/ktdp/KtdpTypes.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace spyre {
#define GEN_PASS_DEF_INDIRECTACCESSES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// Where a row number comes from: element `position` of the tile loaded
/// through `tile` (an identity-ordered box from 0 in every dimension), i.e.
/// the index view's element at the tile's anchor + `position`.
struct LoadedIndex {
  ktdp::ConstructAccessTileOp tile;
  SmallVector<int64_t> position;
};

/// `v` as index_cast(tensor.extract(ktdp.load(tile))[constants]), or none.
std::optional<LoadedIndex> loadedIndex(Value v) {
  if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
    v = cast.getIn();
  auto extract = v.getDefiningOp<tensor::ExtractOp>();
  if (!extract)
    return std::nullopt;
  auto load = extract.getTensor().getDefiningOp<ktdp::LoadOp>();
  auto tile = load ? load.getAccessTile().getDefiningOp<ktdp::ConstructAccessTileOp>()
                   : nullptr;
  if (!tile || !tile.getAccessTileOrder().isIdentity() ||
      !isa<MemRefType>(tile.getBase().getType()) ||
      !cast<MemRefType>(tile.getBase().getType()).getElementType().isSignlessInteger())
    return std::nullopt;
  IntegerSet set = tile.getAccessTileSet();
  if (set.getNumSymbols() != 0)
    return std::nullopt;
  LoadedIndex found{tile, {}};
  for (auto [d, index] : llvm::enumerate(extract.getIndices())) {
    APInt c;
    auto bounds = ktdp::integerSetDimBounds(set, unsigned(d), {});
    if (!matchPattern(index, m_ConstantInt(&c)) || !bounds ||
        bounds->first != 0 || c.getSExtValue() > bounds->second)
      return std::nullopt;
    found.position.push_back(c.getSExtValue());
  }
  return found;
}

/// The operands an indirect tile captures, and each one's dimension.
class Captures {
public:
  unsigned dimOf(Value v) {
    auto it = llvm::find(values, v);
    if (it != values.end())
      return unsigned(it - values.begin());
    values.push_back(v);
    return unsigned(values.size() - 1);
  }
  SmallVector<Value> values;
};

/// `expr` over `operands` (the dims of a base map) rewritten over the
/// captured values' dimensions.
AffineExpr overCaptures(AffineExpr expr, ValueRange operands,
                        Captures &captures, MLIRContext *context) {
  SmallVector<AffineExpr> dims;
  for (auto [i, v] : llvm::enumerate(operands))
    dims.push_back(expr.isFunctionOfDim(unsigned(i))
                       ? getAffineDimExpr(captures.dimOf(v), context)
                       : getAffineConstantExpr(0, context)); // not used
  return expr.replaceDims(dims);
}

/// The indirect tile that reads dimension `row` of `tile`'s anchor from
/// memory, or null when `tile` is not of that form.
ktdp::ConstructIndirectAccessTileOp indirectFor(ktdp::ConstructAccessTileOp tile) {
  AffineMap base = tile.getBaseMap();
  ValueRange indices = tile.getIndices();
  IntegerSet set = tile.getAccessTileSet();
  // The one anchor that is a loaded row number, alone, on a one-row
  // dimension of the tile.
  std::optional<unsigned> row;
  std::optional<LoadedIndex> loaded;
  for (auto [d, e] : llvm::enumerate(base.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    std::optional<LoadedIndex> l =
        dim ? loadedIndex(indices[dim.getPosition()]) : std::nullopt;
    if (!l)
      continue;
    auto bounds = ktdp::integerSetDimBounds(set, unsigned(d), {});
    if (row || set.getNumSymbols() != 0 || !bounds || bounds->first != 0 ||
        bounds->second != 0)
      return {};
    row = unsigned(d);
    loaded = l;
  }
  if (!row)
    return {};
  for (auto [d, e] : llvm::enumerate(base.getResults()))
    if (d != *row && e.isFunctionOfDim(
                         cast<AffineDimExpr>(base.getResult(*row)).getPosition()))
      return {};

  MLIRContext *context = tile.getContext();
  unsigned rank = set.getNumDims();
  Captures captures;
  // Direct subscripts: anchor + point; the row: the index view's element.
  SmallVector<AffineExpr> direct(base.getNumResults());
  for (auto [d, e] : llvm::enumerate(base.getResults()))
    if (d != *row)
      direct[d] = overCaptures(e, indices, captures, context);
  ktdp::ConstructAccessTileOp indexTile = loaded->tile;
  SmallVector<AffineExpr> indirect;
  for (auto [k, e] : llvm::enumerate(indexTile.getBaseMap().getResults()))
    indirect.push_back(overCaptures(e, indexTile.getIndices(), captures,
                                    context) +
                       loaded->position[k]);
  unsigned numCaptured = captures.values.size();
  auto point = [&](unsigned d) {
    return getAffineDimExpr(numCaptured + d, context);
  };
  SmallVector<Attribute> kinds, maps;
  for (unsigned d = 0; d < base.getNumResults(); ++d) {
    bool isRow = d == *row;
    kinds.push_back(BoolAttr::get(context, isRow));
    SmallVector<AffineExpr> results =
        isRow ? indirect : SmallVector<AffineExpr>{direct[d] + point(d)};
    maps.push_back(AffineMapAttr::get(
        AffineMap::get(numCaptured + rank, 0, results, context)));
  }
  OpBuilder b(tile);
  auto op = ktdp::ConstructIndirectAccessTileOp::create(
      b, tile.getLoc(), tile.getType(), tile.getBase(),
      ValueRange{indexTile.getBase()}, captures.values,
      tile.getSymbolOperands(), ArrayAttr::get(context, kinds),
      ArrayAttr::get(context, maps), set, tile.getAccessTileOrder());
  Block *block = new Block();
  op.getVariables().push_back(block);
  for (unsigned d = 0; d < rank; ++d)
    block->addArgument(b.getIndexType(), tile.getLoc());
  OpBuilder end = OpBuilder::atBlockEnd(block);
  ktdp::RegionTerminatorOp::create(end, tile.getLoc());
  return op;
}

struct IndirectAccesses : spyre::impl::IndirectAccessesBase<IndirectAccesses> {
  void runOnOperation() override {
    SmallVector<ktdp::ConstructAccessTileOp> tiles;
    getOperation()->walk([&](ktdp::ConstructAccessTileOp tile) {
      if (llvm::any_of(tile.getIndices(),
                       [](Value v) { return loadedIndex(v).has_value(); }))
        tiles.push_back(tile);
    });
    for (ktdp::ConstructAccessTileOp tile : tiles) {
      ktdp::ConstructIndirectAccessTileOp indirect = indirectFor(tile);
      if (!indirect)
        continue; // not of the form: the later passes say what they cannot do
      SmallVector<Value> anchors(tile.getIndices());
      tile.replaceAllUsesWith(indirect.getResult());
      tile.erase();
      for (Value v : anchors)
        eraseUnused(v);
    }
  }

  /// The chain that took a row number out of a loaded tile, once nothing
  /// else uses it (the load reads memory: MLIR keeps it otherwise).
  static void eraseUnused(Value v) {
    while (v && v.use_empty()) {
      Operation *op = v.getDefiningOp();
      if (!op || !isa<arith::IndexCastOp, tensor::ExtractOp, ktdp::LoadOp,
                      ktdp::ConstructAccessTileOp>(op))
        return;
      Value next = op->getNumOperands() ? op->getOperand(0) : Value();
      if (isa<ktdp::ConstructAccessTileOp>(op))
        next = Value();
      op->erase();
      v = next;
    }
  }
};

} // namespace
