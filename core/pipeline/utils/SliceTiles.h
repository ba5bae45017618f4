//===- SliceTiles.h - slices of loaded and stored tiles -------*- C++ -*-===//
//
// Generators cut loaded tiles with tensor.extract_slice and assemble stored
// ones with tensor.insert_slice or tensor.concat (a rotary embedding's two
// halves, `torch.cat`). The compute stages have no rule for slices, but a
// slice of a tile that comes straight from a load is a load of a smaller
// box, and a tile assembled from slices and then stored is a store of each
// slice into its box: the accesses KTIR itself would write.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_SLICETILES_H
#define SPYRE_PIPELINE_UTILS_SLICETILES_H

namespace mlir {
class Operation;
} // namespace mlir

namespace spyre {

/// Under `root`: each tensor.concat as insert slices into an empty tensor;
/// each extract_slice (static, unit strides, not rank-reducing) of a tile
/// loaded from a plain box access tile as a load of the slice's box, right
/// after that load; each store of a chain of such insert slices into a
/// plain box, whose pieces cover the tile or are inserted into a tile
/// that is stored first, as one store per piece, in the order they were
/// inserted. What does not match is left as it is.
void sliceLoadsAndStores(mlir::Operation *root);

} // namespace spyre

#endif
