//===- RingGroups.h - which cores exchange partials, and how ---*- C++ -*-===//
//
// The groups of an inter-tile reduce or broadcast laid out on the ring:
// what the legality check requires and what lower-ring-exchanges builds
// its per-tile tables from.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_RINGGROUPS_H
#define SPYRE_PIPELINE_UTILS_RINGGROUPS_H

#include "ir/ktdp/KtdpOps.h"

#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace spyre {

/// For every tile: its group, and the previous and next member of the group
/// in core order (cyclic). Empty unless every tile is in exactly one group
/// and all groups have the same number of members.
struct Rings {
  llvm::SmallVector<int64_t> group, prev, next;
  int64_t members = 0;
};
std::optional<Rings> ringsOf(mlir::ktdp::TileFutureType future,
                             mlir::IntegerSet members,
                             llvm::ArrayRef<int64_t> cores);

/// Whether every consumer of each group is one of its producers (an
/// all-reduce, or a reduce-to-one: then every member folds as in an
/// all-reduce, and only the consumer's result is defined).
bool consumersAreProducers(mlir::ktdp::TileFutureType future,
                           mlir::IntegerSet producers,
                           mlir::IntegerSet consumers, int64_t tiles);

/// A broadcast's relay: for every tile, its group (as a producer), and the
/// core it receives from / passes on to (-1: none). The producer of each
/// group starts a chain through the group's consumers in ring order from
/// it. Empty unless every group has one producer, every tile consumes in
/// at most one group and no producer consumes another group's partials.
struct Relay {
  llvm::SmallVector<int64_t> group, from, to;
};
std::optional<Relay> relayOf(mlir::ktdp::TileFutureType future,
                             mlir::IntegerSet producers,
                             mlir::IntegerSet consumers,
                             llvm::ArrayRef<int64_t> cores);

} // namespace spyre

#endif
