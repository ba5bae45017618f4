//===- Occupancy.h - scratchpad occupancy over time: plain data -*- C++ -*-===//
//
// What the occupancy charts draw, in std types only, so that any run can
// feed them: today the reference interpreter's LX events (time is each
// core's event count), later the emulator's trace (time in cycles).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_OCCUPANCY_H
#define SPYRE_DRIVER_OCCUPANCY_H

#include "driver/Run.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spyre::driver {

/// One change of one core's scratchpad occupancy.
struct OccupancyEvent {
  int core = 0;
  uint64_t time = 0;      ///< in the trace's unit; non-decreasing per core
  int64_t deltaBytes = 0; ///< > 0 allocated, < 0 released
  uint64_t inUse = 0;     ///< bytes in use on the core after the event
  uint64_t buffer = 0;    ///< the buffer (an allocation and its release
                          ///< share it); 0 when unknown
  int line = 0;           ///< KTIR line that allocated the buffer, or 0
  std::string op;         ///< the op that caused the event
};

struct OccupancyTrace {
  std::string timeUnit = "event"; ///< "event" or "cycle"
  uint64_t capacityBytes = 0;     ///< one core's scratchpad
  int cores = 0;                  ///< cores of the machine (ids 0..cores-1)
  std::vector<OccupancyEvent> events; ///< any order across cores
};

/// The interpreter's LX events as a trace: time is the 1-based index of the
/// event among its core's events (time 0: nothing in use); a release
/// carries the line that allocated its buffer.
OccupancyTrace occupancyFromLxEvents(const std::vector<LxEvent> &events,
                                     uint64_t capacityBytes, int cores);

} // namespace spyre::driver

#endif
