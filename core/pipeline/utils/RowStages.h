//===- RowStages.h - an elementwise stage a row at a time ----------*- C++ -*-===//
//
// A compute stage that pops whole tiles, applies elementwise ops to them
// (of mixed element widths, which the stick-by-stick nesting does not
// take: an f32 accumulator rounded to f16) and pushes whole tiles holds
// every tile at once. When that is more than the compute engine's own
// memory, the stage can run a row at a time instead: row i of each tile
// popped, computed and pushed, the load and store units moving row i of
// each tile in turn.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_ROWSTAGES_H
#define SPYRE_PIPELINE_UTILS_ROWSTAGES_H

#include "ir/schedule/ScheduleDialect.h"

#include <cstdint>

namespace spyre {

/// Rewrites `stage` (a compute stage without results) to run a row at a
/// time when it holds more than `capacity` bytes of whole tiles and its
/// tile ops are only: pops of whole 2-D tiles of M rows of whole sticks,
/// each filled by one LX -> FIFO transfer; elementwise arith / math ops,
/// splat constants, splats of a scalar, tensor.empty and linalg.fill on
/// tiles of M rows; a lowered routing or relay (ring sends and receives,
/// under `scf.if` / `scf.for` on per-tile tables: each row a message);
/// pushes of whole tiles, each emptied by one FIFO -> LX transfer. Returns
/// whether it did.
bool runByRows(mlir::sched::StageOp stage, int stickBytes, int64_t capacity);

/// The one transfer of `stage`'s pipeline to or from `fifo`, directly in a
/// stage, moving `sticks` sticks from the start; null when there is not
/// exactly one such transfer.
mlir::sched::TransferOp onlyTransfer(mlir::sched::StageOp stage,
                                     mlir::Value fifo, int64_t sticks);

} // namespace spyre

#endif
