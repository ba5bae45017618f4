//===- Session.h - step an emulated run forwards and backwards --*- C++ -*-===//
//
// A Session runs a job once to its end, recording the trace and a
// checkpoint of the whole machine state every `checkpointEvery` events
// (memories are copy-on-write, so a checkpoint costs little). It then sits
// at any event of that run: stepping forwards executes events; stepping
// backwards restores the last checkpoint at or before the target and
// replays forwards to it. The emulator is deterministic, so the replayed
// state is the one the run had. Memory stays bounded: past
// `maxCheckpoints` (fewer when one state is large: `checkpointBytes`)
// every other checkpoint is dropped and the interval doubles (so replays get at most twice as long); the trace keeps its
// first Options::traceLimit events and counts the rest (TraceData::
// droppedEvents, said in the Chrome trace's metadata).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_SESSION_H
#define SPYRE_EMU_SESSION_H

#include "emu/Machine.h"

#include <functional>
#include <memory>
#include <string>

namespace spyre::emu {

struct SessionOptions {
  Options machine;                 ///< trace is forced on for the first run
  uint64_t checkpointEvery = 1024; ///< events between checkpoints
  size_t maxCheckpoints = 512;
  /// Bytes all checkpoints' registers and FIFOs may take (memories are
  /// shared copy-on-write and not counted); fewer checkpoints are kept
  /// when one state is large.
  size_t checkpointBytes = size_t(256) << 20;
};

class Session {
public:
  /// `init` fills the memories before the first event (the inputs).
  Session(std::shared_ptr<const runtime::Job> job,
          const std::function<void(Machine &)> &init,
          const SessionOptions &options = {});

  /// The recorded run.
  uint64_t totalEvents() const { return total; }
  uint64_t totalCycles() const { return endCycle; }
  bool faulted() const { return recorded.faulted; }
  const Fault &fault() const { return recorded.fault; }
  const TraceData &trace() const { return full->trace(); }
  /// The machine at the end of the recorded run (outputs, statistics).
  const Machine &finalMachine() const { return *full; }

  /// Where the session is: events done so far, and the machine there.
  uint64_t position() const { return cursor->state().events; }
  uint64_t cycle() const { return cursor->state().now; }
  const Machine &machine() const { return *cursor; }

  /// Each returns false when there is nothing to step to (the run's start
  /// or end); the position is then unchanged.
  bool stepEvent();
  bool stepBack();
  /// To the first event at or after the next cycle.
  bool stepCycle();
  /// Forwards or backwards to event `n` (0 = before the first).
  bool seekEvent(uint64_t n);
  /// To the last event before cycle `c` has passed (all events at <= c done).
  bool seekCycle(uint64_t c);
  /// Forwards to the next event whose instruction comes from KTIR line
  /// `line` (or whose DataflowIR op is `op`, when `op` is not empty).
  bool nextEventOf(int line, const std::string &op = {});

  size_t checkpointCount() const { return checkpoints.size(); }
  uint64_t checkpointInterval() const { return interval; }

private:
  void restoreBefore(uint64_t n);

  std::shared_ptr<const runtime::Job> job;
  std::unique_ptr<Machine> full, cursor;
  std::vector<MachineState> checkpoints; ///< checkpoints[i] at i * interval
  uint64_t interval = 4096;
  uint64_t total = 0, endCycle = 0;
  MachineState recorded;
};

} // namespace spyre::emu

#endif
