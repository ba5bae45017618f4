//===- LoadStoreOps.cpp - ktdp.load and ktdp.store ------------------------===//
//
// Loads and stores walk the runs of an access tile: a run of consecutive
// elements converts page by page in bulk, a strided run element by element.
// Masked points read as 0 and are skipped by stores. Each access reports the
// HBM sticks it touched to the latency model.
//
//===----------------------------------------------------------------------===//

#include "interp/HalfArrays.h"
#include "interp/KtdpTiles.h"
#include "interp/ShadowTensor.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace spyre::interp;
namespace kt = mlir::ktdp;

namespace {

/// Calls fn(address, first, k) for the pieces of `run` (elements of `size`
/// bytes) that lie in one page: points first .. first+k-1, the first at
/// `address`.
template <typename Fn>
void forEachPagePiece(const AccessRun &run, uint64_t size, Fn fn) {
  constexpr uint64_t kPage = ByteStore::kPageSize;
  uint64_t address = run.address;
  int64_t stride = run.count > 1 ? run.stride : static_cast<int64_t>(size);
  for (int64_t done = 0; done < run.count;) {
    uint64_t offset = address & (kPage - 1);
    int64_t fit = run.count - done;
    if (stride > 0)
      fit = static_cast<int64_t>((kPage - size - offset) / stride) + 1;
    else if (stride < 0)
      fit = static_cast<int64_t>(offset / static_cast<uint64_t>(-stride)) + 1;
    int64_t k = std::min(run.count - done, fit);
    fn(address, done, k);
    done += k;
    address += static_cast<uint64_t>(k * stride);
  }
}

/// A run whose points are consecutive elements, lowest address first.
bool contiguous(const AccessRun &run, uint64_t size) {
  return run.count == 1 || run.stride == static_cast<int64_t>(size);
}

void reportMemory(CoreExec &core, const AccessTile &tile, bool isStore) {
  CostModel *costs = core.costs();
  if (!costs)
    return;
  const MemoryView &view = *tile.view;
  // Inline storage: a small tile's sticks need no heap blocks.
  llvm::SmallVector<llvm::SmallVector<uint64_t, 32>, 2> sticks(
      view.parts.size());
  llvm::SmallVector<char, 8> touched(view.parts.size(), 0);
  for (const AccessRun &run : tile.runs) {
    if (run.part < 0)
      continue;
    touched[run.part] = 1;
    const ViewPart &part = view.parts[run.part];
    if (part.space != Space::HBM)
      continue;
    // Elements never straddle a stick: a run touches its elements' sticks.
    llvm::SmallVectorImpl<uint64_t> &list = sticks[run.part];
    uint64_t size = dtypeSize(part.dtype);
    if (contiguous(run, size)) {
      for (uint64_t stick = run.address / kStickBytes,
                    last = (run.address + (run.count - 1) * size) / kStickBytes;
           stick <= last; ++stick)
        if (list.empty() || list.back() != stick)
          list.push_back(stick);
      continue;
    }
    uint64_t address = run.address;
    for (int64_t i = 0; i < run.count; ++i, address += run.stride) {
      uint64_t stick = address / kStickBytes;
      if (list.empty() || list.back() != stick)
        list.push_back(stick);
    }
  }
  for (llvm::SmallVectorImpl<uint64_t> &list : sticks) {
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
  access.lx = !anyHbm && tile.indexViewsInLx;
  access.indexSticks = tile.indexSticks;
  access.distributedMixed = view.distributed && anyHbm && anyLx;
  if (!access.distributedMixed)
    access.lxPartitionBytes = 0;
  costs->onMemory(core.id, isStore ? "ktdp.store" : "ktdp.load", access);
}

/// Strided f16 runs go through a buffer of this many halves.
constexpr int64_t kGather = 256;

/// Reads the run's elements (of `type`) into out[0, count).
void loadRun(ByteStore &store, DType type, const AccessRun &run, double *out) {
  uint64_t size = dtypeSize(type);
  bool dense = contiguous(run, size);
  forEachPagePiece(run, size, [&](uint64_t address, int64_t first, int64_t k) {
    const uint8_t *bytes = store.find(address);
    double *dst = out + first;
    if (!bytes) {
      store.noteUninitialised(address, k * size);
      std::fill(dst, dst + k, 0.0); // nobody wrote the page
    } else if (dense && type == DType::F16) {
      decodeHalves(bytes, dst, k);
    } else if (type == DType::F16) {
      // Strided: gather the halves, then decode them in bulk.
      uint8_t halves[2 * kGather];
      for (int64_t done = 0; done < k; done += kGather) {
        int64_t m = std::min(kGather, k - done);
        for (int64_t i = 0; i < m; ++i, bytes += run.stride)
          std::memcpy(halves + 2 * i, bytes, 2);
        decodeHalves(halves, dst + done, m);
      }
    } else {
      for (int64_t i = 0; i < k; ++i, bytes += run.stride)
        dst[i] = loadSlot(type, bytes);
    }
  });
}

/// Writes values[0, count) to the run's elements (of `type`).
void storeRun(ByteStore &store, DType type, const AccessRun &run,
              const double *values) {
  uint64_t size = dtypeSize(type);
  bool dense = contiguous(run, size);
  forEachPagePiece(run, size, [&](uint64_t address, int64_t first, int64_t k) {
    uint64_t available = 0;
    uint8_t *bytes = store.poke(address, available);
    const double *src = values + first;
    if (dense && type == DType::F16) {
      encodeHalves(src, bytes, k);
    } else if (type == DType::F16) {
      // Strided: encode in bulk, then scatter the halves.
      uint8_t halves[2 * kGather];
      for (int64_t done = 0; done < k; done += kGather) {
        int64_t m = std::min(kGather, k - done);
        encodeHalves(src + done, halves, m);
        for (int64_t i = 0; i < m; ++i, bytes += run.stride)
          std::memcpy(bytes, halves + 2 * i, 2);
      }
    } else
      for (int64_t i = 0; i < k; ++i, bytes += run.stride)
        storeSlot(type, src[i], bytes);
  });
}

ShadowStore &shadowStoreFor(CoreExec &core, const ViewPart &part) {
  Memories &m = core.interp.memories();
  return part.space == Space::HBM ? m.hbmShadow : m.lxShadow[part.core];
}

/// The shadows of the run's elements as loaded into a tensor of `to`:
/// what stores left there, or (inputs) their values, exact. `values` are
/// the elements of the memory's type, before any conversion.
void loadRunShadows(CoreExec &core, Operation *op, const ViewPart &part,
                    const AccessRun &run, const double *values, DType to,
                    ShadowCell *cells) {
  if (!isFloat(part.dtype))
    return;
  const ShadowStore &store = shadowStoreFor(core, part);
  bool converts = part.dtype != to;
  if (store.empty() && !converts)
    return;
  ShadowOp ctx = shadowOp(core, op, to);
  int64_t stride = run.count > 1 ? run.stride : 0;
  for (int64_t k = 0; k < run.count; ++k) {
    const StoredShadow *s = store.find(run.address + k * stride);
    ShadowCell c = s ? s->cell : ShadowCell{};
    if (converts)
      c = shadowConvert(ctx, c.terms > 0 ? c : exactCell(values[k]), part.dtype);
    cells[k] = c;
  }
}

/// Records the shadows of the run's elements as a store of a tensor of
/// `from` writes them: `cells` (null: exact) and `values` are the tensor's.
void storeRunShadows(CoreExec &core, Operation *op, const ViewPart &part,
                     const AccessRun &run, const double *values,
                     const ShadowCell *cells, DType from, uint32_t occurrence) {
  if (!isFloat(part.dtype))
    return;
  ShadowStore &store = shadowStoreFor(core, part);
  ShadowOp ctx = shadowOp(core, op, part.dtype);
  int64_t stride = run.count > 1 ? run.stride : 0;
  for (int64_t k = 0; k < run.count; ++k) {
    ShadowCell c = cells ? cells[k] : ShadowCell{};
    if (from != part.dtype)
      c = shadowConvert(
          ctx, c.terms > 0 ? c : exactCell(slotToNumber(from, values[k])), from);
    StoredShadow &entry = store.at(run.address + k * stride);
    entry.cell = c;
    entry.storer = ctx.writer;
    entry.core = core.id;
    entry.occurrence = occurrence;
  }
}

} // namespace

/// Calls fn(run, out) for the part of each run of `tile` that lies in
/// points [first, first + count), `out` counting from `first`.
template <typename Fn>
static void forEachRunIn(const AccessTile &tile, int64_t first, int64_t count,
                         Fn fn) {
  int64_t pos = 0, end = first + count;
  for (const AccessRun &run : tile.runs) {
    int64_t lo = std::max(pos, first), hi = std::min(pos + run.count, end);
    if (lo < hi) {
      AccessRun piece = run;
      int64_t skip = lo - pos;
      if (piece.part >= 0 && skip > 0)
        piece.address = run.address + static_cast<uint64_t>(skip * run.stride);
      piece.count = hi - lo;
      if (piece.count == 1)
        piece.stride = 0;
      fn(piece, lo - first);
    }
    pos += run.count;
    if (pos >= end)
      break;
  }
}

void spyre::interp::loadPoints(CoreExec &core, const AccessTile &tile,
                               DType dt, int64_t first, int64_t count,
                               double *out) {
  const auto &parts = tile.view->parts;
  forEachRunIn(tile, first, count, [&](const AccessRun &run, int64_t at) {
    double *dst = out + at;
    if (run.part < 0) {
      std::fill(dst, dst + run.count, 0.0);
      return;
    }
    const ViewPart &part = parts[run.part];
    loadRun(storeFor(core, part), part.dtype, run, dst);
    if (part.dtype != dt)
      for (int64_t k = 0; k < run.count; ++k)
        dst[k] = convertSlot(part.dtype, dt, dst[k]);
  });
}

/// Whether one of the run's elements (of `size` bytes) covers `byte`.
static bool hits(const AccessRun &run, uint64_t size, uint64_t byte) {
  int64_t stride = run.count > 1 ? run.stride : int64_t(size);
  for (int64_t i = 0; i < run.count; ++i) {
    uint64_t a = run.address + uint64_t(i * stride);
    if (byte >= a && byte < a + size)
      return true;
    if (stride > 0 && a > byte)
      return false;
  }
  return false;
}

void spyre::interp::storePoints(CoreExec &core, const AccessTile &tile,
                                int64_t first, int64_t count,
                                const double *values) {
  const auto &parts = tile.view->parts;
  const InterpOptions &options = core.interp.options();
  forEachRunIn(tile, first, count, [&](const AccessRun &run, int64_t at) {
    if (run.part < 0)
      return;
    const ViewPart &part = parts[run.part];
    storeRun(storeFor(core, part), part.dtype, run, values + at);
    if (options.onWatchedStore && part.space == Space::HBM &&
        hits(run, dtypeSize(part.dtype), options.watchHbmByte))
      options.onWatchedStore(core.currentOperation());
  });
}

LogicalResult spyre::interp::execLoad(CoreExec &core, kt::LoadOp op) {
  auto *tilePtr = std::get_if<AccessTilePtr>(&core.get(op.getAccessTile()));
  if (!tilePtr || !*tilePtr)
    return op.emitError("access tile has not been evaluated");
  const AccessTile &tile = **tilePtr;
  DType dt = dtypeOf(op.getType());
  // Every point is written below (masked ones as 0).
  TensorPtr t = makeTensor(dt, tile.shape, /*zeroFill=*/false);
  const auto &parts = tile.view->parts;
  double *out = t->data.data();
  ShadowBuffer cells(keepsShadow(core) ? static_cast<size_t>(t->numElements()) : 0);
  for (const AccessRun &run : tile.runs) {
    if (run.part < 0) {
      std::fill(out, out + run.count, 0.0);
    } else {
      const ViewPart &part = parts[run.part];
      loadRun(storeFor(core, part), part.dtype, run, out);
      if (!cells.empty())
        loadRunShadows(core, op, part, run, out, dt,
                       cells.data() + (out - t->data.data()));
      if (part.dtype != dt)
        for (int64_t k = 0; k < run.count; ++k)
          out[k] = convertSlot(part.dtype, dt, out[k]);
    }
    out += run.count;
  }
  if (!cells.empty())
    attachShadow(*t, std::move(cells));
  reportMemory(core, tile, false);
  core.set(op.getResult(), t);
  return success();
}

LogicalResult spyre::interp::execStore(CoreExec &core, kt::StoreOp op) {
  auto *tilePtr = std::get_if<AccessTilePtr>(&core.get(op.getAccessTile()));
  FailureOr<TensorPtr> data = core.tensor(op, op.getDataTile());
  if (!tilePtr || !*tilePtr || failed(data))
    return op.emitError("operands have not been evaluated");
  const AccessTile &tile = **tilePtr;
  if ((*data)->numElements() < tile.numPoints())
    return op.emitError("storing ")
           << (*data)->numElements() << " elements through an access tile of "
           << tile.numPoints() << " points";
  const auto &parts = tile.view->parts;
  const InterpOptions &options = core.interp.options();
  const Tensor &source = **data;
  const double *values = source.data.data();
  const ShadowCell *cells = source.shadow ? source.shadow->data() : nullptr;
  uint32_t occurrence =
      keepsShadow(core) ? static_cast<uint32_t>(++core.occurrences[op]) : 0;
  for (const AccessRun &run : tile.runs) {
    if (run.part >= 0) {
      const ViewPart &part = parts[run.part];
      storeRun(storeFor(core, part), part.dtype, run, values);
      if (keepsShadow(core))
        storeRunShadows(core, op, part, run, values, cells, source.dtype,
                        occurrence);
      if (options.onWatchedStore && part.space == Space::HBM &&
          hits(run, dtypeSize(part.dtype), options.watchHbmByte))
        options.onWatchedStore(core.currentOperation());
    }
    values += run.count;
    if (cells)
      cells += run.count;
  }
  reportMemory(core, tile, true);
  return success();
}
