//===- Memory.h - byte-addressed HBM and scratchpads ------------*- C++ -*-===//
//
// One sparse, byte-addressed store per memory (HBM, and one LX per core).
// Pages are created on first write; bytes never written read as zero and are
// counted so the driver can warn about reads of uninitialised memory.
// A store's pages can be frozen into an image (PageImage) that any number of
// stores start from: they share its pages until they write one, which they
// copy first (copy-on-write), so no store changes the image or another store.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_MEMORY_H
#define SPYRE_INTERP_MEMORY_H

#include "interp/DType.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace spyre::interp {

class ByteStore;

/// A page's bytes, from calloc (memory fresh from the system comes zeroed
/// without being written).
struct FreePageBytes {
  void operator()(uint8_t *bytes) const { std::free(bytes); }
};
using PageBytes = std::unique_ptr<uint8_t[], FreePageBytes>;

/// The pages of a store frozen (ByteStore::freeze): read-only, shared by the
/// stores made from it (ByteStore(const PageImage &)).
class PageImage {
public:
  bool empty() const { return pages.empty(); }

private:
  friend class ByteStore;
  struct Page {
    PageBytes bytes;
    uint64_t dirtyLo, dirtyHi;
  };
  std::unordered_map<uint64_t, std::shared_ptr<const Page>> pages;
};

class ByteStore {
public:
  static constexpr uint64_t kPageBits = 16;
  static constexpr uint64_t kPageSize = uint64_t(1) << kPageBits;

  ByteStore() = default;
  ByteStore(ByteStore &&other) noexcept { *this = std::move(other); }
  ByteStore &operator=(ByteStore &&other) noexcept;
  /// A store that reads as `image`, sharing its pages until it writes one.
  explicit ByteStore(const PageImage &image);
  ByteStore(const ByteStore &) = delete;
  ByteStore &operator=(const ByteStore &) = delete;
  /// Its pages go back to the thread's pool (Memory.cpp).
  ~ByteStore();

  /// Its pages as an image (the store is left empty).
  PageImage freeze();

  /// One element as a slot (see DType.h: i64 and index exact).
  double load(DType type, uint64_t address);
  void store(DType type, uint64_t address, double value);
  void writeBytes(uint64_t address, const uint8_t *data, uint64_t size);
  void readBytes(uint64_t address, uint8_t *data, uint64_t size);
  /// The bytes at `address` and how many of them follow in its page, or
  /// null (and a recorded uninitialised read of `bytes`) when nobody wrote
  /// that page: it reads as zero.
  const uint8_t *peek(uint64_t address, uint64_t bytes, uint64_t &available);
  /// Writable bytes at `address` and how many follow in its page.
  uint8_t *poke(uint64_t address, uint64_t &available);
  /// The bytes at `address` when somebody wrote its page, else null
  /// (nothing recorded: see noteUninitialised).
  const uint8_t *find(uint64_t address) {
    uint8_t *p = page(address, false);
    return p ? p + (address & (kPageSize - 1)) : nullptr;
  }
  /// Records a read of `bytes` bytes nobody wrote, from `address`.
  void noteUninitialised(uint64_t address, uint64_t bytes) {
    if (uninitReads == 0)
      firstUninit = address;
    uninitReads += bytes;
  }
  /// Bytes read from pages nobody wrote, and the first such address.
  uint64_t uninitialisedReads() const { return uninitReads; }
  uint64_t firstUninitialisedRead() const { return firstUninit; }

private:
  /// A page and the bytes of it written so far, [dirtyLo, dirtyHi): a page
  /// given back is kept for the next store, which zeroes it there only. A page
  /// of an image the store has not written yet is `shared` (no bytes).
  struct Page {
    PageBytes bytes;
    std::shared_ptr<const PageImage::Page> shared;
    uint64_t dirtyLo = kPageSize, dirtyHi = 0;
  };
  uint8_t *page(uint64_t address, bool create);
  /// The last page found made the store's own (a copy of the image's).
  uint8_t *ownLastPage();
  /// page(address, true), its bytes [address, address + size) (within the
  /// page) marked written.
  uint8_t *writable(uint64_t address, uint64_t size);
  void releasePages();
  std::unordered_map<uint64_t, Page> pages;
  uint64_t lastPageIndex = ~uint64_t(0);
  uint8_t *lastPage = nullptr;
  Page *lastEntry = nullptr;
  uint64_t uninitReads = 0, firstUninit = 0;
};

} // namespace spyre::interp

#endif
