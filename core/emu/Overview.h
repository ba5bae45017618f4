//===- Overview.h - a run summarised at the resolution of a screen -*- C++ -*-===//
//
// What the explorer's views draw of a run of any length, built while the
// run streams (a TraceSink) in memory bounded by the number of buckets,
// not by the run: the cycles [origin, origin + buckets * width) cut into
// equal buckets, and per bucket
//   * per engine: busy cycles (issued instructions, as the Timeline's busy
//     intervals: an instruction starting before the engine's previous one
//     ended starts there), blocked cycles (Block .. Unblock), and the KTIR
//     line that kept it busy longest in the bucket (its colour);
//   * per core: the least and the most bytes of its scratchpad in use
//     (emu/LxSweep.h's levels, the values after each cycle's changes) and
//     the bytes of each buffer when the most was reached;
//   * per ring link and direction, and for the HBM port: the bytes moved,
//     each transfer's bytes spread evenly over its cycles.
// When the run outgrows the buckets the width doubles (two buckets become
// one: sums add, minima and maxima combine), so any run takes at most
// `buckets` of them; coarser views merge further (merged()). An overview
// of a window of a run (origin > 0) is made by re-running that window
// (emu::Session::overviewOf).
//
// The totals are exact: the busy cycles of an engine over every bucket
// are its TimelineModel lane's, the largest maximum of a core is its
// peak_lx_bytes, the link bytes add up to the report's.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_OVERVIEW_H
#define SPYRE_EMU_OVERVIEW_H

#include "emu/TraceSink.h"
#include "runtime/Runtime.h"

#include <cstdint>
#include <vector>

namespace spyre::emu {

class Overview : public TraceSink {
public:
  static constexpr size_t kDefaultBuckets = 4096;

  Overview() = default;
  /// Buckets over [from, to) (to = UINT64_MAX: as far as the run goes,
  /// starting one cycle wide).
  Overview(const runtime::Prepared &prepared, uint64_t from = 0,
           uint64_t to = UINT64_MAX, size_t buckets = kDefaultBuckets);

  void event(const TraceEvent &e) override;
  void link(const LinkTransfer &l) override;
  void hbm(const HbmTransfer &h) override;
  void lxLevel(int32_t core, uint64_t time, int64_t bytes,
               const std::vector<int64_t> &perBuffer) override;
  void lxLevelsStopped(int32_t core, uint64_t cycle) override;
  void lxSettled(int32_t core, uint64_t cycle) override;
  void lxInterval(const LxInterval &) override { ++intervalCount; }

  /// The run (or what is recorded of it) ends at `endCycle` after `events`
  /// events: engines still blocked are blocked up to it.
  void finish(uint64_t endCycle, uint64_t events);
  /// Where the records came to so far (a run still being recorded).
  void setFrontier(uint64_t cycle, uint64_t events);

  // Shape.
  uint64_t origin() const { return firstCycle; }
  uint64_t width() const { return bucketWidth; }
  /// Buckets holding cycles up to endCycle() (at most capacity()).
  size_t size() const;
  size_t capacity() const { return bucketCount; }
  uint64_t endCycle() const { return runEnd; }
  uint64_t events() const { return eventTotal; }
  bool finished() const { return done; }
  size_t engineCount() const { return numEngines; }
  int32_t coreCount() const { return numCores; }
  size_t bufferCount() const { return numBuffers; }
  size_t linkSlots() const { return size_t(numCores) * 2; }
  uint64_t bucketStart(size_t i) const { return firstCycle + uint64_t(i) * bucketWidth; }
  /// The bucket of `cycle` (clamped to the first and the last).
  size_t bucketIndex(uint64_t cycle) const { return bucketOf(cycle); }

  // Per bucket.
  uint32_t busy(size_t engine, size_t i) const {
    return busyTime[engine * bucketCount + i];
  }
  uint32_t blocked(size_t engine, size_t i) const {
    return blockedTime[engine * bucketCount + i];
  }
  /// The KTIR line of the longest busy stretch (0: none or unknown).
  int32_t line(size_t engine, size_t i) const {
    return bucketLine[engine * bucketCount + i];
  }
  int64_t lxMin(int32_t core, size_t i) const {
    return lxLow[size_t(core) * bucketCount + i];
  }
  int64_t lxMax(int32_t core, size_t i) const {
    return lxHigh[size_t(core) * bucketCount + i];
  }
  /// Buffer b's bytes when core `core` reached lxMax in bucket i.
  int64_t lxAtMax(int32_t core, size_t i, size_t b) const {
    return lxAtHigh[(size_t(core) * bucketCount + i) * numBuffers + b];
  }
  /// Link slot = direction * cores + link.
  double linkBytes(size_t slot, size_t i) const {
    return linkTraffic[slot * bucketCount + i];
  }
  double hbmBytes(size_t i) const { return hbmTraffic[i]; }
  /// Events (pops of the ready queue: issues, blocks, halts, waits) at
  /// the bucket's cycles.
  uint64_t eventsIn(size_t i) const { return eventCounts[i]; }
  /// The events at cycles [from, to), bucket by bucket (whole buckets).
  uint64_t eventsBetween(uint64_t from, uint64_t to) const;

  /// The scratchpad levels of `core` are known before this cycle (the
  /// buckets past it hold no LX data yet: still pending, or stopped).
  uint64_t lxKnownUntil(int32_t core) const;
  /// A core's levels stopped at LxSweep's limit (UINT64_MAX: not).
  uint64_t lxStoppedAt(int32_t core) const { return lxStopped[size_t(core)]; }
  /// Scratchpad buffer copies filled and closed so far (the intervals).
  uint64_t lxIntervals() const { return intervalCount; }
  /// The largest maximum of `core` over every bucket.
  int64_t lxPeak(int32_t core) const;
  /// Total busy cycles of `engine` (its Timeline lane's).
  uint64_t busyCycles(size_t engine) const;

  /// Whether an event of bucket i runs an instruction of one of `locs`
  /// (Module::locations indexes; any event but an Unblock); true when
  /// `locs` is empty or names no location.
  bool runsAny(size_t i, const std::vector<uint32_t> &locs) const;

  /// The same run at `factor` (a power of two) times the width.
  Overview merged(size_t factor) const;

private:
  void grow(uint64_t cycle);
  void mergePairs();
  /// Adds [start, end) of `engine` to busy (or blocked), with its line.
  void addSpan(std::vector<uint32_t> &into, size_t engine, uint64_t start,
               uint64_t end, int32_t line);
  void spread(std::vector<double> &into, size_t row, uint64_t start,
              uint64_t end, double bytes);
  void lxInclude(int32_t core, size_t i, int64_t value,
                 const std::vector<int64_t> &perBuffer);
  /// The core's current level holds up to `until`: included in the
  /// buckets from where it was last included.
  void lxCarry(int32_t core, uint64_t until);
  /// The bucket of `cycle` (clamped into range).
  size_t bucketOf(uint64_t cycle) const;

  uint64_t firstCycle = 0, bucketWidth = 1, toCycle = UINT64_MAX;
  size_t bucketCount = 0, numEngines = 0, numBuffers = 0;
  int32_t numCores = 0;
  uint64_t runEnd = 0, eventTotal = 0, intervalCount = 0;
  bool done = false;
  std::vector<uint32_t> busyTime, blockedTime, lineCycles;
  std::vector<int32_t> bucketLine;
  std::vector<int64_t> lxLow, lxHigh, lxAtHigh;
  std::vector<double> linkTraffic, hbmTraffic;
  std::vector<uint64_t> eventCounts;
  // Per engine: where its busy and blocked intervals stand.
  std::vector<uint64_t> busyEnd, blockedEnd, blockedSince;
  std::vector<int32_t> lineOf; ///< per instruction of each engine's program
  std::vector<uint32_t> locOf; ///< the same, its location
  size_t locWords = 0;
  std::vector<uint64_t> locBits; ///< per bucket: locations run in it
  std::vector<size_t> lineBase;  ///< per engine: its program's first entry
  // Per core: the last LX level handed in, and the cycle up to which the
  // buckets include it.
  std::vector<int64_t> lxNow;
  std::vector<std::vector<int64_t>> lxNowBuffers;
  std::vector<uint64_t> lxSince, lxStopped;
};

} // namespace spyre::emu

#endif
