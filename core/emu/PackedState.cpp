//===- PackedState.cpp - a machine state packed for keeping ---------------===//

#include "emu/PackedState.h"

#include <zstd.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>

using namespace spyre::emu;

namespace {

enum Run : uint8_t { kZeros = 0, kFloats = 1, kWords = 2 };

void putCount(std::vector<uint8_t> &out, uint64_t n) {
  while (n >= 0x80) {
    out.push_back(uint8_t(n) | 0x80);
    n >>= 7;
  }
  out.push_back(uint8_t(n));
}

uint64_t getCount(const uint8_t *&p) {
  uint64_t n = 0;
  for (int shift = 0;; shift += 7) {
    uint8_t b = *p++;
    n |= uint64_t(b & 0x7f) << shift;
    if (!(b & 0x80))
      return n;
  }
}

/// A word's run: a double (`doubles`) a float holds bit for bit, or an
/// integer below 2^32, takes 4 bytes.
Run classOf(uint64_t bits, bool doubles) {
  if (bits == 0)
    return kZeros;
  if (!doubles)
    return bits >> 32 ? kWords : kFloats;
  double d;
  std::memcpy(&d, &bits, 8);
  double back = double(float(d));
  uint64_t backBits;
  std::memcpy(&backBits, &back, 8);
  return backBits == bits ? kFloats : kWords;
}

void putWords(std::vector<uint8_t> &out, const void *data, size_t n, bool doubles) {
  const uint8_t *bytes = static_cast<const uint8_t *>(data);
  auto word = [&](size_t i) {
    uint64_t w;
    std::memcpy(&w, bytes + i * 8, 8);
    return w;
  };
  for (size_t i = 0; i < n;) {
    Run run = classOf(word(i), doubles);
    size_t j = i + 1;
    while (j < n && classOf(word(j), doubles) == run)
      ++j;
    out.push_back(run);
    putCount(out, j - i);
    for (size_t k = i; run != kZeros && k < j; ++k) {
      uint64_t w = word(k);
      if (run == kWords) {
        out.insert(out.end(), bytes + k * 8, bytes + k * 8 + 8);
        continue;
      }
      uint32_t small;
      if (doubles) {
        double d;
        std::memcpy(&d, &w, 8);
        float f = float(d);
        std::memcpy(&small, &f, 4);
      } else {
        small = uint32_t(w);
      }
      const uint8_t *s = reinterpret_cast<const uint8_t *>(&small);
      out.insert(out.end(), s, s + 4);
    }
    i = j;
  }
}

void getWords(const uint8_t *&p, void *data, size_t n, bool doubles) {
  uint8_t *bytes = static_cast<uint8_t *>(data);
  for (size_t i = 0; i < n;) {
    Run run = Run(*p++);
    size_t count = size_t(getCount(p));
    if (run == kZeros) {
      std::memset(bytes + i * 8, 0, count * 8);
    } else if (run == kWords) {
      std::memcpy(bytes + i * 8, p, count * 8);
      p += count * 8;
    } else {
      for (size_t k = 0; k < count; ++k, p += 4) {
        uint32_t small;
        std::memcpy(&small, p, 4);
        uint64_t w = small;
        if (doubles) {
          float f;
          std::memcpy(&f, &small, 4);
          double d = f;
          std::memcpy(&w, &d, 8);
        }
        std::memcpy(bytes + (i + k) * 8, &w, 8);
      }
    }
    i += count;
  }
}

/// The per-engine and per-copy records, the vector registers' data-lane
/// counts and the channels' heads, as counts (zstd then squeezes their
/// runs: on softmax they were 35 KB of every checkpoint's skeleton).
void putSmall(std::vector<uint8_t> &out, const MachineState &s) {
  putCount(out, s.engines.size());
  for (const MachineState::Engine &e : s.engines) {
    for (uint64_t v : {uint64_t(e.pc), uint64_t(e.status), uint64_t(uint32_t(e.blockedOn)),
                       uint64_t(e.tileIndex), uint64_t(e.progress), e.busyCycles,
                       e.blockedSince, e.issuedAt, uint64_t(e.issuedPc),
                       uint64_t(e.issuedFor)})
      putCount(out, v);
  }
  putCount(out, s.occupancy.size());
  for (const MachineState::CopyOccupancy &o : s.occupancy) {
    putCount(out, uint64_t(o.open) | uint64_t(o.readSinceWrite) << 1);
    putCount(out, o.start);
    putCount(out, o.lastRead);
  }
  putCount(out, s.vdata.size());
  for (uint32_t d : s.vdata)
    putCount(out, d);
  putCount(out, s.tregs.size());
  putCount(out, s.channels.size());
  for (const MachineState::Channel &c : s.channels) {
    putCount(out, uint64_t(c.head));
    putCount(out, uint64_t(c.count));
  }
}

/// What putSmall wrote, into `s` (its vectors' storage reused); the
/// channels get their head and count only.
void getSmall(const uint8_t *&p, MachineState &s) {
  s.engines.resize(size_t(getCount(p)));
  for (MachineState::Engine &e : s.engines) {
    e.pc = uint32_t(getCount(p));
    e.status = uint8_t(getCount(p));
    e.blockedOn = int32_t(uint32_t(getCount(p)));
    e.tileIndex = uint32_t(getCount(p));
    e.progress = int64_t(getCount(p));
    e.busyCycles = getCount(p);
    e.blockedSince = getCount(p);
    e.issuedAt = getCount(p);
    e.issuedPc = uint32_t(getCount(p));
    e.issuedFor = uint32_t(getCount(p));
  }
  s.occupancy.resize(size_t(getCount(p)));
  for (MachineState::CopyOccupancy &o : s.occupancy) {
    uint64_t bits = getCount(p);
    o.open = bits & 1;
    o.readSinceWrite = bits & 2;
    o.start = getCount(p);
    o.lastRead = getCount(p);
  }
  s.vdata.resize(size_t(getCount(p)));
  for (uint32_t &d : s.vdata)
    d = uint32_t(getCount(p));
  s.tregs.resize(size_t(getCount(p)));
  s.channels.resize(size_t(getCount(p)));
  for (MachineState::Channel &c : s.channels) {
    c.head = int64_t(getCount(p));
    c.count = int64_t(getCount(p));
  }
}

/// The transfers of `list` under way at `now` (those that ended are not
/// kept: nothing reads them), each as the counts `fields` gives.
template <typename T, typename Fields>
void putUnderWay(std::vector<uint8_t> &out, const std::vector<T> &list, uint64_t now,
                 Fields fields) {
  putCount(out, size_t(std::count_if(list.begin(), list.end(),
                                     [&](const T &t) { return t.end > now; })));
  for (const T &t : list)
    if (t.end > now)
      for (uint64_t v : fields(t))
        putCount(out, v);
}

/// The ring and HBM transfers under way, as counts.
void putTransfers(std::vector<uint8_t> &out, const MachineState &s) {
  putUnderWay(out, s.linksUnderWay, s.now, [](const LinkTransfer &t) {
    return std::array<uint64_t, 6>{t.start, t.end, uint64_t(uint32_t(t.link)),
                                   uint64_t(t.direction), uint64_t(t.bytes), uint64_t(t.dma)};
  });
  putUnderWay(out, s.hbmUnderWay, s.now, [](const HbmTransfer &t) {
    return std::array<uint64_t, 5>{t.start, t.end, uint64_t(uint32_t(t.core)),
                                   uint64_t(t.bytes), uint64_t(t.toLx)};
  });
}

/// What putUnderWay wrote: each transfer set from its N counts.
template <size_t N, typename T, typename Set>
void getUnderWay(const uint8_t *&p, std::vector<T> &list, Set set) {
  list.resize(size_t(getCount(p)));
  for (T &t : list) {
    std::array<uint64_t, N> v;
    for (uint64_t &x : v)
      x = getCount(p);
    set(t, v);
  }
}

void getTransfers(const uint8_t *&p, MachineState &s) {
  getUnderWay<6>(p, s.linksUnderWay, [](LinkTransfer &t, const auto &v) {
    t = {v[0], v[1], int32_t(uint32_t(v[2])), uint8_t(v[3]), int64_t(v[4]), v[5] != 0};
  });
  getUnderWay<5>(p, s.hbmUnderWay, [](HbmTransfer &t, const auto &v) {
    t = {v[0], v[1], int32_t(uint32_t(v[2])), int64_t(v[3]), v[4] != 0};
  });
}

/// Memory `m` of `s`: 0 is HBM, 1 + c core c's scratchpad.
template <typename State> auto &memoryOf(State &s, uint32_t m) {
  return m == 0 ? s.hbm : s.lx[m - 1];
}

} // namespace

PackedState::PackedState(const MachineState &s) : rest(s) {
  std::vector<double>().swap(rest.vregs);
  std::vector<uint64_t>().swap(rest.sregs);
  std::vector<std::vector<double>>().swap(rest.tregs);
  std::vector<MachineState::Channel>().swap(rest.channels);
  std::vector<MachineState::Engine>().swap(rest.engines);
  std::vector<MachineState::CopyOccupancy>().swap(rest.occupancy);
  std::vector<uint32_t>().swap(rest.vdata);
  std::vector<LinkTransfer>().swap(rest.linksUnderWay);
  std::vector<HbmTransfer>().swap(rest.hbmUnderWay);
  putSmall(words, s);
  putTransfers(words, s);
  putCount(words, s.vregs.size());
  putWords(words, s.vregs.data(), s.vregs.size(), true);
  putCount(words, s.sregs.size());
  putWords(words, s.sregs.data(), s.sregs.size(), false);
  for (const auto &t : s.tregs) {
    putCount(words, t.size());
    putWords(words, t.data(), t.size(), true);
  }
  // The FIFOs' live slots, oldest first.
  for (const auto &c : s.channels) {
    const size_t depth = c.visibleAt.size();
    const size_t lanes = depth ? c.data.size() / depth : 0;
    putCount(words, depth);
    putCount(words, lanes);
    for (int64_t k = 0; depth && k < c.count; ++k) {
      size_t slot = size_t((c.head + k) % int64_t(depth));
      putWords(words, c.data.data() + slot * lanes, lanes, true);
      putCount(words, c.visibleAt[slot]);
      putCount(words, c.dataLanes[slot]);
    }
  }
  // Compressed (zstd's fastest level: about 0.3 ms for a softmax state,
  // a fraction of the events between two checkpoints) when that is smaller.
  rawSize = words.size();
  std::vector<uint8_t> packed(ZSTD_compressBound(words.size()));
  size_t n = ZSTD_compress(packed.data(), packed.size(), words.data(), words.size(), 1);
  if (!ZSTD_isError(n) && n < words.size()) {
    packed.resize(n);
    packed.shrink_to_fit();
    words = std::move(packed);
    compressed = true;
  } else {
    words.shrink_to_fit();
  }
}

void PackedState::unpack(MachineState &into) const {
  // The skeleton, keeping the arrays' storage of `into` for the words.
  std::vector<double> vregs = std::move(into.vregs);
  std::vector<uint64_t> sregs = std::move(into.sregs);
  std::vector<std::vector<double>> tregs = std::move(into.tregs);
  std::vector<MachineState::Channel> channels = std::move(into.channels);
  std::vector<MachineState::Engine> engines = std::move(into.engines);
  std::vector<MachineState::CopyOccupancy> occupancy = std::move(into.occupancy);
  std::vector<uint32_t> vdata = std::move(into.vdata);
  std::vector<LinkTransfer> links = std::move(into.linksUnderWay);
  std::vector<HbmTransfer> hbm = std::move(into.hbmUnderWay);
  into = rest;
  into.linksUnderWay = std::move(links);
  into.hbmUnderWay = std::move(hbm);
  into.engines = std::move(engines);
  into.occupancy = std::move(occupancy);
  into.vdata = std::move(vdata);
  into.tregs = std::move(tregs);
  into.channels = std::move(channels);
  // Decompressed into this thread's buffer (windows re-execute on workers).
  thread_local std::vector<uint8_t> buffer;
  const uint8_t *p = words.data();
  if (compressed) {
    buffer.resize(rawSize);
    size_t n = ZSTD_decompress(buffer.data(), buffer.size(), words.data(), words.size());
    (void)n;
    assert(n == rawSize && "decompressed as compressed");
    p = buffer.data();
  }
  const uint8_t *const end = p + rawSize;
  getSmall(p, into);
  getTransfers(p, into);
  tregs = std::move(into.tregs);
  channels = std::move(into.channels);
  vregs.resize(size_t(getCount(p)));
  getWords(p, vregs.data(), vregs.size(), true);
  sregs.resize(size_t(getCount(p)));
  getWords(p, sregs.data(), sregs.size(), false);
  for (auto &t : tregs) {
    t.resize(size_t(getCount(p)));
    getWords(p, t.data(), t.size(), true);
  }
  for (MachineState::Channel &c : channels) {
    const size_t depth = size_t(getCount(p)), lanes = size_t(getCount(p));
    // A slot not live reads as a fresh one (Machine's constructor's).
    c.data.assign(depth * lanes, 0.0);
    c.visibleAt.assign(depth, 0);
    c.dataLanes.assign(depth, uint32_t(lanes));
    for (int64_t k = 0; depth && k < c.count; ++k) {
      size_t slot = size_t((c.head + k) % int64_t(depth));
      getWords(p, c.data.data() + slot * lanes, lanes, true);
      c.visibleAt[slot] = getCount(p);
      c.dataLanes[slot] = uint32_t(getCount(p));
    }
  }
  assert(p == end && "read back as packed");
  (void)end;
  into.vregs = std::move(vregs);
  into.sregs = std::move(sregs);
  into.tregs = std::move(tregs);
  into.channels = std::move(channels);
  if (sealedPages.empty())
    return;
  // The sealed pages, written back (the memories' tables and chunks are
  // copied once each: the skeleton's are shared).
  constexpr size_t kPage = PagedMemory::kPageSize;
  buffer.resize(sealedPages.size() * kPage);
  size_t n = ZSTD_decompress(buffer.data(), buffer.size(), pageBytes.data(), pageBytes.size());
  (void)n;
  assert(n == buffer.size() && "the sealed pages decompressed");
  for (size_t i = 0; i < sealedPages.size(); ++i) {
    const auto [memory, page] = sealedPages[i];
    uint64_t available = 0;
    std::memcpy(memoryOf(into, memory).write(page * kPage, available),
                buffer.data() + i * kPage, kPage);
  }
}

std::shared_ptr<const PackedState> PackedState::sealed(const MachineState &later) const {
  auto out = std::make_shared<PackedState>(*this);
  if (!sealedPages.empty())
    return out; // sealed already
  constexpr size_t kPage = PagedMemory::kPageSize;
  std::vector<uint8_t> raw;
  const uint32_t memories = uint32_t(1 + rest.lx.size());
  for (uint32_t m = 0; m < memories; ++m) {
    static const PagedMemory none;
    const PagedMemory &theirs = m == 0 || m - 1 < later.lx.size() ? memoryOf(later, m) : none;
    memoryOf(rest, m).forEachPageNotIn(theirs, [&](uint64_t page, const PagedMemory::Page &bytes) {
      out->sealedPages.push_back({m, page});
      raw.insert(raw.end(), bytes.begin(), bytes.end());
    });
  }
  if (out->sealedPages.empty())
    return out;
  std::vector<uint8_t> packed(ZSTD_compressBound(raw.size()));
  size_t n = ZSTD_compress(packed.data(), packed.size(), raw.data(), raw.size(), 1);
  if (ZSTD_isError(n) || n >= raw.size()) {
    out->sealedPages.clear(); // incompressible: kept as they are
    return out;
  }
  packed.resize(n);
  packed.shrink_to_fit();
  out->pageBytes = std::move(packed);
  for (const auto &[m, page] : out->sealedPages)
    memoryOf(out->rest, m).dropPage(page);
  return out;
}

uint64_t PackedState::bytes() const {
  return stateBytes(rest) + words.capacity() + sizeof words + pageBytes.capacity() +
         sealedPages.capacity() * sizeof sealedPages[0];
}

uint64_t spyre::emu::stateBytes(const MachineState &s) {
  uint64_t bytes = sizeof(MachineState) + s.engines.size() * sizeof(MachineState::Engine) +
                   s.sregs.size() * 8 + s.vregs.size() * 8 + s.vdata.size() * 4 +
                   s.occupancy.size() * sizeof(MachineState::CopyOccupancy) +
                   s.lx.size() * sizeof(PagedMemory) + s.queue.size() * 24 +
                   (s.barrierArrived.size() + s.liveEngines.size() +
                    s.channelWaiters.size()) * 4 +
                   (s.linkFreeAt.size() + s.computeCycles.size() + s.linkBytes.size()) * 8 +
                   s.lxTail.size() * sizeof(LxInterval) +
                   s.linksUnderWay.size() * sizeof(LinkTransfer) +
                   s.hbmUnderWay.size() * sizeof(HbmTransfer);
  for (const auto &t : s.tregs)
    bytes += sizeof t + t.size() * 8;
  for (const auto &c : s.channels)
    bytes += sizeof c + c.data.size() * 8 + c.visibleAt.size() * 8 +
             c.dataLanes.size() * 4;
  for (const auto &[key, box] : s.mailboxes)
    for (const MachineState::Message &m : box)
      for (const auto &t : m.tiles)
        bytes += sizeof t + t.size() * 8;
  return bytes;
}
