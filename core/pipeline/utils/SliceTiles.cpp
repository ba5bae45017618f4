//===- SliceTiles.cpp - slices of loaded and stored tiles -----------------===//

#include "pipeline/utils/SliceTiles.h"
#include "pipeline/utils/BoxTiles.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/SetVector.h"

#include <deque>
#include <map>

using namespace mlir;

namespace {

/// A slice's box: static offsets and sizes, unit strides, the rank of the
/// whole tile; nullopt otherwise.
struct Box {
  SmallVector<int64_t> offsets, sizes;
  bool operator==(const Box &o) const {
    return offsets == o.offsets && sizes == o.sizes;
  }
};

/// One slice of a tile assembled by insert slices.
struct Piece {
  Value source;
  Box box;
};

std::optional<Box> boxOf(OffsetSizeAndStrideOpInterface slice, int64_t rank) {
  if (!slice.hasUnitStride() ||
      int64_t(slice.getStaticOffsets().size()) != rank ||
      llvm::any_of(slice.getStaticOffsets(), ShapedType::isDynamic) ||
      llvm::any_of(slice.getStaticSizes(), ShapedType::isDynamic))
    return std::nullopt;
  return Box{SmallVector<int64_t>(slice.getStaticOffsets()),
             SmallVector<int64_t>(slice.getStaticSizes())};
}

/// `box`'s offsets as index constants (null where 0), built at `b`.
SmallVector<Value> offsetValues(OpBuilder &b, Location loc, const Box &box) {
  SmallVector<Value> values;
  for (int64_t o : box.offsets)
    values.push_back(o ? arith::ConstantIndexOp::create(b, loc, o).getResult()
                       : Value());
  return values;
}

ktdp::ConstructAccessTileOp plainTileOf(Value accessTile) {
  auto tile = accessTile.getDefiningOp<ktdp::ConstructAccessTileOp>();
  return spyre::isPlainBoxTile(tile) ? tile : ktdp::ConstructAccessTileOp();
}

void eraseIfUnused(Operation *op) {
  if (op && op->use_empty())
    op->erase();
}

/// The loads of boxes made so far, by the load they are cut from and the
/// box: a slice taken twice (a half used twice) is loaded once.
using BoxLoads = std::map<std::pair<Operation *, SmallVector<int64_t>>, Value>;

/// An indirect tile (a gather: vLLM's cos / sin rows picked by position)
/// whose variables run over the box of its type from 0, in order, or null.
ktdp::ConstructIndirectAccessTileOp plainIndirectOf(Value accessTile) {
  auto tile = accessTile.getDefiningOp<ktdp::ConstructIndirectAccessTileOp>();
  if (!tile || !tile.getVariablesSpaceOrder().isIdentity() ||
      !tile.getSymbolOperands().empty())
    return {};
  auto type = cast<ktdp::AccessTileType>(tile.getType());
  IntegerSet set = tile.getVariablesSpaceSet();
  if (set.getNumSymbols() != 0 || set.getNumDims() != type.getShape().size())
    return {};
  int64_t points = 1;
  for (auto [d, extent] : llvm::enumerate(type.getShape())) {
    auto bounds = ktdp::integerSetDimBounds(set, unsigned(d), {});
    if (ShapedType::isDynamic(extent) || !bounds || bounds->first != 0 ||
        bounds->second != extent - 1)
      return {};
    points *= extent;
  }
  return ktdp::countIntegerSetPoints(set) == points ? tile
                                                    : ktdp::ConstructIndirectAccessTileOp();
}

/// The part of the gather `tile` in `box`: the same subscripts at the
/// variables moved by the box's offsets, over the box's sizes.
Value offsetIndirectTile(OpBuilder &b, Location loc,
                         ktdp::ConstructIndirectAccessTileOp tile,
                         const Box &box) {
  MLIRContext *context = b.getContext();
  unsigned captured = tile.getCapturedVariables().size();
  unsigned rank = box.sizes.size();
  SmallVector<AffineExpr> moved;
  for (unsigned d = 0; d < captured + rank; ++d)
    moved.push_back(getAffineDimExpr(d, context) +
                    (d < captured ? 0 : box.offsets[d - captured]));
  SmallVector<Attribute> maps;
  for (Attribute attr : tile.getPerDimSubscriptMaps()) {
    AffineMap map = cast<AffineMapAttr>(attr).getValue();
    SmallVector<AffineExpr> results;
    for (AffineExpr e : map.getResults())
      results.push_back(e.replaceDims(moved));
    maps.push_back(AffineMapAttr::get(
        AffineMap::get(captured + rank, 0, results, context)));
  }
  SmallVector<AffineExpr> constraints;
  SmallVector<bool> eq;
  for (auto [d, extent] : llvm::enumerate(box.sizes)) {
    constraints.push_back(b.getAffineDimExpr(unsigned(d)));
    constraints.push_back(extent - 1 - b.getAffineDimExpr(unsigned(d)));
    eq.append({false, false});
  }
  IntegerSet set = IntegerSet::get(rank, 0, constraints, eq);
  auto type = ktdp::AccessTileType::get(context, box.sizes, b.getIndexType());
  auto op = ktdp::ConstructIndirectAccessTileOp::create(
      b, loc, type, tile.getBase(), tile.getIndirectMemrefs(),
      tile.getCapturedVariables(), ValueRange{}, tile.getPerDimSubscriptKinds(),
      ArrayAttr::get(context, maps), set, b.getMultiDimIdentityMap(rank));
  Block *block = new Block();
  op.getVariables().push_back(block);
  for (BlockArgument arg : tile.getVariables().front().getArguments())
    block->addArgument(b.getIndexType(), arg.getLoc());
  OpBuilder end = OpBuilder::atBlockEnd(block);
  ktdp::RegionTerminatorOp::create(end, loc);
  return op.getResult();
}

/// extract_slice of a loaded tile -> a load of the slice's box.
void sliceLoad(tensor::ExtractSliceOp slice, BoxLoads &made) {
  auto load = slice.getSource().getDefiningOp<ktdp::LoadOp>();
  auto type = slice.getResultType();
  if (!load || type.getRank() != slice.getSourceType().getRank())
    return;
  ktdp::ConstructAccessTileOp tile = plainTileOf(load.getAccessTile());
  ktdp::ConstructIndirectAccessTileOp gather =
      tile ? ktdp::ConstructIndirectAccessTileOp()
           : plainIndirectOf(load.getAccessTile());
  std::optional<Box> box = boxOf(slice, type.getRank());
  if ((!tile && !gather) || !box)
    return;
  SmallVector<int64_t> key(box->offsets);
  key.append(box->sizes);
  Value &loaded = made[{load.getOperation(), key}];
  if (!loaded) {
    OpBuilder b(load->getContext());
    b.setInsertionPointAfter(load);
    Location loc = slice.getLoc();
    Value part = tile ? spyre::offsetBoxTile(b, loc, tile,
                                             offsetValues(b, loc, *box),
                                             box->sizes)
                      : offsetIndirectTile(b, loc, gather, *box);
    loaded = ktdp::LoadOp::create(b, loc, type, part);
  }
  slice.replaceAllUsesWith(loaded);
  slice.erase();
}

/// Whether the boxes cover every element of `shape`.
bool covers(ArrayRef<int64_t> shape, ArrayRef<Box> boxes) {
  int64_t elements = 1;
  for (int64_t n : shape)
    elements *= n;
  if (elements > (int64_t(1) << 22))
    return false;
  std::vector<bool> seen(size_t(elements), false);
  for (const Box &box : boxes) {
    SmallVector<int64_t> at(box.offsets);
    int64_t count = 1;
    for (int64_t n : box.sizes)
      count *= n;
    for (int64_t k = 0; k < count; ++k) {
      int64_t linear = 0;
      for (size_t d = 0; d < shape.size(); ++d)
        linear = linear * shape[d] + at[d];
      seen[size_t(linear)] = true;
      for (size_t d = shape.size(); d-- > 0;) {
        if (++at[d] < box.offsets[d] + box.sizes[d])
          break;
        at[d] = box.offsets[d];
      }
    }
  }
  return llvm::all_of(seen, [](bool s) { return s; });
}

SmallVector<OpFoldResult> attrs(OpBuilder &b, ArrayRef<int64_t> values) {
  SmallVector<OpFoldResult> out;
  for (int64_t v : values)
    out.push_back(b.getIndexAttr(v));
  return out;
}

/// The pieces of `v` when it is a chain of insert slices into an empty
/// tensor whose pieces cover it without overlapping, in the order they
/// were inserted.
std::optional<SmallVector<Piece>> piecesOf(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  SmallVector<Piece> pieces;
  while (auto insert = v.getDefiningOp<tensor::InsertSliceOp>()) {
    std::optional<Box> box = boxOf(insert, type.getRank());
    if (!box || insert.getSourceType().getRank() != type.getRank())
      return std::nullopt;
    pieces.insert(pieces.begin(), Piece{insert.getSource(), *box});
    v = insert.getDest();
  }
  int64_t elements = 0;
  for (const Piece &p : pieces) {
    int64_t n = 1;
    for (int64_t e : p.box.sizes)
      n *= e;
    elements += n;
  }
  SmallVector<Box> boxes;
  for (const Piece &p : pieces)
    boxes.push_back(p.box);
  if (pieces.empty() || !v.getDefiningOp<tensor::EmptyOp>() ||
      elements != type.getNumElements() || !covers(type.getShape(), boxes))
    return std::nullopt;
  return pieces;
}

/// The part of `v` in `box`: a piece of it that is that box, a smaller
/// splat of a splat constant, or else an extract_slice (which a load's
/// slice then turns into a load of the box).
Value sliceOf(OpBuilder &b, Location loc, Value v, const Box &box) {
  auto type = cast<RankedTensorType>(v.getType());
  auto sliced = RankedTensorType::get(box.sizes, type.getElementType());
  if (std::optional<SmallVector<Piece>> pieces = piecesOf(v))
    for (const Piece &p : *pieces)
      if (p.box == box)
        return p.source;
  DenseElementsAttr constant;
  if (matchPattern(v, m_Constant(&constant)) && constant.isSplat())
    return arith::ConstantOp::create(b, loc, constant.resizeSplat(sliced));
  SmallVector<int64_t> ones(box.sizes.size(), 1);
  return tensor::ExtractSliceOp::create(b, loc, sliced, v, ValueRange{},
                                        ValueRange{}, ValueRange{},
                                        box.offsets, box.sizes, ones);
}

/// An elementwise op on a tile assembled from pieces -> the op on each
/// piece (the other operands sliced alike), its results assembled the
/// same way: a rotary embedding's `cat` then multiplied by `sin`.
void splitElementwise(Operation *op) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumRegions() != 0 ||
      op->getNumResults() != 1)
    return;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape())
    return;
  std::optional<SmallVector<Piece>> pieces;
  for (Value operand : op->getOperands())
    if (operand.getType() == RankedTensorType::get(
                                 type.getShape(),
                                 getElementTypeOrSelf(operand.getType())) &&
        (pieces = piecesOf(operand)))
      break;
  if (!pieces)
    return;
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value assembled = tensor::EmptyOp::create(b, loc, type.getShape(),
                                            type.getElementType());
  for (const Piece &piece : *pieces) {
    OperationState state(loc, op->getName());
    for (Value operand : op->getOperands())
      state.operands.push_back(isa<RankedTensorType>(operand.getType())
                                   ? sliceOf(b, loc, operand, piece.box)
                                   : operand);
    state.types.push_back(
        RankedTensorType::get(piece.box.sizes, type.getElementType()));
    state.attributes = op->getAttrs();
    Value part = b.create(state)->getResult(0);
    SmallVector<int64_t> ones(piece.box.sizes.size(), 1);
    assembled = tensor::InsertSliceOp::create(
                    b, loc, part, assembled, attrs(b, piece.box.offsets),
                    attrs(b, piece.box.sizes), attrs(b, ones))
                    .getResult();
  }
  op->getResult(0).replaceAllUsesWith(assembled);
  op->erase();
}

/// An extract_slice of an elementwise op's result -> the op on its
/// operands' slices (each again an extract_slice, or a piece or a splat);
/// the new slices go on `work`. False when the slice's source is not such
/// an op.
bool sliceElementwise(tensor::ExtractSliceOp slice,
                      SmallVectorImpl<tensor::ExtractSliceOp> &work) {
  Operation *op = slice.getSource().getDefiningOp();
  auto type = slice.getResultType();
  if (!op || !op->hasTrait<OpTrait::Elementwise>() ||
      op->getNumRegions() != 0 || op->getNumResults() != 1 ||
      type.getRank() != slice.getSourceType().getRank())
    return false;
  std::optional<Box> box = boxOf(slice, type.getRank());
  if (!box)
    return false;
  OpBuilder b(slice);
  Location loc = op->getLoc();
  OperationState state(loc, op->getName());
  for (Value operand : op->getOperands()) {
    if (!isa<RankedTensorType>(operand.getType())) {
      state.operands.push_back(operand);
      continue;
    }
    Value part = sliceOf(b, loc, operand, *box);
    if (auto again = part.getDefiningOp<tensor::ExtractSliceOp>())
      work.push_back(again);
    state.operands.push_back(part);
  }
  state.types.push_back(type);
  state.attributes = op->getAttrs();
  slice.replaceAllUsesWith(b.create(state)->getResult(0));
  slice.erase();
  eraseIfUnused(op);
  return true;
}

/// Whether each group of `groups` over `expanded` has at most one extent
/// other than 1: a reshape that only adds or drops unit dimensions (a
/// `view` of a row as [1, N] or back).
bool unitReshape(ArrayRef<ReassociationIndices> groups,
                 ArrayRef<int64_t> expanded) {
  for (const ReassociationIndices &group : groups)
    if (llvm::count_if(group, [&](int64_t d) { return expanded[d] != 1; }) > 1)
      return false;
  return true;
}

/// `box` of the collapsed tile as a box of the expanded one: each group's
/// offset and size on its dimension that is not 1 (or its first).
Box expandedBox(ArrayRef<ReassociationIndices> groups,
                ArrayRef<int64_t> expanded, const Box &box) {
  Box out{SmallVector<int64_t>(expanded.size(), 0),
          SmallVector<int64_t>(expanded.size(), 1)};
  for (auto [g, group] : llvm::enumerate(groups)) {
    int64_t at = group.front();
    for (int64_t d : group)
      if (expanded[d] != 1)
        at = d;
    out.offsets[at] = box.offsets[g];
    out.sizes[at] = box.sizes[g];
  }
  return out;
}

/// An extract_slice of a unit-dimension collapse_shape -> the collapse of
/// the slice of its source, which goes on `work` (a load's slice then
/// becomes a load of the box). False when the source is not such a
/// collapse.
bool sliceCollapsed(tensor::ExtractSliceOp slice,
                    SmallVectorImpl<tensor::ExtractSliceOp> &work) {
  auto collapse = slice.getSource().getDefiningOp<tensor::CollapseShapeOp>();
  auto type = slice.getResultType();
  if (!collapse || type.getRank() != slice.getSourceType().getRank() ||
      !collapse.getSrcType().hasStaticShape())
    return false;
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  ArrayRef<int64_t> expanded = collapse.getSrcType().getShape();
  std::optional<Box> box = boxOf(slice, type.getRank());
  if (!box || !unitReshape(groups, expanded))
    return false;
  Box inner = expandedBox(groups, expanded, *box);
  OpBuilder b(slice);
  Location loc = slice.getLoc();
  SmallVector<int64_t> ones(inner.sizes.size(), 1);
  auto cut = tensor::ExtractSliceOp::create(
      b, loc,
      RankedTensorType::get(inner.sizes, type.getElementType()),
      collapse.getSrc(), ValueRange{}, ValueRange{}, ValueRange{},
      inner.offsets, inner.sizes, ones);
  work.push_back(cut);
  slice.replaceAllUsesWith(
      tensor::CollapseShapeOp::create(b, loc, type, cut, groups).getResult());
  slice.erase();
  eraseIfUnused(collapse);
  return true;
}

/// A unit-dimension expand_shape of a tile assembled from pieces -> the
/// pieces expanded and assembled in the expanded shape (so that a store of
/// it becomes a store per piece).
void expandPieces(tensor::ExpandShapeOp expand) {
  auto type = expand.getResultType();
  std::optional<SmallVector<Piece>> pieces = piecesOf(expand.getSrc());
  SmallVector<ReassociationIndices> groups = expand.getReassociationIndices();
  if (!pieces || !type.hasStaticShape() ||
      !unitReshape(groups, type.getShape()))
    return;
  OpBuilder b(expand);
  Location loc = expand.getLoc();
  Value assembled = tensor::EmptyOp::create(b, loc, type.getShape(),
                                            type.getElementType());
  for (const Piece &piece : *pieces) {
    Box box = expandedBox(groups, type.getShape(), piece.box);
    Value part = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(box.sizes, type.getElementType()),
        piece.source, groups);
    SmallVector<int64_t> ones(box.sizes.size(), 1);
    assembled = tensor::InsertSliceOp::create(b, loc, part, assembled,
                                              attrs(b, box.offsets),
                                              attrs(b, box.sizes),
                                              attrs(b, ones))
                    .getResult();
  }
  expand.replaceAllUsesWith(assembled);
  expand.erase();
}

/// A store of insert slices -> a store per slice (after the tile inserted
/// into, unless the slices cover all of it and it is empty).
void sliceStore(ktdp::StoreOp store) {
  ktdp::ConstructAccessTileOp tile = plainTileOf(store.getAccessTile());
  auto type = dyn_cast<RankedTensorType>(store.getDataTile().getType());
  if (!tile || !type || !type.hasStaticShape())
    return;
  std::deque<tensor::InsertSliceOp> chain;
  Value base = store.getDataTile();
  while (auto insert = base.getDefiningOp<tensor::InsertSliceOp>()) {
    if (!insert->hasOneUse() ||
        insert.getSourceType().getRank() != type.getRank() ||
        !boxOf(insert, type.getRank()))
      break;
    chain.push_front(insert);
    base = insert.getDest();
  }
  if (chain.empty())
    return;
  SmallVector<Box> boxes;
  for (tensor::InsertSliceOp insert : chain)
    boxes.push_back(*boxOf(insert, type.getRank()));
  bool empty = isa_and_nonnull<tensor::EmptyOp>(base.getDefiningOp());
  if (empty && !covers(type.getShape(), boxes))
    return;
  OpBuilder b(store);
  Location loc = store.getLoc();
  if (!empty)
    ktdp::StoreOp::create(b, loc, base, tile);
  for (auto [insert, box] : llvm::zip(chain, boxes)) {
    Value part = spyre::offsetBoxTile(b, insert.getLoc(), tile,
                                      offsetValues(b, loc, box), box.sizes);
    ktdp::StoreOp::create(b, insert.getLoc(), insert.getSource(), part);
  }
  store.erase();
  for (tensor::InsertSliceOp insert : llvm::reverse(chain))
    eraseIfUnused(insert);
  eraseIfUnused(base.getDefiningOp<tensor::EmptyOp>());
  eraseIfUnused(tile);
}

} // namespace

void spyre::sliceLoadsAndStores(Operation *root) {
  SmallVector<tensor::ConcatOp> concats;
  root->walk([&](tensor::ConcatOp op) { concats.push_back(op); });
  for (tensor::ConcatOp concat : concats) {
    OpBuilder b(concat);
    FailureOr<SmallVector<Value>> parts = concat.decomposeOperation(b);
    if (failed(parts))
      continue;
    concat->replaceAllUsesWith(*parts);
    concat.erase();
  }
  SmallVector<Operation *> elementwise;
  root->walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::Elementwise>())
      elementwise.push_back(op);
  });
  for (Operation *op : elementwise)
    splitElementwise(op);
  SmallVector<tensor::ExtractSliceOp> slices;
  root->walk([&](tensor::ExtractSliceOp op) { slices.push_back(op); });
  BoxLoads made;
  while (!slices.empty()) {
    tensor::ExtractSliceOp slice = slices.pop_back_val();
    if (!sliceElementwise(slice, slices) && !sliceCollapsed(slice, slices))
      sliceLoad(slice, made);
  }
  SmallVector<tensor::ExpandShapeOp> expands;
  root->walk([&](tensor::ExpandShapeOp op) { expands.push_back(op); });
  for (tensor::ExpandShapeOp expand : expands)
    expandPieces(expand);
  SmallVector<ktdp::StoreOp> stores;
  root->walk([&](ktdp::StoreOp op) { stores.push_back(op); });
  for (ktdp::StoreOp store : stores)
    sliceStore(store);
  // What the rewrites left unused: the tiles assembled only to be cut,
  // the whole loads that were only sliced and their access tiles.
  SmallVector<Operation *> candidates;
  root->walk([&](Operation *op) {
    if (isa<tensor::InsertSliceOp, tensor::ExtractSliceOp, tensor::EmptyOp,
            tensor::CollapseShapeOp>(op))
      candidates.push_back(op);
  });
  for (auto &[key, loaded] : made) {
    candidates.push_back(key.first);
    candidates.push_back(
        cast<ktdp::LoadOp>(key.first).getAccessTile().getDefiningOp());
  }
  llvm::SetVector<Operation *> unique(candidates.begin(), candidates.end());
  std::vector<Operation *> left(unique.begin(), unique.end());
  for (bool erased = true; erased;) {
    erased = false;
    for (Operation *&op : left)
      if (op && op->use_empty()) {
        op->erase();
        op = nullptr;
        erased = true;
      }
  }
}
