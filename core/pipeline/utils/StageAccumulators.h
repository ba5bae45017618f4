//===- StageAccumulators.h - a loop's accumulator in LX -----------*- C++ -*-===//
//
// A K loop that accumulates a matmul into a tile it carries from one
// iteration's pipeline to the next would have the compute engine hold the
// tile for the whole loop; its own memory (compute_engine.local_bytes)
// is far smaller than an accumulator (matmul_kloop: 16x64 f32, 4 KiB).
// build-pipelines keeps such a tile in LX instead, as it does a tile an
// scf.if hands on (block-causal skipping inside a loop, or a branch's
// result read after it).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_STAGEACCUMULATORS_H
#define SPYRE_PIPELINE_UTILS_STAGEACCUMULATORS_H

#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Support/LogicalResult.h"

namespace spyre {

/// For every scf.for under `root` (after build-pipelines) that carries a
/// tile whose first value a pipeline just before the loop yields, whose
/// next value the loop body's one pipeline yields from its compute stage
/// as `linalg.matmul ins(A, B) outs(carried)` or as elementwise ops on it
/// (when the tile is more than `computeBytes`, the compute engine's own
/// memory), or an scf.if of the body each of whose branches yields it
/// unchanged or so updated by a pipeline of its own, and whose
/// final value only compute stages of later pipelines read: the tile lives
/// in a persistent LX buffer. The first pipeline writes it there
/// (`sched.write`), each iteration reads it, accumulates and writes the
/// sum back, the later pipelines read it (`sched.read`; route-transfers
/// makes the load and store units move it), and a `sched.barrier` before
/// every pipeline that reads it lets the write finish first. The loop, the
/// branch and the pipelines no longer carry or yield the tile.
///
/// Before the loops: a tile an scf.if outside the stages yields, more than
/// `computeBytes`, made by a pipeline of its own in each branch and read
/// only by compute stages of later pipelines of the branch's block, lives
/// in a persistent LX buffer too: each branch's stage writes it, the
/// readers read it behind a barrier (in a loop, each branch's pipeline
/// waits behind one for the previous iteration's readers).
///
/// A loop that passes a tile through an scf.if and cannot so stage it is
/// refused on its line with the reason (no unit but the compute unit
/// could follow the branch with the tile): failure.
mlir::LogicalResult stageAccumulators(mlir::Operation *root,
                                      uint64_t computeBytes);

} // namespace spyre

#endif
