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

  ReadyQueue();

  bool empty() const { return count == 0; }
  size_t size() const { return count; }
  /// Engine `engine` becomes ready at cycle `time` (after every push so far
  /// at the same cycle).
  void push(uint32_t engine, uint64_t time);
  /// The earliest entry (the queue must not be empty).
  Entry top() const;
  /// Removes and returns the earliest entry (the queue must not be empty).
  Entry pop();

  /// The same entries in the same order (and the same next sequence number).
  bool operator==(const ReadyQueue &o) const;
  bool operator!=(const ReadyQueue &o) const { return !(*this == o); }

private:
  static constexpr uint32_t kBucketBits = 9;
  static constexpr uint32_t kBuckets = 1u << kBucketBits;
  static constexpr uint32_t kMask = kBuckets - 1;
  static constexpr int32_t kNone = -1;

  struct Node {
    uint64_t time = 0, seq = 0;
    uint32_t engine = 0;
    int32_t next = kNone;
  };

  /// The first non-empty bucket at or after base's (-1: none).
  int32_t firstBucket() const;
  /// All entries in pop order (comparisons).
  std::vector<Entry> ordered() const;

  std::vector<Node> nodes;
  int32_t freeList = kNone;
  std::vector<int32_t> head, tail;
  std::vector<uint64_t> occupied; ///< bit b: bucket b holds a node
  std::vector<Entry> far;         ///< min-heap on (time, seq)
  uint64_t base = 0;              ///< the window's first cycle
  uint64_t seq = 0;
  size_t count = 0, inBuckets = 0;
};

} // namespace spyre::emu

#endif
