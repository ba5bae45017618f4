//===- StageRun.h - run every snapshot, find the pass that changed the output -*- C++ -*-===//
//
// The Qt-free, MLIR-free API of pass-by-pass debugging
// (docs/stage-execution.md): the kernel is compiled keeping the module
// after every pass; each snapshot is executed by the stage executor
// (core/stagex) on the inputs the interpreter's run uses, the SpyreCode on
// the emulator, and each one's outputs are judged against the KTIR's (the
// interpreter's run of the kernel as written, with its f64 shadow) by the
// numerics verdict (StageJudge.h): exact, within rounding or WRONG. The
// first WRONG snapshot names the pass that changed the answer; the first
// within rounding one, the pass that changed the last bits.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_STAGERUN_H
#define SPYRE_DRIVER_STAGERUN_H

#include "driver/Diagnostic.h"
#include "driver/NumericsVerdict.h"
#include "driver/Run.h"

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace spyre::driver {

/// How a snapshot's outputs compare with the KTIR's (StageJudge.h).
enum class StageOutcome {
  Agrees,  ///< exact or within rounding (see `exact`)
  Differs, ///< some output is WRONG (see `numerics`)
  Failed,  ///< the snapshot did not run (see `diagnostics`)
  Skipped, ///< not run (the bisect stopped, or --stage named another)
};

struct StageRun {
  std::string pass;  ///< "input", a pass's argument, or "lower-to-spyrecode"
  std::string stage; ///< KTIR, ScheduleIR, DataflowIR or SpyreCode
  /// The index of the snapshot in the compile's snapshots.
  int snapshot = 0;
  StageOutcome outcome = StageOutcome::Skipped;
  /// Agrees bit for bit (an Agrees that is not exact is within rounding).
  bool exact = false;
  /// The IR is the previous snapshot's: its result is that one's.
  bool unchanged = false;
  /// Executed on the emulator (the SpyreCode), not the stage executor.
  bool emulated = false;
  /// One line: "exact", "within rounding: ...", "WRONG: ...", "does not
  /// run: ...".
  std::string summary;
  /// The verdict of every output (empty when it did not run).
  NumericsVerdict numerics;
  std::vector<Diagnostic> diagnostics;
  /// WRONG: the worst element of the first WRONG output (its array, its
  /// row-major index and coordinates) and the KTIR line of the op that
  /// last stored it on the reference run (0 unknown; first WRONG snapshot
  /// only).
  std::string wrongArray;
  size_t wrongElement = 0;
  std::vector<int64_t> wrongCoords;
  int wrongLine = 0;
  double wallSeconds = 0;
  /// The stage executor's CPU time (the thread's: not the wall clock, which
  /// other work on the machine inflates): placing the inputs, executing
  /// the snapshot, reading the outputs back (not judging them); 0 for an
  /// unchanged or emulated snapshot.
  double executeSeconds = 0;
  uint64_t opsExecuted = 0;
  /// Process bodies that ran compiled (StageRunRequest::compiledBodies).
  uint64_t compiledBodiesRun = 0;
  /// Every output array and region after the run.
  std::map<std::string, npy::Array> arrays, regions;
};

struct StageRunRequest {
  /// The kernel and its inputs, as for the interpreter (the record merged
  /// in; a `grid` must be the kernel's own, padded with 1s at most: the
  /// snapshots run on the grid the kernel declares).
  RunRequest run;
  /// Where a relative device import is resolved from (CompileRequest).
  std::string directory;
  /// Run only the snapshot of this pass ("input", a pass's argument, or
  /// "lower-to-spyrecode"); empty: every snapshot (a bisect).
  std::string onlyPass;
  /// Run the SpyreCode on the emulator too (bisect only).
  bool emulator = true;
  /// Testing only: break one op after this pass (driver/Perturb.h).
  std::string perturbAfter;
  /// Set from another thread to stop between (and within) snapshots.
  const std::atomic<bool> *cancel = nullptr;
  /// The order the stage executor resumes processes in: false forward,
  /// true backward (the outputs must not depend on it).
  bool backwardSchedule = false;
  /// Testing: false runs every op through its handler, not the direct
  /// paths of the interpreter's block plans (the outputs must not change).
  bool directPaths = true;
  /// Testing: false runs the bodies of stages and programs op by op, not
  /// compiled (stagex/BodyCode.h; the outputs must not change).
  bool compiledBodies = true;
  /// Called after each snapshot has run (from the thread running the
  /// bisect), with the runs so far.
  std::function<void(const StageRun &)> progress;
};

struct StageRunResult {
  /// The kernel compiled and the reference ran; every requested snapshot
  /// was tried (some may have failed: see their outcome).
  bool ok = false;
  bool cancelled = false;
  /// Of compiling, of the reference run and of the inputs.
  std::vector<Diagnostic> diagnostics;
  /// What --perturb-after changed ("" when not asked or nothing could be).
  std::string perturbed;
  /// The KTIR's run: what every snapshot is judged against (with its
  /// shadows once a snapshot was not exact).
  RunResult reference;
  /// One per snapshot of the compile, in pipeline order (--stage: only
  /// the one asked for has run).
  std::vector<StageRun> stages;
  /// The first snapshot that is WRONG or does not run, or -1.
  int firstDiffering = -1;
  /// The first snapshot that is within rounding but not exact (its pass
  /// changed the last bits), or -1.
  int firstInexact = -1;
  /// How the outputs are compared (StageJudge.h), for the report.
  std::string comparison;
};

/// Compiles `request.run.source`, runs the reference and the snapshots.
StageRunResult runStages(const StageRunRequest &request);

/// The passes a snapshot may be asked for by name, in pipeline order
/// ("input" first, "lower-to-spyrecode" last).
std::vector<std::string> stageNames();

} // namespace spyre::driver

#endif
