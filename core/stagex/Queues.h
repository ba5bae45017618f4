//===- Queues.h - FIFOs, channels, ring mailboxes, barriers -----*- C++ -*-===//
//
// What processes block on. A Queue is a ScheduleIR FIFO or a DataflowIR
// channel of one core: `depth` slots, each a stick (a vector), a whole tile
// (a FIFO before tile-to-sticks) or a token. A push blocks while it is
// full, a pop while it is empty. Ring messages between cores queue without
// bound (a send never blocks; a receive waits for the oldest message from
// its peer), and a barrier holds every live program of a core until all
// have arrived.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_STAGEX_QUEUES_H
#define SPYRE_STAGEX_QUEUES_H

#include "interp/Values.h"
#include "stagex/Processes.h"

#include <deque>
#include <map>
#include <string>
#include <vector>

namespace spyre::stagex {

class Queue : public WaitTarget {
public:
  /// From the thread's pool (interp/SmallPool.h): a pipeline's FIFOs are
  /// made every time it runs.
  static void *operator new(std::size_t bytes) { return interp::poolAllocate(bytes); }
  static void operator delete(void *p, std::size_t bytes) {
    interp::poolDeallocate(p, bytes);
  }
  /// `decl` is the sched.fifo / dflow.channel op (for describe()).
  Queue(mlir::Operation *decl, int64_t depth, int64_t initialTokens,
        bool tokens, int64_t lanes, interp::DType dtype);

  bool holdsTokens() const { return tokens; }
  int64_t depth() const { return slots; }
  int64_t lanes() const { return laneCount; }
  interp::DType dtype() const { return type; }
  int64_t size() const { return tokens ? tokenCount : int64_t(count); }
  bool full() const { return size() >= slots; }
  bool empty() const { return size() == 0; }

  void pushToken() { ++tokenCount; }
  void popToken() { --tokenCount; }
  void push(interp::TensorPtr item) {
    if (count == ring.size())
      grow();
    ring[(head + count) % ring.size()] = std::move(item);
    ++count;
  }
  /// The item a pop would give (the queue holds items, not tokens, and is
  /// not empty).
  const interp::TensorPtr &front() const { return ring[head]; }
  interp::TensorPtr pop() {
    interp::TensorPtr front = std::move(ring[head]);
    head = (head + 1) % ring.size();
    --count;
    return front;
  }

  /// "the channel mnilu -> l1lu (depth 16, 3 of 16 slots full)".
  std::string describe() const override;

private:
  mlir::Operation *decl;
  int64_t slots, tokenCount;
  bool tokens;
  int64_t laneCount;
  interp::DType type;
  /// The items, `count` of them from `head` on, round the ring (made on
  /// the first push: a queue of tokens has none; a queue is made for
  /// every pipeline a loop runs).
  using Ring = std::vector<interp::TensorPtr, interp::PoolAllocator<interp::TensorPtr>>;
  Ring ring;
  size_t head = 0, count = 0;
  void grow();
};

/// A FIFO or channel value: one queue per instance of the units using it
/// (instance j of a unit talks to instance j of the others).
struct QueueValue : interp::ForeignValue {
  static constexpr int kKind = 2; ///< ForeignValue::kind
  QueueValue() : ForeignValue(kKind) {}
  std::vector<std::unique_ptr<Queue>, interp::PoolAllocator<std::unique_ptr<Queue>>>
      instances;
  Queue &instance(int j) { return *instances[size_t(j) % instances.size()]; }
};

/// Ring messages between the compute units of cores.
class Mailboxes {
public:
  struct Message {
    std::vector<interp::TensorPtr> tiles;
  };
  /// The queue of messages from core `from` to core `to`.
  std::deque<Message> &box(int from, int to) { return boxes[{from, to}]; }

  /// A receive's wait target: "the ring messages from core 3 to core 4".
  class Target : public WaitTarget {
  public:
    Target(int from, int to) : from(from), to(to) {}
    std::string describe() const override;

  private:
    int from, to;
  };

private:
  std::map<std::pair<int, int>, std::deque<Message>> boxes;
};

/// A DataflowIR barrier of one core: releases everybody once every live
/// program of the core has arrived (a program that ends stops counting).
class Barrier : public WaitTarget {
public:
  explicit Barrier(int core) : core(core) {}
  void addProgram() { ++live; }
  /// A program arrives; returns the generation to wait past.
  uint64_t arrive() {
    uint64_t mine = generation;
    ++arrived;
    releaseIfAll();
    return mine;
  }
  void programEnded() {
    --live;
    releaseIfAll();
  }
  bool released(uint64_t since) const { return generation != since; }
  std::string describe() const override;

private:
  int core;
  int live = 0, arrived = 0;
  uint64_t generation = 0;
  void releaseIfAll() {
    if (arrived > 0 && arrived >= live) {
      arrived = 0;
      ++generation;
    }
  }
};

} // namespace spyre::stagex

#endif
