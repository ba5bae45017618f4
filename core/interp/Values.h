//===- Values.h - what an SSA value holds at run time -----------*- C++ -*-===//
#ifndef SPYRE_INTERP_VALUES_H
#define SPYRE_INTERP_VALUES_H

#include "interp/DType.h"
#include "interp/Shadow.h"
#include "interp/SmallPool.h"

#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <variant>
#include <vector>

namespace spyre::interp {

/// An allocator that leaves new elements uninitialised, so tensors about to
/// be overwritten are not zeroed first; blocks come from the thread's pool
/// (SmallPool.h).
template <typename T> struct UninitAllocator : PoolAllocator<T> {
  template <typename U> struct rebind { using other = UninitAllocator<U>; };
  UninitAllocator() = default;
  template <typename U> UninitAllocator(const UninitAllocator<U> &) {}
  template <typename U> void construct(U *p) noexcept { ::new (static_cast<void *>(p)) U; }
  template <typename U, typename... Args> void construct(U *p, Args &&...args) {
    ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
  }
};
using Buffer = std::vector<double, UninitAllocator<double>>;
/// The shadows of a tensor's elements (Shadow.h), in the tensor's order.
using ShadowBuffer = std::vector<ShadowCell>;
using ShadowPtr = std::shared_ptr<const ShadowBuffer>;
/// Coordinates, sizes and strides of views and tiles: held inline up to
/// rank 4, so making a view or a tile allocates little.
using Dims = llvm::SmallVector<int64_t, 4>;

/// A tensor value: row-major data, each element already rounded to `dtype`.
struct Tensor {
  DType dtype = DType::F32;
  Dims shape;
  Buffer data;
  /// Compile-time literal (arith.constant): not charged to the scratchpad.
  bool literal = false;
  /// A tensor.splat whose only readers are float binary ops (see
  /// execTensor): `data` stays empty and every one of its `splatCount`
  /// elements is `splatValue` (already rounded to `dtype`).
  bool splat = false;
  double splatValue = 0;
  int64_t splatCount = 0;
  /// The elements' shadows when the run keeps them (InterpOptions::shadow)
  /// and some element is not exact; null: every element is exact. Never
  /// changed once set: copies of the tensor share it.
  ShadowPtr shadow;
  /// A splat's one shadow (terms 0: exact).
  ShadowCell splatShadow;
  /// A vector whose last lanes are the padding after a partial stick (the
  /// stage executor's, core/stagex): only the first `dataLanes` hold data,
  /// and an integer division computes only those, as the compute unit does
  /// (-1: every element is data). Elementwise results keep the least of
  /// their operands'.
  int64_t dataLanes = -1;
  /// Which core holds it and how often (CoreExec::hold), kept here for the
  /// first core that holds it (a core's map has the others): no lookup per
  /// binding. Not copied with the tensor.
  struct HoldState {
    uint64_t core = 0; ///< CoreExec::serial of the holder (0: none)
    int count = 0;
    uint64_t buffer = 0;
    HoldState() = default;
    HoldState(const HoldState &) {}
    HoldState &operator=(const HoldState &) { return *this; }
  };
  mutable HoldState held;

  int64_t numElements() const {
    return splat ? splatCount : static_cast<int64_t>(data.size());
  }
  uint64_t bytes() const { return numElements() * dtypeSize(dtype); }
};
using TensorPtr = std::shared_ptr<Tensor>;

/// A scalar (index, integer or float) with its type. `value` is a slot
/// (DType.h): for i64 and index it holds the integer's bits.
struct Scalar {
  double value = 0;
  DType dtype = DType::Index;
  /// Its shadow when the run keeps them (terms 0: exact).
  ShadowCell shadow = {};

  int64_t integer() const { return slotToInt(dtype, value); }
  double number() const { return slotToNumber(dtype, value); }
};
inline Scalar indexScalar(int64_t v) { return Scalar{intBits(v), DType::Index}; }

enum class Space { HBM, LX };

/// One memory view, or one partition of a distributed view.
struct ViewPart {
  Space space = Space::HBM;
  int core = 0; ///< owner of the scratchpad when space == LX
  DType dtype = DType::F16;
  int64_t offset = 0; ///< element index of coordinate `origin`
  Dims sizes, strides;
  /// The global coordinates the view holds: `set` with `symbols` bound, or
  /// (no set) the box [0, size).
  mlir::IntegerSet set;
  Dims symbols;
  /// Bounding box of the coordinates (inclusive), and whether the set is
  /// exactly that box.
  Dims lo, hi;
  bool isBox = true;
  /// A replica slot of a distributed view (ir/ktdp/ReplicaSlots.h): the
  /// global coordinates are the set's shifted by this along dimension 0
  /// (lo and hi are shifted already).
  int64_t slotShift = 0;

  bool contains(const int64_t *coord) const;
};

struct MemoryView {
  /// Inline: a plain view (one part) needs no heap block of its own.
  llvm::SmallVector<ViewPart, 1> parts;
  bool distributed = false;
  /// No two partitions' bounding boxes overlap.
  bool disjoint = true;
  DType dtype = DType::F16;
  Dims shape;
};
using MemoryViewPtr = std::shared_ptr<const MemoryView>;

/// Consecutive points of an access tile (in tile order) in one partition
/// whose byte addresses step by `stride`: `count` points from `address`.
/// Masked points (part -1) form runs of their own.
struct AccessRun {
  int32_t part = -1;
  int64_t stride = 0; ///< bytes between consecutive points (count > 1)
  uint64_t address = 0;
  int64_t count = 0;
};

/// The resolved points of an access tile, in tile (row-major) order, as
/// runs: a row of a plain view is one run, whatever its length.
struct AccessTile {
  MemoryViewPtr view;
  Dims shape;
  llvm::SmallVector<AccessRun, 2> runs;
  int64_t points = 0;
  int64_t indexSticks = 0;       ///< HBM sticks of index views it read
  bool indexViewsInLx = true;    ///< no index view (or all of them) in LX
  int64_t numPoints() const { return points; }

  /// Appends `count` points of partition `part` (-1: masked) from byte
  /// `address` on, `stride` bytes apart, extending the last run when they
  /// continue it.
  void append(int32_t part, uint64_t address, int64_t stride = 0,
              int64_t count = 1) {
    if (count <= 0)
      return;
    points += count;
    if (!runs.empty()) {
      AccessRun &last = runs.back();
      if (last.part == part && part < 0) {
        last.count += count;
        return;
      }
      if (last.part == part) {
        int64_t step = last.count == 1
                           ? static_cast<int64_t>(address - last.address)
                           : last.stride;
        if (address == last.address + static_cast<uint64_t>(step * last.count) &&
            (count == 1 || stride == step)) {
          last.stride = step;
          last.count += count;
          return;
        }
      }
    }
    runs.push_back({part, count > 1 ? stride : 0, part < 0 ? 0 : address, count});
  }
};
using AccessTilePtr = std::shared_ptr<const AccessTile>;

/// A core's handle on an inter_tile_produce.
struct Future {
  bool producer = false;
  int64_t group = -1;
  std::vector<TensorPtr> partials;
};
using FuturePtr = std::shared_ptr<const Future>;

/// A value of a dialect the interpreter does not know, defined by the
/// executor that embeds it (core/stagex: a FIFO, a channel, an LX buffer).
struct ForeignValue {
  /// Which of the executor's kinds it is (its own numbering): found by a
  /// compare, not a dynamic_cast, on every use.
  explicit ForeignValue(int kind = 0) : kind(kind) {}
  virtual ~ForeignValue() = default;
  const int kind;
};
using ForeignPtr = std::shared_ptr<ForeignValue>;

using RtValue = std::variant<std::monostate, Scalar, TensorPtr, MemoryViewPtr,
                             AccessTilePtr, FuturePtr, ForeignPtr>;

} // namespace spyre::interp

#endif
