//===- StageAccumulators.h - a loop's matmul accumulator in LX ----*- C++ -*-===//
//
// A K loop that accumulates a matmul into a tile it carries from one
// iteration's pipeline to the next would have the compute engine hold the
// tile for the whole loop; its own memory (compute_engine.local_bytes)
// is far smaller than an accumulator (matmul_kloop: 16x64 f32, 4 KiB).
// build-pipelines keeps such a tile in LX instead.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_STAGEACCUMULATORS_H
#define SPYRE_PIPELINE_UTILS_STAGEACCUMULATORS_H

#include "ir/schedule/ScheduleDialect.h"

namespace spyre {

/// For every scf.for under `root` (after build-pipelines) that carries a
/// 2-D tile whose first value a pipeline just before the loop yields, whose
/// next value the loop body's one pipeline yields as
/// `linalg.matmul ins(A, B) outs(carried)` of its compute stage, and whose
/// final value only compute stages of later pipelines read: the tile lives
/// in a persistent LX buffer. The first pipeline writes it there
/// (`sched.write`), each iteration reads it, accumulates and writes the
/// sum back, the later pipelines read it (`sched.read`; route-transfers
/// makes the load and store units move it), and a `sched.barrier` before
/// every pipeline that reads it lets the write finish first. The loop and
/// the pipelines no longer carry or yield the tile.
void stageAccumulators(mlir::Operation *root);

} // namespace spyre

#endif
