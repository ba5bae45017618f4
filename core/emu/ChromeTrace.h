//===- ChromeTrace.h - the emulator's trace as Chrome trace JSON -*- C++ -*-===//
//
// Writes the Trace Event Format that Perfetto and chrome://tracing open:
//   * a process per core ("core N"), a thread per engine instance
//     ("sfu#0"); each issued instruction is a complete event ("X") named
//     after its DataflowIR op, with args {pc, ktir_line, op}; a blocked
//     stretch is an event named "blocked";
//   * counters ("C") per core: "LX bytes" broken down by buffer, and one
//     "FIFO <channel>" counter per channel with its fill level;
//   * a process "ring" with a thread per link and direction, each transfer
//     an "X" event (args: bytes, kind dma|ring), and an "HBM bytes in
//     flight" counter;
//   * metadata: the kernel, the architecture, cycles per microsecond, the
//     cycle window written and, when the trace leaves something out, what.
// Timestamps are microseconds at the architecture's clock.
//
// ChromeTraceWriter is a TraceSink: added to a running Machine it writes
// each record as it comes (one event a line), so a trace of any length
// takes the memory of the records in flight (open blocked stretches, HBM
// transfers not yet ended), not of the run. Records wholly outside the
// cycle window [from, to) are left out; each counter starts the window
// with the value it had at `from`. The events are written in the order
// they happen, not sorted by time (the viewers sort them).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_CHROMETRACE_H
#define SPYRE_EMU_CHROMETRACE_H

#include "emu/Machine.h"

#include <map>
#include <ostream>
#include <set>

namespace spyre::emu {

class ChromeTraceWriter : public TraceSink {
public:
  /// Writes the header and the names of the tracks.
  ChromeTraceWriter(const runtime::Prepared &prepared, std::ostream &out,
                    uint64_t from = 0, uint64_t to = UINT64_MAX);

  void event(const TraceEvent &e) override;
  void fifo(const FifoSample &f) override;
  void link(const LinkTransfer &l) override;
  void hbm(const HbmTransfer &h) override;
  void lxLevel(int32_t core, uint64_t time, int64_t bytes,
               const std::vector<int64_t> &perBuffer) override;
  void lxLevelsStopped(int32_t core, uint64_t cycle) override;

  /// Ends the trace: the HBM counter's last samples, then the metadata of
  /// finished machine `m` (`notes`: what the caller left out, if anything).
  void finish(const Machine &m, const std::vector<std::string> &notes = {});
  /// Events (instructions, blocked stretches, halts) written.
  uint64_t eventsWritten() const { return written; }

private:
  bool inWindow(uint64_t t) const { return t >= from && t < to; }
  bool overlaps(uint64_t a, uint64_t b) const { return a < to && b > from; }
  void line(const std::string &body);
  std::string ts(uint64_t cycle) const;
  void meta(int pid, int tid, const char *what, const std::string &name);
  void hbmSamplesBefore(uint64_t time);
  void lxSample(int32_t core, uint64_t time,
                const std::vector<int64_t> &perBuffer);

  const runtime::Prepared &p;
  std::ostream &out;
  uint64_t from, to;
  double us;
  bool first = true;
  uint64_t written = 0;
  std::vector<int> tid;
  std::vector<uint64_t> blockedAt; ///< per engine (UINT64_MAX: running)
  std::vector<std::string> bufferNames; ///< JSON strings, per buffer
  std::vector<std::string> opNames;     ///< JSON strings, per location
  std::set<int> linkThreads;
  std::map<uint64_t, int64_t> hbmDelta; ///< in flight: time -> change
  int64_t hbmInFlight = 0;
  bool hbmStarted = false;
  /// Counters' values before the window (written at `from` first).
  std::map<std::pair<int32_t, int32_t>, int64_t> fifoBefore;
  std::set<std::pair<int32_t, int32_t>> fifoStarted;
  std::map<int32_t, std::vector<int64_t>> lxBefore;
  std::set<int32_t> lxStarted;
  std::map<int32_t, uint64_t> lxStopped;
};

/// Writes the in-memory trace (Options::trace) of finished machine `m`
/// (closeOccupancy called) to `out`: cycles [from, to).
void writeChromeTrace(const Machine &m, std::ostream &out, uint64_t from = 0,
                      uint64_t to = UINT64_MAX);

} // namespace spyre::emu

#endif
