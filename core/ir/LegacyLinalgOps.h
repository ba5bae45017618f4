//===- LegacyLinalgOps.h - linalg spellings older MLIR printed --*- C++ -*-===//
//
// Generators built on MLIR before 21 write `linalg.matmul_transpose_b`,
// `matmul_transpose_a`, `batch_matmul_transpose_a` and
// `batch_matmul_transpose_b`; MLIR 22 dropped them for `linalg.matmul` /
// `linalg.batch_matmul` with `indexing_maps`. This registers the four old
// names with the linalg dialect so that their custom form parses, straight
// into the op MLIR 22 has, with the transposed operand's indexing map: the
// IR never holds the old name, and printing gives the `indexing_maps` form,
// which parses back. The generic form of an old name is refused on its
// line (its verifier says which op to write instead).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_LEGACYLINALGOPS_H
#define SPYRE_IR_LEGACYLINALGOPS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace spyre {

/// Adds the old linalg spellings to the linalg dialect when it is loaded.
void registerLegacyLinalgOps(mlir::DialectRegistry &registry);

} // namespace spyre

#endif
