//===- UniformPushes.h - a tile of one value pushed a stick at a time -*- C++ -*-===//
//
// A compute stage that pushes a tile with the same value in every element
// (a constant of zeros, a fill or a splat of a scalar) next to other work
// it cannot stream (a loop's zero accumulator sent to LX in the group that
// also pops the loop's bound from memory) would hold the tile whole only to
// send it. Its sticks are all the same vector: the stage can push that
// vector once per stick instead.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_UNIFORMPUSHES_H
#define SPYRE_PIPELINE_UTILS_UNIFORMPUSHES_H

#include "ir/schedule/ScheduleDialect.h"

namespace spyre {

/// Rewrites, in `stage` (a compute stage), every push (directly in its
/// body) of a static tile made there or before with one value in every
/// element (a splat constant, `tensor.splat` or a `linalg.fill` of a
/// scalar) down a FIFO of one stick of its element type per slot: a loop
/// over the push's sticks pushes the value's splat vector, one stick each
/// (the draining unit collects the same sticks in the same order). The
/// tile goes when nothing else uses it. Returns whether it rewrote any.
bool pushUniformTilesBySticks(mlir::sched::StageOp stage, int stickBytes);

} // namespace spyre

#endif
