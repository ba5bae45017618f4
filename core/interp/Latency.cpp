// Latency.cpp - the roofline latency model (see Latency.h and
// docs/latency-model.md).

#include "interp/Latency.h"
#include "support/Limits.h"
#include "support/NumberText.h"

#include <algorithm>
#include <cmath>
#include <array>
#include <unordered_map>
#include <utility>

namespace spyre {
namespace interp {

// ---------------------------------------------------------------------------
// HwConfig
// ---------------------------------------------------------------------------

double HwConfig::clockHz() const { return clockGhz * 1e9; }

double HwConfig::hbmBytesPerSecondChip() const {
  return hbmBandwidthTbS * 1e12;
}

double HwConfig::hbmBytesPerCycleChip() const {
  return hbmBytesPerSecondChip() / clockHz();
}

double HwConfig::hbmBytesPerCyclePerCore(int activeCores) const {
  // Same association as ktir-cpu: (chip B/s / clock Hz) / active cores.
  return hbmBytesPerSecondChip() / clockHz() / double(activeCores);
}

double HwConfig::ringBytesPerCycle() const {
  return ringBandwidthTbS * 1e12 / clockHz();
}

double HwConfig::lxBytesPerCycle() const {
  return ringBandwidthTbS * 1e12 / (clockGhz * 1e9);
}

int64_t HwConfig::systolicFlopsPerCycle() const {
  return 2 * int64_t(simdElementsPerCycle) * int64_t(systolicRows);
}

int64_t HwConfig::lxSizeBytes() const {
  return int64_t(lxSizeMb) * 1024 * 1024;
}

namespace {

bool setError(std::string *error, std::string message) {
  if (error)
    *error = std::move(message);
  return false;
}

// Reads an integer-valued field; rejects fractions and values outside
// [min, max] (the machine model's ranges, support/Limits.h).
bool readInt(const std::string &key, double value, int64_t min, int64_t max,
             int &out, std::string *error) {
  if (!std::isfinite(value) || value != std::floor(value))
    return setError(error, "hw_config key '" + key +
                               "' must be an integer, got " +
                               shortestText(value));
  if (value < double(min) || value > double(max))
    return setError(error, "hw_config key '" + key + "' out of range: " +
                               shortestText(value) + " (allowed " +
                               std::to_string(min) + " to " +
                               std::to_string(max) + ")");
  out = int(value);
  return true;
}

// Reads a finite number in [min, max]: a zero, tiny or absurd bandwidth or
// clock would turn every memory or compute cost into zero (or infinity).
bool readNumber(const std::string &key, double value, double min, double max,
                double &out, std::string *error) {
  if (!std::isfinite(value) || value < min || value > max)
    return setError(error, "hw_config key '" + key + "' out of range: " +
                               shortestText(value) + " (allowed " +
                               shortestText(min) + " to " +
                               shortestText(max) + ")");
  out = value;
  return true;
}

} // namespace

std::optional<HwConfig>
HwConfig::fromKeyValues(const std::map<std::string, double> &keyValues,
                        std::string *error) {
  // A record's units: TB/s (the architecture's GB/s / 1000, the same
  // division as the mapping from an architecture), MiB.
  constexpr double minTbS = limits::kMinBandwidthGBs / 1000.0;
  constexpr double maxTbS = limits::kMaxBandwidthGBs / 1000.0;
  HwConfig config;
  for (const auto &[key, value] : keyValues) {
    bool ok = true;
    if (key == "num_cores")
      ok = readInt(key, value, 1, limits::kMaxCores, config.numCores, error);
    else if (key == "clock_ghz")
      ok = readNumber(key, value, limits::kMinClockGhz, limits::kMaxClockGhz,
                      config.clockGhz, error);
    else if (key == "hbm_bandwidth_tb_s")
      ok = readNumber(key, value, minTbS, maxTbS, config.hbmBandwidthTbS,
                      error);
    else if (key == "ring_bandwidth_tb_s")
      ok = readNumber(key, value, minTbS, maxTbS, config.ringBandwidthTbS,
                      error);
    else if (key == "simd_elements_per_cycle")
      ok = readInt(key, value, 1, limits::kMaxSimdElements,
                   config.simdElementsPerCycle, error);
    else if (key == "systolic_rows")
      ok = readInt(key, value, 1, limits::kMaxSystolicRows,
                   config.systolicRows, error);
    else if (key == "transcendental_penalty")
      ok = readInt(key, value, 1, limits::kMaxTranscendentalPenalty,
                   config.transcendentalPenalty, error);
    else if (key == "lx_size_mb")
      ok = readInt(key, value, 1, limits::kMaxScratchpadBytes >> 20,
                   config.lxSizeMb, error);
    else
      ok = setError(error, "unknown hw_config key '" + key + "'");
    if (!ok)
      return std::nullopt;
  }
  return config;
}

std::map<std::string, double> HwConfig::toKeyValues() const {
  return {
      {"num_cores", double(numCores)},
      {"clock_ghz", clockGhz},
      {"hbm_bandwidth_tb_s", hbmBandwidthTbS},
      {"ring_bandwidth_tb_s", ringBandwidthTbS},
      {"simd_elements_per_cycle", double(simdElementsPerCycle)},
      {"systolic_rows", double(systolicRows)},
      {"transcendental_penalty", double(transcendentalPenalty)},
      {"lx_size_mb", double(lxSizeMb)},
  };
}

// ---------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------

const char *costCategoryName(CostCategory category) {
  switch (category) {
  case CostCategory::Zero:
    return "zero";
  case CostCategory::Memory:
    return "memory";
  case CostCategory::ComputeFloat:
    return "compute_float";
  case CostCategory::ComputeTranscendental:
    return "compute_transcendental";
  case CostCategory::ComputeInt:
    return "compute_int";
  case CostCategory::ComputeMatmul:
    return "compute_matmul";
  case CostCategory::Comm:
    return "comm";
  }
  return "zero";
}

bool isComputeCategory(CostCategory category) {
  return category == CostCategory::ComputeFloat ||
         category == CostCategory::ComputeTranscendental ||
         category == CostCategory::ComputeInt ||
         category == CostCategory::ComputeMatmul;
}

const char *pipelineName(Pipeline pipeline) {
  switch (pipeline) {
  case Pipeline::Serial:
    return "serial";
  case Pipeline::Overlapped:
    return "overlapped";
  case Pipeline::Overlapped3Way:
    return "overlapped_3way";
  }
  return "serial";
}

namespace {

enum class Origin { KtirCpu, SpyreOp };

struct OpEntry {
  CostCategory category;
  Origin origin;
};

using OpTable = std::unordered_map<std::string_view, OpEntry>;

void add(OpTable &table, CostCategory category, Origin origin,
         std::initializer_list<std::string_view> names) {
  for (std::string_view name : names)
    table.emplace(name, OpEntry{category, origin});
}

// Every op ktir-cpu 9e03d63 registers, with the category it registers, plus
// our spyreop extension.
const OpTable &opTable() {
  static const OpTable table = [] {
    using C = CostCategory;
    const Origin k = Origin::KtirCpu;
    OpTable t;

    // ktdp
    add(t, C::Zero, k,
        {"ktdp.get_compute_tile_id", "ktdp.coreid",
         "ktdp.construct_memory_view", "ktdp.construct_distributed_memory_view",
         "ktdp.construct_access_tile", "ktdp.construct_indirect_access_tile",
         "ktdp.inter_tile_produce", "ktdp.yield_partial",
         "ktdp.yield_reduced"});
    add(t, C::Memory, k, {"ktdp.load", "ktdp.store"});
    add(t, C::Comm, k, {"ktdp.inter_tile_reduce"});

    // arith: float ops (cmpf and select included) run on the SIMD unit.
    add(t, C::ComputeFloat, k,
        {"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf",
         "arith.negf", "arith.absf", "arith.maxf", "arith.maximumf",
         "arith.maxnumf", "arith.minf", "arith.minimumf", "arith.minnumf",
         "arith.cmpf", "arith.select"});
    // arith: integer ops (cmpi included); free when scalar.
    add(t, C::ComputeInt, k,
        {"arith.addi", "arith.subi", "arith.muli", "arith.divui",
         "arith.divsi", "arith.ceildivsi", "arith.floordivsi", "arith.remui",
         "arith.remsi", "arith.minsi", "arith.maxsi", "arith.minui",
         "arith.maxui", "arith.ceildivui", "arith.andi", "arith.ori",
         "arith.xori", "arith.shli", "arith.shrsi", "arith.shrui",
         "arith.cmpi"});
    // arith: constants and every cast are free.
    add(t, C::Zero, k,
        {"arith.constant", "arith.extf", "arith.truncf", "arith.extsi",
         "arith.extui", "arith.trunci", "arith.sitofp", "arith.uitofp",
         "arith.fptosi", "arith.fptoui", "arith.index_cast",
         "arith.index_castui", "arith.convertf", "arith.bitcast"});

    // math
    add(t, C::ComputeTranscendental, k,
        {"math.exp", "math.log", "math.log2", "math.log1p", "math.sqrt",
         "math.rsqrt", "math.tanh", "math.sin", "math.cos", "math.erf",
         "math.powf"});
    add(t, C::ComputeFloat, k,
        {"math.absf", "math.absi", "math.ceil", "math.floor", "math.trunc",
         "math.fma"});

    // linalg: generic is charged on its output AND its region ops run
    // (charged separately); reduce is free, its combiner ops are charged.
    add(t, C::ComputeMatmul, k, {"linalg.matmul", "linalg.batch_matmul"});
    add(t, C::ComputeFloat, k, {"linalg.generic", "linalg.add", "linalg.max"});
    add(t, C::Zero, k,
        {"linalg.reduce", "linalg.fill", "linalg.broadcast",
         "linalg.transpose", "linalg.index", "linalg.yield"});

    // tensor, scf, func: all free.
    add(t, C::Zero, k,
        {"tensor.empty", "tensor.splat", "tensor.extract",
         "tensor.extract_slice", "tensor.insert_slice", "tensor.concat",
         "tensor.from_elements",
         "tensor.generate", "tensor.reshape", "tensor.expand_shape",
         "tensor.collapse_shape", "tensor.yield", "scf.for", "scf.if",
         "scf.yield", "func.return", "return"});

    // Our extension: spyreop intrinsics, classified like their arith/math
    // counterparts (the fused helpers by their most expensive part).
    const Origin s = Origin::SpyreOp;
    add(t, C::ComputeTranscendental, s,
        {"spyreop.exp", "spyreop.sigmoid", "spyreop.silu", "spyreop.gelu",
         "spyreop.sqrt", "spyreop.rsqrt", "spyreop.softplus",
         "spyreop.layernormscale", "spyreop.layernormscale_fused"});
    add(t, C::ComputeFloat, s,
        {"spyreop.realdiv", "spyreop.reciprocal", "spyreop.cmp",
         "spyreop.select", "spyreop.exx2", "spyreop.exx2_fused",
         "spyreop.exx2_zeromean_fused", "spyreop.layernormnorm",
         "spyreop.slice_reduction"});
    add(t, C::ComputeInt, s,
        {"spyreop.addi32toi32", "spyreop.muli32toi32", "spyreop.addi64toi64",
         "spyreop.idx32toaddr"});
    add(t, C::Zero, s, {"spyreop.constant"});
    return t;
  }();
  return table;
}

} // namespace

CostCategory costCategoryOf(std::string_view opName) {
  // The interpreter asks about the same few names, held by MLIR at fixed
  // addresses, for every op it runs: remember the last answer per address
  // (checking the text, which may have moved on).
  struct Slot {
    const char *data = nullptr;
    std::string name;
    CostCategory category = CostCategory::Zero;
  };
  thread_local std::array<Slot, 32> recent;
  Slot &slot = recent[(reinterpret_cast<uintptr_t>(opName.data()) >> 3) % 32];
  if (slot.data == opName.data() && slot.name == opName)
    return slot.category;
  const OpTable &table = opTable();
  auto it = table.find(opName);
  slot.data = opName.data();
  slot.name.assign(opName);
  slot.category = it == table.end() ? CostCategory::Zero : it->second.category;
  return slot.category;
}

bool isKtirCpuOp(std::string_view opName) {
  const OpTable &table = opTable();
  auto it = table.find(opName);
  return it != table.end() && it->second.origin == Origin::KtirCpu;
}

bool isSpyreOpExtension(std::string_view opName) {
  const OpTable &table = opTable();
  auto it = table.find(opName);
  return it != table.end() && it->second.origin == Origin::SpyreOp;
}

// ---------------------------------------------------------------------------
// Report helpers
// ---------------------------------------------------------------------------

bool CoreLatency::hasCategory(CostCategory category) const {
  for (const CategoryTotals &t : byCategory)
    if (t.category == category)
      return true;
  return false;
}

double CoreLatency::cyclesIn(CostCategory category) const {
  for (const CategoryTotals &t : byCategory)
    if (t.category == category)
      return t.cycles;
  return 0.0;
}

double CoreLatency::flopsIn(CostCategory category) const {
  for (const CategoryTotals &t : byCategory)
    if (t.category == category)
      return t.flops;
  return 0.0;
}

double CoreLatency::totalFlops() const {
  double sum = 0.0;
  for (const CategoryTotals &t : byCategory)
    sum += t.flops;
  return sum;
}

const CoreLatency *LatencyReport::critical() const {
  for (const CoreLatency &c : perCore)
    if (c.coreId == criticalCore)
      return &c;
  return nullptr;
}

double LatencyReport::chipFlops() const {
  double sum = 0.0;
  for (const CoreLatency &c : perCore)
    sum += c.totalFlops();
  return sum;
}

int64_t LatencyReport::chipDramBytes() const {
  int64_t sum = 0;
  for (const CoreLatency &c : perCore)
    sum += c.dramBytes;
  return sum;
}

int64_t LatencyReport::chipCommBytes() const {
  int64_t sum = 0;
  for (const CoreLatency &c : perCore)
    sum += c.commBytes;
  return sum;
}

// ---------------------------------------------------------------------------
// LatencyTracker
// ---------------------------------------------------------------------------

LatencyTracker::LatencyTracker(HwConfig config, int gridCores,
                               Pipeline pipeline)
    : hwConfig(config), coresInGrid(std::max(gridCores, 0)),
      pipelineKind(pipeline), coreCounters(size_t(std::max(gridCores, 0))) {}

double LatencyTracker::hbmBytesPerCyclePerCore() const {
  if (coresInGrid <= 0)
    return 0.0;
  return hwConfig.hbmBytesPerCyclePerCore(coresInGrid);
}

void LatencyTracker::reset() {
  coreCounters.assign(size_t(coresInGrid), Counters());
}

bool LatencyTracker::validCore(int core) const {
  return core >= 0 && core < coresInGrid;
}

void LatencyTracker::addCompute(Counters &c, CostCategory category,
                                double cycles, double flops) {
  for (CategoryTotals &t : c.byCategory) {
    if (t.category == category) {
      t.cycles += cycles;
      t.flops += flops;
      return;
    }
  }
  c.byCategory.push_back(CategoryTotals{category, 0.0 + cycles, 0.0 + flops});
}

void LatencyTracker::addOpCycles(Counters &c, std::string_view opName,
                                 double cycles) {
  if (!breakdownByOp)
    return;
  for (auto &entry : c.cyclesByOp) {
    if (entry.first == opName) {
      entry.second += cycles;
      return;
    }
  }
  c.cyclesByOp.emplace_back(std::string(opName), cycles);
}

bool LatencyTracker::recordCompute(int core, std::string_view opName,
                                   int64_t elements) {
  return recordComputeAs(core, costCategoryOf(opName), elements, opName);
}

bool LatencyTracker::recordComputeAs(int core, CostCategory category,
                                     int64_t elements,
                                     std::string_view opName) {
  if (!validCore(core) || elements < 0)
    return false;
  Counters &c = coreCounters[size_t(core)];
  const double simd = double(hwConfig.simdElementsPerCycle);
  double cycles = 0.0;
  double flops = 0.0;
  switch (category) {
  case CostCategory::Zero:
    addOpCycles(c, opName, 0.0);
    return true;
  case CostCategory::ComputeFloat:
    cycles = double(elements) / simd;
    flops = double(elements);
    break;
  case CostCategory::ComputeTranscendental:
    cycles = (double(elements) / simd) * double(hwConfig.transcendentalPenalty);
    flops = double(elements);
    break;
  case CostCategory::ComputeInt:
    // Scalar integer arithmetic is address computation resolved at compile
    // time: no cycles, no flops -- but the category is still recorded.
    if (elements > 1) {
      cycles = double(elements) / simd;
      flops = double(elements);
    }
    break;
  case CostCategory::ComputeMatmul:
  case CostCategory::Memory:
  case CostCategory::Comm:
    return false;
  }
  addCompute(c, category, cycles, flops);
  addOpCycles(c, opName, cycles);
  return true;
}

bool LatencyTracker::recordMatmul(int core, int64_t m, int64_t n, int64_t k,
                                  std::string_view opName) {
  if (!validCore(core) || m < 0 || n < 0 || k < 0)
    return false;
  Counters &c = coreCounters[size_t(core)];
  // Evaluated left to right in doubles, as ktir-cpu does (2.0 * m * n * k).
  const double flops = 2.0 * double(m) * double(n) * double(k);
  const double cycles = flops / double(hwConfig.systolicFlopsPerCycle());
  addCompute(c, CostCategory::ComputeMatmul, cycles, flops);
  addOpCycles(c, opName, cycles);
  return true;
}

bool LatencyTracker::recordMemory(int core, const MemoryAccess &access,
                                  std::string_view opName) {
  if (!validCore(core) || access.dataSticks < 0 || access.indexSticks < 0 ||
      access.lxPartitionBytes < 0)
    return false;
  Counters &c = coreCounters[size_t(core)];
  if (access.lx) {
    // LX <-> LX is SSA data flow: free, and no bytes.
    addOpCycles(c, opName, 0.0);
    return true;
  }
  const int64_t hbmBytes =
      (access.dataSticks + access.indexSticks) * kStickBytes;
  const double hbmBw = hbmBytesPerCyclePerCore();
  const double hbmCycles = hbmBw > 0.0 ? double(hbmBytes) / hbmBw : 0.0;
  double cycles = hbmCycles;
  int64_t bytes = hbmBytes;
  if (access.distributedMixed) {
    // HBM and LX partitions are read in parallel ("overlapped").
    const double lxBw = hwConfig.lxBytesPerCycle();
    const double lxCycles =
        lxBw > 0.0 ? double(access.lxPartitionBytes) / lxBw : 0.0;
    cycles = std::max(hbmCycles, lxCycles);
    bytes = hbmBytes + access.lxPartitionBytes;
  }
  c.memoryCycles += cycles;
  c.memoryBytes += bytes;
  addOpCycles(c, opName, cycles);
  return true;
}

bool LatencyTracker::recordHbmSticks(int core, int64_t sticks,
                                     std::string_view opName) {
  MemoryAccess access;
  access.dataSticks = sticks;
  return recordMemory(core, access, opName);
}

bool LatencyTracker::recordComm(int core, int64_t bytesSent,
                                std::string_view opName) {
  if (!validCore(core) || bytesSent < 0)
    return false;
  Counters &c = coreCounters[size_t(core)];
  const double bw = hwConfig.ringBytesPerCycle();
  const double cycles = bw > 0.0 ? double(bytesSent) / bw : 0.0;
  c.commCycles += cycles;
  c.commBytes += bytesSent;
  addOpCycles(c, opName, cycles);
  return true;
}

bool LatencyTracker::recordRingAllReduce(int core, int64_t seedTileBytes) {
  if (seedTileBytes < 0)
    return false;
  const int64_t rounds = coresInGrid > 0 ? int64_t(coresInGrid) - 1 : 0;
  return recordComm(core, rounds * seedTileBytes, "ktdp.inter_tile_reduce");
}

LatencyReport LatencyTracker::report() const {
  LatencyReport r;
  r.config = hwConfig;
  r.pipeline = pipelineKind;
  r.gridCores = coresInGrid;
  r.perCore.reserve(coreCounters.size());
  for (size_t i = 0; i < coreCounters.size(); ++i) {
    const Counters &c = coreCounters[i];
    CoreLatency cl;
    cl.coreId = int(i);
    // Summed in first-charge order, like Python's sum() over the dict.
    double compute = 0.0;
    for (const CategoryTotals &t : c.byCategory)
      compute += t.cycles;
    cl.computeCycles = compute;
    cl.memoryCycles = c.memoryCycles;
    cl.commCycles = c.commCycles;
    switch (pipelineKind) {
    case Pipeline::Serial:
      cl.totalCycles = cl.computeCycles + cl.memoryCycles + cl.commCycles;
      break;
    case Pipeline::Overlapped:
      cl.totalCycles =
          std::max(cl.computeCycles, cl.memoryCycles + cl.commCycles);
      break;
    case Pipeline::Overlapped3Way:
      cl.totalCycles =
          std::max({cl.computeCycles, cl.memoryCycles, cl.commCycles});
      break;
    }
    cl.byCategory = c.byCategory;
    cl.dramBytes = c.memoryBytes;
    cl.commBytes = c.commBytes;
    cl.cyclesByOp = c.cyclesByOp;
    r.perCore.push_back(std::move(cl));
  }
  if (r.perCore.empty())
    return r;

  // Critical core: the first (lowest id) core with the largest total.
  const CoreLatency *critical = &r.perCore.front();
  for (const CoreLatency &c : r.perCore)
    if (c.totalCycles > critical->totalCycles)
      critical = &c;
  r.criticalCore = critical->coreId;
  r.kernelCycles = critical->totalCycles;
  r.kernelTimeUs = r.kernelCycles / (hwConfig.clockHz() / 1e6);

  // Bottleneck: largest component on the critical core; on ties the earlier
  // of compute, memory, comm wins.
  r.bottleneck = "compute";
  double best = critical->computeCycles;
  if (critical->memoryCycles > best) {
    r.bottleneck = "memory";
    best = critical->memoryCycles;
  }
  if (critical->commCycles > best)
    r.bottleneck = "comm";
  return r;
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

int64_t sticksOfByteRange(uint64_t byteStart, uint64_t nbytes) {
  if (nbytes == 0)
    return 0;
  const uint64_t stick = uint64_t(kStickBytes);
  const uint64_t end = byteStart + nbytes;
  return int64_t((end + stick - 1) / stick - byteStart / stick);
}

namespace {

// Number of distinct integers covered by a set of closed intervals.
int64_t countCovered(std::vector<std::pair<int64_t, int64_t>> &intervals) {
  if (intervals.empty())
    return 0;
  std::sort(intervals.begin(), intervals.end());
  int64_t count = 0;
  int64_t lo = intervals.front().first;
  int64_t hi = intervals.front().second;
  for (size_t i = 1; i < intervals.size(); ++i) {
    const auto &iv = intervals[i];
    if (iv.first <= hi + 1) {
      hi = std::max(hi, iv.second);
    } else {
      count += hi - lo + 1;
      lo = iv.first;
      hi = iv.second;
    }
  }
  return count + (hi - lo + 1);
}

} // namespace

int64_t sticksOfStridedBox(uint64_t baseByte, const std::vector<int64_t> &shape,
                           const std::vector<int64_t> &strides,
                           int bytesPerElem) {
  if (shape.size() != strides.size() || bytesPerElem <= 0)
    return -1;
  for (int64_t extent : shape) {
    if (extent < 0)
      return -1;
    if (extent == 0)
      return 0;
  }
  const int64_t bpe = bytesPerElem;
  const int64_t base = int64_t(baseByte);
  // A 0-d box is one element at the base.
  if (shape.empty())
    return 1;

  const size_t rank = shape.size();
  const int64_t inner = shape[rank - 1];
  const int64_t innerStride = strides[rank - 1];
  std::vector<std::pair<int64_t, int64_t>> intervals;
  std::vector<int64_t> index(rank - 1, 0);
  while (true) {
    int64_t rowOffset = 0;
    for (size_t d = 0; d + 1 < rank; ++d)
      rowOffset += index[d] * strides[d];
    const int64_t rowStart = base + rowOffset * bpe;
    if (innerStride == 1 || inner == 1) {
      // A contiguous run: the sticks of its first and last element and all
      // in between.
      const int64_t first = rowStart;
      const int64_t last = rowStart + (inner - 1) * innerStride * bpe;
      if (first < 0 || last < 0)
        return -1;
      intervals.emplace_back(std::min(first, last) / kStickBytes,
                             std::max(first, last) / kStickBytes);
    } else {
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t addr = rowStart + i * innerStride * bpe;
        if (addr < 0)
          return -1;
        intervals.emplace_back(addr / kStickBytes, addr / kStickBytes);
      }
    }
    // Next index of the outer dimensions (row-major order).
    int d = int(rank) - 2;
    while (d >= 0) {
      if (++index[size_t(d)] < shape[size_t(d)])
        break;
      index[size_t(d)] = 0;
      --d;
    }
    if (d < 0)
      break;
  }
  return countCovered(intervals);
}

int64_t sticksOfAddresses(std::vector<uint64_t> byteAddresses) {
  for (uint64_t &a : byteAddresses)
    a /= uint64_t(kStickBytes);
  std::sort(byteAddresses.begin(), byteAddresses.end());
  return int64_t(std::unique(byteAddresses.begin(), byteAddresses.end()) -
                 byteAddresses.begin());
}

MatmulDims matmulDims(const std::vector<int64_t> &aShape,
                      const std::vector<int64_t> &bShape) {
  MatmulDims dims;
  if (aShape.size() >= 2) {
    dims.m = aShape[0];
    dims.k = aShape[1];
  } else {
    dims.m = 1;
    dims.k = aShape.empty() ? 1 : aShape[0];
  }
  dims.n = bShape.size() >= 2 ? bShape[1] : 1;
  return dims;
}

std::vector<int64_t> reduceFoldSizes(const std::vector<int64_t> &inputShape,
                                     const std::vector<int64_t> &dims,
                                     bool reduceAll, bool outsIsTensor) {
  std::vector<int64_t> sizes;
  std::vector<int64_t> shape = inputShape;
  std::vector<int64_t> order;
  if (reduceAll) {
    int64_t total = 1;
    for (int64_t e : inputShape)
      total *= e;
    shape = {total};
    order = {0};
  } else {
    order = dims;
    std::sort(order.begin(), order.end());
    order.erase(std::unique(order.begin(), order.end()), order.end());
    std::reverse(order.begin(), order.end()); // highest dimension first
  }
  auto product = [](const std::vector<int64_t> &s) {
    int64_t p = 1;
    for (int64_t e : s)
      p *= e;
    return p;
  };
  for (int64_t d : order) {
    if (d < 0 || size_t(d) >= shape.size())
      return {};
    int64_t n = shape[size_t(d)];
    while (n > 1) {
      const int64_t half = n / 2;
      shape[size_t(d)] = half;
      sizes.push_back(product(shape)); // both halves, combined elementwise
      n -= half;                       // half combined + the odd leftover
      shape[size_t(d)] = n;
    }
  }
  if (outsIsTensor) {
    // The reduced axes are 1 now (or squeezed away); a full reduction leaves a
    // 0-d tensor of one element.
    sizes.push_back(product(shape));
  }
  return sizes;
}

std::vector<int> ringFoldOrigins(int core, int gridCores,
                                 const std::function<bool(int)> &isProducer) {
  std::vector<int> origins;
  if (gridCores <= 0 || core < 0 || core >= gridCores)
    return origins;
  for (int k = 1; k < gridCores; ++k) {
    const int origin = ((core - k) % gridCores + gridCores) % gridCores;
    if (!isProducer || isProducer(origin))
      origins.push_back(origin);
  }
  return origins;
}

} // namespace interp
} // namespace spyre
