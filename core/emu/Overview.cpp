//===- Overview.cpp - a run summarised at the resolution of a screen ------===//

#include "emu/Overview.h"

#include <algorithm>

using namespace spyre;
using namespace spyre::emu;

namespace {

constexpr int64_t kNoLevel = -1; ///< lxMax of a bucket without LX data

} // namespace

Overview::Overview(const runtime::Prepared &p, uint64_t from, uint64_t to,
                   size_t buckets)
    : origin_(from), limit_(to), n_(std::max<size_t>(buckets, 2)),
      engines_(p.engines.size()), buffers_(p.buffers.size()),
      cores_(p.arch.numCores) {
  if (to != UINT64_MAX && to > from)
    while (width_ < UINT64_MAX / 4 && uint64_t(n_) * width_ < to - from)
      width_ *= 2;
  busy_.assign(engines_ * n_, 0);
  blocked_.assign(engines_ * n_, 0);
  lineCycles_.assign(engines_ * n_, 0);
  line_.assign(engines_ * n_, 0);
  lxMin_.assign(size_t(cores_) * n_, INT64_MAX);
  lxMax_.assign(size_t(cores_) * n_, kNoLevel);
  lxAt_.assign(size_t(cores_) * n_ * buffers_, 0);
  link_.assign(linkSlots() * n_, 0.0);
  hbm_.assign(n_, 0.0);
  eventCount_.assign(n_, 0);
  busyEnd_.assign(engines_, 0);
  blockedEnd_.assign(engines_, 0);
  blockedSince_.assign(engines_, UINT64_MAX);
  // The KTIR line of every instruction, per program.
  const code::Module &m = *p.module;
  std::vector<size_t> programBase;
  for (const code::Program &prog : m.programs) {
    programBase.push_back(lineOf_.size());
    for (const code::Instr &in : prog.code) {
      lineOf_.push_back(in.loc < m.locations.size() ? m.locations[in.loc].ktirLine : 0);
      locOf_.push_back(in.loc);
    }
  }
  for (const runtime::EngineInstance &e : p.engines)
    lineBase_.push_back(size_t(e.program) < programBase.size()
                            ? programBase[size_t(e.program)]
                            : 0);
  locWords_ = (m.locations.size() + 63) / 64;
  locBits_.assign(n_ * locWords_, 0);
  lxNow_.assign(size_t(cores_), 0);
  lxNowBuffers_.assign(size_t(cores_), std::vector<int64_t>(buffers_, 0));
  lxSince_.assign(size_t(cores_), from);
  lxStopped_.assign(size_t(cores_), UINT64_MAX);
}

size_t Overview::size() const {
  if (end_ <= origin_)
    return 0;
  return size_t(std::min<uint64_t>((end_ - origin_ + width_ - 1) / width_, n_));
}

size_t Overview::bucketOf(uint64_t cycle) const {
  if (cycle <= origin_)
    return 0;
  return size_t(std::min<uint64_t>((cycle - origin_) / width_, n_ - 1));
}

void Overview::grow(uint64_t cycle) {
  if (limit_ != UINT64_MAX)
    return; // a window's width is fixed
  while (cycle >= origin_ && (cycle - origin_) / width_ >= n_ &&
         width_ < UINT64_MAX / 4)
    mergePairs();
}

void Overview::mergePairs() {
  const size_t half = n_ / 2;
  auto sums = [&](auto &v, size_t rows) {
    for (size_t r = 0; r < rows; ++r) {
      auto *row = v.data() + r * n_;
      for (size_t i = 0; i < half; ++i)
        row[i] = row[2 * i] + row[2 * i + 1];
      std::fill(row + half, row + n_, 0);
    }
  };
  // The line first: the one of the larger half.
  for (size_t e = 0; e < engines_; ++e) {
    int32_t *line = line_.data() + e * n_;
    uint32_t *cycles = lineCycles_.data() + e * n_;
    for (size_t i = 0; i < half; ++i) {
      size_t pick = cycles[2 * i + 1] > cycles[2 * i] ? 2 * i + 1 : 2 * i;
      line[i] = line[pick];
      cycles[i] = cycles[pick];
    }
    std::fill(line + half, line + n_, 0);
    std::fill(cycles + half, cycles + n_, 0);
  }
  for (size_t i = 0; i < half; ++i)
    for (size_t w = 0; w < locWords_; ++w)
      locBits_[i * locWords_ + w] =
          locBits_[2 * i * locWords_ + w] | locBits_[(2 * i + 1) * locWords_ + w];
  std::fill(locBits_.begin() + ptrdiff_t(half * locWords_), locBits_.end(), 0);
  sums(busy_, engines_);
  sums(blocked_, engines_);
  sums(link_, linkSlots());
  sums(hbm_, 1);
  sums(eventCount_, 1);
  for (int32_t c = 0; c < cores_; ++c) {
    int64_t *lo = lxMin_.data() + size_t(c) * n_;
    int64_t *hi = lxMax_.data() + size_t(c) * n_;
    int64_t *at = lxAt_.data() + size_t(c) * n_ * buffers_;
    for (size_t i = 0; i < half; ++i) {
      size_t a = 2 * i, b = 2 * i + 1;
      size_t pick = hi[b] > hi[a] ? b : a;
      lo[i] = std::min(lo[a], lo[b]);
      hi[i] = hi[pick];
      if (buffers_)
        std::copy_n(at + pick * buffers_, buffers_, at + i * buffers_);
    }
    std::fill(lo + half, lo + n_, INT64_MAX);
    std::fill(hi + half, hi + n_, kNoLevel);
    std::fill(at + half * buffers_, at + n_ * buffers_, 0);
  }
  width_ *= 2;
}

void Overview::addSpan(std::vector<uint32_t> &into, size_t engine,
                       uint64_t start, uint64_t end, int32_t line) {
  start = std::max(start, origin_);
  end = std::min(end, limit_);
  if (end <= start)
    return;
  grow(end - 1);
  for (size_t i = bucketOf(start); i < n_; ++i) {
    uint64_t b0 = bucketStart(i), b1 = b0 + width_;
    if (b0 >= end)
      break;
    uint64_t cycles = std::min(end, b1) - std::max(start, b0);
    size_t k = engine * n_ + i;
    into[k] += uint32_t(std::min<uint64_t>(cycles, UINT32_MAX - into[k]));
    if (line < 0)
      continue; // blocked
    if (line_[k] == line) {
      lineCycles_[k] += uint32_t(std::min<uint64_t>(cycles, UINT32_MAX - lineCycles_[k]));
    } else if (cycles > lineCycles_[k]) {
      line_[k] = line;
      lineCycles_[k] = uint32_t(std::min<uint64_t>(cycles, UINT32_MAX));
    }
  }
}

void Overview::spread(std::vector<double> &into, size_t row, uint64_t start,
                      uint64_t end, double bytes) {
  if (end <= start)
    end = start + 1;
  const double perCycle = bytes / double(end - start);
  uint64_t s = std::max(start, origin_), e = std::min(end, limit_);
  if (e <= s)
    return;
  grow(e - 1);
  for (size_t i = bucketOf(s); i < n_; ++i) {
    uint64_t b0 = bucketStart(i), b1 = b0 + width_;
    if (b0 >= e)
      break;
    into[row * n_ + i] += perCycle * double(std::min(e, b1) - std::max(s, b0));
  }
}

void Overview::event(const TraceEvent &ev) {
  size_t e = ev.engine;
  if (e >= engines_)
    return;
  if (ev.kind != EventKind::Unblock && ev.cycle >= origin_ && ev.cycle < limit_) {
    grow(ev.cycle);
    ++eventCount_[bucketOf(ev.cycle)];
    size_t at = lineBase_[e] + ev.pc;
    uint32_t loc = at < locOf_.size() ? locOf_[at] : UINT32_MAX;
    if (size_t(loc) / 64 < locWords_) {
      grow(ev.cycle);
      locBits_[bucketOf(ev.cycle) * locWords_ + loc / 64] |= uint64_t(1) << (loc % 64);
    }
  }
  switch (ev.kind) {
  case EventKind::Issue: {
    // As TimelineModel::addBusy: a start before the lane's last end is
    // moved to it.
    uint64_t start = std::max(ev.cycle, busyEnd_[e]);
    uint64_t end = ev.cycle + ev.duration;
    if (end <= start)
      break;
    busyEnd_[e] = end;
    size_t at = lineBase_[e] + ev.pc;
    addSpan(busy_, e, start, end, at < lineOf_.size() ? lineOf_[at] : 0);
    break;
  }
  case EventKind::Block:
    if (blockedSince_[e] == UINT64_MAX)
      blockedSince_[e] = ev.cycle;
    break;
  case EventKind::Unblock: {
    if (blockedSince_[e] == UINT64_MAX)
      break;
    uint64_t start = std::max(blockedSince_[e], blockedEnd_[e]);
    blockedSince_[e] = UINT64_MAX;
    if (ev.cycle > start) {
      addSpan(blocked_, e, start, ev.cycle, -1);
      blockedEnd_[e] = ev.cycle;
    }
    break;
  }
  case EventKind::Halt:
  case EventKind::Wait:
    break;
  }
  end_ = std::max(end_, ev.cycle);
}

void Overview::link(const LinkTransfer &l) {
  if (l.link < 0 || l.link >= cores_ || l.direction > 1)
    return;
  spread(link_, size_t(l.direction) * size_t(cores_) + size_t(l.link), l.start,
         l.end, double(l.bytes));
}

void Overview::hbm(const HbmTransfer &h) {
  spread(hbm_, 0, h.start, h.end, double(h.bytes));
}

void Overview::lxInclude(int32_t core, size_t i, int64_t value,
                         const std::vector<int64_t> &perBuffer) {
  size_t k = size_t(core) * n_ + i;
  lxMin_[k] = std::min(lxMin_[k], value);
  if (value > lxMax_[k]) {
    lxMax_[k] = value;
    for (size_t b = 0; b < buffers_ && b < perBuffer.size(); ++b)
      lxAt_[k * buffers_ + b] = perBuffer[b];
  }
}

void Overview::lxLevel(int32_t core, uint64_t time, int64_t bytes,
                       const std::vector<int64_t> &perBuffer) {
  if (core < 0 || core >= cores_)
    return;
  size_t c = size_t(core);
  if (time >= limit_)
    return;
  if (time >= origin_) {
    grow(time);
    // The level before holds from where it was last included up to here.
    lxCarry(core, time);
    lxInclude(core, bucketOf(time), bytes, perBuffer);
    lxSince_[c] = time + 1;
  }
  lxNow_[c] = bytes;
  lxNowBuffers_[c] = perBuffer;
}

void Overview::lxCarry(int32_t core, uint64_t until) {
  size_t c = size_t(core);
  until = std::min(until, limit_);
  if (until <= lxSince_[c] || lxStopped_[c] != UINT64_MAX)
    return;
  grow(until - 1);
  size_t last = bucketOf(until - 1);
  for (size_t i = bucketOf(lxSince_[c]); i <= last; ++i)
    lxInclude(core, i, lxNow_[c], lxNowBuffers_[c]);
  lxSince_[c] = until;
}

void Overview::lxSettled(int32_t core, uint64_t cycle) {
  if (core >= 0 && core < cores_ && cycle != UINT64_MAX)
    lxCarry(core, cycle);
}

void Overview::lxLevelsStopped(int32_t core, uint64_t cycle) {
  if (core >= 0 && core < cores_)
    lxStopped_[size_t(core)] = std::max(cycle, origin_);
}

uint64_t Overview::lxKnownUntil(int32_t core) const {
  size_t c = size_t(core);
  return std::min(lxStopped_[c], lxSince_[c]);
}

void Overview::setFrontier(uint64_t cycle, uint64_t events) {
  end_ = std::max(end_, cycle);
  events_ = events;
}

void Overview::finish(uint64_t endCycle, uint64_t events) {
  end_ = std::max(end_, endCycle);
  events_ = events;
  for (size_t e = 0; e < engines_; ++e)
    if (blockedSince_[e] != UINT64_MAX) {
      // As TimelineModel::finish: blocked up to the run's end.
      uint64_t start = std::max(blockedSince_[e], blockedEnd_[e]);
      uint64_t stop = std::max(endCycle, blockedSince_[e]);
      if (stop > start)
        addSpan(blocked_, e, start, stop, -1);
      blockedSince_[e] = UINT64_MAX;
    }
  for (int32_t c = 0; c < cores_; ++c)
    lxCarry(c, std::max(end_, origin_ + 1));
  finished_ = true;
}

int64_t Overview::lxPeak(int32_t core) const {
  int64_t peak = 0;
  for (size_t i = 0; i < n_; ++i)
    peak = std::max(peak, lxMax_[size_t(core) * n_ + i]);
  return peak;
}

uint64_t Overview::busyCycles(size_t engine) const {
  uint64_t total = 0;
  for (size_t i = 0; i < n_; ++i)
    total += busy_[engine * n_ + i];
  return total;
}

uint64_t Overview::eventsBetween(uint64_t from, uint64_t to) const {
  uint64_t n = 0;
  for (size_t i = bucketOf(from); i < n_ && bucketStart(i) < to; ++i)
    n += eventCount_[i];
  return n;
}

bool Overview::runsAny(size_t i, const std::vector<uint32_t> &locs) const {
  if (i >= n_)
    return false;
  if (locs.empty())
    return true; // nothing to go by
  for (uint32_t loc : locs)
    if (size_t(loc) / 64 >= locWords_ || // no location: it may run anywhere
        (locBits_[i * locWords_ + loc / 64] >> (loc % 64) & 1))
      return true;
  return false;
}

Overview Overview::merged(size_t factor) const {
  Overview o = *this;
  for (size_t f = 1; f < factor && o.width_ < UINT64_MAX / 4; f *= 2)
    o.mergePairs();
  return o;
}
