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
// A long run can be recorded in pieces (SessionOptions::deferred, then
// record() on a worker) while snapshot() hands out copies of what is
// recorded so far: each copy steps like a whole session up to its
// frontier (totalEvents() is the events recorded when it was taken).
// SessionOptions::cancel stops a recording within a few thousand events.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_SESSION_H
#define SPYRE_EMU_SESSION_H

#include "emu/Machine.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace spyre::emu {

struct SessionOptions {
  Options machine;                 ///< trace is forced on for the first run
  /// Events between checkpoints (more for a large state: one per 256
  /// bytes of registers and FIFOs at least).
  uint64_t checkpointEvery = 1024;
  size_t maxCheckpoints = 512;
  /// Bytes all checkpoints' registers and FIFOs may take (memories are
  /// shared copy-on-write and not counted); fewer checkpoints are kept
  /// when one state is large.
  size_t checkpointBytes = size_t(256) << 20;
  /// Read every few thousand events while recording: once true, the
  /// recording stops where it is (Session::cancelled()).
  const std::atomic<bool> *cancel = nullptr;
  /// The constructor records nothing; record() records in pieces.
  bool deferred = false;
};

class Session {
public:
  /// `init` fills the memories before the first event (the inputs).
  Session(std::shared_ptr<const runtime::Job> job,
          const std::function<void(Machine &)> &init,
          const SessionOptions &options = {});

  /// Records until `events` events are done, the run ends or the
  /// recording is cancelled; true once the recording is over (complete()
  /// or cancelled()). Call it from one thread at a time.
  bool record(uint64_t events = UINT64_MAX);
  /// Events recorded so far (while recording; totalEvents() once over).
  uint64_t recordedEvents() const { return full->state().events; }
  /// The whole run is recorded (it finished, faulted or ran out of budget).
  bool complete() const { return done && !stopped; }
  /// SessionOptions::cancel stopped the recording.
  bool cancelled() const { return stopped; }
  /// A copy of the run recorded so far, positioned at its start, that can
  /// be stepped (on another thread) while this one records on.
  std::unique_ptr<Session> snapshot() const;

  /// The recorded run (of a session still recording: up to where the
  /// last record() stopped).
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
  Session() = default;
  void restoreBefore(uint64_t n);
  /// Sets the totals from `full` and a cursor at the start.
  void finalise();

  std::shared_ptr<const runtime::Job> job;
  std::unique_ptr<Machine> full, cursor;
  /// checkpoints[i] at i * interval; shared with snapshot()s (never
  /// changed once taken; a pointer each, so that neither a snapshot nor
  /// the vector's growth copies a state).
  std::vector<std::shared_ptr<const MachineState>> checkpoints;
  uint64_t interval = 4096;
  uint64_t total = 0, endCycle = 0;
  MachineState recorded;
  Options quietOptions;
  size_t maxCheckpoints = 8;
  const std::atomic<bool> *cancel = nullptr;
  bool done = false, stopped = false;
};

} // namespace spyre::emu

#endif
