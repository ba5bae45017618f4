//===- LxSweep.cpp - each core's scratchpad bytes in use, as the run goes -===//

#include "emu/LxSweep.h"

#include <algorithm>
#include <functional>

using namespace spyre::emu;

void LxSweep::reset(int32_t numCores, size_t buffers, size_t max) {
  cores.assign(size_t(std::max(numCores, 0)), Core());
  for (Core &c : cores)
    c.perBuffer.assign(buffers, 0);
  limit = max;
  pendingTotal = 0;
  stoppedCores = 0;
}

void LxSweep::change(int32_t core, uint64_t time, int64_t delta,
                     int32_t buffer, const std::vector<TraceSink *> &sinks) {
  if (size_t(core) >= cores.size() || delta == 0)
    return;
  Core &c = cores[size_t(core)];
  if (c.stoppedAt != UINT64_MAX)
    return;
  c.heap.push_back({time, delta, buffer});
  std::push_heap(c.heap.begin(), c.heap.end(), std::greater<Change>());
  if (++pendingTotal > limit)
    stopLargest(sinks);
}

void LxSweep::stopLargest(const std::vector<TraceSink *> &sinks) {
  size_t worst = 0;
  for (size_t i = 1; i < cores.size(); ++i)
    if (cores[i].heap.size() > cores[worst].heap.size())
      worst = i;
  Core &c = cores[worst];
  c.stoppedAt = c.settled;
  pendingTotal -= c.heap.size();
  c.heap.clear();
  c.heap.shrink_to_fit();
  ++stoppedCores;
  for (TraceSink *s : sinks)
    s->lxLevelsStopped(int32_t(worst), c.stoppedAt);
}

void LxSweep::emitBefore(Core &c, int32_t core, uint64_t final,
                         const std::vector<TraceSink *> &sinks) {
  while (!c.heap.empty() && c.heap.front().time < final) {
    uint64_t time = c.heap.front().time;
    // Every change at this cycle, then one level: frees and fills at one
    // cycle are counted together, as emu::peakLx's sorted sweep ends it.
    while (!c.heap.empty() && c.heap.front().time == time) {
      const Change ch = c.heap.front();
      std::pop_heap(c.heap.begin(), c.heap.end(), std::greater<Change>());
      c.heap.pop_back();
      --pendingTotal;
      c.inUse += ch.delta;
      if (ch.buffer >= 0 && size_t(ch.buffer) < c.perBuffer.size())
        c.perBuffer[size_t(ch.buffer)] += ch.delta;
    }
    c.peak = std::max(c.peak, c.inUse);
    for (TraceSink *s : sinks)
      s->lxLevel(core, time, c.inUse, c.perBuffer);
  }
  if (final > c.settled) {
    c.settled = final;
    for (TraceSink *s : sinks)
      s->lxSettled(core, final);
  }
}

void LxSweep::settle(int32_t core, uint64_t final,
                     const std::vector<TraceSink *> &sinks) {
  if (size_t(core) >= cores.size())
    return;
  Core &c = cores[size_t(core)];
  if (c.stoppedAt == UINT64_MAX)
    emitBefore(c, core, final, sinks);
}

void LxSweep::settleAll(const std::vector<TraceSink *> &sinks) {
  for (size_t i = 0; i < cores.size(); ++i)
    settle(int32_t(i), UINT64_MAX, sinks);
}

std::vector<int64_t> LxSweep::peaks() const {
  std::vector<int64_t> out;
  for (const Core &c : cores)
    out.push_back(c.peak);
  return out;
}
