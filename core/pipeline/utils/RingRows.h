//===- RingRows.h - a ring all-reduce a stick at a time -----------*- C++ -*-===//
//
// lower-ring-exchanges turns an inter-tile all-reduce into sends, receives
// and folds of whole tiles: the compute engine holds the partial it
// started from, the last one received and their sum, each as large as the
// reduced tile (ffn_swiglu_4core: 4x256 f16, 2 KiB each, its whole
// memory). The fold is elementwise, so the exchange can run a stick at a
// time: every member sends, receives and folds stick i of its partial in
// the same order, and the numbers are the same (more, smaller messages:
// each pays the ring's latency).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_RINGROWS_H
#define SPYRE_PIPELINE_UTILS_RINGROWS_H

#include "ir/schedule/ScheduleDialect.h"

#include <cstdint>

namespace spyre {

/// Rewrites the lowered all-reduces of `stage` (a compute stage) that
/// fold a tile the stage pops whole, as rows: when the stage holds more
/// than `capacity` bytes of whole tiles, and an all-reduce loop (sends,
/// receives into LX staging, elementwise folds) starts from a 2-D tile of
/// M rows of whole sticks (M >= 1: a decode step's single row too) popped whole and used only there (or from its
/// flattened form), and its sum (reshaped back) is pushed whole and used
/// only there: for each stick i (in the tile's order), stick i is popped,
/// exchanged around the ring (its own sends and receives, a staging
/// buffer of one stick) and pushed; the load and store units move stick i
/// in turn. Returns whether
/// it rewrote any.
bool streamRingRows(mlir::sched::StageOp stage, int stickBytes,
                    int64_t capacity);

} // namespace spyre

#endif
