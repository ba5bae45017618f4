//===- ReadyQueue.cpp - the emulator's engines ready to run, in order -----===//

#include "emu/ReadyQueue.h"

#include <algorithm>

using namespace spyre::emu;

namespace {

bool earlier(const ReadyQueue::Entry &a, const ReadyQueue::Entry &b) {
  return a.time != b.time ? a.time < b.time : a.seq < b.seq;
}
/// std::push_heap keeps the largest on top: inverted for a min-heap.
bool later(const ReadyQueue::Entry &a, const ReadyQueue::Entry &b) {
  return earlier(b, a);
}

} // namespace

int32_t ReadyQueue::newNode() {
  nodes.emplace_back();
  return int32_t(nodes.size() - 1);
}

void ReadyQueue::pushFar(uint32_t engine, uint64_t time) {
  far.push_back({time, seq++, engine});
  std::push_heap(far.begin(), far.end(), later);
}

ReadyQueue::Entry ReadyQueue::top() const {
  int32_t b = firstBucket();
  if (b == kNone)
    return far.front();
  const Node &n = nodes[size_t(head[size_t(b)])];
  Entry e{n.time, n.seq, n.engine};
  return !far.empty() && earlier(far.front(), e) ? far.front() : e;
}

ReadyQueue::Entry ReadyQueue::popEither() {
  --count;
  int32_t b = firstBucket();
  Entry e;
  if (b != kNone) {
    const Node &n = nodes[size_t(head[size_t(b)])];
    e = {n.time, n.seq, n.engine};
  }
  if (b == kNone || earlier(far.front(), e)) {
    std::pop_heap(far.begin(), far.end(), later);
    e = far.back();
    far.pop_back();
  } else {
    unlinkFront(b);
  }
  // Every remaining entry comes at or after e: the window may start there.
  base = std::max(base, e.time);
  return e;
}

std::vector<ReadyQueue::Entry> ReadyQueue::ordered() const {
  ReadyQueue copy = *this;
  std::vector<Entry> out;
  while (!copy.empty())
    out.push_back(copy.pop());
  return out;
}

bool ReadyQueue::operator==(const ReadyQueue &o) const {
  if (count != o.count || seq != o.seq)
    return false;
  std::vector<Entry> a = ordered(), b = o.ordered();
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].time != b[i].time || a[i].seq != b[i].seq ||
        a[i].engine != b[i].engine)
      return false;
  return true;
}
