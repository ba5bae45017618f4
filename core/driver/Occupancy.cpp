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
