//===- KtdpOps.cpp - ktdp ops: tiles, views, loads, stores, inter-tile ----===//
//
// Memory views resolve coordinates to byte addresses: element index
// `offset + sum(c_i * stride_i)`, byte address = index * element size
// (the project's decision, shared with ktir-cpu). A partition of a
// distributed view is addressed relative to the lower corner of its
// coordinate set. Access tiles resolve every point to (partition, address)
// when they are built; points outside the view's coordinate set are masked
// (loads read 0 there, stores skip them).
//
//===----------------------------------------------------------------------===//

#include "interp/CoreExec.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"

#include <algorithm>
#include <unordered_set>

using namespace mlir;
using namespace spyre::interp;
namespace kt = mlir::ktdp;

bool ViewPart::contains(const int64_t *coord) const {
  for (size_t d = 0; d < lo.size(); ++d)
    if (coord[d] < lo[d] || coord[d] > hi[d])
      return false;
  if (isBox || set == mlir::IntegerSet())
    return true;
  return kt::integerSetContains(set, ArrayRef<int64_t>(coord, lo.size()),
                                symbols);
}

namespace {

constexpr int64_t kStickBytes = 128;

LogicalResult execMemoryView(CoreExec &core, kt::ConstructMemoryViewOp op) {
  FailureOr<int64_t> offset = core.integer(op, op.getOffset());
  auto sizes = core.mixedList(op, op.getStaticSizes(), op.getSizes());
  auto strides = core.mixedList(op, op.getStaticStrides(), op.getStrides());
  if (failed(offset) || failed(sizes) || failed(strides))
    return failure();
  ViewPart part;
  kt::MemorySpaceAttr space = op.getMemorySpace();
  part.space = space.isGlobal() ? Space::HBM : Space::LX;
  part.core = space.hasCtId() ? space.getCtId() : core.id;
  if (part.space == Space::LX && part.core >= core.interp.numCores())
    return op.emitError("ct_id ")
           << part.core << " names a core outside the grid of "
           << core.interp.numCores() << " cores";
  auto memref = llvm::cast<MemRefType>(op.getType());
  if (!dtypeSupported(memref.getElementType()))
    return op.emitError("the interpreter does not support memory of ")
           << memref.getElementType();
  part.dtype = dtypeOf(memref);
  part.offset = *offset;
  part.sizes = *sizes;
  part.strides = *strides;
  if (std::optional<IntegerSet> set = op.getCoordinateSet()) {
    part.set = *set;
    for (Value dyn : op.getSizes()) {
      if (part.symbols.size() == set->getNumSymbols())
        break;
      part.symbols.push_back(*core.integer(op, dyn));
    }
    const Interpreter::SetShape &shape =
        core.interp.setShape(part.set, part.symbols);
    if (!shape.bounded)
      return op.emitError("coordinate_set is unbounded for the sizes given");
    part.lo = shape.lo;
    part.hi = shape.hi;
    part.isBox = shape.isBox;
  } else {
    for (int64_t s : part.sizes) {
      part.lo.push_back(0);
      part.hi.push_back(s - 1);
    }
  }
  auto view = std::make_shared<MemoryView>();
  view->dtype = part.dtype;
  view->shape = part.sizes;
  view->parts.push_back(std::move(part));
  core.set(op.getResult(), MemoryViewPtr(view));
  return success();
}

LogicalResult execDistributedView(CoreExec &core,
                                  kt::ConstructDistributedMemoryViewOp op) {
  auto view = std::make_shared<MemoryView>();
  view->distributed = true;
  auto type = llvm::cast<MemRefType>(op.getType());
  view->dtype = dtypeOf(type);
  view->shape.assign(type.getRank(), 0);
  for (Value input : op.getMemrefs()) {
    auto *part = std::get_if<MemoryViewPtr>(&core.get(input));
    if (!part || !*part)
      return op.emitError("partition is not an evaluated memory view");
    for (const ViewPart &p : (*part)->parts) {
      view->parts.push_back(p);
      for (size_t d = 0; d < p.hi.size() && d < view->shape.size(); ++d)
        view->shape[d] = std::max(view->shape[d], p.hi[d] + 1);
    }
  }
  // Disjoint bounding boxes: every coordinate has at most one partition.
  view->disjoint = true;
  for (size_t a = 0; a < view->parts.size() && view->disjoint; ++a)
    for (size_t b = a + 1; b < view->parts.size() && view->disjoint; ++b) {
      const ViewPart &x = view->parts[a], &y = view->parts[b];
      bool overlap = x.lo.size() == y.lo.size();
      for (size_t d = 0; d < x.lo.size() && overlap; ++d)
        overlap = x.lo[d] <= y.hi[d] && y.lo[d] <= x.hi[d];
      view->disjoint = !overlap;
    }
  core.set(op.getResult(), MemoryViewPtr(view));
  return success();
}

/// Resolves global coordinate `g` in `view`: partition index and byte
/// address, or -1 when no partition holds it.
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
/// the last is innermost). Calls fn(point) in tile order.
template <typename Fn>
LogicalResult enumerateSet(CoreExec &core, Operation *op, IntegerSet set,
                           const std::vector<int64_t> &symbols,
                           AffineMap order, int64_t &count, Fn fn) {
  unsigned rank = set.getNumDims();
  const Interpreter::SetShape &shape = core.interp.setShape(set, symbols);
  if (!shape.bounded)
    return op->emitError("the access tile's set is unbounded");
  const std::vector<int64_t> &lo = shape.lo, &hi = shape.hi;
  std::vector<unsigned> loopDim;
  for (AffineExpr e : order.getResults())
    loopDim.push_back(llvm::cast<AffineDimExpr>(e).getPosition());
  int64_t volume = 1;
  for (unsigned d = 0; d < rank; ++d) {
    if (hi[d] < lo[d])
      return count = 0, success();
    volume *= hi[d] - lo[d] + 1;
    // Every point of a tile lands in a scratchpad (load) or comes from one
    // (store), so a tile larger than the scratchpad in bytes can never run.
    int64_t capacity =
        static_cast<int64_t>(core.interp.options().lxCapacityBytes);
    if (volume > capacity)
      return op->emitError("the access tile's bounding box spans ")
             << volume << " points, more than the " << capacity
             << "-byte scratchpad can hold";
  }
  bool box = shape.isBox;
  std::vector<int64_t> p(lo);
  count = 0;
  if (rank == 0) {
    if (set.getNumConstraints() == 0 || kt::integerSetContains(set, {}, symbols)) {
      fn(p.data());
      count = 1;
    }
    return success();
  }
  while (true) {
    if (box || kt::integerSetContains(set, p, symbols)) {
      fn(p.data());
      ++count;
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

LogicalResult checkTileSize(Operation *op, kt::AccessTileType type,
                            int64_t points, std::vector<int64_t> &shape) {
  shape.assign(type.getShape().begin(), type.getShape().end());
  int64_t dynamicDims = llvm::count_if(shape, ShapedType::isDynamic);
  if (dynamicDims == 0) {
    if (numElements(shape) != points)
      return op->emitError("the access tile's set has ")
             << points << " points but its type "
             << type << " holds " << numElements(shape);
    return success();
  }
  if (dynamicDims > 1)
    return op->emitError("the interpreter needs at most one dynamic extent "
                         "in an access tile type");
  int64_t known = 1;
  for (int64_t d : shape)
    if (!ShapedType::isDynamic(d))
      known *= d;
  if (known == 0 || points % known != 0)
    return op->emitError("the access tile's ")
           << points << " points do not fill its type " << type;
  for (int64_t &d : shape)
    if (ShapedType::isDynamic(d))
      d = points / known;
  return success();
}

/// The tile dimension walked at each position of access_tile_order,
/// outermost first.
std::vector<unsigned> tileDimensionOrder(kt::ConstructAccessTileOp op) {
  std::vector<unsigned> dimOf;
  for (AffineExpr e : op.getAccessTileOrder().getResults())
    dimOf.push_back(llvm::cast<AffineDimExpr>(e).getPosition());
  return dimOf;
}

/// The number of points of the box `shape` (rank dimensions); an error on
/// `op` if more than the scratchpad could ever hold.
FailureOr<int64_t> boxVolume(CoreExec &core, kt::ConstructAccessTileOp op,
                             const Interpreter::SetShape &shape, size_t rank) {
  int64_t volume = 1;
  for (size_t d = 0; d < rank; ++d)
    volume *= std::max<int64_t>(0, shape.hi[d] - shape.lo[d] + 1);
  uint64_t capacity = core.interp.options().lxCapacityBytes;
  if (volume > static_cast<int64_t>(capacity))
    return op.emitError("the access tile's bounding box spans ")
           << volume << " points, more than the " << capacity
           << "-byte scratchpad can hold";
  return volume;
}

LogicalResult execAccessTile(CoreExec &core, kt::ConstructAccessTileOp op) {
  auto *viewPtr = std::get_if<MemoryViewPtr>(&core.get(op.getBase()));
  if (!viewPtr || !*viewPtr)
    return op.emitError("the interpreter supports access tiles on memory "
                        "views only");
  const MemoryView &view = **viewPtr;
  SmallVector<int64_t> operands;
  for (Value v : op.getIndices()) {
    FailureOr<int64_t> x = core.integer(op, v);
    if (failed(x))
      return failure();
    operands.push_back(*x);
  }
  std::vector<int64_t> symbols;
  for (Value v : op.getSymbolOperands())
    symbols.push_back(*core.integer(op, v));
  AffineMap map = op.getBaseMap();
  std::vector<int64_t> anchor;
  for (AffineExpr e : map.getResults())
    anchor.push_back(kt::evaluateAffineExpr(
        e, ArrayRef<int64_t>(operands).take_front(map.getNumDims()),
        ArrayRef<int64_t>(operands).drop_front(map.getNumDims())));

  auto tile = std::make_shared<AccessTile>();
  tile->view = *viewPtr;
  if (std::optional<int64_t> n = op.getType().getNumElements()) {
    tile->part.reserve(*n);
    tile->address.reserve(*n);
  }
  std::vector<int64_t> g(anchor.size());
  int64_t count = 0;
  LogicalResult enumerated = success();
  const Interpreter::SetShape &setShape =
      core.interp.setShape(op.getAccessTileSet(), symbols);
  if (view.parts.size() == 1 && !view.distributed && setShape.bounded &&
      setShape.isBox && (view.parts.front().isBox ||
                         view.parts.front().set == IntegerSet())) {
    // A box of points in one plain box view: walk it with incremental
    // addresses, innermost tile dimension in a tight loop.
    const ViewPart &part = view.parts.front();
    size_t rank = anchor.size();
    std::vector<unsigned> dimOf = tileDimensionOrder(op);
    FailureOr<int64_t> boxPoints = boxVolume(core, op, setShape, rank);
    if (failed(boxPoints))
      return failure();
    int64_t volume = *boxPoints;
    tile->part.resize(volume);
    tile->address.resize(volume);
    count = volume;
    if (volume > 0) {
      uint64_t elementSize = dtypeSize(part.dtype);
      std::vector<int64_t> p(setShape.lo);
      unsigned inner = rank ? dimOf.back() : 0;
      int64_t innerLo = rank ? setShape.lo[inner] : 0;
      int64_t innerHi = rank ? setShape.hi[inner] : 0;
      int64_t at = 0;
      while (true) {
        // Everything but the innermost dimension is fixed for this row.
        bool rowInside = true;
        int64_t rowIndex = part.offset;
        for (size_t d = 0; d < rank; ++d) {
          if (rank && d == inner)
            continue;
          int64_t x = anchor[d] + p[d];
          rowInside &= x >= part.lo[d] && x <= part.hi[d];
          rowIndex += x * part.strides[d];
        }
        if (rank == 0) {
          tile->part[0] = part.offset >= 0 ? 0 : -1;
          tile->address[0] = static_cast<uint64_t>(std::max<int64_t>(part.offset, 0)) * elementSize;
          break;
        }
        int64_t stride = part.strides[inner];
        for (int64_t v = innerLo; v <= innerHi; ++v, ++at) {
          int64_t x = anchor[inner] + v;
          int64_t index = rowIndex + x * stride;
          bool inside = rowInside && x >= part.lo[inner] &&
                        x <= part.hi[inner] && index >= 0;
          tile->part[at] = inside ? 0 : -1;
          tile->address[at] = inside ? static_cast<uint64_t>(index) * elementSize : 0;
        }
        int k = static_cast<int>(rank) - 2;
        for (; k >= 0; --k) {
          unsigned d = dimOf[k];
          if (++p[d] <= setShape.hi[d])
            break;
          p[d] = setShape.lo[d];
        }
        if (k < 0)
          break;
      }
    }
  } else if (view.distributed && view.disjoint && setShape.bounded &&
             setShape.isBox && !anchor.empty() &&
             llvm::all_of(view.parts, [](const ViewPart &p) {
               return p.isBox || p.set == IntegerSet();
             })) {
    // A box of points over disjoint box partitions: per row of the
    // innermost tile dimension, each partition covers one interval of it.
    size_t rank = anchor.size();
    std::vector<unsigned> dimOf = tileDimensionOrder(op);
    FailureOr<int64_t> boxPoints = boxVolume(core, op, setShape, rank);
    if (failed(boxPoints))
      return failure();
    int64_t volume = *boxPoints;
    tile->part.assign(volume, -1);
    tile->address.assign(volume, 0);
    count = volume;
    unsigned inner = dimOf.back();
    int64_t rowLength = setShape.hi[inner] - setShape.lo[inner] + 1;
    std::vector<int64_t> p(setShape.lo);
    for (int64_t rowStart = 0; volume > 0 && rowStart < volume;
         rowStart += rowLength) {
      int64_t first = anchor[inner] + setShape.lo[inner];
      int64_t last = anchor[inner] + setShape.hi[inner];
      for (size_t q = 0; q < view.parts.size(); ++q) {
        const ViewPart &part = view.parts[q];
        bool rowInside = true;
        int64_t rowIndex = part.offset;
        for (size_t d = 0; d < rank && rowInside; ++d) {
          if (d == inner)
            continue;
          int64_t x = anchor[d] + p[d];
          rowInside = x >= part.lo[d] && x <= part.hi[d];
          rowIndex += (x - part.lo[d]) * part.strides[d];
        }
        int64_t from = std::max(first, part.lo[inner]);
        int64_t to = std::min(last, part.hi[inner]);
        if (!rowInside || from > to)
          continue;
        uint64_t elementSize = dtypeSize(part.dtype);
        for (int64_t x = from; x <= to; ++x) {
          int64_t index = rowIndex + (x - part.lo[inner]) * part.strides[inner];
          int64_t at = rowStart + (x - first);
          if (index < 0)
            continue;
          tile->part[at] = static_cast<int32_t>(q);
          tile->address[at] = static_cast<uint64_t>(index) * elementSize;
        }
      }
      int k = static_cast<int>(rank) - 2;
      for (; k >= 0; --k) {
        unsigned d = dimOf[k];
        if (++p[d] <= setShape.hi[d])
          break;
        p[d] = setShape.lo[d];
      }
      if (k < 0)
        break;
    }
  } else if (view.parts.size() == 1 && !view.distributed) {
    // One plain view: bounds check and address without a partition search.
    const ViewPart &part = view.parts.front();
    bool box = part.isBox || part.set == IntegerSet();
    uint64_t elementSize = dtypeSize(part.dtype);
    size_t rank = g.size();
    enumerated = enumerateSet(
        core, op, op.getAccessTileSet(), symbols, op.getAccessTileOrder(),
        count, [&](const int64_t *p) {
          bool inside = true;
          int64_t index = part.offset;
          for (size_t d = 0; d < rank; ++d) {
            int64_t x = anchor[d] + p[d];
            g[d] = x;
            inside &= x >= part.lo[d] && x <= part.hi[d];
            index += x * part.strides[d];
          }
          if (inside && !box)
            inside = part.contains(g.data());
          inside &= index >= 0;
          tile->part.push_back(inside ? 0 : -1);
          tile->address.push_back(inside ? static_cast<uint64_t>(index) * elementSize : 0);
        });
  } else {
    size_t hint = 0;
    enumerated = enumerateSet(core, op, op.getAccessTileSet(), symbols,
                              op.getAccessTileOrder(), count,
                              [&](const int64_t *p) {
                                for (size_t d = 0; d < g.size(); ++d)
                                  g[d] = anchor[d] + p[d];
                                uint64_t address = 0;
                                tile->part.push_back(resolve(view, g.data(), address, hint));
                                tile->address.push_back(address);
                              });
  }
  if (failed(enumerated))
    return failure();
  if (failed(checkTileSize(op, op.getType(), count, tile->shape)))
    return failure();
  core.set(op.getResult(), AccessTilePtr(tile));
  return success();
}

ByteStore &storeFor(CoreExec &core, const ViewPart &part) {
  Memories &m = core.interp.memories();
  return part.space == Space::HBM ? m.hbm : m.lx[part.core];
}

LogicalResult execIndirectTile(CoreExec &core,
                               kt::ConstructIndirectAccessTileOp op) {
  auto *viewPtr = std::get_if<MemoryViewPtr>(&core.get(op.getBase()));
  if (!viewPtr || !*viewPtr)
    return op.emitError("the interpreter supports access tiles on memory "
                        "views only");
  const MemoryView &view = **viewPtr;
  SmallVector<MemoryViewPtr> indexViews;
  for (Value v : op.getIndirectMemrefs()) {
    auto *iv = std::get_if<MemoryViewPtr>(&core.get(v));
    if (!iv || !*iv)
      return op.emitError("index view is not an evaluated memory view");
    indexViews.push_back(*iv);
  }
  std::vector<int64_t> dims;
  for (Value v : op.getCapturedVariables())
    dims.push_back(*core.integer(op, v));
  size_t numCaptured = dims.size();
  std::vector<int64_t> symbols;
  for (Value v : op.getSymbolOperands())
    symbols.push_back(*core.integer(op, v));
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
  LogicalResult status = success();
  int64_t count = 0;
  LogicalResult r = enumerateSet(
      core, op, set, symbols, op.getVariablesSpaceOrder(), count,
      [&](const int64_t *p) {
        for (unsigned d = 0; d < set.getNumDims(); ++d)
          dims[numCaptured + d] = p[d];
        bool masked = false;
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
            masked = true;
            continue;
          }
          const ViewPart &vp = iv.parts[part];
          if (vp.space == Space::HBM)
            indexSticks[viewIndex - 1].insert(address / kStickBytes);
          g[i] = static_cast<int64_t>(
              storeFor(core, vp).load(vp.dtype, address));
        }
        uint64_t address = 0;
        tile->part.push_back(masked ? -1 : resolve(view, g.data(), address, hint));
        tile->address.push_back(address);
      });
  if (failed(r) || failed(status))
    return failure();
  for (const auto &sticks : indexSticks)
    tile->indexSticks += static_cast<int64_t>(sticks.size());
  for (const MemoryViewPtr &iv : indexViews)
    for (const ViewPart &p : iv->parts)
      tile->indexViewsInLx &= p.space == Space::LX;
  if (failed(checkTileSize(op, op.getType(), count, tile->shape)))
    return failure();
  core.set(op.getResult(), AccessTilePtr(tile));
  return success();
}

/// End (exclusive, at most `limit`) of the run of points from `i` that lie
/// in the same partition at consecutive addresses `size` bytes apart.
int64_t runEnd(const AccessTile &tile, int64_t i, uint64_t size, int64_t limit) {
  int64_t n = std::min(tile.numPoints(), limit);
  int64_t end = i + 1;
  while (end < n && tile.part[end] == tile.part[i] &&
         tile.address[end] == tile.address[end - 1] + size)
    ++end;
  return end;
}

void reportMemory(CoreExec &core, const AccessTile &tile, bool isStore,
                  bool indexViewsInLx) {
  CostModel *costs = core.costs();
  if (!costs)
    return;
  const MemoryView &view = *tile.view;
  std::vector<std::vector<uint64_t>> sticks(view.parts.size());
  std::vector<char> touched(view.parts.size(), 0);
  int64_t n = tile.numPoints();
  const int32_t *part = tile.part.data();
  const uint64_t *address = tile.address.data();
  for (int64_t i = 0; i < n;) {
    int32_t p = part[i];
    if (p < 0) {
      ++i;
      continue;
    }
    touched[p] = 1;
    // Runs of consecutive elements touch every stick between their ends.
    uint64_t size = dtypeSize(view.parts[p].dtype);
    int64_t end = runEnd(tile, i, size, n);
    if (view.parts[p].space == Space::HBM) {
      std::vector<uint64_t> &list = sticks[p];
      for (uint64_t stick = address[i] / kStickBytes,
                    last = address[end - 1] / kStickBytes;
           stick <= last; ++stick)
        if (list.empty() || list.back() != stick)
          list.push_back(stick);
    }
    i = end;
  }
  for (std::vector<uint64_t> &list : sticks) {
    if (!std::is_sorted(list.begin(), list.end()))
      std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  MemoryAccess access;
  bool anyHbm = false, anyLx = false;
  for (size_t p = 0; p < view.parts.size(); ++p) {
    if (!touched[p])
      continue;
    const ViewPart &part = view.parts[p];
    if (part.space == Space::HBM) {
      anyHbm = true;
      access.dataSticks += static_cast<int64_t>(sticks[p].size());
    } else {
      anyLx = true;
      access.lxPartitionBytes +=
          numElements(part.sizes) * dtypeSize(part.dtype);
    }
  }
  access.lx = !anyHbm && indexViewsInLx;
  access.indexSticks = tile.indexSticks;
  access.distributedMixed = view.distributed && anyHbm && anyLx;
  if (!access.distributedMixed)
    access.lxPartitionBytes = 0;
  costs->onMemory(core.id, isStore ? "ktdp.store" : "ktdp.load", access);
}

LogicalResult execLoad(CoreExec &core, kt::LoadOp op) {
  auto *tilePtr = std::get_if<AccessTilePtr>(&core.get(op.getAccessTile()));
  if (!tilePtr || !*tilePtr)
    return op.emitError("access tile has not been evaluated");
  const AccessTile &tile = **tilePtr;
  DType dt = dtypeOf(op.getType());
  // Every point is written below (masked ones as 0).
  TensorPtr t = makeTensor(dt, tile.shape, /*zeroFill=*/false);
  const auto &parts = tile.view->parts;
  SmallVector<ByteStore *> stores;
  for (const ViewPart &part : parts)
    stores.push_back(&storeFor(core, part));
  bool sameType = llvm::all_of(parts, [&](const ViewPart &p) { return p.dtype == dt; });
  int64_t n = tile.numPoints();
  const int32_t *part = tile.part.data();
  const uint64_t *address = tile.address.data();
  double *out = t->data.data();
  for (int64_t i = 0; i < n;) {
    int32_t p = part[i];
    if (p < 0) {
      out[i++] = 0.0;
      continue;
    }
    // A run of consecutive elements of one partition within one page.
    DType type = parts[p].dtype;
    uint64_t size = dtypeSize(type), available = 0;
    const uint8_t *bytes = stores[p]->peek(address[i], size, available);
    int64_t end = runEnd(tile, i, size, i + static_cast<int64_t>(available / size));
    if (!bytes) {
      std::fill(out + i, out + end, 0.0);
      // Elements past the first may start on a written page: reread them.
      for (int64_t k = i + 1; k < end; ++k)
        out[k] = stores[p]->load(type, address[k]);
    } else if (type == DType::F16) {
      for (int64_t k = i; k < end; ++k, bytes += 2)
        out[k] = loadHalf(bytes);
    } else {
      for (int64_t k = i; k < end; ++k, bytes += size)
        out[k] = loadElement(type, bytes);
    }
    if (!sameType)
      for (int64_t k = i; k < end; ++k)
        out[k] = roundTo(dt, out[k]);
    i = end;
  }
  reportMemory(core, tile, false, tile.indexViewsInLx);
  core.set(op.getResult(), t);
  return success();
}

LogicalResult execStore(CoreExec &core, kt::StoreOp op) {
  auto *tilePtr = std::get_if<AccessTilePtr>(&core.get(op.getAccessTile()));
  FailureOr<TensorPtr> data = core.tensor(op, op.getDataTile());
  if (!tilePtr || !*tilePtr || failed(data))
    return op.emitError("operands have not been evaluated");
  const AccessTile &tile = **tilePtr;
  const auto &parts = tile.view->parts;
  SmallVector<ByteStore *> stores;
  for (const ViewPart &part : parts)
    stores.push_back(&storeFor(core, part));
  const double *values = (*data)->data.data();
  int64_t n = tile.numPoints();
  const int32_t *part = tile.part.data();
  const uint64_t *address = tile.address.data();
  for (int64_t i = 0; i < n;) {
    int32_t p = part[i];
    if (p < 0) {
      ++i;
      continue;
    }
    // A run of consecutive elements of one partition within one page.
    DType type = parts[p].dtype;
    uint64_t size = dtypeSize(type), available = 0;
    uint8_t *bytes = stores[p]->poke(address[i], available);
    int64_t end = runEnd(tile, i, size, i + static_cast<int64_t>(available / size));
    if (type == DType::F16)
      for (int64_t k = i; k < end; ++k, bytes += 2)
        storeHalf(roundToHalf(static_cast<float>(values[k])), bytes);
    else
      for (int64_t k = i; k < end; ++k, bytes += size)
        storeElement(type, values[k], bytes);
    i = end;
  }
  reportMemory(core, tile, true, tile.indexViewsInLx);
  return success();
}

//===----------------------------------------------------------------------===//
// Inter-tile communication
//===----------------------------------------------------------------------===//

/// The groups of a future's group set, enumerated.
FailureOr<SmallVector<int64_t>> groupsOf(Operation *op, kt::TileFutureType t) {
  auto groups = kt::enumerateIntegerSet1D(t.getGroups(), {}, 1 << 16);
  if (!groups)
    return op->emitError("the future's groups set is unbounded");
  return *groups;
}

LogicalResult execProduce(CoreExec &core, kt::InterTileProduceOp op) {
  auto groups = groupsOf(op, op.getFuture().getType());
  if (failed(groups))
    return failure();
  auto future = std::make_shared<Future>();
  for (int64_t g : *groups)
    if (kt::integerSetContains(op.getProducerTilesPerGroup(), {core.id}, {g})) {
      future->producer = true;
      future->group = g;
      break;
    }
  if (future->producer) {
    RtValue gid = Scalar{static_cast<double>(future->group), DType::Index};
    SmallVector<RtValue> yielded;
    if (failed(core.runBlock(op.getBody().front(), gid, yielded)))
      return failure();
    for (const RtValue &v : yielded)
      future->partials.push_back(std::get<TensorPtr>(v));
    core.releaseHeld(yielded);
  }
  core.set(op.getFuture(), FuturePtr(future));
  return success();
}

/// Deposits this core's future at the exchange of `op` and waits until
/// every core of the grid has deposited.
FailureOr<Interpreter::Exchange *> rendezvous(CoreExec &core, Operation *op,
                                              Value futureValue) {
  auto *future = std::get_if<FuturePtr>(&core.get(futureValue));
  if (!future || !*future)
    return op->emitError("the future has not been produced on core ")
           << core.id;
  int &occurrence = core.occurrences[op];
  Interpreter::Exchange &ex = core.interp.exchange(op, occurrence++);
  ex.deposits[core.id] = *future;
  ++ex.arrived;
  int n = core.interp.numCores();
  if (ex.arrived < n &&
      !core.interp.waitUntil(core.id, [&ex, n] { return ex.arrived == n; })) {
    if (core.interp.reportDeadlock()) {
      InFlightDiagnostic diag = op->emitError("deadlock: core ");
      diag << core.id << " waits here for the cores that never arrive:";
      for (int c = 0; c < n; ++c)
        if (!ex.deposits[c])
          diag << " " << c;
    }
    return failure();
  }
  return &ex;
}

/// The group `core` belongs to for delivery: its producer group, or else
/// the group whose consumer set names it.
int64_t groupOf(int coreId, const Future &f, IntegerSet consumers,
                ArrayRef<int64_t> groups) {
  if (f.producer)
    return f.group;
  for (int64_t g : groups)
    if (kt::integerSetContains(consumers, {coreId}, {g}))
      return g;
  return -1;
}

LogicalResult execReduce(CoreExec &core, kt::InterTileReduceOp op) {
  auto ex = rendezvous(core, op, op.getFuture());
  if (failed(ex))
    return failure();
  Interpreter::Exchange &x = **ex;
  auto futureType = llvm::cast<kt::TileFutureType>(op.getFuture().getType());
  if (!x.done) {
    // The last core to arrive computes everybody's result: each core folds
    // the partials of its group's producers in ring order (the partial of
    // core id-1 first, then id-2, ...), starting from its own partial, or
    // from the identity when it produced nothing.
    x.done = true;
    auto groups = groupsOf(op, futureType);
    if (failed(groups))
      return failure();
    int n = core.interp.numCores();
    SmallVector<RtValue> identity;
    for (Value v : op.getIdentity())
      identity.push_back(core.get(v));
    for (int c = 0; c < n; ++c) {
      CoreExec &target = core.interp.core(c);
      const Future &mine = *x.deposits[c];
      int64_t group = groupOf(c, mine, op.getConsumerTilesPerGroup(), *groups);
      SmallVector<RtValue> acc;
      if (mine.producer)
        acc.assign(mine.partials.begin(), mine.partials.end());
      else
        acc.assign(identity.begin(), identity.end());
      target.holdAll(acc);
      int64_t bytes = 0;
      for (Type t : futureType.getPartialTypes())
        bytes += numElements(llvm::cast<RankedTensorType>(t).getShape()) *
                 dtypeSize(dtypeOf(t));
      if (CostModel *costs = core.interp.costs())
        costs->onComm(c, bytes * (n - 1));
      for (int k = 1; k < n; ++k) {
        int origin = ((c - k) % n + n) % n;
        const Future &other = *x.deposits[origin];
        if (!other.producer || other.group != group)
          continue;
        SmallVector<RtValue> args(acc);
        args.append(other.partials.begin(), other.partials.end());
        SmallVector<RtValue> yielded;
        if (failed(target.runBlock(op.getCombiner().front(), args, yielded)))
          return failure();
        target.releaseHeld(acc);
        acc.assign(yielded.begin(), yielded.end());
      }
      // Results may drop leading unit dimensions (draft spelling).
      for (auto [i, result] : llvm::enumerate(op.getResults())) {
        auto *t = std::get_if<TensorPtr>(&acc[i]);
        auto type = llvm::cast<RankedTensorType>(result.getType());
        if (t && *t && ArrayRef<int64_t>((*t)->shape) != type.getShape()) {
          auto r = std::make_shared<Tensor>(**t);
          r->shape.assign(type.getShape().begin(), type.getShape().end());
          r->literal = false;
          x.results[c].push_back(TensorPtr(r));
        } else {
          x.results[c].push_back(acc[i]);
        }
      }
      target.releaseHeld(acc);
    }
  }
  for (auto [result, value] : llvm::zip(op.getResults(), x.results[core.id]))
    core.set(result, value);
  return success();
}

LogicalResult execConsume(CoreExec &core, kt::InterTileConsumeOp op) {
  auto ex = rendezvous(core, op, op.getFuture());
  if (failed(ex))
    return failure();
  Interpreter::Exchange &x = **ex;
  auto futureType = llvm::cast<kt::TileFutureType>(op.getFuture().getType());
  auto groups = groupsOf(op, futureType);
  if (failed(groups))
    return failure();
  const Future &mine = *x.deposits[core.id];
  IntegerSet consumers = op.getConsumerTilesPerGroup();
  int64_t group = -1;
  for (int64_t g : *groups)
    if (kt::integerSetContains(consumers, {core.id}, {g}))
      group = g;
  if (group < 0) {
    // Not a consumer: its results are undefined; give it its own partials
    // (or zeros) so that the kernel can go on.
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      auto type = llvm::cast<RankedTensorType>(result.getType());
      core.set(result, mine.producer ? RtValue(mine.partials[i])
                                     : RtValue(makeTensor(dtypeOf(type),
                                                          std::vector<int64_t>(type.getShape().begin(), type.getShape().end()))));
    }
    return success();
  }
  std::optional<IntegerSet> dependency = op.getProducerDependencyPerConsumer();
  SmallVector<int> sources;
  for (int p = 0; p < core.interp.numCores(); ++p) {
    const Future &f = *x.deposits[p];
    if (!f.producer || f.group != group)
      continue;
    if (dependency) {
      SmallVector<int64_t> syms = {core.id};
      if (dependency->getNumSymbols() == 2)
        syms.push_back(group);
      if (!kt::integerSetContains(*dependency, {p}, syms))
        continue;
    }
    sources.push_back(p);
  }
  if (sources.size() != 1)
    return op.emitError("consumer tile ")
           << core.id << " of group " << group << " has " << sources.size()
           << " sources; inter_tile_consume needs exactly one";
  const Future &src = *x.deposits[sources.front()];
  int64_t bytes = 0;
  for (const TensorPtr &t : src.partials)
    bytes += t->bytes();
  if (CostModel *costs = core.costs())
    costs->onComm(core.id, bytes);
  for (auto [result, value] : llvm::zip(op.getResults(), src.partials))
    core.set(result, value);
  return success();
}

} // namespace

LogicalResult spyre::interp::execKtdp(CoreExec &core, Operation *op,
                                      bool &handled) {
  if (auto id = llvm::dyn_cast<kt::GetComputeTileIdOp>(op)) {
    for (auto [i, result] : llvm::enumerate(id.getIds()))
      core.set(result, Scalar{i < core.coords.size()
                                  ? static_cast<double>(core.coords[i])
                                  : 0.0,
                              DType::Index});
    return success();
  }
  if (auto v = llvm::dyn_cast<kt::ConstructMemoryViewOp>(op))
    return execMemoryView(core, v);
  if (auto v = llvm::dyn_cast<kt::ConstructDistributedMemoryViewOp>(op))
    return execDistributedView(core, v);
  if (auto t = llvm::dyn_cast<kt::ConstructAccessTileOp>(op))
    return execAccessTile(core, t);
  if (auto t = llvm::dyn_cast<kt::ConstructIndirectAccessTileOp>(op))
    return execIndirectTile(core, t);
  if (auto l = llvm::dyn_cast<kt::LoadOp>(op))
    return execLoad(core, l);
  if (auto s = llvm::dyn_cast<kt::StoreOp>(op))
    return execStore(core, s);
  if (auto p = llvm::dyn_cast<kt::InterTileProduceOp>(op))
    return execProduce(core, p);
  if (auto r = llvm::dyn_cast<kt::InterTileReduceOp>(op))
    return execReduce(core, r);
  if (auto c = llvm::dyn_cast<kt::InterTileConsumeOp>(op))
    return execConsume(core, c);
  if (auto e = llvm::dyn_cast<kt::RuntimeArgExtractOp>(op)) {
    auto type = llvm::cast<kt::RuntimeArgType>(e.getInput().getType());
    switch (e.getKind()) {
    case kt::RuntimeArgKind::value: {
      FailureOr<Scalar> s = core.scalar(op, e.getInput());
      if (failed(s))
        return failure();
      core.set(e.getResult(), Scalar{s->value, dtypeOf(e.getType())});
      return success();
    }
    case kt::RuntimeArgKind::granularity:
      core.set(e.getResult(), Scalar{static_cast<double>(*type.getGranularity()), DType::Index});
      return success();
    case kt::RuntimeArgKind::upperbound:
      core.set(e.getResult(), Scalar{static_cast<double>(*type.getUpperbound()), DType::Index});
      return success();
    }
  }
  handled = false;
  return failure();
}
