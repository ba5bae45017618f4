//===- StickPops.h - a tile read element by element, a stick at a time -*- C++ -*-===//
//
// A matmul streamed by rows (pipeline/utils/StreamedMatmul.h) pops row i of A
// whole, then reads its elements one after another, one per step of the
// loop over K. The compute engine need not hold the row: the load unit
// sends it stick by stick anyway, so the stage can pop one stick when the
// loop reaches it and read the elements from that vector.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_STICKPOPS_H
#define SPYRE_PIPELINE_UTILS_STICKPOPS_H

#include "ir/schedule/ScheduleDialect.h"

namespace spyre {

/// Rewrites, in `stage` (a compute stage), every pop of a tile of one row
/// (1 x K or K elements, whole sticks) whose only uses are
/// `tensor.extract` of element k directly in the body of a loop over k
/// from 0 to K step 1 that follows the pop in its block: the loop runs
/// over the row's sticks, pops one stick (a vector) per step and reads its
/// elements by lane (`vector.extract`) in an inner loop over the lanes,
/// the old body's. Only when the row's sticks fit in the FIFO (the load
/// unit sends the whole row before what the loop pops next). Returns
/// whether it rewrote any.
bool popRowsByStick(mlir::sched::StageOp stage);

} // namespace spyre

#endif
