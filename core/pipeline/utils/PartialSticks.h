//===- PartialSticks.h - the padding lanes of a row's last stick --*- C++ -*-===//
//
// A row whose length is not a whole number of sticks ends in a partial
// stick: the load unit streams the whole stick, and its lanes past the
// row's end carry whatever LX holds there. Elementwise work on them is
// harmless (the store unit writes them back into the row's padding), but
// a reduction must not fold them in: they are replaced by the combiner's
// identity first.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_PARTIALSTICKS_H
#define SPYRE_PIPELINE_UTILS_PARTIALSTICKS_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace spyre {

/// Whether `kind` has an identity of element type `type` that
/// padPastLanes can fill with.
bool hasPaddingIdentity(mlir::vector::CombiningKind kind, mlir::Type type);

/// `v` (a 1-D vector) with its lanes from `valid` on replaced by the
/// identity of `kind`: written into a scratch tile of `valid` elements and
/// read back with the identity as the padding (two tile accesses; the
/// scratch tile is the only thing held, at most one stick). Requires
/// hasPaddingIdentity(kind, element type of v).
mlir::Value padPastLanes(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value v, int64_t valid,
                         mlir::vector::CombiningKind kind);

} // namespace spyre

#endif
