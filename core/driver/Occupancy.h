//===- Occupancy.h - scratchpad occupancy over time: plain data -*- C++ -*-===//
//
// What the occupancy charts draw, in std types only, so that any run can
// feed them: the reference interpreter's LX events (time is each core's
// event count) or the emulator's LX intervals (time in cycles).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_OCCUPANCY_H
#define SPYRE_DRIVER_OCCUPANCY_H

#include "driver/Run.h"
#include "emu/Machine.h"
#include "emu/Overview.h"
#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <map>
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
  /// The LX buffer of the job plan (emulator traces): what a stacked chart
  /// groups by when OccupancyTrace::groupNames names the groups.
  int group = 0;
};

struct OccupancyTrace {
  std::string timeUnit = "event"; ///< "event" or "cycle"
  uint64_t capacityBytes = 0;     ///< one core's scratchpad
  int cores = 0;                  ///< cores of the machine (ids 0..cores-1)
  std::vector<OccupancyEvent> events; ///< any order across cores
  /// Names of the groups (OccupancyEvent::group); empty: a stacked chart
  /// groups by the allocating KTIR line, named after the line and its op.
  std::map<int, std::string> groupNames;
};

/// The interpreter's LX events as a trace: time is the 1-based index of the
/// event among its core's events (time 0: nothing in use); a release
/// carries the line that allocated its buffer.
OccupancyTrace occupancyFromLxEvents(const std::vector<LxEvent> &events,
                                     uint64_t capacityBytes, int cores);

/// The emulator's LX intervals (one per buffer copy filled and read) as a
/// trace in cycles: an allocation at each interval's start, a release at
/// its end (at one cycle releases come first, as emu::peakLx counts them,
/// so the peaks agree), grouped by the plan's buffer (named after the KTIR
/// value it holds and its line). Empty intervals are left out.
OccupancyTrace occupancyFromLxIntervals(const std::vector<emu::LxInterval> &lx,
                                        const code::Module &module,
                                        uint64_t capacityBytes, int cores);

/// An emulated run's Overview (emu/Overview.h) as a trace in cycles: per
/// core, at the start of each bucket, the bytes in use when the bucket's
/// most was reached, by buffer (one event per buffer whose bytes changed
/// from the bucket before; `inUse` the total): the chart draws each
/// bucket's maximum, stacked as it was then. Buckets past a core's known
/// levels (Overview::lxKnownUntil) are left out.
OccupancyTrace occupancyFromOverview(const emu::Overview &overview,
                                     const code::Module &module,
                                     uint64_t capacityBytes);

} // namespace spyre::driver

#endif
