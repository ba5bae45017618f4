//===- RingGroups.cpp - which cores exchange partials, and how -----------===//

#include "pipeline/utils/RingGroups.h"
#include "ir/ktdp/IntegerSetUtils.h"

using namespace mlir;

std::optional<spyre::Rings> spyre::ringsOf(ktdp::TileFutureType future, IntegerSet members,
                             ArrayRef<int64_t> cores) {
  std::optional<SmallVector<int64_t>> groups =
      ktdp::enumerateIntegerSet1D(future.getGroups(), {});
  if (!groups)
    return std::nullopt;
  int64_t tiles = cores.size();
  Rings r;
  r.group.assign(tiles, -1);
  r.prev.assign(tiles, -1);
  r.next.assign(tiles, -1);
  for (int64_t g : *groups) {
    SmallVector<int64_t> ring; // tiles of the group, in core order
    for (int64_t t = 0; t < tiles; ++t)
      if (ktdp::integerSetContains(members, {t}, {g})) {
        if (r.group[t] != -1)
          return std::nullopt; // in two groups
        r.group[t] = g;
        ring.push_back(t);
      }
    llvm::sort(ring, [&](int64_t a, int64_t b) { return cores[a] < cores[b]; });
    if (ring.empty() || (r.members && int64_t(ring.size()) != r.members))
      return std::nullopt;
    r.members = ring.size();
    for (size_t i = 0; i < ring.size(); ++i) {
      r.next[ring[i]] = cores[ring[(i + 1) % ring.size()]];
      r.prev[ring[i]] = cores[ring[(i + ring.size() - 1) % ring.size()]];
    }
  }
  if (llvm::is_contained(r.group, -1))
    return std::nullopt;
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

