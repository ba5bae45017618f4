//===- PackedState.cpp - a machine state packed for keeping ---------------===//

#include "emu/PackedState.h"

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

} // namespace

PackedState::PackedState(const MachineState &s) : rest(s) {
  std::vector<double>().swap(rest.vregs);
  std::vector<uint64_t>().swap(rest.sregs);
  for (auto &t : rest.tregs)
    std::vector<double>().swap(t);
  for (auto &c : rest.channels) {
    std::vector<double>().swap(c.data);
    std::vector<uint64_t>().swap(c.visibleAt);
    std::vector<uint32_t>().swap(c.dataLanes);
  }
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
  words.shrink_to_fit();
}

void PackedState::unpack(MachineState &into) const {
  // The skeleton, keeping the arrays' storage of `into` for the words.
  std::vector<double> vregs = std::move(into.vregs);
  std::vector<uint64_t> sregs = std::move(into.sregs);
  std::vector<std::vector<double>> tregs = std::move(into.tregs);
  std::vector<MachineState::Channel> channels = std::move(into.channels);
  into = rest;
  const uint8_t *p = words.data();
  vregs.resize(size_t(getCount(p)));
  getWords(p, vregs.data(), vregs.size(), true);
  sregs.resize(size_t(getCount(p)));
  getWords(p, sregs.data(), sregs.size(), false);
  tregs.resize(rest.tregs.size());
  for (auto &t : tregs) {
    t.resize(size_t(getCount(p)));
    getWords(p, t.data(), t.size(), true);
  }
  channels.resize(rest.channels.size());
  for (size_t i = 0; i < channels.size(); ++i) {
    MachineState::Channel &c = channels[i];
    const MachineState::Channel &shape = rest.channels[i];
    const size_t depth = size_t(getCount(p)), lanes = size_t(getCount(p));
    c.head = shape.head;
    c.count = shape.count;
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
  assert(p == words.data() + words.size() && "read back as packed");
  into.vregs = std::move(vregs);
  into.sregs = std::move(sregs);
  into.tregs = std::move(tregs);
  into.channels = std::move(channels);
}

uint64_t PackedState::bytes() const {
  return stateBytes(rest) + words.capacity() + sizeof words;
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
