//===- PagedMemory.h - copy-on-write byte memory for the emulator -*- C++ -*-===//
//
// The emulator's HBM and scratchpads: byte-addressed, in 4 KiB pages
// created on first write (unwritten bytes read as zero). Pages are shared
// between copies of a memory until one of them writes (copy on write), so a
// checkpoint of the whole machine costs a copy of the page table, not of
// the data: stepping backwards replays from such checkpoints.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_PAGEDMEMORY_H
#define SPYRE_EMU_PAGEDMEMORY_H

#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>

namespace spyre::emu {

class PagedMemory {
public:
  static constexpr uint64_t kPageBits = 12;
  static constexpr uint64_t kPageSize = uint64_t(1) << kPageBits;
  using Page = std::array<uint8_t, kPageSize>;

  /// The bytes of `address`'s page for reading (null: never written, reads
  /// as zero) and how many bytes follow in that page.
  const uint8_t *read(uint64_t address, uint64_t &available) const {
    available = kPageSize - (address & (kPageSize - 1));
    auto it = pages.find(address >> kPageBits);
    return it == pages.end() ? nullptr
                             : it->second->data() + (address & (kPageSize - 1));
  }
  /// Writable bytes at `address` (the page made private to this memory).
  uint8_t *write(uint64_t address, uint64_t &available) {
    available = kPageSize - (address & (kPageSize - 1));
    std::shared_ptr<Page> &p = pages[address >> kPageBits];
    if (!p) {
      p = std::make_shared<Page>(); // value-initialised: zeros
    } else if (p.use_count() > 1) {
      p = std::make_shared<Page>(*p);
    }
    return p->data() + (address & (kPageSize - 1));
  }
  void readBytes(uint64_t address, uint8_t *out, uint64_t size) const {
    while (size > 0) {
      uint64_t available = 0;
      const uint8_t *p = read(address, available);
      uint64_t n = available < size ? available : size;
      if (p)
        std::memcpy(out, p, n);
      else
        std::memset(out, 0, n);
      out += n, address += n, size -= n;
    }
  }
  void writeBytes(uint64_t address, const uint8_t *in, uint64_t size) {
    while (size > 0) {
      uint64_t available = 0;
      uint8_t *p = write(address, available);
      uint64_t n = available < size ? available : size;
      std::memcpy(p, in, n);
      in += n, address += n, size -= n;
    }
  }
  size_t pageCount() const { return pages.size(); }
  /// Whether both memories hold the same bytes (a page one of them never
  /// wrote reads as zeros).
  bool sameBytes(const PagedMemory &o) const {
    static const Page zeros{};
    auto same = [](const std::map<uint64_t, std::shared_ptr<Page>> &a,
                   const std::map<uint64_t, std::shared_ptr<Page>> &b) {
      for (const auto &[index, page] : a) {
        auto it = b.find(index);
        const Page *other = it == b.end() ? &zeros : it->second.get();
        if (page.get() != other && *page != *other)
          return false;
      }
      return true;
    };
    return same(pages, o.pages) && same(o.pages, pages);
  }

private:
  std::map<uint64_t, std::shared_ptr<Page>> pages;
};

} // namespace spyre::emu

#endif
