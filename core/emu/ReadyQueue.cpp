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

ReadyQueue::ReadyQueue()
    : head(kBuckets, kNone), tail(kBuckets, kNone), occupied(kBuckets / 64, 0) {}

void ReadyQueue::push(uint32_t engine, uint64_t time) {
  ++count;
  if (time < base || time - base >= kBuckets) {
    far.push_back({time, seq++, engine});
    std::push_heap(far.begin(), far.end(), later);
    return;
  }
  int32_t n = freeList;
  if (n != kNone) {
    freeList = nodes[size_t(n)].next;
  } else {
    n = int32_t(nodes.size());
    nodes.emplace_back();
  }
  nodes[size_t(n)] = {time, seq++, engine, kNone};
  uint32_t b = uint32_t(time) & kMask;
  if (tail[b] == kNone) {
    head[b] = n;
    occupied[b >> 6] |= uint64_t(1) << (b & 63);
  } else {
    nodes[size_t(tail[b])].next = n;
  }
  tail[b] = n;
  ++inBuckets;
}

int32_t ReadyQueue::firstBucket() const {
  if (inBuckets == 0)
    return kNone;
  // Every bucket node lies in [base, base + kBuckets): the first occupied
  // bucket going round from base's holds the earliest cycle.
  const uint32_t start = uint32_t(base) & kMask;
  const uint32_t words = kBuckets / 64;
  uint32_t w = start >> 6;
  uint64_t bits = occupied[w] & (~uint64_t(0) << (start & 63));
  for (uint32_t k = 0; k <= words; ++k) {
    if (bits)
      return int32_t((w << 6) + uint32_t(__builtin_ctzll(bits)));
    w = (w + 1) % words;
    bits = occupied[w];
  }
  return kNone;
}

ReadyQueue::Entry ReadyQueue::top() const {
  int32_t b = firstBucket();
  if (b == kNone)
    return far.front();
  const Node &n = nodes[size_t(head[size_t(b)])];
  Entry e{n.time, n.seq, n.engine};
  return !far.empty() && earlier(far.front(), e) ? far.front() : e;
}

ReadyQueue::Entry ReadyQueue::pop() {
  --count;
  int32_t b = firstBucket();
  Entry e;
  if (b != kNone) {
    const Node &n = nodes[size_t(head[size_t(b)])];
    e = {n.time, n.seq, n.engine};
  }
  if (b == kNone || (!far.empty() && earlier(far.front(), e))) {
    std::pop_heap(far.begin(), far.end(), later);
    e = far.back();
    far.pop_back();
  } else {
    int32_t n = head[size_t(b)];
    head[size_t(b)] = nodes[size_t(n)].next;
    if (head[size_t(b)] == kNone) {
      tail[size_t(b)] = kNone;
      occupied[size_t(b) >> 6] &= ~(uint64_t(1) << (b & 63));
    }
    nodes[size_t(n)].next = freeList;
    freeList = n;
    --inBuckets;
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
