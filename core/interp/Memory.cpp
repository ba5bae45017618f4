//===- Memory.cpp - byte-addressed HBM and scratchpads --------------------===//

#include "interp/Memory.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <vector>

using namespace spyre::interp;

namespace {
/// Pages of the stores this thread has let go of (a run makes and drops its
/// memories once per snapshot), at most kPoolPages of them, each with the
/// bytes written while it was in use, [dirtyLo, dirtyHi): zeroed when taken
/// again, and then only where the taker will not overwrite them.
constexpr size_t kPoolPages = 256;
struct PooledPage {
  PageBytes bytes;
  uint64_t dirtyLo, dirtyHi;
};
thread_local std::vector<PooledPage> pagePool;

/// A page whose bytes are zero outside [keepLo, keepHi), which the caller
/// overwrites (the whole page is zero when that is empty): the pool's, or
/// a new one.
PageBytes takePage(uint64_t keepLo = 0, uint64_t keepHi = 0) {
  if (pagePool.empty()) {
    auto *bytes = static_cast<uint8_t *>(std::calloc(1, ByteStore::kPageSize));
    if (!bytes)
      throw std::bad_alloc();
    return PageBytes(bytes);
  }
  PooledPage p = std::move(pagePool.back());
  pagePool.pop_back();
  auto zero = [&](uint64_t lo, uint64_t hi) {
    if (hi > lo)
      std::memset(p.bytes.get() + lo, 0, hi - lo);
  };
  if (keepHi <= keepLo) {
    zero(p.dirtyLo, p.dirtyHi);
  } else {
    zero(p.dirtyLo, std::min(p.dirtyHi, keepLo));
    zero(std::max(p.dirtyLo, keepHi), p.dirtyHi);
  }
  return std::move(p.bytes);
}
} // namespace

ByteStore::ByteStore(const PageImage &image) {
  pages.reserve(image.pages.size());
  for (const auto &[index, shared] : image.pages) {
    Page p;
    p.shared = shared;
    pages.emplace(index, std::move(p));
  }
}

PageImage ByteStore::freeze() {
  PageImage image;
  for (auto &[index, p] : pages) {
    if (p.shared) {
      image.pages.emplace(index, std::move(p.shared));
      continue;
    }
    auto frozen = std::make_shared<PageImage::Page>();
    frozen->bytes = std::move(p.bytes);
    frozen->dirtyLo = p.dirtyLo;
    frozen->dirtyHi = p.dirtyHi;
    image.pages.emplace(index, std::move(frozen));
  }
  pages.clear();
  lastPageIndex = ~uint64_t(0);
  lastPage = nullptr;
  lastEntry = nullptr;
  return image;
}

ByteStore &ByteStore::operator=(ByteStore &&other) noexcept {
  if (this == &other)
    return *this;
  releasePages();
  pages = std::move(other.pages);
  other.pages.clear();
  lastPageIndex = other.lastPageIndex;
  lastPage = other.lastPage;
  lastEntry = other.lastEntry;
  uninitReads = other.uninitReads;
  firstUninit = other.firstUninit;
  other.lastPageIndex = ~uint64_t(0);
  other.lastPage = nullptr;
  other.lastEntry = nullptr;
  return *this;
}

ByteStore::~ByteStore() { releasePages(); }

void ByteStore::releasePages() {
  for (auto &[index, p] : pages) {
    if (!p.bytes) // an image's page, never written here
      continue;
    if (pagePool.size() >= kPoolPages)
      break;
    pagePool.push_back({std::move(p.bytes), p.dirtyLo, p.dirtyHi});
  }
  pages.clear();
  lastPageIndex = ~uint64_t(0);
  lastPage = nullptr;
  lastEntry = nullptr;
}

uint8_t *ByteStore::page(uint64_t address, bool create) {
  uint64_t index = address >> kPageBits;
  if (index == lastPageIndex)
    return lastPage;
  auto it = pages.find(index);
  if (it == pages.end()) {
    if (!create)
      return nullptr;
    Page fresh;
    fresh.bytes = takePage();
    it = pages.emplace(index, std::move(fresh)).first;
  }
  lastPageIndex = index;
  lastEntry = &it->second;
  // An image's page is only read through this pointer: writable() makes
  // it the store's own first.
  lastPage = lastEntry->bytes
                 ? lastEntry->bytes.get()
                 : const_cast<uint8_t *>(lastEntry->shared->bytes.get());
  return lastPage;
}

uint8_t *ByteStore::ownLastPage() {
  const PageImage::Page &from = *lastEntry->shared;
  lastEntry->bytes = takePage(from.dirtyLo, from.dirtyHi);
  if (from.dirtyHi > from.dirtyLo)
    std::memcpy(lastEntry->bytes.get() + from.dirtyLo,
                from.bytes.get() + from.dirtyLo, from.dirtyHi - from.dirtyLo);
  lastEntry->dirtyLo = from.dirtyLo;
  lastEntry->dirtyHi = from.dirtyHi;
  lastEntry->shared.reset();
  lastPage = lastEntry->bytes.get();
  return lastPage;
}

uint8_t *ByteStore::writable(uint64_t address, uint64_t size) {
  uint8_t *p = page(address, true);
  if (!lastEntry->bytes)
    p = ownLastPage();
  uint64_t offset = address & (kPageSize - 1);
  lastEntry->dirtyLo = std::min(lastEntry->dirtyLo, offset);
  lastEntry->dirtyHi = std::max(lastEntry->dirtyHi, offset + size);
  return p;
}

void ByteStore::writeBytes(uint64_t address, const uint8_t *data,
                           uint64_t size) {
  while (size > 0) {
    uint64_t offset = address & (kPageSize - 1);
    uint64_t chunk = std::min(size, kPageSize - offset);
    std::memcpy(writable(address, chunk) + offset, data, chunk);
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
    storeSlot(type, value, writable(address, size) + offset);
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
  // The caller may write anything from here to the page's end.
  return writable(address, available) + offset;
}
