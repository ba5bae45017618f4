//===- Occupancy.cpp - scratchpad occupancy over time ---------------------===//

#include "driver/Occupancy.h"

#include <algorithm>
#include <map>
#include <utility>

using namespace spyre::driver;

OccupancyTrace spyre::driver::occupancyFromLxEvents(
    const std::vector<LxEvent> &events, uint64_t capacityBytes, int cores) {
  OccupancyTrace trace;
  trace.timeUnit = "event";
  trace.capacityBytes = capacityBytes;
  trace.cores = std::max(cores, 0);
  trace.events.reserve(events.size());
  std::map<int, uint64_t> count;                    // per core
  std::map<std::pair<int, uint64_t>, int> allocLine; // (core, buffer)
  for (const LxEvent &e : events) {
    OccupancyEvent out;
    out.core = e.core;
    out.time = ++count[e.core];
    // Sizes are far below 2^63 (a scratchpad holds a few MiB).
    out.deltaBytes = e.alloc ? int64_t(e.bytes) : -int64_t(e.bytes);
    out.inUse = e.inUse;
    out.buffer = e.buffer;
    out.op = e.op;
    out.line = e.line;
    if (e.buffer != 0) {
      auto key = std::make_pair(e.core, e.buffer);
      if (e.alloc) {
        allocLine[key] = e.line;
      } else if (auto it = allocLine.find(key); it != allocLine.end()) {
        out.line = it->second;
        allocLine.erase(it);
      }
    }
    trace.cores = std::max(trace.cores, e.core + 1);
    trace.events.push_back(std::move(out));
  }
  return trace;
}

namespace {

int lineOf(const spyre::code::Module &module, const spyre::code::Buffer &b) {
  return b.loc < module.locations.size() ? module.locations[b.loc].ktirLine : 0;
}

/// The chart's groups: the plan's buffers, named after the KTIR value
/// each holds and its line.
void nameGroups(const spyre::code::Module &module, OccupancyTrace &trace) {
  for (size_t i = 0; i < module.plan.buffers.size(); ++i) {
    const spyre::code::Buffer &b = module.plan.buffers[i];
    // "%x: memref<...> (line 53)" -> "%x (line 53)": the KTIR value and
    // where it is, short enough for a legend.
    std::string name = b.name;
    if (size_t colon = name.find(": "); !name.empty() && name[0] == '%' &&
                                        colon != std::string::npos)
      name.resize(colon);
    if (name.empty())
      name = "buffer " + std::to_string(i);
    if (int line = lineOf(module, b); line > 0 && name.find("(line ") == std::string::npos)
      name += " (line " + std::to_string(line) + ")";
    trace.groupNames[int(i)] = name;
  }
}

} // namespace

OccupancyTrace spyre::driver::occupancyFromLxIntervals(
    const std::vector<emu::LxInterval> &lx, const code::Module &module,
    uint64_t capacityBytes, int cores) {
  OccupancyTrace trace;
  trace.timeUnit = "cycle";
  trace.capacityBytes = capacityBytes;
  trace.cores = std::max(cores, 0);
  nameGroups(module, trace);
  // (core, time, delta, interval): per core in time order, releases first.
  struct Change {
    int core;
    uint64_t time;
    int64_t delta;
    size_t interval;
  };
  std::vector<Change> changes;
  changes.reserve(lx.size() * 2);
  for (size_t i = 0; i < lx.size(); ++i) {
    const emu::LxInterval &v = lx[i];
    if (v.core < 0 || v.end <= v.start || v.bytes <= 0)
      continue;
    changes.push_back({v.core, v.start, v.bytes, i});
    changes.push_back({v.core, v.end, -v.bytes, i});
    trace.cores = std::max(trace.cores, v.core + 1);
  }
  std::sort(changes.begin(), changes.end(), [](const Change &a, const Change &b) {
    if (a.core != b.core)
      return a.core < b.core;
    if (a.time != b.time)
      return a.time < b.time;
    return a.delta < b.delta;
  });
  trace.events.reserve(changes.size());
  int64_t inUse = 0;
  int core = -1;
  for (const Change &c : changes) {
    if (c.core != core)
      core = c.core, inUse = 0;
    inUse += c.delta;
    const emu::LxInterval &v = lx[c.interval];
    OccupancyEvent out;
    out.core = c.core;
    out.time = c.time;
    out.deltaBytes = c.delta;
    out.inUse = uint64_t(std::max<int64_t>(inUse, 0));
    out.buffer = c.interval + 1;
    out.group = v.buffer;
    if (v.buffer >= 0 && size_t(v.buffer) < module.plan.buffers.size()) {
      const code::Buffer &b = module.plan.buffers[size_t(v.buffer)];
      out.line = lineOf(module, b);
      out.op = b.name;
    }
    trace.events.push_back(std::move(out));
  }
  return trace;
}

OccupancyTrace spyre::driver::occupancyFromOverview(const emu::Overview &ov,
                                                   const code::Module &module,
                                                   uint64_t capacityBytes) {
  OccupancyTrace trace;
  trace.timeUnit = "cycle";
  trace.capacityBytes = capacityBytes;
  trace.cores = ov.coreCount();
  nameGroups(module, trace);
  const size_t buffers = ov.bufferCount();
  for (int32_t c = 0; c < ov.coreCount(); ++c) {
    std::vector<int64_t> before(buffers, 0);
    int64_t total = 0;
    for (size_t i = 0; i < ov.size(); ++i) {
      uint64_t start = ov.bucketStart(i);
      if (start >= ov.lxKnownUntil(c) || ov.lxMax(c, i) < 0)
        break;
      for (size_t b = 0; b < buffers; ++b) {
        int64_t now = ov.lxAtMax(c, i, b);
        if (now == before[b])
          continue;
        OccupancyEvent e;
        e.core = c;
        e.time = start;
        e.deltaBytes = now - before[b];
        total += e.deltaBytes;
        e.inUse = uint64_t(std::max<int64_t>(total, 0));
        e.buffer = uint64_t(b) + 1;
        e.group = int(b);
        if (b < module.plan.buffers.size()) {
          e.line = lineOf(module, module.plan.buffers[b]);
          e.op = module.plan.buffers[b].name;
        }
        trace.events.push_back(std::move(e));
        before[b] = now;
      }
    }
  }
  return trace;
}
