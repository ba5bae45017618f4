//===- SmallPool.cpp - small blocks reused per thread ---------------------===//

#include "interp/SmallPool.h"

#include <new>
#include <vector>

using namespace spyre::interp;

namespace {

constexpr int kMinBits = 6;  // 64 bytes
constexpr int kMaxBits = 15; // 32 KiB
constexpr int kClasses = kMaxBits - kMinBits + 1;
/// Blocks class `c` keeps (the rest go back to the heap): up to 1 MiB of
/// them, at least 16 and at most 1,024 (about 7 MiB a thread in all).
constexpr std::size_t capOf(int c) {
  std::size_t n = (std::size_t(1) << 20) >> (c + kMinBits);
  return n < 16 ? 16 : n > 1024 ? 1024 : n;
}

/// The class of `bytes` (-1: larger than every class).
int classOf(std::size_t bytes) {
  if (bytes > (std::size_t(1) << kMaxBits))
    return -1;
  if (bytes <= (std::size_t(1) << kMinBits))
    return 0;
  int bits = 64 - __builtin_clzll(static_cast<unsigned long long>(bytes - 1));
  return bits - kMinBits;
}

struct Pool;
/// The thread's pool once made; null before and once it is gone (the
/// thread is ending: blocks then go straight to the heap).
thread_local Pool *current = nullptr;
thread_local bool made = false;

struct Pool {
  std::vector<void *> free[kClasses];
  Pool() {
    for (int c = 0; c < kClasses; ++c)
      free[c].reserve(capOf(c)); // pushing never allocates
  }
  ~Pool() {
    current = nullptr;
    for (auto &list : free)
      for (void *block : list)
        ::operator delete(block);
  }
};

Pool *pool() {
  if (current || made)
    return current;
  made = true;
  thread_local Pool p;
  current = &p;
  return current;
}

} // namespace

void *spyre::interp::poolAllocate(std::size_t bytes) {
  int c = classOf(bytes);
  Pool *p = c < 0 ? nullptr : pool();
  if (!p)
    return ::operator new(c < 0 ? bytes : std::size_t(1) << (c + kMinBits));
  std::vector<void *> &list = p->free[c];
  if (list.empty())
    return ::operator new(std::size_t(1) << (c + kMinBits));
  void *block = list.back();
  list.pop_back();
  return block;
}

void spyre::interp::poolDeallocate(void *block, std::size_t bytes) noexcept {
  if (!block)
    return;
  int c = classOf(bytes);
  if (c < 0 || !current) {
    ::operator delete(block);
    return;
  }
  std::vector<void *> &list = current->free[c];
  if (list.size() >= capOf(c)) {
    ::operator delete(block);
    return;
  }
  list.push_back(block); // reserved: no allocation here
}
