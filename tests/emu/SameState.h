//===- SameState.h - two emulator states compared whole ------*- C++ -*-===//
//
// What the stepping tests compare after stepping forward and back (emu_test
// on hand-built programs, emu.stepping on samples).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_EMU_SAMESTATE_H
#define SPYRE_TESTS_EMU_SAMESTATE_H

#include "emu/Machine.h"

#include <algorithm>
#include <string>

namespace spyre::emutest {

/// The whole machine state a step back must restore: registers (with the
/// lanes that hold data), FIFOs, memories, ring mailboxes, LX occupancy,
/// statistics.
/// `why` (if given) names the first part that differs. `occupancy` false:
/// not the LX occupancy bookkeeping (the recording's final machine closes
/// the intervals still open at the run's end for the trace,
/// Machine::closeOccupancy; a cursor stepped to the end has them open).
inline bool sameState(const emu::MachineState &a, const emu::MachineState &b,
                      std::string *why = nullptr, bool occupancy = true) {
  auto differs = [&](const char *part) {
    if (why)
      *why = part;
    return false;
  };
  if (a.now != b.now || a.events != b.events)
    return differs("cycle or event count");
  if (a.sregs != b.sregs || a.vregs != b.vregs || a.vdata != b.vdata ||
      a.tregs != b.tregs)
    return differs("registers");
  if (a.queue != b.queue)
    return differs("ready queue");
  if (a.hbmFreeAt != b.hbmFreeAt || a.linkFreeAt != b.linkFreeAt)
    return differs("HBM port or ring links");
  if (a.barrierArrived != b.barrierArrived || a.liveEngines != b.liveEngines)
    return differs("barriers");
  if (a.computeCycles != b.computeCycles || a.hbmBytes != b.hbmBytes ||
      a.linkBytes != b.linkBytes || a.lastActivity != b.lastActivity)
    return differs("statistics");
  if (a.finished != b.finished || a.faulted != b.faulted)
    return differs("finished / faulted");
  if (!a.hbm.sameBytes(b.hbm))
    return differs("HBM");
  if (a.lx.size() != b.lx.size())
    return differs("scratchpads");
  for (size_t c = 0; c < a.lx.size(); ++c)
    if (!a.lx[c].sameBytes(b.lx[c]))
      return differs("scratchpads");
  if (a.engines.size() != b.engines.size())
    return differs("engines");
  for (size_t e = 0; e < a.engines.size(); ++e)
    if (a.engines[e].pc != b.engines[e].pc ||
        a.engines[e].status != b.engines[e].status ||
        a.engines[e].blockedOn != b.engines[e].blockedOn ||
        a.engines[e].tileIndex != b.engines[e].tileIndex ||
        a.engines[e].progress != b.engines[e].progress ||
        a.engines[e].busyCycles != b.engines[e].busyCycles ||
        a.engines[e].blockedSince != b.engines[e].blockedSince)
      return differs("engines");
  if (a.channels.size() != b.channels.size())
    return differs("FIFOs");
  // A FIFO's live slots, [head, head + count): the others are written
  // before they are read again (a checkpoint keeps only the live ones,
  // emu/PackedState.h).
  for (size_t c = 0; c < a.channels.size(); ++c) {
    const emu::MachineState::Channel &x = a.channels[c], &y = b.channels[c];
    if (x.count != y.count || x.head != y.head ||
        x.visibleAt.size() != y.visibleAt.size() || x.data.size() != y.data.size())
      return differs("FIFOs");
    const size_t depth = x.visibleAt.size();
    const size_t lanes = depth ? x.data.size() / depth : 0;
    for (int64_t k = 0; depth && k < x.count; ++k) {
      size_t slot = size_t((x.head + k) % int64_t(depth));
      if (x.visibleAt[slot] != y.visibleAt[slot] ||
          x.dataLanes[slot] != y.dataLanes[slot] ||
          !std::equal(x.data.begin() + std::ptrdiff_t(slot * lanes),
                      x.data.begin() + std::ptrdiff_t((slot + 1) * lanes),
                      y.data.begin() + std::ptrdiff_t(slot * lanes)))
        return differs("FIFOs");
    }
  }
  if (a.occupancy.size() != b.occupancy.size())
    return differs("LX occupancy");
  for (size_t o = 0; occupancy && o < a.occupancy.size(); ++o)
    if (a.occupancy[o].open != b.occupancy[o].open ||
        a.occupancy[o].readSinceWrite != b.occupancy[o].readSinceWrite ||
        a.occupancy[o].start != b.occupancy[o].start ||
        a.occupancy[o].lastRead != b.occupancy[o].lastRead)
      return differs("LX occupancy");
  if (a.mailboxes.size() != b.mailboxes.size())
    return differs("ring mailboxes");
  for (auto i = a.mailboxes.begin(), j = b.mailboxes.begin();
       i != a.mailboxes.end(); ++i, ++j) {
    if (i->first != j->first || i->second.size() != j->second.size())
      return differs("ring mailboxes");
    for (size_t m = 0; m < i->second.size(); ++m)
      if (i->second[m].arrival != j->second[m].arrival ||
          i->second[m].tiles != j->second[m].tiles)
        return differs("ring mailboxes");
  }
  return true;
}

} // namespace spyre::emutest

#endif
