//===- AutomaticInputs.cpp - inputs for a kernel run without a record -----===//

#include "driver/AutomaticInputs.h"

#include "interp/DType.h"
#include "ir/ktdp/KtdpDialect.h"
#include "ir/ktdp/KtdpOps.h"
#include "support/Checked.h"
#include "support/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <random>
#include <set>

using namespace spyre;
using namespace spyre::driver;
using namespace mlir;

int64_t spyre::driver::automaticElementIndex(unsigned k) {
  return (int64_t(k) + 1) << 24;
}

MemRefType spyre::driver::addressedViewType(Value value) {
  // Forward through integer arithmetic; each value is visited once.
  llvm::SmallVector<Value> work{value};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto view = llvm::dyn_cast<ktdp::ConstructMemoryViewOp>(user)) {
        if (view.getOffset() == v)
          return llvm::cast<MemRefType>(view.getType());
        continue;
      }
      // A runtime_arg's value (`!ktdp.runtime_arg<i64>` as a start address)
      // goes on as the integer it holds.
      auto extract = dyn_cast<ktdp::RuntimeArgExtractOp>(user);
      if (extract && extract.getKind() != ktdp::RuntimeArgKind::value)
        continue;
      if (!extract &&
          !isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::IndexCastOp,
               arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
               arith::TruncIOp>(user))
        continue;
      if (seen.insert(user).second)
        work.push_back(user->getResult(0));
    }
  }
  return {};
}

int64_t spyre::driver::seededIntegerHigh(func::FuncOp function) {
  constexpr int64_t none = std::numeric_limits<int64_t>::max();
  int64_t floats = none, any = none;
  function.walk([&](ktdp::ConstructMemoryViewOp view) {
    auto type = llvm::cast<MemRefType>(view.getType());
    for (int64_t d : type.getShape())
      if (!ShapedType::isDynamic(d) && d > 1) {
        any = std::min(any, d);
        if (llvm::isa<FloatType>(type.getElementType()))
          floats = std::min(floats, d);
      }
  });
  if (floats != none)
    return floats;
  return any == none ? 2 : std::max<int64_t>(any, 2);
}

bool spyre::driver::seededIntegersAreData(Value pointer) {
  // The views `pointer` addresses (through integer arithmetic).
  SmallVector<ktdp::ConstructMemoryViewOp> views;
  SmallVector<Value> work{pointer};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (!seen.insert(user).second)
        continue;
      if (auto view = dyn_cast<ktdp::ConstructMemoryViewOp>(user)) {
        if (view.getOffset() == v)
          views.push_back(view);
      } else if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp,
                     arith::IndexCastOp, arith::IndexCastUIOp>(user)) {
        work.push_back(user->getResult(0));
      }
    }
  }
  bool integers = false;
  for (ktdp::ConstructMemoryViewOp view : views)
    integers |= isa<IntegerType>(view.getType().getElementType());
  if (!integers)
    return false;
  auto isIndex = [](Type t) {
    if (auto shaped = dyn_cast<ShapedType>(t))
      t = shaped.getElementType();
    return isa<IndexType>(t);
  };
  // Everything made from what the views' loads read, through any op: an
  // index among it, or an indirect access tile reading a view, makes them
  // indices.
  SmallVector<Value> values;
  seen.clear();
  for (ktdp::ConstructMemoryViewOp view : views)
    for (Operation *user : view->getUsers()) {
      if (isa<ktdp::ConstructIndirectAccessTileOp>(user))
        return false;
      if (auto tile = dyn_cast<ktdp::ConstructAccessTileOp>(user))
        for (Operation *load : tile->getUsers())
          if (isa<ktdp::LoadOp>(load))
            values.append(load->getResults().begin(), load->getResults().end());
    }
  while (!values.empty()) {
    Value v = values.pop_back_val();
    if (isIndex(v.getType()))
      return false;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (!seen.insert(user).second)
        continue;
      // Stored back: data (the value stored is not an address).
      if (isa<ktdp::StoreOp>(user))
        continue;
      if (isa<ktdp::KtdpDialect>(user->getDialect()))
        return false; // an anchor, a symbol of a tile or a view
      // A body reading it may make an index of it there (inductor's gather
      // as a generic: `tensor.extract %table[index_cast %in]`).
      bool indexInBody = false;
      for (Region &region : user->getRegions())
        region.walk([&](Operation *inner) {
          if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(inner) &&
              isIndex(inner->getResult(0).getType()))
            indexInBody = true;
        });
      if (indexInBody)
        return false;
      values.append(user->getResults().begin(), user->getResults().end());
    }
  }
  return true;
}

namespace {

/// The elements `randomElements` makes, before any is kept.
std::vector<uint8_t> makeRandomElements(interp::DType dtype, int64_t count,
                                        uint64_t seed, const std::string &name,
                                        int64_t intHigh, int64_t intLow) {
  unsigned size = interp::dtypeSize(dtype);
  std::vector<uint8_t> data(static_cast<size_t>(count) * size);
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull +
                      std::hash<std::string>()(name));
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_int_distribution<int64_t> uniform(
      intLow, std::max<int64_t>(intHigh, intLow + 1) - 1);
  for (int64_t e = 0; e < count; ++e)
    interp::storeElement(dtype,
                         interp::isFloat(dtype)
                             ? normal(rng)
                             : static_cast<double>(uniform(rng)),
                         &data[static_cast<size_t>(e) * size]);
  return data;
}

/// The large fills made last, kept for the next run that asks for the same
/// ones: a kernel run again with the same seed (a rerun in the app, the
/// robustness sweeps' mutated kernels, a bisect's snapshots) fills the same
/// memory, and 64 MiB of normal numbers take about a second to make, a copy
/// of them milliseconds. Only fills of 1 MiB and more, at most `limit`
/// bytes in all (keepRandomFills; 0, keeping nothing, unless a process asks),
/// the oldest dropped first.
class KeptFills {
public:
  static constexpr size_t kMinBytes = size_t(1) << 20;

  void setLimit(size_t bytesAtMost) {
    std::lock_guard<std::mutex> lock(mutex);
    limit = bytesAtMost;
    while (!fills.empty() && bytes > limit) {
      bytes -= fills.front().data.size();
      fills.pop_front();
    }
  }
  bool keeping() {
    std::lock_guard<std::mutex> lock(mutex);
    return limit > 0;
  }

  std::optional<std::vector<uint8_t>> find(const std::string &key) {
    std::lock_guard<std::mutex> lock(mutex);
    for (const Fill &f : fills)
      if (f.key == key)
        return f.data;
    return std::nullopt;
  }

  void keep(std::string key, const std::vector<uint8_t> &data) {
    std::lock_guard<std::mutex> lock(mutex);
    if (data.size() < kMinBytes || data.size() > limit)
      return;
    while (!fills.empty() && bytes + data.size() > limit) {
      bytes -= fills.front().data.size();
      fills.pop_front();
    }
    bytes += data.size();
    fills.push_back({std::move(key), data});
  }

private:
  struct Fill {
    std::string key;
    std::vector<uint8_t> data;
  };
  std::mutex mutex;
  std::deque<Fill> fills;
  size_t bytes = 0;
  size_t limit = 0;
};

KeptFills &keptFills() {
  static KeptFills kept;
  return kept;
}

} // namespace

void spyre::driver::keepRandomFills(size_t bytesAtMost) {
  keptFills().setLimit(bytesAtMost);
}

std::vector<uint8_t> spyre::driver::randomElements(interp::DType dtype,
                                                   int64_t count,
                                                   uint64_t seed,
                                                   const std::string &name,
                                                   int64_t intHigh, int64_t intLow) {
  if (static_cast<uint64_t>(count) * interp::dtypeSize(dtype) <
          KeptFills::kMinBytes ||
      !keptFills().keeping())
    return makeRandomElements(dtype, count, seed, name, intHigh, intLow);
  std::string key = std::to_string(int(dtype)) + ' ' + std::to_string(count) +
                    ' ' + std::to_string(seed) + ' ' + std::to_string(intLow) +
                    ' ' + std::to_string(intHigh) + ' ' + name;
  if (std::optional<std::vector<uint8_t>> kept = keptFills().find(key))
    return std::move(*kept);
  std::vector<uint8_t> data =
      makeRandomElements(dtype, count, seed, name, intHigh, intLow);
  keptFills().keep(std::move(key), data);
  return data;
}

void ViewDiscovery::add(const interp::ViewExtent &view) {
  ++count;
  int64_t size = interp::dtypeSize(view.dtype);
  // The interpreter checked that every byte lies below 2^62.
  std::optional<int64_t> begin = checked::mul(view.first, size);
  std::optional<int64_t> last = checked::mul(view.last, size);
  if (!begin || !last)
    return; // the interpreter refused it already
  // A box reaching below byte 0 (a tile may read only its valid points)
  // holds memory from byte 0 only.
  if (*begin < 0)
    begin = 0;
  int64_t end = *last + size;
  if (end <= *begin)
    return;
  // HBM is one memory whichever core built the view.
  std::map<int64_t, Span> &m =
      spans[Key{view.lx, view.lx ? view.core : 0, view.dtype}];
  // Merge with every range it overlaps or touches.
  auto it = m.upper_bound(*begin);
  if (it != m.begin() && std::prev(it)->second.end >= *begin)
    --it;
  int64_t lo = *begin, hi = end;
  Operation *op = view.op;
  while (it != m.end() && it->first <= hi) {
    if (it->first <= lo)
      op = it->second.op;
    lo = std::min(lo, it->first);
    hi = std::max(hi, it->second.end);
    it = m.erase(it);
    --total;
  }
  if (total >= limits::kMaxDiscoveredRanges) {
    if (!tooMany)
      tooMany = view.op;
    m[lo] = Span{hi, op}; // keep what was merged
    ++total;
    return;
  }
  m[lo] = Span{hi, op};
  ++total;
}

namespace {

/// Which of two element types keeps an overlapped byte: integers (indices
/// must stay in range), then the wider type, then the lower enum value.
bool preferred(interp::DType a, interp::DType b) {
  bool ia = !interp::isFloat(a), ib = !interp::isFloat(b);
  if (ia != ib)
    return ia;
  if (interp::dtypeSize(a) != interp::dtypeSize(b))
    return interp::dtypeSize(a) > interp::dtypeSize(b);
  return a < b;
}

std::string hex(uint64_t v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "0x%llx", (unsigned long long)v);
  return buffer;
}

struct Piece {
  int64_t begin = 0, end = 0;
  interp::DType dtype = interp::DType::F16;
  Operation *op = nullptr;
};

} // namespace

LogicalResult spyre::driver::planRegions(const ViewDiscovery &discovery,
                                         const std::vector<HeldRange> &held,
                                         uint64_t hbmBytes, uint64_t lxBytes,
                                         uint64_t seed, int64_t intHigh,
                                         RegionPlan &plan,
                                         DiagnosticCapture &capture) {
  // The memories (HBM, each scratchpad) the views reach.
  std::set<std::pair<bool, int>> memories;
  for (const auto &[key, m] : discovery.ranges())
    if (!m.empty())
      memories.insert({std::get<0>(key), std::get<1>(key)});
  uint64_t filledBytes = 0;
  for (const auto &[lx, core] : memories) {
    // Every boundary of a range or a held range cuts the memory into
    // segments; each segment takes the preferred type among the ranges
    // covering it, or nothing when it is held or not covered.
    std::vector<int64_t> cuts;
    std::vector<std::pair<interp::DType, const std::map<int64_t, ViewDiscovery::Span> *>> types;
    for (const auto &[key, m] : discovery.ranges()) {
      if (std::get<0>(key) != lx || std::get<1>(key) != core)
        continue;
      types.push_back({std::get<2>(key), &m});
      for (const auto &[begin, span] : m) {
        cuts.push_back(begin);
        cuts.push_back(span.end);
      }
    }
    std::sort(types.begin(), types.end(), [](auto &a, auto &b) {
      return preferred(a.first, b.first);
    });
    std::vector<std::pair<int64_t, int64_t>> mine;
    for (const HeldRange &h : held)
      if (h.lx == lx && h.core == core && h.end > h.begin) {
        mine.push_back({int64_t(h.begin), int64_t(h.end)});
        cuts.push_back(int64_t(h.begin));
        cuts.push_back(int64_t(h.end));
      }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::vector<Piece> pieces;
    for (size_t i = 0; i + 1 < cuts.size(); ++i) {
      int64_t a = cuts[i], b = cuts[i + 1];
      bool isHeld = std::any_of(mine.begin(), mine.end(), [&](auto &r) {
        return r.first <= a && b <= r.second;
      });
      if (isHeld)
        continue;
      const Piece *type = nullptr;
      Piece found;
      for (const auto &[dtype, m] : types) {
        auto it = m->upper_bound(a);
        if (it == m->begin())
          continue;
        --it;
        if (it->first <= a && b <= it->second.end) {
          found = Piece{a, b, dtype, it->second.op};
          type = &found;
          break;
        }
      }
      if (!type)
        continue;
      if (!pieces.empty() && pieces.back().end == a &&
          pieces.back().dtype == found.dtype)
        pieces.back().end = b;
      else
        pieces.push_back(found);
    }
    for (Piece &p : pieces) {
      uint64_t limit = lx ? lxBytes : hbmBytes;
      if (limit > 0 && uint64_t(p.end) > limit) {
        capture.error(p.op->getLoc(),
                      "this memory view reaches byte " + std::to_string(p.end) +
                          (lx ? ", beyond the " + std::to_string(limit) +
                                    "-byte scratchpad of core " +
                                    std::to_string(core)
                              : ", beyond the " + std::to_string(limit) +
                                    " bytes of HBM the architecture has") +
                          "; the run gives it no automatic input");
        return failure();
      }
      uint64_t bytes = uint64_t(p.end - p.begin);
      // Index memory is held as 64-bit integers (npy has no index type).
      interp::DType dtype =
          p.dtype == interp::DType::Index ? interp::DType::I64 : p.dtype;
      unsigned size = interp::dtypeSize(dtype);
      // A piece cut inside an element of its type is filled byte by byte.
      if (p.begin % size != 0 || bytes % size != 0) {
        dtype = interp::DType::I8;
        size = 1;
      }
      std::string name = (lx ? "lx" + std::to_string(core) : std::string("hbm")) +
                         "_" + hex(uint64_t(p.begin)) + "_" +
                         std::string(interp::dtypeName(dtype));
      if (filledBytes + bytes > limits::kMaxAutoFillBytes) {
        capture.warning(p.op->getLoc(),
                        "the memory this view reaches (bytes " +
                            std::to_string(p.begin) + " to " +
                            std::to_string(p.end) + ") is more than the " +
                            std::to_string(limits::kMaxAutoFillBytes) +
                            " bytes the automatic inputs fill: it is left "
                            "unfilled and reads as zero; give the kernel a "
                            "record or inputs");
        if (!lx)
          plan.unfilled.push_back({name, uint64_t(p.begin), bytes});
        continue;
      }
      filledBytes += bytes;
      MemoryRegion region;
      region.name = name;
      region.lx = lx;
      region.core = core;
      region.byteStart = uint64_t(p.begin);
      region.data.dtype = std::string(interp::dtypeName(dtype));
      region.data.shape = {int64_t(bytes / size)};
      region.data.data =
          randomElements(dtype, int64_t(bytes / size), seed, name, intHigh);
      plan.filled.push_back(std::move(region));
    }
  }
  return success();
}
