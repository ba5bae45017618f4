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
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

#include <optional>

namespace spyre {

/// For every tile: its group, the previous and next member of the group in
/// core order (cyclic) and the `steps` of its fold (its group's size; 1, no
/// step, for a tile in no group, which takes no part in the exchange: its
/// group is the future's first, so the produce body reads in range, and it
/// has no neighbours, -1). `members`: the size of the largest group;
/// `uniform`: every tile is in a group and all groups have one size (the
/// fold then takes `members` steps everywhere). Groups may be empty.
struct Rings {
  llvm::SmallVector<int64_t> group, prev, next, steps;
  int64_t members = 0;
  bool uniform = true;
};
/// The rings of `members` ((tile)[group]) over the future's groups, or
/// std::nullopt with `why` said on the op's terms (groups that cannot be
/// enumerated, a tile in two groups).
std::optional<Rings> ringsOf(mlir::ktdp::TileFutureType future,
                             mlir::IntegerSet members,
                             llvm::ArrayRef<int64_t> cores,
                             std::string *why = nullptr);

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

/// A routing (`inter_tile_consume` with `producer_dependency_per_consumer`,
/// several producers per group): every consumer names its one source
/// producer, and each producer sends its partials straight to the cores of
/// the consumers it feeds, over the ring. For every tile: its group as a
/// producer (what the produce body's group argument reads; the future's
/// first group when it produces nothing), the core it receives from (-1: none, also
/// when its source is itself) and the cores it sends to: `to[first[t]]`
/// .. `to[first[t] + sends[t] - 1]`, in consumer order (`to` packs every
/// transfer once). `fanout`: the most sends of a tile; `hops`: the most
/// ring hops a transfer takes on the placement.
struct Route {
  llvm::SmallVector<int64_t> group, from, to, first, sends;
  int64_t fanout = 0, hops = 0;
};
/// The routing of `consume`, or std::nullopt with `why` said on the op's
/// terms (sets that cannot be enumerated, a tile consuming in two groups,
/// a consumer with no source or several). `hops(a, b)` measures the ring
/// distance between two cores.
std::optional<Route> routeOf(mlir::ktdp::InterTileConsumeOp consume,
                             mlir::IntegerSet producers,
                             llvm::ArrayRef<int64_t> cores,
                             llvm::function_ref<int64_t(int64_t, int64_t)> hops,
                             std::string *why = nullptr);

} // namespace spyre

#endif
