//===- RingLiveState.cpp - the ring at one cycle of an emulated run -------===//

#include "models/RingLiveState.h"

#include <algorithm>

using spyre::emu::EventKind;

RingStateIndex::RingStateIndex(
    const std::vector<spyre::emu::TraceEvent> &events,
    const std::vector<spyre::emu::LinkTransfer> &transfers,
    std::vector<Engine> engineList, int coreCount,
    std::shared_ptr<const OccupancyIndex> lxIndex)
    : engines(std::move(engineList)), lx(std::move(lxIndex)),
      cores(std::max(coreCount, 0)) {
  marks.assign(engines.size(), {});
  for (const auto &e : events)
    if (e.engine < engines.size())
      marks[e.engine].push_back(
          {e.cycle, e.cycle + e.duration, e.kind});
  // Recorded in event order; an Unblock carries the (later) time the
  // engine wakes at, so sort by cycle keeping the recorded order on ties.
  for (auto &m : marks)
    std::stable_sort(m.begin(), m.end(), [](const Mark &a, const Mark &b) {
      return a.cycle < b.cycle;
    });
  spans.assign(size_t(cores) * 2, {});
  for (const auto &t : transfers) {
    if (t.link < 0 || t.link >= cores || t.direction > 1 || t.end <= t.start)
      continue;
    spans[size_t(t.direction) * size_t(cores) + size_t(t.link)].push_back(
        {t.start, t.end, t.bytes, t.dma});
  }
  for (auto &s : spans)
    std::stable_sort(s.begin(), s.end(), [](const Span &a, const Span &b) {
      return a.start < b.start;
    });
}

std::vector<RingStateIndex::Engine>
RingStateIndex::enginesOf(const spyre::runtime::Prepared &p) {
  std::vector<Engine> out;
  out.reserve(p.engines.size());
  for (const auto &e : p.engines) {
    Engine info;
    info.core = e.core;
    std::string unit =
        p.module && e.program >= 0 &&
                size_t(e.program) < p.module->programs.size()
            ? p.module->programs[size_t(e.program)].unit
            : std::string("engine");
    info.name = unit + "#" + std::to_string(e.instance);
    out.push_back(std::move(info));
  }
  return out;
}

RingLiveState RingStateIndex::at(uint64_t cycle) const {
  RingLiveState s;
  s.valid = true;
  s.cycle = cycle;
  s.cores.assign(size_t(cores), {});
  if (lx)
    s.lxCapacity = lx->trace().capacityBytes;
  for (size_t e = 0; e < engines.size(); ++e) {
    int core = engines[e].core;
    if (core < 0 || core >= cores)
      continue;
    RingLiveState::Core &c = s.cores[size_t(core)];
    ++c.engines;
    const std::vector<Mark> &m = marks[e];
    // The engine's last event at or before `cycle`.
    auto after = std::upper_bound(
        m.begin(), m.end(), cycle,
        [](uint64_t t, const Mark &mark) { return t < mark.cycle; });
    if (after == m.begin())
      continue;
    const Mark &last = *std::prev(after);
    if (last.kind == EventKind::Issue && cycle < last.until)
      c.busy.push_back(engines[e].name);
    else if (last.kind == EventKind::Block)
      c.blocked.push_back(engines[e].name);
  }
  if (lx)
    for (int core = 0; core < cores; ++core)
      s.cores[size_t(core)].lxBytes = lx->valueAt(core, cycle);
  for (size_t i = 0; i < spans.size(); ++i) {
    const std::vector<Span> &list = spans[i];
    auto after = std::upper_bound(
        list.begin(), list.end(), cycle,
        [](uint64_t t, const Span &span) { return t < span.start; });
    RingLiveState::Link link;
    link.direction = int(i / size_t(cores));
    link.link = int(i % size_t(cores));
    // A link carries one transfer at a time (the emulator queues them on
    // the link), so only the last one started can still cover `cycle`.
    if (after != list.begin() && std::prev(after)->end > cycle) {
      link.bytes = std::prev(after)->bytes;
      link.dma = std::prev(after)->dma;
    }
    if (link.bytes > 0)
      s.links.push_back(link);
  }
  return s;
}
