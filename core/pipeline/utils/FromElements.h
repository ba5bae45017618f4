//===- FromElements.h - tensors built from scalars -------------*- C++ -*-===//
//
// torch-mlir turns scalars into tensors with tensor.from_elements (a count
// or a token id stored as tensor<1xi32>, a few scalars packed into
// tensor<NxT>, a 0-d tensor). The compute stages have no rule for it, but
// they have one for a splat (a one-value tile, a splat vector) and for
// tensor.insert of a scalar into a tile: the same elements.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_FROMELEMENTS_H
#define SPYRE_PIPELINE_UTILS_FROMELEMENTS_H

namespace mlir {
class Operation;
} // namespace mlir

namespace spyre {

/// Under `root`: each tensor.from_elements whose elements are all constants
/// as a dense constant; one whose elements are one value as a tensor.splat
/// of it; any other as a tensor.splat of its most frequent element and a
/// tensor.insert of each other element at its position (row-major, as
/// from_elements lists them). Then each splat an elementwise linalg.generic
/// reads through a broadcasting map (torch-mlir's 0-d scalar tensor read
/// with `(d0, d1) -> ()`) as a splat of the loops' shape read through the
/// identity map, which the compute stages stream as a splat vector.
void fromElementsAsSplats(mlir::Operation *root);

} // namespace spyre

#endif // SPYRE_PIPELINE_UTILS_FROMELEMENTS_H
