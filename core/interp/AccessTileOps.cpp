//===- AccessTileOps.cpp - ktdp access tiles, direct and indirect ---------===//
//
// An access tile resolves every point of its set to a partition of its
// view and a byte address when it is built, kept as runs of points whose
// addresses step evenly (a row of a plain view is one run). Points outside
// the view's coordinate set are masked. Box sets over box views are walked
// in bands of rows that lie in the same partitions (a band of whole rows
// following each other in memory is one run); everything else point by
// point.
//
//===----------------------------------------------------------------------===//

#include "interp/KtdpTiles.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "support/Checked.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"

#include <algorithm>
#include <unordered_set>

using namespace mlir;
using namespace spyre::interp;
namespace kt = mlir::ktdp;

ByteStore &spyre::interp::storeFor(CoreExec &core, const ViewPart &part) {
  Memories &m = core.interp.memories();
  return part.space == Space::HBM ? m.hbm : m.lx[part.core];
}

namespace {

/// Byte address of global coordinate `g` in partition `p`, or -1.
int32_t addressIn(const MemoryView &view, size_t p, const int64_t *g,
                  uint64_t &address) {
  const ViewPart &part = view.parts[p];
  int64_t index = part.offset;
  for (size_t d = 0; d < part.strides.size(); ++d)
    index += (view.distributed ? g[d] - part.lo[d] : g[d]) * part.strides[d];
  if (index < 0)
    return -1;
  address = static_cast<uint64_t>(index) * dtypeSize(part.dtype);
  return static_cast<int32_t>(p);
}

/// Resolves global coordinate `g` in `view`: the first partition holding
/// it and the byte address there, or -1. `hint` remembers the last hit:
/// when the partitions are disjoint it is tried first (neighbouring points
/// usually share a partition).
int32_t resolve(const MemoryView &view, const int64_t *g, uint64_t &address,
                size_t &hint) {
  if (view.disjoint && hint < view.parts.size() &&
      view.parts[hint].contains(g))
    return addressIn(view, hint, g, address);
  for (size_t p = 0; p < view.parts.size(); ++p)
    if (view.parts[p].contains(g)) {
      hint = p;
      return addressIn(view, p, g, address);
    }
  return -1;
}

/// Enumerates the points of `set` (symbols bound) with the loop order given
/// by `order` (its k-th result is the set dimension tile dimension k walks;
/// the last is innermost). Calls fn(point, true) in tile order; with
/// `boundingBox`, walks every position of the set's bounding box instead
/// and calls fn(position, false) for those that are not points of the set
/// (masked lanes). `count` is the number of points of the set. `given`:
/// the set's shape when the caller has it (tightened to the points).
template <typename Fn>
LogicalResult enumerateSet(CoreExec &core, Operation *op, IntegerSet set,
                           ArrayRef<int64_t> symbols,
                           AffineMap order, int64_t &count, Fn fn,
                           bool boundingBox = false,
                           const Interpreter::SetShape *given = nullptr) {
  unsigned rank = set.getNumDims();
  const Interpreter::SetShape &shape =
      given ? *given : core.interp.setShape(set, symbols);
  if (!shape.bounded)
    return op->emitError("the access tile's set is unbounded");
  const Dims &lo = shape.lo, &hi = shape.hi;
  std::vector<unsigned> loopDim;
  for (AffineExpr e : order.getResults())
    loopDim.push_back(llvm::cast<AffineDimExpr>(e).getPosition());
  int64_t volume = 1;
  for (unsigned d = 0; d < rank; ++d) {
    if (hi[d] < lo[d])
      return count = 0, success();
    // Every point of a tile lands in a scratchpad (load) or comes from one
    // (store), so a tile larger than the scratchpad in bytes can never run.
    int64_t capacity =
        static_cast<int64_t>(core.interp.options().lxCapacityBytes);
    std::optional<int64_t> span = spyre::checked::span(lo[d], hi[d]);
    std::optional<int64_t> grown =
        span ? spyre::checked::mul(volume, *span) : std::nullopt;
    if (!grown || *grown > capacity)
      return op->emitError("the access tile's bounding box spans ")
             << (grown ? std::to_string(*grown) : std::string("over 2^63"))
             << " points, more than the " << capacity
             << "-byte scratchpad can hold (the interpreter, like ktir-cpu, "
                   "holds a loaded tile in LX whole; the compiled pipeline "
                   "streams such a tile through LX in chunks)";
    volume = *grown;
  }
  bool box = shape.isBox;
  Dims p(lo);
  count = 0;
  if (rank == 0) {
    if (set.getNumConstraints() == 0 || kt::integerSetContains(set, {}, symbols)) {
      fn(p.data(), true);
      count = 1;
    }
    return success();
  }
  std::optional<kt::PointTest> test;
  if (!box)
    test.emplace(set, symbols);
  while (true) {
    if (box || test->contains(p)) {
      fn(p.data(), true);
      ++count;
    } else if (boundingBox) {
      fn(p.data(), false);
    }
    int k = static_cast<int>(rank) - 1;
    for (; k >= 0; --k) {
      unsigned d = loopDim[k];
      if (++p[d] <= hi[d])
        break;
      p[d] = lo[d];
    }
    if (k < 0)
      break;
  }
  return success();
}

/// The extent of `shape`'s bounding box along each tile dimension (tile
/// dimension k walks set dimension order[k]).
Dims boundingShape(const Interpreter::SetShape &shape, AffineMap order) {
  Dims extents;
  for (AffineExpr e : order.getResults()) {
    unsigned d = llvm::cast<AffineDimExpr>(e).getPosition();
    extents.push_back(std::max<int64_t>(0, shape.hi[d] - shape.lo[d] + 1));
  }
  return extents;
}

/// The shape of a set that is not a box, its bounding box shrunk to the
/// extent of its points (what a masked tile's shape is). Left as it is
/// when the box is too large to walk (enumerating it then reports that).
Interpreter::SetShape tightShape(CoreExec &core, IntegerSet set,
                                 ArrayRef<int64_t> symbols,
                                 const Interpreter::SetShape &shape) {
  Interpreter::SetShape tight = shape;
  int64_t points = 0;
  kt::tightenToPoints(
      set, symbols, tight.lo, tight.hi,
      static_cast<int64_t>(core.interp.options().lxCapacityBytes), points);
  return tight;
}

/// Whether a tile of `type` over a set that is not a box takes the set's
/// bounding box `box` as its shape (positions that are not points of the
/// set are masked lanes): every static extent equals the box's. A type
/// whose extents differ keeps the packed meaning (the points in order).
bool takesBoundingBox(kt::AccessTileType type, ArrayRef<int64_t> box) {
  if (type.getRank() != static_cast<int64_t>(box.size()))
    return false;
  for (auto [extent, b] : llvm::zip(type.getShape(), box))
    if (!ShapedType::isDynamic(extent) && extent != b)
      return false;
  return true;
}

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t d : shape)
    text += std::to_string(d) + "x";
  return text + "index";
}

/// The error for a tile over a set that is not a box whose type is neither
/// the set's bounding box nor holds exactly its points.
LogicalResult wrongNonBoxType(Operation *op, kt::AccessTileType type,
                              int64_t points, ArrayRef<int64_t> box) {
  return op->emitError("the access tile's set is not a box: it has ")
         << points << " points in a bounding box of "
         << shapeText(box).substr(0, shapeText(box).size() - 6)
         << " (anchored at its lowest point), so its type must be "
            "!ktdp.access_tile<"
         << shapeText(box)
         << "> (the bounding box: positions outside the set are masked "
            "lanes, loaded as 0 and not stored) or hold exactly "
         << points << " elements (the points packed in order); got " << type;
}

LogicalResult checkTileSize(Operation *op, kt::AccessTileType type,
                            int64_t points, Dims &shape) {
  shape.assign(type.getShape().begin(), type.getShape().end());
  int64_t dynamicDims = llvm::count_if(shape, ShapedType::isDynamic);
  if (dynamicDims == 0) {
    std::optional<int64_t> holds = spyre::checked::product(shape);
    if (holds != points)
      return op->emitError("the access tile's set has ")
             << points << " points but its type " << type << " holds "
             << (holds ? std::to_string(*holds) : std::string("over 2^63"));
    return success();
  }
  if (dynamicDims > 1)
    return op->emitError("the interpreter needs at most one dynamic extent "
                         "in an access tile type");
  std::optional<int64_t> product = 1;
  for (int64_t d : shape)
    if (!ShapedType::isDynamic(d) && product)
      product = spyre::checked::mul(*product, d);
  int64_t known = product.value_or(0); // overflow: no point count fills it
  if (known == 0 || points % known != 0)
    return op->emitError("the access tile's ")
           << points << " points do not fill its type " << type;
  for (int64_t &d : shape)
    if (ShapedType::isDynamic(d))
      d = points / known;
  return success();
}

/// Gives a tile walked by `walk(masked)` its shape: the bounding box when
/// `masked`, else its points in the type's shape. A type over a set that
/// is not a box that neither takes the bounding box nor holds the points
/// is an error naming both; a type with a dynamic extent that fits both
/// takes the points (today's meaning), walking the set again if needed.
template <typename Walk>
LogicalResult placeNonBoxTile(Operation *op, kt::AccessTileType type,
                              const Interpreter::SetShape &setShape,
                              ArrayRef<int64_t> box, int64_t points,
                              bool masked, AccessTile &tile, Walk walk) {
  bool nonBox = setShape.bounded && !setShape.isBox;
  if (masked && !type.hasStaticShape()) {
    Dims packed;
    int64_t known = 1;
    for (int64_t d : type.getShape())
      if (!ShapedType::isDynamic(d))
        known *= d;
    bool packedFits = llvm::count_if(type.getShape(), ShapedType::isDynamic) ==
                          1 &&
                      known > 0 && points % known == 0;
    if (packedFits) {
      if (failed(walk(false)))
        return failure();
      return checkTileSize(op, type, points, tile.shape);
    }
  }
  if (masked) {
    tile.shape.assign(box.begin(), box.end());
    return success();
  }
  if (nonBox && type.hasStaticShape() && numElements(type.getShape()) != points)
    return wrongNonBoxType(op, type, points, box);
  return checkTileSize(op, type, points, tile.shape);
}

/// The tile dimension walked at each position of access_tile_order,
/// outermost first.
SmallVector<unsigned, 4> tileDimensionOrder(kt::ConstructAccessTileOp op) {
  SmallVector<unsigned, 4> dimOf;
  for (AffineExpr e : op.getAccessTileOrder().getResults())
    dimOf.push_back(llvm::cast<AffineDimExpr>(e).getPosition());
  return dimOf;
}

/// The number of points of the box `shape` (rank dimensions); an error on
/// `op` if more than the scratchpad could ever hold.
FailureOr<int64_t> boxVolume(CoreExec &core, kt::ConstructAccessTileOp op,
                             const Interpreter::SetShape &shape, size_t rank) {
  std::optional<int64_t> volume = 1;
  for (size_t d = 0; d < rank && volume; ++d) {
    std::optional<int64_t> span = spyre::checked::span(shape.lo[d], shape.hi[d]);
    volume = span ? spyre::checked::mul(*volume, *span) : std::nullopt;
  }
  uint64_t capacity = core.interp.options().lxCapacityBytes;
  if (!volume || *volume > static_cast<int64_t>(capacity))
    return op.emitError("the access tile's bounding box spans ")
           << (volume ? std::to_string(*volume) : std::string("over 2^63"))
           << " points, more than the " << capacity
           << "-byte scratchpad can hold (the interpreter, like ktir-cpu, "
                 "holds a loaded tile in LX whole; the compiled pipeline "
                 "streams such a tile through LX in chunks)";
  return *volume;
}

/// Appends the points x = from..to of a row whose element index is
/// `base + x * stride` in partition `q`: points with a negative index are
/// masked (the index is linear in x, so they lie at one end of the row).
void appendRow(AccessTile &tile, int32_t q, int64_t from, int64_t to,
               int64_t base, int64_t stride, uint64_t elementSize) {
  if (from > to)
    return;
  int64_t lo = from, hi = to; // the points with index >= 0
  if (stride > 0 && base >= 0 && from >= 0)
    ; // every point of the row: no division needed
  else if (stride > 0)
    lo = std::max(from, -llvm::divideFloorSigned(base, stride));
  else if (stride < 0)
    hi = std::min(to, llvm::divideFloorSigned(base, -stride));
  else if (base < 0)
    lo = to + 1;
  if (lo > hi) {
    tile.append(-1, 0, 0, to - from + 1);
    return;
  }
  tile.append(-1, 0, 0, lo - from);
  tile.append(q, static_cast<uint64_t>(base + lo * stride) * elementSize,
              stride * static_cast<int64_t>(elementSize), hi - lo + 1);
  tile.append(-1, 0, 0, to - hi);
}

/// Walks the rows of the box `shape` in tile order (the innermost tile
/// dimension varies along a row) a band at a time: a band is a run of
/// consecutive rows along the second-innermost tile dimension d2, cut
/// wherever the global coordinate anchor[d2] + p[d2] reaches one of `cuts`
/// (sorted). fn(p, rows) with p the set point starting the band's first row.
template <typename Fn>
void forEachBand(const Interpreter::SetShape &shape, ArrayRef<unsigned> dimOf,
                 ArrayRef<int64_t> anchor, ArrayRef<int64_t> cuts, Fn fn) {
  size_t rank = dimOf.size();
  SmallVector<int64_t, 4> p(shape.lo.begin(), shape.lo.end());
  if (rank < 2) {
    fn(p, int64_t{1});
    return;
  }
  unsigned d2 = dimOf[rank - 2];
  while (true) {
    const int64_t *cut = cuts.begin();
    for (p[d2] = shape.lo[d2]; p[d2] <= shape.hi[d2];) {
      int64_t x = anchor[d2] + p[d2];
      while (cut != cuts.end() && *cut <= x)
        ++cut;
      int64_t end = shape.hi[d2];
      if (cut != cuts.end())
        end = std::min(end, *cut - 1 - anchor[d2]);
      fn(p, end - p[d2] + 1);
      p[d2] = end + 1;
    }
    p[d2] = shape.lo[d2];
    int k = static_cast<int>(rank) - 3;
    for (; k >= 0; --k) {
      unsigned d = dimOf[k];
      if (++p[d] <= shape.hi[d])
        break;
      p[d] = shape.lo[d];
    }
    if (k < 0)
      return;
  }
}

/// A box of points over box partitions that are disjoint (a plain view is
/// one): in each row every partition covers one interval of the innermost
/// dimension. A partition's element offset is that of global coordinate 0
/// in a plain view and of the partition's low corner in a distributed one.
void boxInBoxParts(AccessTile &tile, const MemoryView &view,
                   ArrayRef<int64_t> anchor,
                   const Interpreter::SetShape &shape,
                   ArrayRef<unsigned> dimOf) {
  size_t rank = anchor.size();
  if (rank == 0) { // a plain view of one element
    const ViewPart &part = view.parts.front();
    tile.append(part.offset >= 0 ? 0 : -1,
                static_cast<uint64_t>(std::max<int64_t>(part.offset, 0)) *
                    dtypeSize(part.dtype));
    return;
  }
  unsigned inner = dimOf.back();
  int64_t first = anchor[inner] + shape.lo[inner];
  int64_t last = anchor[inner] + shape.hi[inner];
  unsigned d2 = rank >= 2 ? dimOf[rank - 2] : inner;
  auto origin = [&](const ViewPart &part, size_t d) {
    return view.distributed ? part.lo[d] : int64_t{0};
  };
  // The partitions meeting the tile's columns, ordered by first column
  // (within a row, disjoint partitions cover disjoint intervals, so the
  // order of those a row meets is that row's order).
  struct Piece {
    int64_t from, to;
    size_t q;
    int64_t base = 0; ///< element index of column 0 in the current row
  };
  SmallVector<Piece, 4> order;
  SmallVector<int64_t, 8> cuts;
  for (size_t q = 0; q < view.parts.size(); ++q) {
    const ViewPart &part = view.parts[q];
    int64_t from = std::max(first, part.lo[inner]);
    int64_t to = std::min(last, part.hi[inner]);
    if (from > to)
      continue;
    order.push_back({from, to, q});
    if (rank >= 2) {
      cuts.push_back(part.lo[d2]);
      cuts.push_back(part.hi[d2] + 1);
    }
  }
  // (One partition, the common case, is in order already: no sort called.)
  if (order.size() > 1)
    std::stable_sort(order.begin(), order.end(),
                     [](const Piece &a, const Piece &b) { return a.from < b.from; });
  if (!std::is_sorted(cuts.begin(), cuts.end()))
    llvm::sort(cuts);
  SmallVector<Piece, 4> pieces;
  forEachBand(shape, dimOf, anchor, cuts, [&](ArrayRef<int64_t> p,
                                              int64_t rows) {
    // Which partitions the band's rows lie in does not change within it.
    pieces.clear();
    for (const Piece &piece : order) {
      const ViewPart &part = view.parts[piece.q];
      int64_t base = part.offset - origin(part, inner) * part.strides[inner];
      bool inside = true;
      for (size_t d = 0; d < rank && inside; ++d) {
        if (d == inner)
          continue;
        int64_t x = anchor[d] + p[d];
        inside = x >= part.lo[d] && x <= part.hi[d];
        base += (x - origin(part, d)) * part.strides[d];
      }
      if (inside)
        pieces.push_back({piece.from, piece.to, piece.q, base});
    }
    // One partition holding whole rows that follow each other in memory:
    // the band is one run.
    if (pieces.size() == 1 && pieces[0].from == first && pieces[0].to == last) {
      const Piece &piece = pieces[0];
      const ViewPart &part = view.parts[piece.q];
      int64_t stride = part.strides[inner];
      int64_t rowStep = part.strides[d2]; // element index step between rows
      if (stride > 0 && piece.base >= 0 && first >= 0 &&
          (rows == 1 || rowStep == (last - first + 1) * stride)) {
        uint64_t size = dtypeSize(part.dtype);
        tile.append(static_cast<int32_t>(piece.q),
                    static_cast<uint64_t>(piece.base + first * stride) * size,
                    stride * static_cast<int64_t>(size),
                    rows * (last - first + 1));
        return;
      }
    }
    for (int64_t r = 0; r < rows; ++r) {
      int64_t next = first;
      for (Piece &piece : pieces) {
        const ViewPart &part = view.parts[piece.q];
        tile.append(-1, 0, 0, piece.from - next);
        appendRow(tile, static_cast<int32_t>(piece.q), piece.from, piece.to,
                  piece.base, part.strides[inner], dtypeSize(part.dtype));
        next = piece.to + 1;
        if (rank >= 2)
          piece.base += part.strides[d2];
      }
      tile.append(-1, 0, 0, last + 1 - next);
    }
  });
}

/// The memory view an access tile is built on.
FailureOr<MemoryViewPtr> baseView(CoreExec &core, Operation *op, Value base) {
  auto *view = std::get_if<MemoryViewPtr>(&core.get(base));
  if (!view || !*view)
    return op->emitError("the interpreter supports access tiles on memory "
                         "views only");
  return *view;
}

} // namespace

LogicalResult spyre::interp::execAccessTile(CoreExec &core,
                                            kt::ConstructAccessTileOp op) {
  FailureOr<MemoryViewPtr> viewPtr = baseView(core, op, op.getBase());
  if (failed(viewPtr))
    return failure();
  const MemoryView &view = **viewPtr;
  auto operandValues = core.integers(op, op.getIndices());
  auto symbolValues = core.integers(op, op.getSymbolOperands());
  if (failed(operandValues) || failed(symbolValues))
    return failure();
  ArrayRef<int64_t> operands = *operandValues;
  ArrayRef<int64_t> symbols = *symbolValues;
  AffineMap map = op.getBaseMap();
  SmallVector<int64_t, 4> anchor;
  for (AffineExpr e : map.getResults())
    anchor.push_back(kt::evaluateAffineExpr(
        e, operands.take_front(map.getNumDims()),
        operands.drop_front(map.getNumDims())));

  auto tile = std::make_shared<AccessTile>();
  tile->view = *viewPtr;
  SmallVector<int64_t, 4> g(anchor.size());
  int64_t count = 0;
  const Interpreter::SetShape &setShape =
      core.interp.setShape(op.getAccessTileSet(), symbols);
  // The global coordinates anchor + point must not overflow.
  if (setShape.bounded)
    for (size_t d = 0; d < anchor.size() && d < setShape.lo.size(); ++d)
      if (!spyre::checked::add(anchor[d], setShape.lo[d]) ||
          !spyre::checked::add(anchor[d], setShape.hi[d]))
        return op.emitError("the access tile's coordinates overflow 64 bits "
                            "in dimension ")
               << d;
  auto boxPart = [](const ViewPart &p) { return p.isBox || p.set == IntegerSet(); };
  bool plain = view.parts.size() == 1 && !view.distributed;
  bool boxSet = setShape.bounded && setShape.isBox;
  if (boxSet && ((plain && boxPart(view.parts.front())) ||
                 (view.distributed && view.disjoint && !anchor.empty() &&
                  llvm::all_of(view.parts, boxPart)))) {
    FailureOr<int64_t> boxPoints = boxVolume(core, op, setShape, anchor.size());
    if (failed(boxPoints))
      return failure();
    count = *boxPoints;
    if (count > 0) {
      SmallVector<unsigned, 4> dimOf = tileDimensionOrder(op);
      boxInBoxParts(*tile, view, anchor, setShape, dimOf);
    }
    if (failed(checkTileSize(op, op.getType(), count, tile->shape)))
      return failure();
    core.set(op.getResult(), AccessTilePtr(tile));
    return success();
  }
  // A set that is not a box: its bounding box with masked lanes, or its
  // points packed in order (see docs/interpreter.md).
  bool masked = false;
  Dims box;
  Interpreter::SetShape shape = setShape;
  if (setShape.bounded && !setShape.isBox) {
    shape = tightShape(core, op.getAccessTileSet(), symbols, setShape);
    box = boundingShape(shape, op.getAccessTileOrder());
    masked = takesBoundingBox(op.getType(), box);
  }
  auto walk = [&](bool boundingBox) -> LogicalResult {
    tile->runs.clear();
    tile->points = 0;
    if (plain) {
      // One plain view: bounds check and address without a partition search.
      const ViewPart &part = view.parts.front();
      bool boxView = boxPart(part);
      uint64_t elementSize = dtypeSize(part.dtype);
      size_t rank = g.size();
      return enumerateSet(
          core, op, op.getAccessTileSet(), symbols, op.getAccessTileOrder(),
          count, [&](const int64_t *p, bool inSet) {
            if (!inSet)
              return tile->append(-1, 0);
            bool inside = true;
            int64_t index = part.offset;
            for (size_t d = 0; d < rank; ++d) {
              int64_t x = anchor[d] + p[d];
              g[d] = x;
              inside &= x >= part.lo[d] && x <= part.hi[d];
              index += x * part.strides[d];
            }
            if (inside && !boxView)
              inside = part.contains(g.data());
            inside &= index >= 0;
            tile->append(inside ? 0 : -1,
                         inside ? static_cast<uint64_t>(index) * elementSize : 0);
          }, boundingBox, &shape);
    }
    size_t hint = 0;
    return enumerateSet(core, op, op.getAccessTileSet(), symbols,
                        op.getAccessTileOrder(), count,
                        [&](const int64_t *p, bool inSet) {
                          if (!inSet)
                            return tile->append(-1, 0);
                          for (size_t d = 0; d < g.size(); ++d)
                            g[d] = anchor[d] + p[d];
                          uint64_t address = 0;
                          int32_t part = resolve(view, g.data(), address, hint);
                          tile->append(part, address);
                        }, boundingBox, &shape);
  };
  if (failed(walk(masked)))
    return failure();
  if (failed(placeNonBoxTile(op, op.getType(), setShape, box, count, masked,
                             *tile, walk)))
    return failure();
  core.set(op.getResult(), AccessTilePtr(tile));
  return success();
}

LogicalResult
spyre::interp::execIndirectTile(CoreExec &core,
                                kt::ConstructIndirectAccessTileOp op) {
  FailureOr<MemoryViewPtr> viewPtr = baseView(core, op, op.getBase());
  if (failed(viewPtr))
    return failure();
  const MemoryView &view = **viewPtr;
  SmallVector<MemoryViewPtr> indexViews;
  for (Value v : op.getIndirectMemrefs()) {
    auto *iv = std::get_if<MemoryViewPtr>(&core.get(v));
    if (!iv || !*iv)
      return op.emitError("index view is not an evaluated memory view");
    indexViews.push_back(*iv);
  }
  auto captured = core.integers(op, op.getCapturedVariables());
  auto symbolValues = core.integers(op, op.getSymbolOperands());
  if (failed(captured) || failed(symbolValues))
    return failure();
  std::vector<int64_t> dims(captured->begin(), captured->end());
  size_t numCaptured = dims.size();
  ArrayRef<int64_t> symbols = *symbolValues;
  IntegerSet set = op.getVariablesSpaceSet();
  dims.resize(numCaptured + set.getNumDims());

  SmallVector<AffineMap> maps;
  SmallVector<bool> indirect;
  for (auto [kind, map] : llvm::zip(op.getPerDimSubscriptKinds(),
                                    op.getPerDimSubscriptMaps())) {
    indirect.push_back(llvm::cast<BoolAttr>(kind).getValue());
    maps.push_back(llvm::cast<AffineMapAttr>(map).getValue());
  }
  auto tile = std::make_shared<AccessTile>();
  tile->view = *viewPtr;
  // Index sticks are counted per index view (as ktir-cpu does), even when
  // two views alias the same memory.
  std::vector<std::unordered_set<uint64_t>> indexSticks(indexViews.size());
  std::vector<int64_t> g(maps.size()), sub;
  size_t hint = 0;
  std::vector<size_t> indexHints(indexViews.size(), 0);
  int64_t count = 0;
  // A set that is not a box: as for direct tiles.
  const Interpreter::SetShape &setShape = core.interp.setShape(set, symbols);
  bool masked = false;
  Dims box;
  Interpreter::SetShape shape = setShape;
  if (setShape.bounded && !setShape.isBox) {
    shape = tightShape(core, set, symbols, setShape);
    box = boundingShape(shape, op.getVariablesSpaceOrder());
    masked = takesBoundingBox(op.getType(), box);
  }
  auto walk = [&](bool boundingBox) -> LogicalResult {
    tile->runs.clear();
    tile->points = 0;
    return enumerateSet(
      core, op, set, symbols, op.getVariablesSpaceOrder(), count,
      [&](const int64_t *p, bool inSet) {
        if (!inSet)
          return tile->append(-1, 0);
        for (unsigned d = 0; d < set.getNumDims(); ++d)
          dims[numCaptured + d] = p[d];
        bool outside = false;
        size_t viewIndex = 0;
        for (size_t i = 0; i < maps.size(); ++i) {
          if (!indirect[i]) {
            g[i] = kt::evaluateAffineExpr(maps[i].getResult(0), dims, {});
            continue;
          }
          const MemoryView &iv = *indexViews[viewIndex++];
          sub.clear();
          for (AffineExpr e : maps[i].getResults())
            sub.push_back(kt::evaluateAffineExpr(e, dims, {}));
          uint64_t address = 0;
          int32_t part = resolve(iv, sub.data(), address, indexHints[viewIndex - 1]);
          if (part < 0) {
            outside = true;
            continue;
          }
          const ViewPart &vp = iv.parts[part];
          if (vp.space == Space::HBM)
            indexSticks[viewIndex - 1].insert(address / kStickBytes);
          g[i] = slotToInt(vp.dtype,
                           storeFor(core, vp).load(vp.dtype, address));
        }
        uint64_t address = 0;
        int32_t part = outside ? -1 : resolve(view, g.data(), address, hint);
        tile->append(part, address);
      }, boundingBox, &shape);
  };
  if (failed(walk(masked)))
    return failure();
  for (const auto &sticks : indexSticks)
    tile->indexSticks += static_cast<int64_t>(sticks.size());
  for (const MemoryViewPtr &iv : indexViews)
    for (const ViewPart &p : iv->parts)
      tile->indexViewsInLx &= p.space == Space::LX;
  if (failed(placeNonBoxTile(op, op.getType(), setShape, box, count, masked,
                             *tile, walk)))
    return failure();
  core.set(op.getResult(), AccessTilePtr(tile));
  return success();
}

