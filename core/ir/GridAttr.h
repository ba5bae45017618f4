//===- GridAttr.h - the `grid` attribute of a kernel, checked ---*- C++ -*-===//
//
// The pipeline's legality check, spyre-run and the GUI's run all read a
// kernel's grid here, so they accept and refuse the same grids: a
// non-empty array of positive integers whose product (checked for
// overflow) is at most the target's cores (limits::kMaxTiles when the core
// count is not known). Nothing is sized by a grid before it passes.
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

/// Reads the `grid` attribute of `function` into `grid` (left empty when
/// there is none: one tile) and checks it with checkGridExtents; emits an
/// error on the function and fails when it is malformed or too large.
mlir::LogicalResult readGridAttr(mlir::Operation *function, int64_t cores,
                                 const std::string &target,
                                 llvm::SmallVectorImpl<int64_t> &grid);

} // namespace spyre

#endif
