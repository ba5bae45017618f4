// Latency.h - the roofline latency model of the KTIR reference interpreter.
//
// This file has no Qt or MLIR dependencies.
//
// The model reproduces the latency estimate of ktir-cpu (the public Python KTIR
// interpreter, torch-spyre/ktir-cpu at commit 9e03d63) as its code computes it
// with the code defaults of its HardwareConfig -- not the older numbers in its
// docs/latency.md. The interpreter walks the kernel, and after every executed
// op on a core it calls one record*() function of LatencyTracker with plain
// numbers it knows at run time (element counts, stick counts, bytes sent).
// docs/latency-model.md says exactly which numbers to pass for every op.
//
// Summary of the model (all per core, one counter set per core of the grid):
//
//   SIMD ops      cycles = elements / simd_elements_per_cycle      flops = elements
//   transcend.    cycles = elements / simd * transcendental_penalty flops = elements
//   integer ops   like SIMD ops, except elements <= 1 costs nothing (0 cycles,
//                 0 flops; the category still shows up in the report)
//   matmul        flops = 2*M*N*K, cycles = flops / (2*simd*systolic_rows)
//   HBM load/store  bytes = 128 * (distinct HBM sticks touched)
//                 cycles = bytes / (hbm_bw_chip / clock / grid_cores)
//   LX load/store   free
//   mixed distributed view: max(HBM part as above, LX bytes / ring bytes per
//                 cycle); bytes = HBM bytes + LX bytes
//   ring comm     cycles = bytes sent / ring bytes per cycle
//   total         serial: compute + memory + comm (default)
//   kernel        max total over cores; bottleneck = largest of compute,
//                 memory, comm on that core (ties: compute, memory, comm)
//
// Decisions of ours (not ktir-cpu behaviour):
//   * costCategoryOf() also classifies the spyreop intrinsics (see Latency.cpp
//     for the table); ktir-cpu has no spyreop dialect.
//   * Op names ktir-cpu does not register cost nothing (Zero), as ktir-cpu's
//     category lookup defaults to "zero". (ktir-cpu itself would refuse to run
//     such an op; reporting that is the interpreter's business.)
//   * The tracker is created with the grid size and reports every core of the
//     grid, in core-id order. (ktir-cpu creates a core's counters on its first
//     executed op; every core executes at least one op, so the set is the same,
//     and ties for the critical core go to the lowest id in both.)

#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spyre {
namespace interp {

// ---------------------------------------------------------------------------
// Hardware parameters
// ---------------------------------------------------------------------------

// The fields of ktir-cpu's HardwareConfig with its code defaults. The record
// key of each field is given in brackets (the `hw_config` object of a corpus
// record).
struct HwConfig {
  int numCores = 32;                // [num_cores] chip size (roofline only)
  double clockGhz = 1.0;            // [clock_ghz] 1 cycle = 1 ns
  double hbmBandwidthTbS = 0.128;   // [hbm_bandwidth_tb_s] whole chip
  double ringBandwidthTbS = 0.064;  // [ring_bandwidth_tb_s] one direction;
                                    // also the LX bandwidth of mixed views
  int simdElementsPerCycle = 64;    // [simd_elements_per_cycle]
  int systolicRows = 8;             // [systolic_rows]
  int transcendentalPenalty = 4;    // [transcendental_penalty]
  int lxSizeMb = 2;                 // [lx_size_mb] LX capacity per core

  // Derived rates, computed with the same operation order as ktir-cpu so that
  // results are bit-identical.
  double clockHz() const;                       // clock_ghz * 1e9
  double hbmBytesPerSecondChip() const;         // hbm_bandwidth_tb_s * 1e12
  double hbmBytesPerCycleChip() const;          // 128 at defaults
  // HBM bytes per cycle one core gets when `activeCores` share the chip's
  // bandwidth ("contended" sharing): 128 / activeCores at defaults.
  double hbmBytesPerCyclePerCore(int activeCores) const;
  double ringBytesPerCycle() const;             // 64 at defaults
  double lxBytesPerCycle() const;               // = ringBytesPerCycle()
  int64_t systolicFlopsPerCycle() const;        // 2 * simd * rows = 1024
  int64_t lxSizeBytes() const;                  // lx_size_mb * 2^20

  // Builds a config from `hw_config` key/values of a record (keys as in the
  // brackets above). Missing keys keep their default. Unknown keys, non-integral
  // values for integer fields and out-of-range values are errors: the function
  // returns std::nullopt and, when `error` is non-null, a message naming the
  // key.
  static std::optional<HwConfig>
  fromKeyValues(const std::map<std::string, double> &keyValues,
                std::string *error = nullptr);
  // The inverse of fromKeyValues: all eight keys.
  std::map<std::string, double> toKeyValues() const;
};

// ---------------------------------------------------------------------------
// Op categories
// ---------------------------------------------------------------------------

// ktir-cpu's latency categories (LatencyCategory). The names returned by
// costCategoryName() are the record keys ("compute_float", ...).
enum class CostCategory {
  Zero,                  // "zero": control flow, views, casts, tensor.*, ...
  Memory,                // "memory": ktdp.load, ktdp.store
  ComputeFloat,          // "compute_float": SIMD float ops, cmpf, select, ...
  ComputeTranscendental, // "compute_transcendental": exp, log, sqrt, ...
  ComputeInt,            // "compute_int": integer arithmetic, cmpi
  ComputeMatmul,         // "compute_matmul": linalg.matmul, batch_matmul
  Comm,                  // "comm": ktdp.inter_tile_reduce
};

const char *costCategoryName(CostCategory category);
bool isComputeCategory(CostCategory category);

// The category ktir-cpu registers for `opName` (e.g. "arith.addf" ->
// ComputeFloat, "math.exp" -> ComputeTranscendental, "linalg.reduce" -> Zero),
// extended by us to the spyreop intrinsics. Unknown names -> Zero.
CostCategory costCategoryOf(std::string_view opName);
// True when `opName` is one of ktir-cpu's registered ops (any category).
bool isKtirCpuOp(std::string_view opName);
// True when `opName` is a spyreop op classified by our extension.
bool isSpyreOpExtension(std::string_view opName);

// ---------------------------------------------------------------------------
// Inputs the interpreter measures
// ---------------------------------------------------------------------------

// HBM traffic is counted in 128-byte sticks, aligned to absolute HBM byte
// addresses (byte address = element index * element size of the view's dtype).
constexpr int64_t kStickBytes = 128;

// One executed ktdp.load or ktdp.store, as seen by the cost model.
struct MemoryAccess {
  // The op's memory space as ktir-cpu resolves it is LX: the access costs
  // nothing at all. True for a plain view in LX (any core's LX), a distributed
  // view whose surviving partitions are all in LX, and an indirect access
  // whose data view AND every index view are in LX.
  bool lx = false;
  // Distinct HBM sticks touched by the data elements the op reads or writes.
  // For a distributed view: the sum, over surviving HBM partitions, of each
  // partition's distinct sticks. LX partitions contribute nothing here.
  int64_t dataSticks = 0;
  // Indirect (gather/scatter) accesses only: for every distinct index view in
  // HBM, the distinct sticks of the index elements read; summed over views.
  int64_t indexSticks = 0;
  // Distributed views only: the surviving partitions (those the access touches)
  // are in both HBM and LX.
  bool distributedMixed = false;
  // With distributedMixed: the full size in bytes (shape product * element
  // size) of every surviving LX partition, summed -- not just the part the
  // access touches.
  int64_t lxPartitionBytes = 0;
};

enum class Pipeline {
  Serial,         // total = compute + memory + comm (ktir-cpu default)
  Overlapped,     // total = max(compute, memory + comm)
  Overlapped3Way, // total = max(compute, memory, comm)
};

const char *pipelineName(Pipeline pipeline); // "serial", "overlapped", ...

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

struct CategoryTotals {
  CostCategory category = CostCategory::ComputeFloat;
  double cycles = 0.0;
  double flops = 0.0;
};

struct CoreLatency {
  int coreId = 0;
  double computeCycles = 0.0; // sum of byCategory cycles
  double memoryCycles = 0.0;
  double commCycles = 0.0;
  double totalCycles = 0.0;   // per the pipeline model
  // Compute categories in the order they were first charged on this core; a
  // category appears once an op of it ran, even at 0 cycles (a scalar integer
  // op), exactly like ktir-cpu's cycles_by_category / flops_by_category.
  std::vector<CategoryTotals> byCategory;
  int64_t dramBytes = 0;      // bytes of the memory category
  int64_t commBytes = 0;      // bytes of the comm category
  // Cycles per op name, in first-charge order (only with op breakdown on).
  std::vector<std::pair<std::string, double>> cyclesByOp;

  bool hasCategory(CostCategory category) const;
  double cyclesIn(CostCategory category) const;
  double flopsIn(CostCategory category) const;
  double totalFlops() const;
};

struct LatencyReport {
  HwConfig config;
  Pipeline pipeline = Pipeline::Serial;
  int gridCores = 0;                // cores sharing the HBM bandwidth
  double kernelCycles = 0.0;        // max totalCycles over cores
  double kernelTimeUs = 0.0;        // kernelCycles / (clock_hz / 1e6)
  std::string bottleneck = "none";  // "compute" | "memory" | "comm" | "none"
  int criticalCore = -1;            // first core (by id) with kernelCycles
  std::vector<CoreLatency> perCore; // every core of the grid, by id

  const CoreLatency *critical() const;
  double chipFlops() const;
  int64_t chipDramBytes() const;
  int64_t chipCommBytes() const;
};

// ---------------------------------------------------------------------------
// Tracker
// ---------------------------------------------------------------------------

// Accumulates per-core costs while the interpreter runs. Every record function
// returns false (and records nothing) when `core` is not in [0, gridCores) or
// the call does not fit the op's category; otherwise true.
class LatencyTracker {
public:
  // `gridCores` = product of the kernel's grid dimensions: the number of cores
  // that share the chip's HBM bandwidth (not HwConfig::numCores).
  LatencyTracker(HwConfig config, int gridCores,
                 Pipeline pipeline = Pipeline::Serial);

  const HwConfig &config() const { return hwConfig; }
  int gridCores() const { return coresInGrid; }
  Pipeline pipeline() const { return pipelineKind; }
  // HBM bytes per cycle of one core: chip rate / gridCores.
  double hbmBytesPerCyclePerCore() const;

  // Also keep cycles per op name (CoreLatency::cyclesByOp). Off by default.
  void setOpBreakdown(bool enabled) { breakdownByOp = enabled; }

  // Clears all counters (same config and grid).
  void reset();

  // An elementwise/SIMD op or any op of category Zero. The category comes from
  // costCategoryOf(opName); `elements` is the element count of the op's single
  // tensor result, else of its first tensor operand, else 1 (a scalar op).
  // Zero-category ops are accepted and cost nothing. Returns false for
  // Memory, Comm and ComputeMatmul ops (use the functions below).
  bool recordCompute(int core, std::string_view opName, int64_t elements);
  // Same, with an explicit category (for ops whose name is not in the table).
  bool recordComputeAs(int core, CostCategory category, int64_t elements,
                       std::string_view opName = {});
  // linalg.matmul / linalg.batch_matmul: flops = 2*M*N*K (see matmulDims()).
  bool recordMatmul(int core, int64_t m, int64_t n, int64_t k,
                    std::string_view opName = "linalg.matmul");
  // One executed ktdp.load / ktdp.store.
  bool recordMemory(int core, const MemoryAccess &access,
                    std::string_view opName = "ktdp.load");
  // Convenience: a plain HBM access touching `sticks` distinct sticks.
  bool recordHbmSticks(int core, int64_t sticks,
                       std::string_view opName = "ktdp.load");
  // A comm op (ktdp.inter_tile_reduce): the bytes this core put on the ring.
  bool recordComm(int core, int64_t bytesSent,
                  std::string_view opName = "ktdp.inter_tile_reduce");
  // ktdp.inter_tile_reduce with ktir-cpu's ring: (gridCores - 1) rounds, each
  // sending `seedTileBytes` (the size of the tile this core injects: its
  // partial when it is a producer, else the identity tile). Charges the comm
  // only; the combiner folds are charged by the interpreter as it runs them
  // (see ringFoldOrigins()).
  bool recordRingAllReduce(int core, int64_t seedTileBytes);

  LatencyReport report() const;

private:
  struct Counters {
    double memoryCycles = 0.0;
    double commCycles = 0.0;
    std::vector<CategoryTotals> byCategory;
    int64_t memoryBytes = 0;
    int64_t commBytes = 0;
    std::vector<std::pair<std::string, double>> cyclesByOp;
  };
  bool validCore(int core) const;
  void addCompute(Counters &c, CostCategory category, double cycles,
                  double flops);
  void addOpCycles(Counters &c, std::string_view opName, double cycles);

  HwConfig hwConfig;
  int coresInGrid;
  Pipeline pipelineKind;
  bool breakdownByOp = false;
  std::vector<Counters> coreCounters;
};

// ---------------------------------------------------------------------------
// Helpers for the numbers the interpreter passes
// ---------------------------------------------------------------------------

// Distinct sticks overlapped by the byte range [byteStart, byteStart + nbytes)
// (a contiguous access). 0 for nbytes == 0.
int64_t sticksOfByteRange(uint64_t byteStart, uint64_t nbytes);

// Distinct sticks holding the elements of a strided box: element (i0, i1, ...)
// sits at baseByte + (sum_d i_d * strides[d]) * bytesPerElem. Strides are in
// elements and may be any (transposed, padded, overlapping); the element start
// addresses decide, as in ktir-cpu. Returns 0 for an empty box and -1 when the
// arguments are inconsistent (sizes differ, negative extent, address < 0).
int64_t sticksOfStridedBox(uint64_t baseByte, const std::vector<int64_t> &shape,
                           const std::vector<int64_t> &strides,
                           int bytesPerElem);

// Distinct sticks of a list of element byte addresses (gathers, scatters,
// non-rectangular access sets, index reads). Duplicates are fine.
int64_t sticksOfAddresses(std::vector<uint64_t> byteAddresses);

// (M, N, K) of a matmul as ktir-cpu derives it from the shapes of its first two
// tensor operands a and b: M = a[0], K = a[1] for rank >= 2 (M = 1, K = a[0]
// for rank 1), N = b[1] for rank >= 2 (else 1). For batch_matmul (rank 3) this
// takes the leading two dims as it does in ktir-cpu. With fewer than two
// tensor operands ktir-cpu uses (1, 1, 1).
struct MatmulDims {
  int64_t m = 1, n = 1, k = 1;
};
MatmulDims matmulDims(const std::vector<int64_t> &aShape,
                      const std::vector<int64_t> &bShape);

// The combiner invocations of ktir-cpu's linalg.reduce: a pairwise tree fold
// over each reduced dimension (highest dimension first), then -- when the outs
// operand is a tensor -- one more invocation combining the result with outs.
// Returns the element count of each invocation in order; every op of the
// combiner region is charged once per invocation with that count. `dims`
// empty with reduceAll = true folds the flattened tensor.
// Example: shape [1, 8], dims {1}, outs tensor -> {4, 2, 1, 1}.
std::vector<int64_t> reduceFoldSizes(const std::vector<int64_t> &inputShape,
                                     const std::vector<int64_t> &dims,
                                     bool reduceAll, bool outsIsTensor);

// The ring of ktdp.inter_tile_reduce spans all `gridCores` cores in id order.
// In round k = 1 .. gridCores-1 core `core` receives the tile that started on
// core (core - k) mod gridCores and folds it into its accumulator only if that
// origin is a producer of the same group. Returns the origins that are folded,
// in round order: the combiner region runs once per entry.
std::vector<int> ringFoldOrigins(int core, int gridCores,
                                 const std::function<bool(int)> &isProducer);

} // namespace interp
} // namespace spyre
