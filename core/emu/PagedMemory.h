//===- PagedMemory.h - copy-on-write byte memory for the emulator -*- C++ -*-===//
//
// The emulator's HBM and scratchpads: byte-addressed, in 4 KiB pages
// created on first write (unwritten bytes read as zero). Copying a memory
// copies one pointer: the page table is a tree (a table of chunks of 16
// pages) whose every level is shared between copies until one of them
// writes (copy on write, level by level), so a checkpoint of the whole
// machine costs a few pointers per memory, whatever its size; writing
// after a checkpoint copies the table (one entry per 64 KiB in use), the
// chunk (16 pointers) and the page it writes, once each.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_PAGEDMEMORY_H
#define SPYRE_EMU_PAGEDMEMORY_H

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

namespace spyre::emu {

/// Whether someone else holds `p` too. When nobody does, the acquire fence
/// orders what this thread writes into it after everything another thread
/// (a worker replaying from a kept state) did with it before it let its
/// copy go: use_count() alone is a relaxed load.
template <typename T> bool sharedElsewhere(const std::shared_ptr<T> &p) {
  if (p.use_count() > 1)
    return true;
  std::atomic_thread_fence(std::memory_order_acquire);
  return false;
}

class PagedMemory {
public:
  static constexpr uint64_t kPageBits = 12;
  static constexpr uint64_t kPageSize = uint64_t(1) << kPageBits;
  /// Pages per chunk: 16. A checkpoint of a memory a run writes in a few
  /// places keeps a chunk (a pointer per page) for each: with 64 pages
  /// per chunk, softmax's 32 scratchpads cost 34 KB of chunks per
  /// checkpoint, more than the pages that changed in most of them.
  static constexpr uint64_t kChunkBits = 4;
  static constexpr uint64_t kChunkPages = uint64_t(1) << kChunkBits;
  using Page = std::array<uint8_t, kPageSize>;

  /// The bytes of `address`'s page for reading (null: never written, reads
  /// as zero) and how many bytes follow in that page.
  const uint8_t *read(uint64_t address, uint64_t &available) const {
    available = kPageSize - (address & (kPageSize - 1));
    if (!table)
      return nullptr;
    uint64_t page = address >> kPageBits;
    auto it = table->find(page >> kChunkBits);
    if (it == table->end())
      return nullptr;
    const Page *p = it->second->pages[page & (kChunkPages - 1)].get();
    return p ? p->data() + (address & (kPageSize - 1)) : nullptr;
  }
  /// Writable bytes at `address` (the page made private to this memory).
  uint8_t *write(uint64_t address, uint64_t &available) {
    available = kPageSize - (address & (kPageSize - 1));
    uint64_t page = address >> kPageBits;
    if (!table)
      table = std::make_shared<Table>();
    else if (sharedElsewhere(table))
      table = std::make_shared<Table>(*table);
    std::shared_ptr<Chunk> &c = (*table)[page >> kChunkBits];
    if (!c)
      c = std::make_shared<Chunk>();
    else if (sharedElsewhere(c))
      c = std::make_shared<Chunk>(*c);
    std::shared_ptr<Page> &p = c->pages[page & (kChunkPages - 1)];
    if (!p) {
      p = std::make_shared<Page>(); // value-initialised: zeros
    } else if (sharedElsewhere(p)) {
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
  size_t pageCount() const {
    size_t n = 0;
    if (table)
      for (const auto &[index, chunk] : *table)
        for (const auto &p : chunk->pages)
          n += p != nullptr;
    return n;
  }
  /// Bytes this memory holds that `other` does not share with it: its
  /// table when not shared, each chunk not shared, each page not shared
  /// (what keeping this copy besides `other` costs).
  uint64_t bytesNotIn(const PagedMemory &other) const {
    if (!table || table == other.table)
      return 0;
    uint64_t bytes = table->size() * 64;
    forEachChunkNotIn(other, [&](uint64_t, const Chunk &chunk, const Chunk *theirs) {
      bytes += sizeof(Chunk);
      for (uint64_t i = 0; i < kChunkPages; ++i)
        if (chunk.pages[i] && (!theirs || theirs->pages[i] != chunk.pages[i]))
          bytes += sizeof(Page);
    });
    return bytes;
  }
  /// Each page of this memory that holds the same bytes as the page at the
  /// same address in `before` (rewritten with the values it had) shares
  /// that page instead, and a chunk whose pages all end up shared shares
  /// the chunk: what keeping this memory beside `before` costs is then the
  /// pages whose bytes changed. The bytes read do not change.
  void shareUnchanged(const PagedMemory &before) {
    if (!table || !before.table || table == before.table)
      return;
    auto theirs = [&](uint64_t index) -> const std::shared_ptr<Chunk> * {
      auto it = before.table->find(index);
      return it == before.table->end() ? nullptr : &it->second;
    };
    auto samePage = [](const std::shared_ptr<Page> &a, const std::shared_ptr<Page> &b) {
      return a != b && a && b && *a == *b;
    };
    std::vector<uint64_t> changed; // chunks with a page to share
    for (const auto &[index, chunk] : *table) {
      const std::shared_ptr<Chunk> *old = theirs(index);
      if (!old || *old == chunk)
        continue;
      for (uint64_t i = 0; i < kChunkPages; ++i)
        if (samePage(chunk->pages[i], (*old)->pages[i])) {
          changed.push_back(index);
          break;
        }
    }
    if (changed.empty())
      return;
    if (sharedElsewhere(table))
      table = std::make_shared<Table>(*table);
    for (uint64_t index : changed) {
      std::shared_ptr<Chunk> &c = (*table)[index];
      const std::shared_ptr<Chunk> &old = *theirs(index);
      if (sharedElsewhere(c))
        c = std::make_shared<Chunk>(*c);
      bool all = true;
      for (uint64_t i = 0; i < kChunkPages; ++i) {
        if (samePage(c->pages[i], old->pages[i]))
          c->pages[i] = old->pages[i];
        all = all && c->pages[i] == old->pages[i];
      }
      if (all)
        c = old;
    }
    // Every chunk shared: the table too.
    if (table->size() == before.table->size() &&
        std::equal(table->begin(), table->end(), before.table->begin(),
                   [](const auto &x, const auto &y) {
                     return x.first == y.first && x.second == y.second;
                   }))
      table = before.table;
  }
  /// Calls f(page number, page) for each page this memory holds that
  /// `other` does not share with it (the page at the same address there
  /// is another one, or none): the pages written since `other` was copied.
  template <typename F> void forEachPageNotIn(const PagedMemory &other, F f) const {
    forEachChunkNotIn(other, [&](uint64_t index, const Chunk &chunk, const Chunk *theirs) {
      for (uint64_t i = 0; i < kChunkPages; ++i)
        if (chunk.pages[i] && (!theirs || theirs->pages[i] != chunk.pages[i]))
          f((index << kChunkBits) | i, *chunk.pages[i]);
    });
  }
  /// Forgets page number `page` (it reads as zeros until written again);
  /// copies sharing it keep it.
  void dropPage(uint64_t page) {
    if (!table)
      return;
    auto it = table->find(page >> kChunkBits);
    if (it == table->end() || !it->second->pages[page & (kChunkPages - 1)])
      return;
    if (sharedElsewhere(table))
      table = std::make_shared<Table>(*table);
    std::shared_ptr<Chunk> &c = (*table)[page >> kChunkBits];
    if (sharedElsewhere(c))
      c = std::make_shared<Chunk>(*c);
    c->pages[page & (kChunkPages - 1)].reset();
  }
  /// Whether both memories hold the same bytes (a page one of them never
  /// wrote reads as zeros).
  bool sameBytes(const PagedMemory &o) const {
    static const Page zeros{};
    auto pageOf = [](const PagedMemory &m, uint64_t page) -> const Page * {
      if (!m.table)
        return nullptr;
      auto it = m.table->find(page >> kChunkBits);
      return it == m.table->end()
                 ? nullptr
                 : it->second->pages[page & (kChunkPages - 1)].get();
    };
    auto same = [&](const PagedMemory &a, const PagedMemory &b) {
      if (!a.table)
        return true;
      for (const auto &[index, chunk] : *a.table)
        for (uint64_t i = 0; i < kChunkPages; ++i) {
          const Page *page = chunk->pages[i].get();
          if (!page)
            continue;
          const Page *other = pageOf(b, (index << kChunkBits) | i);
          if (!other)
            other = &zeros;
          if (page != other && *page != *other)
            return false;
        }
      return true;
    };
    return same(*this, o) && same(o, *this);
  }

private:
  struct Chunk {
    std::array<std::shared_ptr<Page>, kChunkPages> pages;
  };
  using Table = std::map<uint64_t, std::shared_ptr<Chunk>>;
  /// Calls f(index, chunk, theirs) for each chunk of this memory that
  /// `other` does not share (theirs: its chunk at that index, or null).
  template <typename F> void forEachChunkNotIn(const PagedMemory &other, F f) const {
    if (!table || table == other.table)
      return;
    for (const auto &[index, chunk] : *table) {
      const Chunk *theirs = nullptr;
      if (other.table) {
        auto it = other.table->find(index);
        theirs = it == other.table->end() ? nullptr : it->second.get();
      }
      if (theirs != chunk.get())
        f(index, *chunk, theirs);
    }
  }
  std::shared_ptr<Table> table;
};

} // namespace spyre::emu

#endif
