//===- ShadowMemory.h - the shadows of what a kernel stored ----*- C++ -*-===//
//
// Beside each memory's bytes (Memory.h), the run that keeps shadows keeps
// the shadow of every float element a store wrote (Shadow.h), with the
// store that wrote it and its core: loads read them back, and the driver
// reads the outputs' shadows from here. Elements nobody stored (inputs)
// have none: they are exact.
//
// Float elements are 2, 4 or 8 bytes, at addresses that are multiples of
// their size: one entry per 2 bytes of address.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_SHADOWMEMORY_H
#define SPYRE_INTERP_SHADOWMEMORY_H

#include "interp/Shadow.h"

#include <cstdint>
#include <memory>
#include <unordered_map>

namespace spyre::interp {

/// What a store left at one element.
struct StoredShadow {
  ShadowCell cell;     ///< terms 0: the stored value is exact
  uint32_t storer = 0; ///< the store (a writer id), 0: nothing stored here
  int32_t core = -1;   ///< the core that stored it
  /// Which execution of that store on that core wrote it (from 1).
  uint32_t occurrence = 0;
};

class ShadowStore {
public:
  static constexpr uint64_t kPageEntries = 2048; ///< 4 KiB of address

  /// The entry of the element at byte `address`, or null when nothing was
  /// stored in its page.
  const StoredShadow *find(uint64_t address) const;
  /// The entry of the element at byte `address`, made if needed.
  StoredShadow &at(uint64_t address);
  bool empty() const { return pages.empty(); }

private:
  std::unordered_map<uint64_t, std::unique_ptr<StoredShadow[]>> pages;
  mutable uint64_t lastIndex = ~uint64_t(0);
  mutable StoredShadow *lastPage = nullptr;
};

} // namespace spyre::interp

#endif
