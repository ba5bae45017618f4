//===- ColumnSticks.h - column reductions a column of sticks at a time -*- C++ -*-===//
//
// A reduction over the rows of a matrix (a column sum) whose accumulator
// row is wider than the rows it reads (i8 summed in i32: four times the
// bytes) or whose rows are long (960 bf16 summed in f32) does not fit the
// compute unit when the rows stream in their order (ColumnReductions keeps
// the whole accumulator row). Streamed a column of sticks at a time
// instead, the accumulator is one vector: the load unit sends the sticks
// of column-stick c of every row in turn, the compute unit folds them into
// the vector, in the order of the rows as before (the same numbers), and
// pushes the column's result before the next column starts.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_COLUMNSTICKS_H
#define SPYRE_PIPELINE_UTILS_COLUMNSTICKS_H

#include "ir/schedule/ScheduleDialect.h"

namespace spyre {

/// Rewrites `stage` (a compute stage without results) as a loop over the
/// column-sticks of the one R x C tile it streams, each a loop over its R
/// rows (once per pass), when its tile ops on that tile are: its pop (every
/// stick, from an LX buffer another stage of `pipeline` sends whole);
/// elementwise ops of its shape (of any element types), whose other tile
/// operands are splats, per-row values held in the stage broadcast along
/// the rows (a mask per token), or a reduced row broadcast along the rows
/// (a mean: read by the next pass); linalg.reduce of such a tile along
/// dimension 0 with one combining op into a linalg.fill of the stage or a
/// row popped in the stage (a loop's running sums); elementwise ops on the
/// reduced rows (other operands splats, rows of C values popped in the
/// stage); pushes of those. The other ops stay where they are (held). The
/// sending stage's transfer becomes the loop nest moving the sticks in
/// that order, after the transfers of the tiles the stage pops whole, with
/// a column-stick of the popped rows' transfers; one stage draining several
/// pushes takes a column-stick of each in turn. Returns whether it did.
bool streamColumnsBySticks(mlir::sched::PipelineOp pipeline,
                           mlir::sched::StageOp stage, int stickBytes);

} // namespace spyre

#endif
