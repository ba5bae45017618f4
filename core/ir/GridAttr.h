//===- GridAttr.h - the `grid` attribute of a kernel, checked ---*- C++ -*-===//
//
// The pipeline's legality check, spyre-run and the GUI's run all read a
// kernel's grid here, so they accept and refuse the same grids: a
// non-empty array of positive integers whose product (checked for
// overflow) is at most the target's cores (limits::kMaxTiles when the core
// count is not known). Nothing is sized by a grid before it passes.
//
// A kernel without `grid` runs on one tile, unless its ct_local memory
// views name other cores (`ct_id = k`, as the inter-core relayouts
// generators write do): then it runs on the cores they name, 0 to the
// highest k (inferredGrid).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_GRIDATTR_H
#define SPYRE_IR_GRIDATTR_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace spyre {

/// Checks the extents of a grid against `cores` (0: limits::kMaxTiles).
/// On failure returns false and sets `why` (no diagnostic).
bool checkGridExtents(llvm::ArrayRef<int64_t> grid, int64_t cores,
                      const std::string &target, std::string &why);

/// Reads the `grid` attribute of `function` into `grid` (without one: the
/// inferredGrid, or left empty when that is one tile) and checks it with
/// checkGridExtents; emits an error on the function and fails when it is
/// malformed or too large.
mlir::LogicalResult readGridAttr(mlir::Operation *function, int64_t cores,
                                 const std::string &target,
                                 llvm::SmallVectorImpl<int64_t> &grid);

/// Checks a grid given from outside the kernel (spyre-run's --grid, a
/// record's) against the `grid` the kernel declares. A kernel that reads
/// its tile id divides its work by its grid: on fewer tiles the other
/// tiles' parts of its outputs are never written, on another grid tiles
/// address what is not theirs, so only its own grid is accepted (trailing
/// 1s aside). A kernel that never reads its tile id takes any; one without
/// `grid` any with as many tiles as the cores its ct_local views name
/// (inferredGrid) or more. On a mismatch returns false and sets `why`: what was given,
/// what the kernel needs and the grid to give (the caller puts it on the
/// function, the line that declares the grid).
bool checkGivenGrid(mlir::Operation *function, llvm::ArrayRef<int64_t> given,
                    std::string &why);

/// The grid of a kernel without a `grid` attribute: one dimension of
/// 1 + the highest `ct_id` its ct_local memory views name; 0 when none
/// names a core other than 0 (it runs on one tile). The view naming the
/// highest core is returned in `namer` when given.
int64_t inferredGrid(mlir::Operation *function,
                     mlir::Operation **namer = nullptr);

} // namespace spyre

#endif
