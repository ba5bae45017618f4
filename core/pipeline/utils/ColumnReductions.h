//===- ColumnReductions.h - reductions across rows, row by row ----*- C++ -*-===//
//
// A reduction along a dimension other than the innermost (the sum of a
// matrix's columns, a reduction over the middle axis of a rank-3 tile)
// combines element j of one row with element j of the next: it needs no
// whole tile. The compute unit keeps only the result (one accumulator row
// per output row) and folds each streamed stick into the accumulator's
// stick at the same columns, in the order of the rows, so each output
// element meets its inputs in the interpreter's order.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_COLUMNREDUCTIONS_H
#define SPYRE_PIPELINE_UTILS_COLUMNREDUCTIONS_H

#include "ir/schedule/ScheduleDialect.h"

namespace spyre {

/// Rewrites `stage` (a compute stage without results) as one loop over the
/// sticks of the one tile it pops, when its tile ops are only: that pop
/// (of the whole tile, at least two-dimensional); splat constants and
/// elementwise ops on tiles of its shape and element width; at most one
/// push of such a tile (streamed a stick at a time); linalg.reduce of such
/// a tile along dimensions that leave the innermost one, with one
/// combining op and an init filled in the stage, each result pushed whole
/// after the loop. In the pipeline, a stage that drains both the streamed
/// push and a reduction's must take the streamed one first. Returns
/// whether it did.
bool streamColumnReductions(mlir::sched::PipelineOp pipeline,
                            mlir::sched::StageOp stage, int stickBytes);

} // namespace spyre

#endif
