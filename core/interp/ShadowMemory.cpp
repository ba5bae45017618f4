//===- ShadowMemory.cpp - the shadows of what a kernel stored -------------===//

#include "interp/ShadowMemory.h"

using namespace spyre::interp;

const StoredShadow *ShadowStore::find(uint64_t address) const {
  uint64_t entry = address >> 1, index = entry / kPageEntries;
  if (index != lastIndex) {
    auto it = pages.find(index);
    if (it == pages.end())
      return nullptr;
    lastIndex = index;
    lastPage = it->second.get();
  }
  return lastPage + entry % kPageEntries;
}

StoredShadow &ShadowStore::at(uint64_t address) {
  uint64_t entry = address >> 1, index = entry / kPageEntries;
  if (index != lastIndex) {
    std::unique_ptr<StoredShadow[]> &page = pages[index];
    if (!page)
      page = std::make_unique<StoredShadow[]>(kPageEntries);
    lastIndex = index;
    lastPage = page.get();
  }
  return lastPage[entry % kPageEntries];
}
