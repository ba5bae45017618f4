//===- AutomaticInputs.h - inputs for a kernel run without a record -*- C++ -*-===//
//
// What a run does for the memory nobody gave it (Run.cpp, docs/inputs.md):
//
//   * an integer or index argument without a value that is the base address
//     of memory views (the offset of a construct_memory_view, directly or
//     through integer arithmetic) gets an automatic address: element index
//     2^24 (k + 1) for the k-th such argument, as ktir-cpu's harness does;
//   * a discovery run of the interpreter records every memory view the
//     kernel builds (ViewDiscovery); the views' byte ranges, less what the
//     given or seeded arrays already hold, become memory regions filled
//     with seeded random data (planRegions) and bound for both engines.
//
// Internal to core/driver: MLIR types appear here, so the GUI never
// includes it (it sees the results through Run.h).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_AUTOMATICINPUTS_H
#define SPYRE_DRIVER_AUTOMATICINPUTS_H

#include "driver/DiagnosticCapture.h"
#include "driver/Run.h"
#include "interp/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <map>
#include <tuple>
#include <vector>

namespace spyre::driver {

/// The element index the k-th automatic address (k from 0) gives.
int64_t automaticElementIndex(unsigned k);

/// The type of the first memory view `value` is the offset of, directly or
/// through integer arithmetic (addi, subi, muli, index casts, ...); null
/// when it addresses none.
mlir::MemRefType addressedViewType(mlir::Value value);

/// Random integers that index something stay below this: the smallest
/// static extent of any floating-point memory view but 1 (a row of scales
/// [1, N] indexes nothing), so gather and scatter indices stay in range; in
/// a kernel of integer views only (an i8 row sum), the smallest extent of
/// any view but 1 (at least 2: never all zeros, which would let a kernel
/// pass vacuously).
int64_t seededIntegerHigh(mlir::func::FuncOp function);

/// Random integers that are data, not indices: signed, [-16, 16) (i1:
/// [0, 2)), so that a quantised kernel's sign handling is exercised, and
/// small enough that its dequantised f16 results (an i8 matmul's i32 sums
/// over K = 2048, times normal scales) mostly stay finite.
constexpr int64_t kSeededDataLow = -16, kSeededDataHigh = 16;

/// Whether the integers in the memory `pointer` addresses (through its
/// views) are data: no value made from them is an index (an address, a
/// loop bound, a gather's or a tile's index) and no indirect access tile
/// reads them. False for a pointer whose views hold no integers.
bool seededIntegersAreData(mlir::Value pointer);

/// `count` random elements of `dtype` named `name` (floats standard
/// normal, integers uniform in [intLow, intHigh)), from a generator seeded
/// by `seed` and the name: the rule --seed follows.
std::vector<uint8_t> randomElements(interp::DType dtype, int64_t count,
                                    uint64_t seed, const std::string &name,
                                    int64_t intHigh, int64_t intLow = 0);

/// The memory views a discovery run built, merged per memory, core and
/// element type into byte ranges (at most limits::kMaxDiscoveredRanges).
class ViewDiscovery {
public:
  /// InterpOptions::onMemoryView.
  void add(const interp::ViewExtent &view);

  struct Span {
    int64_t end = 0;
    mlir::Operation *op = nullptr; ///< the first view that reached here
  };
  /// (lx, core, dtype) -> byte ranges [begin, end).
  using Key = std::tuple<bool, int, interp::DType>;
  const std::map<Key, std::map<int64_t, Span>> &ranges() const {
    return spans;
  }
  /// The first view past the limit on ranges (null when none). A view's
  /// bytes below 0 are left out (no memory is there).
  mlir::Operation *tooManyAt() const { return tooMany; }
  size_t views() const { return count; }

private:
  std::map<Key, std::map<int64_t, Span>> spans;
  size_t total = 0, count = 0;
  mlir::Operation *tooMany = nullptr;
};

/// Memory a run already holds: given and seeded arrays, record regions.
struct HeldRange {
  bool lx = false;
  int core = 0;
  uint64_t begin = 0, end = 0;
};

/// What planRegions decided.
struct RegionPlan {
  std::vector<MemoryRegion> filled;
  /// HBM ranges too large to fill: bound for the emulator, read as zero.
  std::vector<BoundRange> unfilled;
};

/// The regions of `discovery` not in `held`, split where views of
/// different element types overlap (integer types keep their bytes, so
/// indices stay in range), filled with random data from `seed` up to
/// limits::kMaxAutoFillBytes in all and bound beyond it (a warning on the
/// view's line). A range beyond `hbmBytes` (HBM) or `lxBytes` (a
/// scratchpad) is refused with an error on the view's line.
mlir::LogicalResult planRegions(const ViewDiscovery &discovery,
                                const std::vector<HeldRange> &held,
                                uint64_t hbmBytes, uint64_t lxBytes,
                                uint64_t seed, int64_t intHigh,
                                RegionPlan &plan, DiagnosticCapture &capture);

} // namespace spyre::driver

#endif
