//===- TransposedRows.h - a transposed tile, read a stick at a time -*- C++ -*-===//
//
// A compute stage that transposes a tile it pops (linalg.transpose) and
// pushes elementwise results of the transpose would build the transposed
// tile and every result whole. Instead the compute unit keeps only the
// popped tile and reads each stick of the transpose from it with a strided
// read (one element of each of its rows: a column), applies the
// elementwise ops to that vector and pushes it. Tiles the stage only
// passes through (popped and pushed unchanged) go a stick at a time.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_TRANSPOSEDROWS_H
#define SPYRE_PIPELINE_UTILS_TRANSPOSEDROWS_H

#include "ir/schedule/ScheduleDialect.h"

namespace spyre {

/// Rewrites `stage` (without results) when its tile ops are only: one pop
/// of a 2-D tile X used by one linalg.transpose (permutation [1, 0]); splat
/// constants and elementwise ops on tiles of the transpose's shape and X's
/// element width; pushes of those; pairs of a pop and a push of the popped
/// tile unchanged, popped after X and pushed in the order popped. Returns
/// whether it did.
bool streamTransposedRows(mlir::sched::StageOp stage, int stickBytes);

} // namespace spyre

#endif
