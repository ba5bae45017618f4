//===- RingLiveState.h - the ring at one cycle of an emulated run -*- C++ -*-===//
//
// What the ring view draws during a run, as a pure function of the
// emulator's trace: at cycle c, which engines of each core are busy
// (an issued instruction [cycle, cycle + duration) covers c) or blocked
// (a Block event not yet followed by another event of that engine), how
// many bytes each core's scratchpad holds (OccupancyIndex, from the LX
// intervals), and which ring links carry a transfer (LinkTransfer
// [start, end) covers c) with its bytes. RingStateIndex sorts the trace
// once per engine and per link so each query is a few binary searches:
// a step repaints without scanning the whole trace.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_RINGLIVESTATE_H
#define SPYRE_VIEWS_RINGLIVESTATE_H

#include "models/OccupancyIndex.h"

#include "emu/Machine.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct RingLiveState {
  struct Core {
    int engines = 0;                  ///< engine instances on the core
    std::vector<std::string> busy;    ///< "sfu#0", in engine order
    std::vector<std::string> blocked; ///< waiting on a channel or barrier
    uint64_t lxBytes = 0;             ///< scratchpad bytes in use
  };
  struct Link {
    int link = 0;      ///< joins core link and link + 1
    int direction = 0; ///< 0: towards higher ids, 1: back
    int64_t bytes = 0; ///< of the transfer(s) on it at this cycle
    bool dma = false;  ///< HBM traffic crossing the ring
  };
  bool valid = false; ///< false: no run (draw nothing live)
  uint64_t cycle = 0;
  uint64_t lxCapacity = 0;
  std::vector<Core> cores;
  std::vector<Link> links; ///< busy links only, by (direction, link)
};

class RingStateIndex {
public:
  struct Engine {
    int core = 0;
    std::string name; ///< "sfu#0"
  };

  RingStateIndex() = default;
  /// `engines[i]` describes TraceEvent::engine i.
  RingStateIndex(const std::vector<spyre::emu::TraceEvent> &events,
                 const std::vector<spyre::emu::LinkTransfer> &links,
                 std::vector<Engine> engines, int cores,
                 std::shared_ptr<const OccupancyIndex> lx);

  /// The engines of a prepared job, as the trace numbers them.
  static std::vector<Engine> enginesOf(const spyre::runtime::Prepared &p);

  RingLiveState at(uint64_t cycle) const;
  int coreCount() const { return cores; }
  /// The index holds the run's records of cycles [from, to) only (a
  /// window of a long run): at() answers for those.
  void setRange(uint64_t from, uint64_t to) {
    rangeFrom = from;
    rangeTo = to;
  }
  bool covers(uint64_t cycle) const { return cycle >= rangeFrom && cycle < rangeTo; }
  uint64_t firstCycle() const { return rangeFrom; }
  uint64_t endCycle() const { return rangeTo; } ///< UINT64_MAX: the whole run

private:
  struct Mark {
    uint64_t cycle = 0;
    uint64_t until = 0; ///< Issue: cycle + duration
    spyre::emu::EventKind kind = spyre::emu::EventKind::Issue;
  };
  struct Span {
    uint64_t start = 0, end = 0;
    int64_t bytes = 0;
    bool dma = false;
  };
  std::vector<Engine> engines;
  std::vector<std::vector<Mark>> marks; ///< per engine, by cycle
  std::vector<std::vector<Span>> spans; ///< per direction * cores + link
  std::shared_ptr<const OccupancyIndex> lx;
  int cores = 0;
  uint64_t rangeFrom = 0, rangeTo = UINT64_MAX;
};

#endif
