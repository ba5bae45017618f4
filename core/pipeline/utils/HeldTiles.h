//===- HeldTiles.h - what a compute program holds whole ----------*- C++ -*-===//
//
// A compute engine holds little: the architecture's
// `compute_engine.local_bytes` (docs/architecture-format.md; 2 KiB, the
// public sample device's SFU_REG). Everything else should stay in the
// scratchpad and reach the engine a stick at a time. heldTileBytes()
// counts the whole tiles a DataflowIR program keeps, so the pipeline
// (lower-to-dataflow) and the tests can hold them against that capacity.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_HELDTILES_H
#define SPYRE_PIPELINE_UTILS_HELDTILES_H

#include "mlir/IR/Operation.h"

#include <cstdint>

namespace spyre {

/// Bytes of the whole tiles `program` holds: every tile-typed (ranked
/// tensor) value it receives whole or creates (a received tile, an empty
/// or constant tile, a computed one), each a buffer of its own. Values
/// that update or view a tile in place (insert, transfer_write, slices,
/// destination-passing ops, loop-carried and yielded values) share their
/// tile's buffer and are not counted again. Saturates at INT64_MAX.
int64_t heldTileBytes(mlir::Operation *program);

} // namespace spyre

#endif
