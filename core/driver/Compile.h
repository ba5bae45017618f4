//===- Compile.h - compile a kernel, keeping every pass's output -*- C++ -*-===//
//
// The Qt-free, MLIR-free API the GUI's pass list and IR panes are built on:
// the kernel goes through the pipeline of pipeline/Pipeline.h and every
// pass leaves a snapshot: its IR, whether it changed anything, its time,
// and, for every line of the printed IR, the KTIR source line the op there
// came from. The last pass, lower-to-spyrecode, leaves the SpyreCode
// listing as its snapshot (with the instruction each line prints) and the
// module itself in CompileResult.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_COMPILE_H
#define SPYRE_DRIVER_COMPILE_H

#include "driver/Diagnostic.h"
#include "spyrecode/Listing.h"
#include "spyrecode/SpyreCode.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace spyre::driver {

/// A scratchpad buffer the IR declares (a `sched.alloc`, or a DataflowIR
/// `dflow.lx_view`), as every core running the kernel holds it.
struct LxBuffer {
  std::string type;     ///< its MLIR type, e.g. "memref<64x64xf16>"
  int64_t bytes = 0;    ///< scratchpad bytes, every copy and instance
  int64_t address = -1; ///< byte address in LX; -1 before assignment
  int line = 0;         ///< KTIR source line, or 0
};

struct PassSnapshot {
  std::string pass;        ///< the pass's argument; "input" for the source
  std::string stage;       ///< KTIR, ScheduleIR, DataflowIR or SpyreCode
  std::string description; ///< what the pass does, one paragraph
  std::string ir;          ///< the module after the pass, without locations
  /// For line i (0-based) of `ir`: the 1-based source line of the op
  /// printed there, or 0.
  std::vector<int> sourceLines;
  /// The SpyreCode snapshot's listing (its text is `ir`) with what each
  /// line shows: which instruction of which program; null for MLIR
  /// snapshots.
  std::shared_ptr<const spyre::code::Listing> listing;
  bool changed = false; ///< the IR differs from the previous snapshot
  double wallMs = 0;    ///< time the pass took
  /// The pass produced IR that does not verify (an internal compiler error;
  /// `ir` is then in generic form, and the snapshot before is the last
  /// valid one).
  bool invalid = false;
  /// The core of every tile (tile i runs on core placement[i]) as the
  /// kernel's `sched.placement` / `dflow.placement` says after this pass;
  /// empty before place-tiles.
  std::vector<int64_t> placement;
  /// The kernel's scratchpad peak per core (`sched.lx_peak` /
  /// `dflow.lx_peak`); -1 before addresses are assigned.
  int64_t lxPeakBytes = -1;
  /// The scratchpad buffers of the kernel after this pass.
  std::vector<LxBuffer> buffers;
};

struct CompileRequest {
  std::string source;
  std::string sourceName = "<kernel>";
  std::string stopAfter; ///< empty: the whole pipeline
  /// The target: a preset name or a TOML file (empty: the Spyre default).
  /// A kernel that declares a `ktdf_arch.device` is compiled for that
  /// device instead (see targetFromKernel).
  std::string arch;
  /// The directory of the kernel's file: a relative device `import` is
  /// resolved from here (empty: from the directory of sourceName).
  std::string directory;
  /// Set from another thread to stop before the next pass.
  const std::atomic<bool> *cancel = nullptr;
  /// false: no double buffering (the double-buffer pass gives every LX
  /// buffer one copy, still with its token FIFO), to measure what it gains.
  bool doubleBuffer = true;
  /// Non-empty: the grid the kernel runs on instead of its own `grid`
  /// attribute (spyre-run --grid, so that both engines run the same grid).
  std::vector<int64_t> grid;
  /// The kernel to compile when the module holds several (empty: the
  /// first; see CompileResult::kernels).
  std::string function;
};

struct CompileResult {
  bool ok = false;
  bool cancelled = false;
  std::vector<Diagnostic> diagnostics;
  std::vector<PassSnapshot> snapshots;
  /// The name of the device the kernel declares, which was its target
  /// instead of the request's arch; empty when it declares none.
  std::string targetFromKernel;
  /// The SpyreCode the last pass (lower-to-spyrecode) produced; null when
  /// the pipeline stopped or failed before it. Its listing is that pass's
  /// snapshot.
  std::shared_ptr<const spyre::code::Module> spyreCode;
  /// The module's kernels (public functions no function of it calls), in
  /// the order written; the helpers they call are inlined into them.
  std::vector<std::string> kernels;
  /// The kernel compiled (one of `kernels`).
  std::string function;
};

CompileResult compileKernel(const CompileRequest &request);

/// The kernels of a module, as CompileResult::kernels; `ok` false (with
/// the diagnostics) when it does not parse.
struct KernelList {
  bool ok = false;
  std::vector<std::string> names;
  std::vector<Diagnostic> diagnostics;
};
KernelList listKernels(const std::string &source,
                       const std::string &sourceName = "<kernel>");

} // namespace spyre::driver

#endif
