//===- StreamedMatmul.h - a matmul's right operand, a stick at a time -*- C++ -*-===//
//
// The compute engine holds little (compute_engine.local_bytes). A matmul
// whose right-hand operand B the compute stage pops whole (a K x N weight
// tile, 16 KiB and more) need not hold it: B's rows arrive stick by stick
// along K from LX, each multiplied by the broadcast element of A that row
// meets and added into the output row it updates.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_STREAMEDMATMUL_H
#define SPYRE_PIPELINE_UTILS_STREAMEDMATMUL_H

#include "ir/schedule/ScheduleDialect.h"

namespace spyre {

/// Rewrites every linalg.matmul of `stage` (a compute stage) whose B is a
/// tile the stage pops whole, used by that matmul only, with rows of whole
/// sticks, as loops over B's sticks (the output's vectors have as many
/// lanes as one stick of B, whatever its element width: an f32
/// accumulator of f16 operands is read and written 64 lanes at a time):
///
///   for i < M: for k < K: a = A[i, k]
///     for each stick s of B's row k: C[i, s] = body(a, pop B, C[i, s])
///
/// (C read and written a stick at a time: the order of the sum over k is
/// the one the tile-level lowering has, so the numbers do not change). With
/// M > 1 the load unit streams B from LX once per row of A. A matmul of
/// f16 / bf16 operands into an f16 / bf16 C (pipeline/utils/HalfMatmul.h)
/// runs each row of C a stick at a time instead, its K products summed in
/// one f32 vector, rounded once and added to C's stick:
///
///   for i < M: for each stick s of C's row: p = 0 (f32)
///     for k < K: p = fma(A[i, k], pop B, p)   (B's stick s of row k)
///     C[i, s] = C[i, s] + truncf(p)
///
/// the load unit sending B's sticks column by column (stick s of rows 0 ..
/// K - 1, one transfer each) and, when A can come a row at a time, row i
/// of A again for each s: no f32 row is held. Nothing changes
/// unless the stage's other pops all come before the streamed ones and those
/// are in the order of their matmuls (the load unit fills the FIFOs in that
/// order). When the stage would still hold more than `capacity` bytes of
/// whole tiles, a matmul whose A and C (its accumulator) are popped whole
/// for it alone and whose result is pushed whole takes them a row at a time:
/// row i of A and of C popped, C's row updated over K and pushed; the load
/// unit sends row i of each, then B, for every i. Between the matmul and
/// the push may come elementwise ops whose other operands are splat
/// constants (an f32 accumulator rounded to f16, a scale) and reshapes that
/// keep the rows (a batch dimension of 1); C's rows may end in a partial
/// stick (summed in f32: C's row popped first, then A's row for each stick
/// of C). Returns whether it rewrote any.
bool streamMatmulOperands(mlir::sched::StageOp stage, int stickBytes,
                          int64_t capacity);

} // namespace spyre

#endif
