//===- Compile.h - compile a kernel, keeping every pass's output -*- C++ -*-===//
//
// The Qt-free, MLIR-free API the GUI's pass list and IR panes are built on:
// the kernel goes through the pipeline of pipeline/Pipeline.h and every
// pass leaves a snapshot: its IR, whether it changed anything, its time,
// and, for every line of the printed IR, the KTIR source line the op there
// came from. The last pass, lower-to-spyrecode, leaves the SpyreCode
// listing as its snapshot and the module itself in CompileResult.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_COMPILE_H
#define SPYRE_DRIVER_COMPILE_H

#include "driver/Diagnostic.h"
#include "spyrecode/SpyreCode.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace spyre::driver {

struct PassSnapshot {
  std::string pass;        ///< the pass's argument; "input" for the source
  std::string stage;       ///< KTIR, ScheduleIR, DataflowIR or SpyreCode
  std::string description; ///< what the pass does, one paragraph
  std::string ir;          ///< the module after the pass, without locations
  /// For line i (0-based) of `ir`: the 1-based source line of the op
  /// printed there, or 0.
  std::vector<int> sourceLines;
  bool changed = false; ///< the IR differs from the previous snapshot
  double wallMs = 0;    ///< time the pass took
  /// The pass produced IR that does not verify (an internal compiler error;
  /// `ir` is then in generic form, and the snapshot before is the last
  /// valid one).
  bool invalid = false;
};

struct CompileRequest {
  std::string source;
  std::string sourceName = "<kernel>";
  std::string stopAfter; ///< empty: the whole pipeline
  /// The target: a preset name or a TOML file (empty: the Spyre default).
  std::string arch;
  /// Set from another thread to stop before the next pass.
  const std::atomic<bool> *cancel = nullptr;
};

struct CompileResult {
  bool ok = false;
  bool cancelled = false;
  std::vector<Diagnostic> diagnostics;
  std::vector<PassSnapshot> snapshots;
  /// The SpyreCode the last pass (lower-to-spyrecode) produced; null when
  /// the pipeline stopped or failed before it. Its listing is that pass's
  /// snapshot.
  std::shared_ptr<const spyre::code::Module> spyreCode;
};

CompileResult compileKernel(const CompileRequest &request);

} // namespace spyre::driver

#endif
