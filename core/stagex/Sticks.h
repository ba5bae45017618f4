//===- Sticks.h - how a tile travels and rests as sticks ----------*- C++ -*-===//
//
// Data moves in sticks (128 bytes on Spyre). A tile is cut into sticks row
// by row, its innermost dimension being the row: every row starts a new
// stick and its last stick may be partial. The same cut gives an LX
// buffer's layout (row r at r x sticksPerRow sticks from its start), the
// order of a tile's sticks in a DMA chunk (`at stick`), and the sticks a
// tile becomes on a FIFO or channel of `lanes`-element vectors.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_STAGEX_STICKS_H
#define SPYRE_STAGEX_STICKS_H

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <cstdint>

namespace spyre::stagex {

struct StickLayout {
  int64_t rows = 1;        ///< the product of every dimension but the last
  int64_t rowElements = 1; ///< the last dimension
  int64_t lanes = 1;       ///< elements one stick holds
  int64_t sticksPerRow = 1;

  int64_t sticks() const { return rows * sticksPerRow; }
  int64_t elements() const { return rows * rowElements; }
  /// The element (row-major index in the tile) stick `s` starts at.
  int64_t offset(int64_t s) const {
    return (s / sticksPerRow) * rowElements + (s % sticksPerRow) * lanes;
  }
  /// How many elements of the tile stick `s` holds (fewer than `lanes` at
  /// the end of a row that is not a whole number of sticks).
  int64_t count(int64_t s) const {
    return std::min(lanes, rowElements - (s % sticksPerRow) * lanes);
  }
};

/// The sticks of a tile of `shape` (rank 0 is one element) of `lanes`
/// elements each.
inline StickLayout stickLayout(llvm::ArrayRef<int64_t> shape, int64_t lanes) {
  StickLayout l;
  l.lanes = std::max<int64_t>(1, lanes);
  l.rowElements = shape.empty() ? 1 : std::max<int64_t>(0, shape.back());
  for (int64_t d : shape.drop_back(shape.empty() ? 0 : 1))
    l.rows *= std::max<int64_t>(0, d);
  l.sticksPerRow = std::max<int64_t>(1, (l.rowElements + l.lanes - 1) / l.lanes);
  return l;
}

} // namespace spyre::stagex

#endif
