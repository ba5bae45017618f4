//===- TraceSink.h - what a running machine reports, as it happens -*- C++ -*-===//
//
// A Machine hands each record of its run to the sinks added to it
// (Machine::addSink), in the order it makes them: nothing is kept unless a
// sink keeps it. The bounded in-memory trace (TraceData, Options::trace),
// the streaming Chrome trace (emu/ChromeTraceStream.h), the run's
// multi-resolution summary (emu/Overview.h) and the scratchpad interval
// stream of spyre-run --lx-events are sinks.
//
// Scratchpad occupancy comes two ways: each buffer copy's interval when it
// is closed (lxInterval: in the order they close, which is not the order
// of their starts), and each core's bytes in use after every change
// (lxLevel), once that value is final, per core in time order
// (emu/LxSweep.h says when that is).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_TRACESINK_H
#define SPYRE_EMU_TRACESINK_H

#include "emu/TraceRecords.h"

#include <cstdint>
#include <vector>

namespace spyre::emu {

class TraceSink {
public:
  virtual ~TraceSink() = default;
  virtual void event(const TraceEvent &) {}
  virtual void fifo(const FifoSample &) {}
  virtual void link(const LinkTransfer &) {}
  virtual void hbm(const HbmTransfer &) {}
  virtual void lxInterval(const LxInterval &) {}
  /// Core `core` holds `bytes` of its scratchpad after every change at
  /// `time`; `perBuffer[b]` of them in buffer b (the job plan's).
  virtual void lxLevel(int32_t core, uint64_t time, int64_t bytes,
                       const std::vector<int64_t> &perBuffer) {
    (void)core, (void)time, (void)bytes, (void)perBuffer;
  }
  /// Every level of `core` before `cycle` has been handed out (the level
  /// last handed out holds up to there at least).
  virtual void lxSettled(int32_t core, uint64_t cycle) {
    (void)core, (void)cycle;
  }
  /// The scratchpad levels of `core` could not all be kept final past
  /// `cycle` (LxSweep's limit): no lxLevel of that core follows.
  virtual void lxLevelsStopped(int32_t core, uint64_t cycle) {
    (void)core, (void)cycle;
  }
};

} // namespace spyre::emu

#endif
