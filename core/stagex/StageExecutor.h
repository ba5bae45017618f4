//===- StageExecutor.h - run the IR after any pass --------------*- C++ -*-===//
//
// Executes a kernel as any pass of the pipeline leaves it: KTIR (`ktdp` and
// the standard dialects), ScheduleIR (`sched`: pipelines of stages, FIFOs,
// LX buffers, transfers) and DataflowIR (`dflow`: per-unit programs,
// channels, DMA, LX views), in any mix, on the interpreter's memories, so
// that the outputs of every snapshot can be held against the KTIR's.
// The interpreter (core/interp) computes every op it knows; this library
// adds the dialects' control and data movement (ExecContext.h lists the
// files), and runs every core's body, every stage and every program as a
// process (Processes.h): a deterministic Kahn process network, in which a
// deadlock is an error naming every blocked process and what it waits on.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_STAGEX_STAGEEXECUTOR_H
#define SPYRE_STAGEX_STAGEEXECUTOR_H

#include "interp/Values.h"
#include "stagex/Processes.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace spyre::interp {
struct Memories;
} // namespace spyre::interp

namespace spyre::stagex {

/// How a vector.reduction folds its lanes: as the target's `[numerics]`
/// says its VReduce does (emu/Alu.h reduceLanes; docs/numerics.md), so that
/// a snapshot rounds as the program it becomes. The defaults are the
/// presets'.
struct ReduceNumerics {
  bool tree = true;          ///< pairwise (lane i with i + half), else in order
  bool accumulateF32 = true; ///< f16 / bf16 / df16 folded in f32, rounded once
};

struct StageOptions {
  /// Bytes of a stick (the architecture's).
  int64_t stickBytes = 128;
  /// The architecture's reduction numerics.
  ReduceNumerics reduceNumerics;
  /// A process that executes more ops than this stops with a diagnostic.
  uint64_t maxOpsPerProcess = 20'000'000;
  /// Set from another thread to stop the run (it ends with a diagnostic).
  const std::atomic<bool> *cancel = nullptr;
  /// The order the scheduler resumes processes in (the result must not
  /// depend on it).
  Order order = Order::Forward;
  /// Take the direct paths of the interpreter's block plans (false: every
  /// op through its handler; the outputs must be the same).
  bool directPaths = true;
  /// Run the bodies of stages and programs compiled into flat instruction
  /// lists (stagex/BodyCode.h) when the direct paths are taken (false:
  /// op by op; the outputs and op counts must be the same).
  bool compiledBodies = true;
  /// Called with the op of every store to this byte of HBM (which op of
  /// the snapshot wrote a given output element).
  uint64_t watchHbmByte = ~uint64_t(0);
  std::function<void(mlir::Operation *)> onWatchedStore;
};

/// The KTIR line of `op` (its file location, or the first one inside a
/// fused or named location); 0 when it has none.
int ktirLineOf(mlir::Operation *op);

class StageExecutor {
public:
  /// `function` is the kernel's func.func (the grid is its own `grid`
  /// attribute, the placement its `sched.placement` / `dflow.placement`).
  StageExecutor(mlir::Operation *function, interp::Memories &memories,
                StageOptions options);
  ~StageExecutor();
  StageExecutor(const StageExecutor &) = delete;
  StageExecutor &operator=(const StageExecutor &) = delete;

  /// Runs the kernel with `args` bound to the function's arguments. False
  /// after a diagnostic (on the op at fault).
  bool run(const std::vector<interp::RtValue> &args);

  int numTiles() const;
  uint64_t opsExecuted() const;
  uint64_t processesRun() const;
  /// Process bodies that ran compiled (BodyCode.h), the others op by op.
  uint64_t compiledBodiesRun() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace spyre::stagex

#endif
