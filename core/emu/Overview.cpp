//===- Overview.cpp - a run summarised at the resolution of a screen ------===//

#include "emu/Overview.h"

#include <algorithm>

using namespace spyre;
using namespace spyre::emu;

namespace {

constexpr int64_t kNoLevel = -1; ///< lxMax of a bucket without LX data

} // namespace

Overview::Overview(const runtime::Prepared &p, uint64_t from, uint64_t to, size_t buckets)
    : firstCycle(from), toCycle(to), bucketCount(std::max<size_t>(buckets, 2)),
      numEngines(p.engines.size()), numBuffers(p.buffers.size()),
      numCores(p.arch.numCores) {
  if (to != UINT64_MAX && to > from)
    while (bucketWidth < UINT64_MAX / 4 &&
           uint64_t(bucketCount) * bucketWidth < to - from)
      bucketWidth *= 2;
  busyTime.assign(numEngines * bucketCount, 0);
  blockedTime.assign(numEngines * bucketCount, 0);
  lineCycles.assign(numEngines * bucketCount, 0);
  bucketLine.assign(numEngines * bucketCount, 0);
  lxLow.assign(size_t(numCores) * bucketCount, INT64_MAX);
  lxHigh.assign(size_t(numCores) * bucketCount, kNoLevel);
  lxAtHigh.assign(size_t(numCores) * bucketCount * numBuffers, 0);
  linkTraffic.assign(linkSlots() * bucketCount, 0.0);
  hbmTraffic.assign(bucketCount, 0.0);
  eventCounts.assign(bucketCount, 0);
  busyEnd.assign(numEngines, 0);
  blockedEnd.assign(numEngines, 0);
  blockedSince.assign(numEngines, UINT64_MAX);
  // The KTIR line of every instruction, per program.
  const code::Module &m = *p.module;
  std::vector<size_t> programBase;
  for (const code::Program &prog : m.programs) {
    programBase.push_back(lineOf.size());
    for (const code::Instr &in : prog.code) {
      lineOf.push_back(in.loc < m.locations.size() ? m.locations[in.loc].ktirLine : 0);
      locOf.push_back(in.loc);
    }
  }
  for (const runtime::EngineInstance &e : p.engines)
    lineBase.push_back(
        size_t(e.program) < programBase.size() ? programBase[size_t(e.program)] : 0);
  locWords = (m.locations.size() + 63) / 64;
  locBits.assign(bucketCount * locWords, 0);
  lxNow.assign(size_t(numCores), 0);
  lxNowBuffers.assign(size_t(numCores), std::vector<int64_t>(numBuffers, 0));
  lxSince.assign(size_t(numCores), from);
  lxStopped.assign(size_t(numCores), UINT64_MAX);
}

size_t Overview::size() const {
  if (runEnd <= firstCycle)
    return 0;
  return size_t(std::min<uint64_t>((runEnd - firstCycle + bucketWidth - 1) / bucketWidth,
                                   bucketCount));
}

size_t Overview::bucketOf(uint64_t cycle) const {
  if (cycle <= firstCycle)
    return 0;
  return size_t(std::min<uint64_t>((cycle - firstCycle) / bucketWidth, bucketCount - 1));
}

void Overview::grow(uint64_t cycle) {
  if (toCycle != UINT64_MAX)
    return; // a window's width is fixed
  while (cycle >= firstCycle && (cycle - firstCycle) / bucketWidth >= bucketCount &&
         bucketWidth < UINT64_MAX / 4)
    mergePairs();
}

void Overview::mergePairs() {
  const size_t half = bucketCount / 2;
  auto sums = [&](auto &v, size_t rows) {
    for (size_t r = 0; r < rows; ++r) {
      auto *row = v.data() + r * bucketCount;
      for (size_t i = 0; i < half; ++i)
        row[i] = row[2 * i] + row[2 * i + 1];
      std::fill(row + half, row + bucketCount, 0);
    }
  };
  // The line first: the one of the larger half.
  for (size_t e = 0; e < numEngines; ++e) {
    int32_t *line = bucketLine.data() + e * bucketCount;
    uint32_t *cycles = lineCycles.data() + e * bucketCount;
    for (size_t i = 0; i < half; ++i) {
      size_t pick = cycles[2 * i + 1] > cycles[2 * i] ? 2 * i + 1 : 2 * i;
      line[i] = line[pick];
      cycles[i] = cycles[pick];
    }
    std::fill(line + half, line + bucketCount, 0);
    std::fill(cycles + half, cycles + bucketCount, 0);
  }
  for (size_t i = 0; i < half; ++i)
    for (size_t w = 0; w < locWords; ++w)
      locBits[i * locWords + w] =
          locBits[2 * i * locWords + w] | locBits[(2 * i + 1) * locWords + w];
  std::fill(locBits.begin() + ptrdiff_t(half * locWords), locBits.end(), 0);
  sums(busyTime, numEngines);
  sums(blockedTime, numEngines);
  sums(linkTraffic, linkSlots());
  sums(hbmTraffic, 1);
  sums(eventCounts, 1);
  for (int32_t c = 0; c < numCores; ++c) {
    int64_t *lo = lxLow.data() + size_t(c) * bucketCount;
    int64_t *hi = lxHigh.data() + size_t(c) * bucketCount;
    int64_t *at = lxAtHigh.data() + size_t(c) * bucketCount * numBuffers;
    for (size_t i = 0; i < half; ++i) {
      size_t a = 2 * i, b = 2 * i + 1;
      size_t pick = hi[b] > hi[a] ? b : a;
      lo[i] = std::min(lo[a], lo[b]);
      hi[i] = hi[pick];
      if (numBuffers)
        std::copy_n(at + pick * numBuffers, numBuffers, at + i * numBuffers);
    }
    std::fill(lo + half, lo + bucketCount, INT64_MAX);
    std::fill(hi + half, hi + bucketCount, kNoLevel);
    std::fill(at + half * numBuffers, at + bucketCount * numBuffers, 0);
  }
  bucketWidth *= 2;
}

void Overview::addSpan(std::vector<uint32_t> &into, size_t engine,
                       uint64_t start, uint64_t end, int32_t line) {
  start = std::max(start, firstCycle);
  end = std::min(end, toCycle);
  if (end <= start)
    return;
  grow(end - 1);
  for (size_t i = bucketOf(start); i < bucketCount; ++i) {
    uint64_t b0 = bucketStart(i), b1 = b0 + bucketWidth;
    if (b0 >= end)
      break;
    uint64_t cycles = std::min(end, b1) - std::max(start, b0);
    size_t k = engine * bucketCount + i;
    into[k] += uint32_t(std::min<uint64_t>(cycles, UINT32_MAX - into[k]));
    if (line < 0)
      continue; // blocked
    if (bucketLine[k] == line) {
      lineCycles[k] += uint32_t(std::min<uint64_t>(cycles, UINT32_MAX - lineCycles[k]));
    } else if (cycles > lineCycles[k]) {
      bucketLine[k] = line;
      lineCycles[k] = uint32_t(std::min<uint64_t>(cycles, UINT32_MAX));
    }
  }
}

void Overview::spread(std::vector<double> &into, size_t row, uint64_t start,
                      uint64_t end, double bytes) {
  if (end <= start)
    end = start + 1;
  const double perCycle = bytes / double(end - start);
  uint64_t s = std::max(start, firstCycle), e = std::min(end, toCycle);
  if (e <= s)
    return;
  grow(e - 1);
  for (size_t i = bucketOf(s); i < bucketCount; ++i) {
    uint64_t b0 = bucketStart(i), b1 = b0 + bucketWidth;
    if (b0 >= e)
      break;
    into[row * bucketCount + i] += perCycle * double(std::min(e, b1) - std::max(s, b0));
  }
}

void Overview::event(const TraceEvent &ev) {
  size_t e = ev.engine;
  if (e >= numEngines)
    return;
  if (ev.kind != EventKind::Unblock && ev.cycle >= firstCycle && ev.cycle < toCycle) {
    grow(ev.cycle);
    ++eventCounts[bucketOf(ev.cycle)];
    size_t at = lineBase[e] + ev.pc;
    uint32_t loc = at < locOf.size() ? locOf[at] : UINT32_MAX;
    if (size_t(loc) / 64 < locWords) {
      grow(ev.cycle);
      locBits[bucketOf(ev.cycle) * locWords + loc / 64] |= uint64_t(1) << (loc % 64);
    }
  }
  switch (ev.kind) {
  case EventKind::Issue: {
    // As TimelineModel::addBusy: a start before the lane's last end is
    // moved to it.
    uint64_t start = std::max(ev.cycle, busyEnd[e]);
    uint64_t end = ev.cycle + ev.duration;
    if (end <= start)
      break;
    busyEnd[e] = end;
    size_t at = lineBase[e] + ev.pc;
    addSpan(busyTime, e, start, end, at < lineOf.size() ? lineOf[at] : 0);
    break;
  }
  case EventKind::Block:
    if (blockedSince[e] == UINT64_MAX)
      blockedSince[e] = ev.cycle;
    break;
  case EventKind::Unblock: {
    if (blockedSince[e] == UINT64_MAX)
      break;
    uint64_t start = std::max(blockedSince[e], blockedEnd[e]);
    blockedSince[e] = UINT64_MAX;
    if (ev.cycle > start) {
      addSpan(blockedTime, e, start, ev.cycle, -1);
      blockedEnd[e] = ev.cycle;
    }
    break;
  }
  case EventKind::Halt:
  case EventKind::Wait:
    break;
  }
  runEnd = std::max(runEnd, ev.cycle);
}

void Overview::link(const LinkTransfer &l) {
  if (l.link < 0 || l.link >= numCores || l.direction > 1)
    return;
  spread(linkTraffic, size_t(l.direction) * size_t(numCores) + size_t(l.link), l.start,
         l.end, double(l.bytes));
}

void Overview::hbm(const HbmTransfer &h) {
  spread(hbmTraffic, 0, h.start, h.end, double(h.bytes));
}

void Overview::lxInclude(int32_t core, size_t i, int64_t value,
                         const std::vector<int64_t> &perBuffer) {
  size_t k = size_t(core) * bucketCount + i;
  lxLow[k] = std::min(lxLow[k], value);
  if (value > lxHigh[k]) {
    lxHigh[k] = value;
    for (size_t b = 0; b < numBuffers && b < perBuffer.size(); ++b)
      lxAtHigh[k * numBuffers + b] = perBuffer[b];
  }
}

void Overview::lxLevel(int32_t core, uint64_t time, int64_t bytes,
                       const std::vector<int64_t> &perBuffer) {
  if (core < 0 || core >= numCores)
    return;
  size_t c = size_t(core);
  if (time >= toCycle)
    return;
  if (time >= firstCycle) {
    grow(time);
    // The level before holds from where it was last included up to here.
    lxCarry(core, time);
    lxInclude(core, bucketOf(time), bytes, perBuffer);
    lxSince[c] = time + 1;
  }
  lxNow[c] = bytes;
  lxNowBuffers[c] = perBuffer;
}

void Overview::lxCarry(int32_t core, uint64_t until) {
  size_t c = size_t(core);
  until = std::min(until, toCycle);
  if (until <= lxSince[c] || lxStopped[c] != UINT64_MAX)
    return;
  grow(until - 1);
  size_t last = bucketOf(until - 1);
  for (size_t i = bucketOf(lxSince[c]); i <= last; ++i)
    lxInclude(core, i, lxNow[c], lxNowBuffers[c]);
  lxSince[c] = until;
}

void Overview::lxSettled(int32_t core, uint64_t cycle) {
  if (core >= 0 && core < numCores && cycle != UINT64_MAX)
    lxCarry(core, cycle);
}

void Overview::lxLevelsStopped(int32_t core, uint64_t cycle) {
  if (core >= 0 && core < numCores)
    lxStopped[size_t(core)] = std::max(cycle, firstCycle);
}

uint64_t Overview::lxKnownUntil(int32_t core) const {
  size_t c = size_t(core);
  return std::min(lxStopped[c], lxSince[c]);
}

void Overview::setFrontier(uint64_t cycle, uint64_t events) {
  runEnd = std::max(runEnd, cycle);
  eventTotal = events;
}

void Overview::finish(uint64_t endCycle, uint64_t events) {
  runEnd = std::max(runEnd, endCycle);
  eventTotal = events;
  for (size_t e = 0; e < numEngines; ++e)
    if (blockedSince[e] != UINT64_MAX) {
      // As TimelineModel::finish: blocked up to the run's end.
      uint64_t start = std::max(blockedSince[e], blockedEnd[e]);
      uint64_t stop = std::max(endCycle, blockedSince[e]);
      if (stop > start)
        addSpan(blockedTime, e, start, stop, -1);
      blockedSince[e] = UINT64_MAX;
    }
  for (int32_t c = 0; c < numCores; ++c)
    lxCarry(c, std::max(runEnd, firstCycle + 1));
  done = true;
}

int64_t Overview::lxPeak(int32_t core) const {
  int64_t peak = 0;
  for (size_t i = 0; i < bucketCount; ++i)
    peak = std::max(peak, lxHigh[size_t(core) * bucketCount + i]);
  return peak;
}

uint64_t Overview::busyCycles(size_t engine) const {
  uint64_t total = 0;
  for (size_t i = 0; i < bucketCount; ++i)
    total += busyTime[engine * bucketCount + i];
  return total;
}

uint64_t Overview::eventsBetween(uint64_t from, uint64_t to) const {
  uint64_t n = 0;
  for (size_t i = bucketOf(from); i < bucketCount && bucketStart(i) < to; ++i)
    n += eventCounts[i];
  return n;
}

bool Overview::runsAny(size_t i, const std::vector<uint32_t> &locs) const {
  if (i >= bucketCount)
    return false;
  if (locs.empty())
    return true; // nothing to go by
  for (uint32_t loc : locs)
    if (size_t(loc) / 64 >= locWords || // no location: it may run anywhere
        (locBits[i * locWords + loc / 64] >> (loc % 64) & 1))
      return true;
  return false;
}

Overview Overview::merged(size_t factor) const {
  Overview o = *this;
  for (size_t f = 1; f < factor && o.bucketWidth < UINT64_MAX / 4; f *= 2)
    o.mergePairs();
  return o;
}
