//===- SmallPool.h - small blocks reused per thread -------------*- C++ -*-===//
//
// The stage executor makes a vector (a Tensor and its elements) for nearly
// every op it executes: a stick of 64 lanes, freed an op or two later. The
// general heap costs a few hundred instructions per such pair; here blocks
// up to 32 KiB are kept per thread in lists by size class (powers of two)
// and handed out again, so making a vector of a size seen before costs a
// pop and a push. Larger blocks, and blocks past a class's cap (1 MiB of
// them), go to the heap as before. A block freed on another thread joins that thread's
// lists (its class is its size, whichever thread made it).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_SMALLPOOL_H
#define SPYRE_INTERP_SMALLPOOL_H

#include <cstddef>
#include <memory>

namespace spyre::interp {

/// At least `bytes` bytes, aligned as operator new aligns.
void *poolAllocate(std::size_t bytes);
/// Gives back a block of poolAllocate(`bytes`) (the same `bytes`).
void poolDeallocate(void *block, std::size_t bytes) noexcept;

/// A standard allocator on the pool (for std::allocate_shared).
template <typename T> struct PoolAllocator {
  using value_type = T;
  PoolAllocator() = default;
  template <typename U> PoolAllocator(const PoolAllocator<U> &) {}
  T *allocate(std::size_t n) { return static_cast<T *>(poolAllocate(n * sizeof(T))); }
  void deallocate(T *p, std::size_t n) noexcept { poolDeallocate(p, n * sizeof(T)); }
  template <typename U> bool operator==(const PoolAllocator<U> &) const { return true; }
  template <typename U> bool operator!=(const PoolAllocator<U> &) const { return false; }
};

} // namespace spyre::interp

#endif
