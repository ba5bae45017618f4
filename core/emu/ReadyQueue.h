//===- ReadyQueue.h - the emulator's engines ready to run, in order -*- C++ -*-===//
//
// The ready engines, ordered by (cycle, sequence number): the sequence
// number is the order of pushes, so engines ready at the same cycle run in
// the order they became ready and a run is deterministic.
//
// A calendar queue: cycles [base, base + kBuckets) have one bucket each, a
// FIFO list of nodes (pushes come in sequence order, so a bucket's front is
// its earliest); a bitmap finds the first non-empty bucket. Cycles outside
// that window (far future, or before `base`) wait in a binary heap. `pop`
// takes the smaller of the first bucket's front and the heap's top, so the
// order is exactly (cycle, sequence) whatever the window. Nearly every push
// of an emulated instruction lands a few cycles ahead: push and pop are
// O(1) without allocation. The whole queue is a plain copyable value (the
// stepping API checkpoints it).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_READYQUEUE_H
#define SPYRE_EMU_READYQUEUE_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace spyre::emu {

class ReadyQueue {
public:
  struct Entry {
    uint64_t time = 0, seq = 0;
    uint32_t engine = 0;
  };

  ReadyQueue() {
    head.fill(kNone);
    tail.fill(kNone);
  }

  bool empty() const { return count == 0; }
  size_t size() const { return count; }
  /// Engine `engine` becomes ready at cycle `time` (after every push so far
  /// at the same cycle).
  void push(uint32_t engine, uint64_t time) {
    ++count;
    if (time - base >= kBuckets) { // also time < base (wraps round)
      pushFar(engine, time);
      return;
    }
    int32_t n = freeList;
    if (n == kNone)
      n = newNode();
    else
      freeList = nodes[size_t(n)].next;
    nodes[size_t(n)] = {time, seq++, engine, kNone};
    const uint32_t b = uint32_t(time) & kMask;
    if (tail[b] == kNone) {
      head[b] = n;
      occupied[b >> 6] |= uint64_t(1) << (b & 63);
    } else {
      nodes[size_t(tail[b])].next = n;
    }
    tail[b] = n;
    ++inBuckets;
  }
  /// The earliest entry (the queue must not be empty).
  Entry top() const;
  /// Removes and returns the earliest entry (the queue must not be empty).
  Entry pop() {
    if (!far.empty())
      return popEither();
    --count;
    const int32_t b = firstBucket();
    const int32_t n = head[size_t(b)];
    const Node &node = nodes[size_t(n)];
    const Entry e{node.time, node.seq, node.engine};
    unlinkFront(b);
    base = e.time; // every bucket node comes at or after it
    return e;
  }

  /// The same entries in the same order (and the same next sequence number).
  bool operator==(const ReadyQueue &o) const;
  bool operator!=(const ReadyQueue &o) const { return !(*this == o); }

private:
  static constexpr uint32_t kBucketBits = 9;
  static constexpr uint32_t kBuckets = 1u << kBucketBits;
  static constexpr uint32_t kMask = kBuckets - 1;
  static constexpr uint32_t kWords = kBuckets / 64;
  static constexpr int32_t kNone = -1;

  struct Node {
    uint64_t time = 0, seq = 0;
    uint32_t engine = 0;
    int32_t next = kNone;
  };

  /// The first non-empty bucket at or after base's (-1: none). Every
  /// bucket node lies in [base, base + kBuckets): going round from base's
  /// bucket, the first occupied one holds the earliest cycle.
  int32_t firstBucket() const {
    if (inBuckets == 0)
      return kNone;
    const uint32_t start = uint32_t(base) & kMask;
    uint32_t w = start >> 6;
    uint64_t bits = occupied[w] & (~uint64_t(0) << (start & 63));
    for (uint32_t k = 0; k <= kWords; ++k) {
      if (bits)
        return int32_t((w << 6) + uint32_t(__builtin_ctzll(bits)));
      w = (w + 1) % kWords;
      bits = occupied[w];
    }
    return kNone;
  }
  /// Removes bucket b's first node.
  void unlinkFront(int32_t b) {
    const int32_t n = head[size_t(b)];
    head[size_t(b)] = nodes[size_t(n)].next;
    if (head[size_t(b)] == kNone) {
      tail[size_t(b)] = kNone;
      occupied[size_t(b) >> 6] &= ~(uint64_t(1) << (b & 63));
    }
    nodes[size_t(n)].next = freeList;
    freeList = n;
    --inBuckets;
  }
  int32_t newNode();
  void pushFar(uint32_t engine, uint64_t time);
  /// pop() when the heap is not empty: the earlier of its top and the
  /// first bucket's front.
  Entry popEither();
  /// All entries in pop order (comparisons).
  std::vector<Entry> ordered() const;

  std::vector<Node> nodes;
  int32_t freeList = kNone;
  std::array<int32_t, kBuckets> head, tail;
  std::array<uint64_t, kWords> occupied{}; ///< bit b: bucket b holds a node
  std::vector<Entry> far;         ///< min-heap on (time, seq)
  uint64_t base = 0;              ///< the window's first cycle
  uint64_t seq = 0;
  size_t count = 0, inBuckets = 0;
};

} // namespace spyre::emu

#endif
