//===- RingGroups.cpp - which cores exchange partials, and how -----------===//

#include "pipeline/utils/RingGroups.h"
#include "ir/ktdp/IntegerSetUtils.h"

using namespace mlir;

std::optional<spyre::Rings> spyre::ringsOf(ktdp::TileFutureType future,
                                           IntegerSet members,
                                           ArrayRef<int64_t> cores,
                                           std::string *why) {
  auto refuse = [&](const Twine &text) -> std::optional<Rings> {
    if (why)
      *why = text.str();
    return std::nullopt;
  };
  std::optional<SmallVector<int64_t>> groups =
      ktdp::enumerateIntegerSet1D(future.getGroups(), {});
  if (!groups)
    return refuse("its groups cannot be enumerated at compile time (the "
                  "future's group set is unbounded or too large)");
  int64_t tiles = cores.size();
  Rings r;
  r.group.assign(tiles, -1);
  r.prev.assign(tiles, -1);
  r.next.assign(tiles, -1);
  r.steps.assign(tiles, 1);
  std::optional<int64_t> size; // of every group so far, while they agree
  for (int64_t g : *groups) {
    SmallVector<int64_t> ring; // tiles of the group, in core order
    for (int64_t t = 0; t < tiles; ++t)
      if (ktdp::integerSetContains(members, {t}, {g})) {
        if (r.group[t] != -1)
          return refuse("tile " + Twine(t) + " produces in groups " +
                        Twine(r.group[t]) + " and " + Twine(g) +
                        "; a tile folds around one ring");
        r.group[t] = g;
        ring.push_back(t);
      }
    llvm::sort(ring, [&](int64_t a, int64_t b) { return cores[a] < cores[b]; });
    if (size && *size != int64_t(ring.size()))
      r.uniform = false;
    size = ring.size();
    r.members = std::max<int64_t>(r.members, ring.size());
    for (size_t i = 0; i < ring.size(); ++i) {
      r.next[ring[i]] = cores[ring[(i + 1) % ring.size()]];
      r.prev[ring[i]] = cores[ring[(i + ring.size() - 1) % ring.size()]];
      r.steps[ring[i]] = ring.size();
    }
  }
  int64_t first = groups->empty() ? 0 : groups->front();
  for (int64_t &g : r.group)
    if (g == -1) {
      r.uniform = false;
      g = first;
    }
  return r;
}

bool spyre::consumersAreProducers(ktdp::TileFutureType future, IntegerSet producers,
                           IntegerSet consumers, int64_t tiles) {
  std::optional<SmallVector<int64_t>> groups =
      ktdp::enumerateIntegerSet1D(future.getGroups(), {});
  if (!groups)
    return false;
  for (int64_t g : *groups)
    for (int64_t t = 0; t < tiles; ++t)
      if (ktdp::integerSetContains(consumers, {t}, {g}) &&
          !ktdp::integerSetContains(producers, {t}, {g}))
        return false;
  return true;
}


std::optional<spyre::Relay> spyre::relayOf(ktdp::TileFutureType future, IntegerSet producers,
                             IntegerSet consumers, ArrayRef<int64_t> cores) {
  std::optional<SmallVector<int64_t>> groups =
      ktdp::enumerateIntegerSet1D(future.getGroups(), {});
  if (!groups)
    return std::nullopt;
  int64_t tiles = cores.size();
  Relay r;
  r.group.assign(tiles, 0);
  r.from.assign(tiles, -1);
  r.to.assign(tiles, -1);
  SmallVector<int64_t> consumerOf(tiles, -1), producerOf(tiles, -1);
  for (int64_t g : *groups) {
    SmallVector<int64_t> producing, chain;
    for (int64_t t = 0; t < tiles; ++t) {
      if (ktdp::integerSetContains(producers, {t}, {g}))
        producing.push_back(t);
      if (ktdp::integerSetContains(consumers, {t}, {g})) {
        if (consumerOf[t] != -1)
          return std::nullopt; // consumes in two groups
        consumerOf[t] = g;
        chain.push_back(t);
      }
    }
    if (producing.size() != 1)
      return std::nullopt;
    int64_t p = producing.front();
    producerOf[p] = g;
    r.group[p] = g;
    // The consumers in ring order after the producer's core.
    llvm::erase(chain, p);
    llvm::sort(chain, [&](int64_t a, int64_t b) {
      bool aAfter = cores[a] > cores[p], bAfter = cores[b] > cores[p];
      return aAfter != bAfter ? aAfter : cores[a] < cores[b];
    });
    int64_t previous = p;
    for (int64_t t : chain) {
      r.from[t] = cores[previous];
      r.to[previous] = cores[t];
      previous = t;
    }
  }
  for (int64_t t = 0; t < tiles; ++t)
    if (producerOf[t] != -1 && consumerOf[t] != -1 && producerOf[t] != consumerOf[t])
      return std::nullopt;
  return r;
}


std::optional<spyre::Route>
spyre::routeOf(ktdp::InterTileConsumeOp consume, IntegerSet producers,
               ArrayRef<int64_t> cores,
               function_ref<int64_t(int64_t, int64_t)> hops, std::string *why) {
  auto refuse = [&](const Twine &text) -> std::optional<Route> {
    if (why)
      *why = text.str();
    return std::nullopt;
  };
  auto future = cast<ktdp::TileFutureType>(consume.getFuture().getType());
  std::optional<SmallVector<int64_t>> groups =
      ktdp::enumerateIntegerSet1D(future.getGroups(), {});
  if (!groups)
    return refuse("its groups cannot be enumerated at compile time (the "
                  "future's group set is unbounded or too large)");
  std::optional<IntegerSet> dependency =
      consume.getProducerDependencyPerConsumer();
  IntegerSet consumers = consume.getConsumerTilesPerGroup();
  int64_t tiles = cores.size();
  Route r;
  // A tile that produces nothing still runs the produce body (its result
  // unused): give it a group of the future, so the body reads in range.
  r.group.assign(tiles, groups->empty() ? 0 : groups->front());
  r.from.assign(tiles, -1);
  r.sends.assign(tiles, 0);
  SmallVector<int64_t> consumerOf(tiles, -1);
  SmallVector<SmallVector<int64_t>> fed(tiles); // consumers of each producer
  for (int64_t g : *groups) {
    SmallVector<int64_t> producing;
    for (int64_t t = 0; t < tiles; ++t)
      if (ktdp::integerSetContains(producers, {t}, {g})) {
        producing.push_back(t);
        r.group[t] = g;
      }
    for (int64_t c = 0; c < tiles; ++c) {
      if (!ktdp::integerSetContains(consumers, {c}, {g}))
        continue;
      if (consumerOf[c] != -1)
        return refuse("tile " + Twine(c) + " consumes in groups " +
                      Twine(consumerOf[c]) + " and " + Twine(g) +
                      "; a tile receives one tile per role");
      consumerOf[c] = g;
      SmallVector<int64_t> sources;
      for (int64_t p : producing)
        if (ktdp::dependencyNames(dependency, p, c, g))
          sources.push_back(p);
      if (sources.size() != 1)
        return refuse("consumer tile " + Twine(c) + " of group " + Twine(g) +
                      " has " + Twine(sources.size()) +
                      " sources among the group's producers; it needs "
                      "exactly one (R8)");
      int64_t p = sources.front();
      if (p == c)
        continue; // its own partials
      r.from[c] = cores[p];
      fed[p].push_back(c);
      r.hops = std::max(r.hops, hops(cores[p], cores[c]));
    }
  }
  for (int64_t t = 0; t < tiles; ++t) {
    r.fanout = std::max<int64_t>(r.fanout, fed[t].size());
    r.first.push_back(r.to.size());
    r.sends[t] = fed[t].size();
    for (int64_t c : fed[t])
      r.to.push_back(cores[c]);
  }
  if (r.to.empty())
    r.to.push_back(-1); // a table of one entry nobody reads
  return r;
}
