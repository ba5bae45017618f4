//===- Run.h - run a KTIR kernel: the Qt-free, MLIR-free API ----*- C++ -*-===//
//
// What the GUI and spyre-run use to execute a kernel on the reference
// interpreter: plain std types in, outputs, scratchpad events, the latency
// estimate and diagnostics out. No MLIR type appears here.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_RUN_H
#define SPYRE_DRIVER_RUN_H

#include "driver/Diagnostic.h"
#include "driver/OutputShadow.h"
#include "support/Npy.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spyre::driver {

/// A function argument: a scalar (pointers are element indices), or an
/// array that is placed in HBM and passed as the element index of its start.
struct Argument {
  std::optional<double> scalar;
  /// The same scalar when it was written as a whole number: held exactly
  /// for integer arguments (i64 and index beyond 2^53 too).
  std::optional<int64_t> integer;
  /// The value as a person wrote it (spyre-run --arg NAME=TEXT): read by
  /// parseScalarValue (KernelArguments.h) for the argument's type when the
  /// kernel is prepared, into scalar and integer; a text that is not a
  /// value of that type is an error quoting it.
  std::optional<std::string> text;
  std::optional<npy::Array> array;
  /// Where to place the array (byte address); default: ktir-cpu's layout,
  /// 128-byte aligned from 0x10000 in argument order.
  std::optional<uint64_t> byteStart;
};

/// Memory the kernel reaches through addresses it builds itself.
struct MemoryRegion {
  std::string name;
  bool lx = false; ///< false: HBM
  int core = 0;    ///< owner of the scratchpad when lx
  uint64_t byteStart = 0;
  npy::Array data; ///< contents before the run (dtype and element count)
};

/// HBM a kernel reaches that is too large to fill (driver/AutomaticInputs.h):
/// the emulator may address it; it reads as zero on both engines.
struct BoundRange {
  std::string name;
  uint64_t byteStart = 0, bytes = 0;
};

/// An argument that had no value and is the base address of memory views:
/// the run gave it one (docs/inputs.md).
struct AutomaticAddress {
  std::string name;
  int64_t element = 0;  ///< the value passed: an element index
  uint64_t byte = 0;    ///< where it points, in its views' element type
  std::string dtype;    ///< that element type
};

struct RunRequest {
  std::string source;
  std::string sourceName = "<kernel>";
  std::string function;      ///< empty: the only (or first) function
  std::vector<int64_t> grid; ///< empty: the function's grid attribute
  std::map<std::string, Argument> args;
  std::vector<MemoryRegion> regions;
  /// The architecture: a preset name ("spyre", "spyre-4core") or a TOML
  /// file (docs/architecture-format.md); empty: the Spyre default.
  std::string arch;
  /// ktir-cpu HardwareConfig keys; each given one overrides what the
  /// architecture says (oracle records carry the configuration they used).
  std::map<std::string, double> hwConfig;
  /// With a seed, every pointer argument given no value that is the offset
  /// of a memory view with a static shape gets random data of that shape
  /// (floats standard normal, integers uniform in [0, smallest extent)).
  std::optional<uint64_t> seed;
  /// Without a record (loadRecord clears it): an integer argument without a
  /// value that is the base address of memory views gets an automatic
  /// address, a pointer whose view's shape --seed cannot tell gets one too,
  /// and the memory views the kernel builds outside the given arrays are
  /// found by a discovery run and filled with data from the seed (0 when
  /// none is given), for both engines (driver/AutomaticInputs.h).
  bool automaticInputs = true;
  /// Keep the scratchpad events (the GUI and --lx-events ask): at most
  /// limits::kMaxLxEvents, then RunResult::droppedLxEvents counts the rest.
  bool recordLxEvents = false;
  /// Compute the interpreter's f64 shadow of every float value and its
  /// error bound alongside (docs/numerics.md): RunResult::shadows, what
  /// the numerics verdict (driver/NumericsVerdict.h) judges other runs by.
  /// Off, the run is faster and smaller (docs/numerics.md, "Cost").
  bool shadow = false;
  /// Ops one core may execute before the run stops with a diagnostic.
  uint64_t maxOpsPerCore = 20'000'000;
  /// Set from another thread to stop a running kernel.
  const std::atomic<bool> *cancel = nullptr;
};

struct LxEvent {
  int core = 0;
  bool alloc = true;
  uint64_t bytes = 0;
  uint64_t inUse = 0;
  int line = 0; ///< source line of the op that caused it
  std::string op;
  /// Which allocation (per core, from 1): a release names the buffer its
  /// allocation charged, so a chart can stack bytes by allocating line.
  uint64_t buffer = 0;
};

struct CoreEstimate {
  int core = 0;
  double computeCycles = 0, memoryCycles = 0, commCycles = 0, totalCycles = 0;
  uint64_t peakLxBytes = 0;
  int64_t dramBytes = 0, commBytes = 0;
};

struct RunResult {
  bool ok = false;
  std::vector<Diagnostic> diagnostics;
  std::string function;
  std::vector<int64_t> grid;
  /// The kernel's argument names (source SSA names without '%'), in order.
  std::vector<std::string> argumentNames;
  /// Every array argument read back from HBM after the run.
  std::map<std::string, npy::Array> arrays;
  /// Every memory region read back after the run.
  std::map<std::string, npy::Array> regions;
  /// With RunRequest::shadow: the shadow and error bound of every element
  /// of every array and region (by the same names).
  std::map<std::string, OutputShadow> shadows;
  /// Arguments given automatic addresses (automaticInputs).
  std::vector<AutomaticAddress> automaticAddresses;
  std::vector<LxEvent> lxEvents;
  uint64_t droppedLxEvents = 0; ///< past the limit: counted, not kept
  uint64_t lxCapacityBytes = 0;
  double kernelCycles = 0, kernelTimeUs = 0;
  std::string bottleneck;
  int criticalCore = 0;
  std::vector<CoreEstimate> perCore;
  double wallSeconds = 0; ///< executing only (parsing and set-up excluded)
  /// The same span in the thread's CPU time (what other work sharing the
  /// machine does not inflate; spyre-bench --stages compares by it).
  double cpuSeconds = 0;
  uint64_t opsExecuted = 0;
};

/// Parses, verifies and runs `request` once.
RunResult runKernel(const RunRequest &request);

/// From now on this process keeps the random fills of 1 MiB and more it
/// makes, up to `bytesAtMost` in all (the oldest dropped first), and hands a
/// copy to the next randomElements call asking for the same ones: the same
/// bytes without making them again. 0 (the default) keeps none. For a
/// process that runs the same kernel's inputs many times (the robustness
/// sweeps); the app and the tools keep none.
void keepRandomFills(size_t bytesAtMost);

/// A kernel parsed, verified and given its arguments once, then run as often
/// as wanted, each time on fresh memory with a fresh interpreter. The
/// benchmark uses it to time runs the way ktir-cpu's harness does (parse
/// once, execute several times); runKernel is one prepare and one run.
class PreparedRun {
public:
  explicit PreparedRun(const RunRequest &request);
  ~PreparedRun();
  PreparedRun(const PreparedRun &) = delete;
  PreparedRun &operator=(const PreparedRun &) = delete;

  /// False when the kernel could not be prepared; run() then returns only
  /// the diagnostics that say why.
  bool ok() const;
  /// Runs the kernel once. Diagnostics of preparing (warnings) come first.
  RunResult run();
  /// The diagnostics of preparing alone (the automatic inputs' notes, say):
  /// what a caller that never calls run() shows.
  const std::vector<Diagnostic> &preparingDiagnostics() const;

  /// The kernel's arguments as run() places them (the seeded arrays
  /// included), in argument order: what the emulator is given so that both
  /// engines run on the same inputs (driver/Emulate.h).
  struct PlacedArgument {
    std::string name;
    bool isArray = false;
    double scalar = 0;       ///< scalars; arrays: the element index passed
    /// Integer scalars: the value exactly (i64 / index beyond 2^53 too).
    std::optional<int64_t> integer;
    uint64_t byteStart = 0;  ///< arrays
    const npy::Array *array = nullptr; ///< arrays: their contents
  };
  std::vector<PlacedArgument> placedArguments() const;
  /// The memory regions run() places (the request's, and those the
  /// automatic inputs filled).
  const std::vector<MemoryRegion> &placedRegions() const;
  /// HBM bound but not filled (too large for the automatic inputs).
  const std::vector<BoundRange> &boundRanges() const;
  /// The arguments given automatic addresses.
  const std::vector<AutomaticAddress> &automaticAddresses() const;

private:
  struct State;
  std::unique_ptr<State> state;
};

} // namespace spyre::driver

#endif
