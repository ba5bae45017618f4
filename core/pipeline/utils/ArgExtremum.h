//===- ArgExtremum.h - one-pass argmax as two streamed reductions -*- C++ -*-===//
//
// torch-mlir and inductor write argmax (argmin) as one reduction of two
// roles, a value and its index chosen together by one strict comparison:
// `gt = in > acc; v = gt ? in : acc; i = gt ? j : acc_j` (a linalg.reduce
// of two inputs, or a reducing linalg.generic of two outputs reading
// linalg.index). Folded in element order from the inits (the interpreter's
// order), that is the maximum and the first index holding it, or the inits
// when no element beats the initial value. As two reductions each of one
// role, whose order does not matter, it streams: the maximum (maxnumf:
// the comparison never picks a NaN), then the smallest index whose element
// equals it (minsi from the largest index), then the index init where the
// maximum did not beat the initial value. The indices are made where they
// are compared (linalg.index, cast, perhaps shifted by a shard's first
// column), also when the kernel made them as a tile of their own for a
// reduce to read (vLLM's sharded greedy sampling): such a tile would be
// held whole.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_ARGEXTREMUM_H
#define SPYRE_PIPELINE_UTILS_ARGEXTREMUM_H

namespace mlir {
class Operation;
} // namespace mlir

namespace spyre {

/// Under `root`: every argmax or argmin reduction of the form above, as
/// the two reductions and the final choice. Any other form is left.
void splitArgExtremums(mlir::Operation *root);

} // namespace spyre

#endif
