//===- Memory.cpp - byte-addressed HBM and scratchpads --------------------===//

#include "interp/Memory.h"

#include <algorithm>
#include <cstring>

using namespace spyre::interp;

uint8_t *ByteStore::page(uint64_t address, bool create) {
  uint64_t index = address >> kPageBits;
  if (index == lastPageIndex)
    return lastPage;
  auto it = pages.find(index);
  if (it == pages.end()) {
    if (!create)
      return nullptr;
    // Zeroed once (make_unique<T[]> would value-initialise it as well).
    std::unique_ptr<uint8_t[]> fresh(new uint8_t[kPageSize]);
    std::memset(fresh.get(), 0, kPageSize);
    it = pages.emplace(index, std::move(fresh)).first;
  }
  lastPageIndex = index;
  lastPage = it->second.get();
  return lastPage;
}

void ByteStore::writeBytes(uint64_t address, const uint8_t *data,
                           uint64_t size) {
  while (size > 0) {
    uint64_t offset = address & (kPageSize - 1);
    uint64_t chunk = std::min(size, kPageSize - offset);
    std::memcpy(page(address, true) + offset, data, chunk);
    address += chunk;
    data += chunk;
    size -= chunk;
  }
}

void ByteStore::readBytes(uint64_t address, uint8_t *data, uint64_t size) {
  while (size > 0) {
    uint64_t offset = address & (kPageSize - 1);
    uint64_t chunk = std::min(size, kPageSize - offset);
    if (uint8_t *p = page(address, false)) {
      std::memcpy(data, p + offset, chunk);
    } else {
      std::memset(data, 0, chunk);
      if (uninitReads == 0)
        firstUninit = address;
      uninitReads += chunk;
    }
    address += chunk;
    data += chunk;
    size -= chunk;
  }
}

double ByteStore::load(DType type, uint64_t address) {
  unsigned size = dtypeSize(type);
  uint64_t offset = address & (kPageSize - 1);
  if (offset + size <= kPageSize) {
    if (uint8_t *p = page(address, false))
      return loadSlot(type, p + offset);
  }
  uint8_t bytes[8];
  readBytes(address, bytes, size);
  return loadSlot(type, bytes);
}

void ByteStore::store(DType type, uint64_t address, double value) {
  unsigned size = dtypeSize(type);
  uint64_t offset = address & (kPageSize - 1);
  if (offset + size <= kPageSize) {
    storeSlot(type, value, page(address, true) + offset);
    return;
  }
  uint8_t bytes[8];
  storeSlot(type, value, bytes);
  writeBytes(address, bytes, size);
}

const uint8_t *ByteStore::peek(uint64_t address, uint64_t bytes,
                               uint64_t &available) {
  uint64_t offset = address & (kPageSize - 1);
  available = kPageSize - offset;
  if (uint8_t *p = page(address, false))
    return p + offset;
  if (uninitReads == 0)
    firstUninit = address;
  uninitReads += std::min(bytes, available);
  return nullptr;
}

uint8_t *ByteStore::poke(uint64_t address, uint64_t &available) {
  uint64_t offset = address & (kPageSize - 1);
  available = kPageSize - offset;
  return page(address, true) + offset;
}
