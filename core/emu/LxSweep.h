//===- LxSweep.h - each core's scratchpad bytes in use, as the run goes -*- C++ -*-===//
//
// A buffer copy is occupied from its first write until its last read
// before the next write (docs/emulator.md), so how long an interval lasts
// is known only when the copy is written again (or the run ends): the
// bytes in use at a cycle are final only once every copy open then has
// been read past it or closed. The sweep takes each certain change (a
// copy opened: +bytes at its start; closed: -bytes at its end) into a
// heap per core, and when the Machine says up to which cycle a core's
// changes are all known (settle: no open copy's end can fall before it),
// hands the levels before that cycle to the sinks in time order: one
// TraceSink::lxLevel per cycle at which the level changed, the bytes after
// every change at that cycle, total and per buffer. The peak per core is
// the largest of those levels, the number emu::peakLx computes from the
// whole interval record.
//
// What is pending is bounded: a copy left open but unread (read for the
// last time long before it is written again) holds a core's levels back,
// and past `limit` pending changes over all cores the core holding the
// most stops: its levels end there (TraceSink::lxLevelsStopped), its peak
// is the peak up to there, and complete() is false.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_LXSWEEP_H
#define SPYRE_EMU_LXSWEEP_H

#include "emu/TraceSink.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace spyre::emu {

class LxSweep {
public:
  /// Pending changes kept at most, over all cores (24 bytes each).
  static constexpr size_t kDefaultLimit = size_t(1) << 21;

  void reset(int32_t cores, size_t buffers, size_t limit = kDefaultLimit);
  /// A certain change of `core`'s bytes in use (buffer: the plan's, or -1).
  void change(int32_t core, uint64_t time, int64_t delta, int32_t buffer,
              const std::vector<TraceSink *> &sinks);
  /// Every change of `core` before cycle `final` is known: hands its
  /// levels before `final` to `sinks`.
  void settle(int32_t core, uint64_t final,
              const std::vector<TraceSink *> &sinks);
  /// The run is over: every pending change is final.
  void settleAll(const std::vector<TraceSink *> &sinks);

  /// The most bytes `core` had in use over the levels handed out.
  int64_t peak(int32_t core) const {
    return size_t(core) < cores.size() ? cores[size_t(core)].peak : 0;
  }
  std::vector<int64_t> peaks() const;
  /// Every core's levels were handed out (none stopped at the limit).
  bool complete() const { return stoppedCores == 0; }
  /// The cycle a core's levels stopped at (UINT64_MAX: not stopped).
  uint64_t stoppedAt(int32_t core) const {
    return size_t(core) < cores.size() ? cores[size_t(core)].stoppedAt
                                       : UINT64_MAX;
  }
  size_t pending() const { return pendingTotal; }
  /// Every core's levels before `cycle` were handed out (or stopped).
  bool settledPast(uint64_t cycle) const {
    for (const Core &c : cores)
      if (c.settled < cycle && c.stoppedAt == UINT64_MAX)
        return false;
    return true;
  }

private:
  struct Change {
    uint64_t time;
    int64_t delta;
    int32_t buffer;
    bool operator>(const Change &o) const { return time > o.time; }
  };
  struct Core {
    std::vector<Change> heap; ///< min-heap on time
    std::vector<int64_t> perBuffer;
    int64_t inUse = 0, peak = 0;
    uint64_t settled = 0; ///< levels before this cycle were handed out
    uint64_t stoppedAt = UINT64_MAX;
  };
  void emitBefore(Core &c, int32_t core, uint64_t final,
                  const std::vector<TraceSink *> &sinks);
  void stopLargest(const std::vector<TraceSink *> &sinks);

  std::vector<Core> cores;
  size_t limit = kDefaultLimit;
  size_t pendingTotal = 0;
  size_t stoppedCores = 0;
};

} // namespace spyre::emu

#endif
