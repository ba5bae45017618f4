//===- TileLayout.h - how an access tile's type lays out its set -*- C++ -*-===//
//
// An access tile's set may be any polyhedron. Its type either takes the
// set's bounding box (extents along each tile dimension, anchored at the
// set's lowest point; positions that are not points of the set are masked
// lanes: a load gives 0 there, a store leaves memory untouched) or holds
// exactly the set's points, packed in enumeration order. The verifier, the
// legality check and the DMA lowering all decide which from this.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_KTDP_TILELAYOUT_H
#define SPYRE_IR_KTDP_TILELAYOUT_H

#include "ir/ktdp/KtdpTypes.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::ktdp {

struct TileLayout {
  enum Kind {
    Box,      ///< the set is a box: the type holds its points in order
    Masked,   ///< not a box; the type is its bounding box (masked lanes)
    Packed,   ///< not a box; the type holds exactly its points
    Mismatch, ///< not a box; the type is neither (an error)
    Unknown,  ///< symbols, unbounded or too large to count: decided at run
  };
  Kind kind = Unknown;
  llvm::SmallVector<int64_t> box; ///< bounding box extents, in tile order
  int64_t points = -1;            ///< points of the set (when counted)

  /// "16x61" for the bounding box.
  std::string boxText() const;
};

/// Whether every constraint of `set` bounds one dimension by constants (no
/// mod / floordiv / ceildiv): the set is then the box of its bounds.
bool isBoxSet(IntegerSet set);

/// How a tile of `type` over `set` (enumerated in `order`) lays out its
/// points. Sets with symbols are Unknown unless they are boxes.
TileLayout accessTileLayout(IntegerSet set, AffineMap order,
                            AccessTileType type);

} // namespace mlir::ktdp

#endif
