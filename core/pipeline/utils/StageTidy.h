//===- StageTidy.h - clean-ups after rewriting a stage on vectors -*- C++ -*-===//
//
// The vector-level passes build loop nests that make many constants and
// leave per-row results inserted into small tensors only to be read back.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_STAGETIDY_H
#define SPYRE_PIPELINE_UTILS_STAGETIDY_H

#include "ir/schedule/ScheduleDialect.h"

namespace spyre {

/// The stage's constants from `insertAt` (an op of its body) on, once
/// each, just before it (the first non-constant op from there).
void gatherConstants(mlir::sched::StageOp stage, mlir::Operation *insertAt);

/// An element just inserted and read back is the inserted scalar (a row
/// reduction's one result, extracted to be broadcast), an element of a
/// splat its scalar; inserts, splats and empty tiles left unused go.
void tidyStage(mlir::sched::StageOp stage);

} // namespace spyre

#endif
