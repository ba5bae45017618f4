//===- WaitProfile.h - where an emulated run's time goes --------*- C++ -*-===//
//
// "Why is this run slow?" answered from a recorded trace:
//
//  * per engine kind, summed over every engine of that kind on every core,
//    the cycles spent busy (issuing instructions), in DMAs with HBM, waiting
//    on a ring transfer, waiting on a channel (which one, and the engine at
//    its other end: the one that feeds it, or the one that drains it),
//    waiting at a barrier, and idle (before its first instruction, after
//    it halted, in gaps);
//  * the run's critical path: from the engine that finished last, walking
//    back in time, an engine blocked on a channel hands the walk to the
//    engine at the channel's other end (what it waited for), anything
//    else is on the path itself. The path's cycles grouped by engine kind
//    and activity are the causes; the three largest come with a sentence
//    and the longest stretch of each on the path (a core and a cycle
//    range: what the Timeline shows when the cause is clicked).
//
// Pure: a function of the machine's program and its trace (no Qt). The
// categories are exact per trace interval (docs/emulator.md's timing
// model: a DMA instruction's duration is its setup, its wait for the
// shared HBM port and its transfer).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_WAITPROFILE_H
#define SPYRE_EMU_WAITPROFILE_H

#include "emu/Machine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spyre::emu {

/// What an engine does over an interval.
enum class Activity : uint8_t {
  Busy,    ///< issuing instructions (compute, control, streams)
  Hbm,     ///< a DMA between HBM and the scratchpad
  Ring,    ///< blocked on a ring message
  Channel, ///< blocked on a channel (empty when receiving, full when sending)
  Barrier, ///< blocked at a barrier
  Idle,    ///< not started, halted, or between instructions
};

/// "busy", "HBM", "ring", "channel", "barrier", "idle".
const char *activityName(Activity a);

/// Cycles of one kind of engine waiting on one channel.
struct ChannelWait {
  int32_t channel = -1;
  std::string partner;  ///< the engine kind at the channel's other end
  bool forData = true;  ///< waiting for data (else for room: a full FIFO)
  uint64_t cycles = 0;
};

/// One engine kind's time, summed over its engines on every core.
struct UnitTime {
  std::string unit;
  int32_t engines = 0;
  uint64_t total = 0; ///< engines * the run's cycles
  uint64_t busy = 0, hbm = 0, ring = 0, channel = 0, barrier = 0, idle = 0;
  std::vector<ChannelWait> channels; ///< largest first
  /// The cycles of one activity (inline: the views read it without
  /// linking the emulator).
  uint64_t of(Activity a) const {
    switch (a) {
    case Activity::Busy: return busy;
    case Activity::Hbm: return hbm;
    case Activity::Ring: return ring;
    case Activity::Channel: return channel;
    case Activity::Barrier: return barrier;
    case Activity::Idle: return idle;
    }
    return 0;
  }
};

/// One cause of the critical path.
struct PathCause {
  std::string unit;
  Activity activity = Activity::Busy;
  uint64_t cycles = 0; ///< on the critical path
  double share = 0;    ///< of the critical path
  /// The longest stretch of this cause on the path.
  int32_t core = 0;
  uint64_t from = 0, to = 0;
  /// Who waited on it through a channel (the walk came to this cause
  /// from them), the most cycles first: "sfu".
  std::string waiter;
  int32_t waiterChannel = -1;
  /// The waiter's share of its own time blocked on that channel.
  double waiterShare = 0;
  std::string sentence; ///< what it means and what may help
};

struct WaitProfile {
  uint64_t totalCycles = 0;
  /// Cycles the critical path covers (every cycle from 0 to the end of
  /// the engine that finished last, each once).
  uint64_t pathCycles = 0;
  std::vector<UnitTime> units;   ///< in the order the programs are
  std::vector<PathCause> causes; ///< the largest first, at most three
  bool empty() const { return units.empty(); }
};

/// The profile of a run recorded with tracing (Options::trace) that
/// ended at `totalCycles`. Engines blocked at the end count as blocked up
/// to it. A trace that dropped events (Options::traceLimit) gives an empty
/// profile: it would not add up.
WaitProfile profileWaits(const Machine &machine, uint64_t totalCycles);

} // namespace spyre::emu

#endif
