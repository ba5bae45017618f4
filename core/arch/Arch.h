// Arch.h - the architecture description: what the interpreter, the passes and
// the emulator know about the target chip.
//
// This file has no Qt or MLIR dependencies.
//
// An architecture is data, read from a small TOML file (the format is
// documented in docs/architecture-format.md). The Spyre default and the other
// presets live in resources/arch/*.toml and are compiled into this library, so
// the app and the tools work without any file on disk; a user can load their
// own file with loadArch().
//
// Nothing in the project should hard-code a core count, a scratchpad size or a
// bandwidth: take them from an Arch (defaultArch() when nothing else is given).
//
// Errors: parseArch() and loadArch() never throw for bad input. They return
// std::nullopt and append one Diagnostic per problem found (TOML syntax errors
// stop the parse, so they come alone; every other problem is reported, sorted
// by line and column). Each message names the offending key as a dotted path
// ('chip.cores', 'dataflow.engines[1].role'); the line and column say where it
// is. Messages do not repeat the file name: formatDiagnostic() adds it.

#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spyre {
namespace arch {

struct Diagnostic {
  int line = 0, column = 0; // 1-based; 0 if unknown (e.g. the file is missing)
  std::string message;
};

// "name:line:column: error: message" (line and column left out when 0), the
// form compilers use, so editors and terminals can jump to it.
std::string formatDiagnostic(std::string_view sourceName, const Diagnostic &d);

// One kind of dataflow engine of a core ([[dataflow.engines]] in the file).
struct EngineKind {
  std::string name; // unique unit kind, e.g. "mnilu", "sfu"
  std::string role; // "load" | "compute" | "store"
  int count = 0;    // instances per core, >= 1
};

// [timing]: the emulator's timing parameters (docs/emulator.md). The
// section is optional; absent keys keep these defaults, which are the
// presets' values.
struct TimingParams {
  int issueCycles = 1;          // cycles one engine needs to issue an instruction
  int lxPortSticksPerCycle = 1; // sticks per cycle an LX <-> channel engine moves
  int channelLatencyCycles = 1; // cycles from a send to the slot being visible
  int dmaSetupCycles = 64;      // cycles before a DMA's first stick moves
};

// [numerics]: how the compute engine rounds what it accumulates and what
// its functions return (docs/numerics.md). The emulator follows it and the
// interpreter's error bounds assume it. The section is optional; absent
// keys keep these defaults, which are the presets' values.
struct NumericsParams {
  // accumulator = "f32" | "element": a reduction's lanes (VReduce) fold
  // in f32 and round once to the element type, or in the element type,
  // rounding every step.
  bool accumulateF32 = true;
  // reduce_order = "tree" | "sequential": VReduce folds a register's lanes
  // pairwise (lane i with lane i + n/2, log2 n levels) or one after the
  // other from lane 0.
  bool treeReduce = true;
  // function_ulps: the error of exp, tanh, ... in ulps of the result type.
  double functionUlps = 1.0;
};

// The fields mirror the file's keys (docs/architecture-format.md). A
// default-constructed Arch is all zeros: take values from a file or from
// defaultArch(), never from here.
struct Arch {
  std::string name, description;
  std::string source; // the sourceName it was parsed from ("<preset:spyre>",
                      // a file path, ...)

  // [chip]
  int numCores = 0;      // cores on the ring, ids 0 .. numCores-1
  double clockGhz = 0.0; // cycles per nanosecond

  // [memory]
  uint64_t scratchpadBytesPerCore = 0; // LX capacity of one core
  int stickBytes = 0;                  // unit of data movement
  uint64_t hbmBytes = 0;               // device memory capacity
  double hbmBandwidthGBs = 0.0;        // whole chip, 10^9 bytes/s
  int hbmAttachCore = 0;               // ring stop where HBM attaches

  // [ring]
  bool bidirectionalRing = false;    // links carry traffic both ways
  double ringLinkBandwidthGBs = 0.0; // one link, one direction, 10^9 B/s
  int hopLatencyCycles = 0;          // per ring hop

  // [dataflow]: per-core dataflow units
  std::vector<EngineKind> engines; // in file order
  int fifoDepth = 0;               // slots per FIFO between engines

  // [simd]: elements per cycle per core, by element type ("f16", "bf16",
  // "df16", "f32", "i32", ...). Always contains "f16".
  std::map<std::string, int> simdElementsPerCycle;

  // [compute]
  int systolicRows = 0;          // matmul rate = 2 * simd f16 * rows FLOP/cycle
  int transcendentalPenalty = 0; // SIMD-cycle multiplier for exp, log, ...

  // [timing]
  TimingParams timing;

  // [numerics]
  NumericsParams numerics;

  // --- [compute_engine]: the compute engine's own memory ---
  // Bytes one compute engine (one instance of the "compute" role) holds:
  // the operands and partials it keeps between the sticks it streams.
  uint64_t computeLocalBytes = 0;

  // Elements of `elementBytes` bytes in one stick (stickBytes / elementBytes;
  // 0 if elementBytes <= 0). stickElements(2) == 64 on Spyre.
  int stickElements(int elementBytes) const;
};

// Parses `text` (named `sourceName` in Arch::source and in the TOML library's
// source regions). On any error returns std::nullopt and appends to `errors`
// every problem found (line, column, reason) -- not just the first.
std::optional<Arch> parseArch(std::string_view text,
                              std::string_view sourceName,
                              std::vector<Diagnostic> &errors);

// Reads and parses the file at `path`. A file that cannot be read gives one
// Diagnostic with line 0 naming the path and the system's reason.
std::optional<Arch> loadArch(const std::string &path,
                             std::vector<Diagnostic> &errors);

// The shipped Spyre default (resources/arch/spyre.toml), compiled into the
// library.
std::string_view defaultArchText();

// defaultArchText(), parsed once. (The unit test checks that it parses; if a
// broken file were ever built in, this prints the errors and aborts.)
Arch defaultArch();

// The compiled-in presets, default first: "spyre", "spyre-4core".
std::vector<std::string> presetNames();
// The text of a preset, or std::nullopt for an unknown name.
std::optional<std::string_view> presetText(std::string_view name);

} // namespace arch
} // namespace spyre
