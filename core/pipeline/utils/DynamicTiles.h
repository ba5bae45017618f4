//===- DynamicTiles.h - access tiles of a run-time row count ---*- C++ -*-===//
//
// An access tile whose set bounds one dimension by its symbols
// (`!ktdp.access_tile<?x128xindex>` with `symbols(%n)`: the first n rows of
// a view) has a type whose extent is known only at run time. The later
// passes size LX buffers, FIFOs and stick loops from static types, but such
// a tile is a loop over its rows: each iteration loads, computes and stores
// a static chunk of rows anchored at the row it starts from, and a
// reduction over the rows carries its accumulator through the loop (the
// rows folded in their order, so the numbers do not change). The rewrite
// takes a load of such a tile with what it feeds: elementwise ops, stores
// into tiles of the same rows (other loads of such tiles they combine
// with) and reductions over the dynamic dimension.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_DYNAMICTILES_H
#define SPYRE_PIPELINE_UTILS_DYNAMICTILES_H

#include "ir/ktdp/KtdpOps.h"

#include <string>

namespace spyre {

/// Why the loads and stores of `tile`, an access tile of a dynamic type,
/// cannot become a loop over its rows; empty when they can (or when its
/// type is static).
std::string whyDynamicTileStays(mlir::ktdp::ConstructAccessTileOp tile);

/// Under `root`: each load of an access tile of a dynamic type, with what
/// it feeds, as loops over its rows (chunks of as many rows as take 8 KiB,
/// then of half as many, ..., then of one row; one row at a time when it
/// feeds a reduction over a leading dimension); what cannot be rewritten (whyDynamicTileStays) is
/// left as it is.
void loopDynamicTiles(mlir::Operation *root);

} // namespace spyre

#endif
