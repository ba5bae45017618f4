//===- Session.h - step an emulated run forwards and backwards --*- C++ -*-===//
//
// A Session runs a job once to its end and keeps, in memory bounded by
// its options whatever the run's length:
//   * checkpoints of the whole machine state every `interval` events,
//     within a byte budget (SessionOptions::checkpointBudget: each one
//     costs its registers and FIFOs and the memory pages no earlier
//     checkpoint shares; memories are copy-on-write, and the pages the
//     run rewrote after a checkpoint are kept compressed by it once the
//     next one is taken: PackedState::sealed). When they outgrow
//     it every other one is dropped and the interval doubles; so too
//     when more than SessionOptions::denseCheckpoints of them are closer
//     than SessionOptions::shortReplay events (no need for more);
//   * the run's Overview (emu/Overview.h): what the views draw, per bucket
//     of cycles, plus which instructions run in each bucket;
//   * the whole trace (TraceData) while the run is at most
//     SessionOptions::detailEvents events long; a longer run keeps none
//     (detailed() is false) and a view asks for a window instead.
// Any event is reached by restoring the nearest checkpoint at or before it
// and re-executing: the emulator is deterministic, so the state replayed
// is the one the run had, and a window re-executed (window()) gives the
// same records the run gave there.
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
#include "emu/Overview.h"
#include "emu/PackedState.h"

#include <ostream>

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace spyre::emu {

struct SessionOptions {
  Options machine; ///< trace and traceLimit are the session's own
  /// Events between checkpoints to begin with (more for a large state:
  /// one per 256 bytes of registers and FIFOs at least).
  uint64_t checkpointEvery = 4096;
  /// Bytes all checkpoints together may take. A budget that cannot hold
  /// kMinCheckpoints checkpoints of the job's state is refused.
  uint64_t checkpointBudget = uint64_t(512) << 20;
  /// Checkpoints closer than shortReplay events are kept only up to
  /// denseCheckpoints of them: a replay that short takes a few
  /// milliseconds (16 M events/s), so denser ones on a long run would
  /// fill the budget for nothing (softmax x496, 15.8 M events: 883 every
  /// 17,933 events took 390 MB; 221 every 71,732 take about 100 MB).
  uint64_t shortReplay = uint64_t(1) << 16;
  size_t denseCheckpoints = 256;
  /// The closest the states kept around the cursor may be (events; a step
  /// back replays at most about twice that once the steps before it kept
  /// theirs). 0: one event per 128 bytes of machine state, at least 256:
  /// copying a state then costs a fraction of replaying that far.
  uint64_t fineSpacing = 0;
  /// A run of at most this many events keeps its whole trace.
  uint64_t detailEvents = uint64_t(1) << 20;
  size_t overviewBuckets = Overview::kDefaultBuckets;
  /// Read every few thousand events while recording: once true, the
  /// recording stops where it is (Session::cancelled()).
  const std::atomic<bool> *cancel = nullptr;
  /// The constructor records nothing; record() records in pieces.
  bool deferred = false;
};

/// A window of a run re-executed (Session::window).
struct RunWindow {
  uint64_t fromCycle = 0, toCycle = 0;
  uint64_t firstEvent = 0, lastEvent = 0; ///< events done at its ends
  Overview overview; ///< over [fromCycle, toCycle)
  /// Every record of the window, when it has at most the limit asked
  /// for (null otherwise).
  std::shared_ptr<const TraceData> detail;
};

/// Where a re-execution may start (Session::startFor): a checkpoint, and a
/// nearer state kept around the cursor when there is one.
struct ReplayStart {
  std::shared_ptr<const PackedState> checkpoint;
  std::shared_ptr<const MachineState> state; ///< null: the checkpoint
};

/// Where a seek to a cycle starts (Session::seekStart).
struct SeekStart : ReplayStart {
  uint64_t keepEvery = 0;  ///< the events between the states it keeps
  bool fromCursor = false; ///< `state` is a copy of the cursor
  /// Storage of states dropped before, for the states the seek keeps
  /// (copying into it allocates nothing); the seek's own, shared with no
  /// one.
  std::vector<std::shared_ptr<MachineState>> spare;
};

/// A seek to a cycle made on another thread (Session::prepareSeekCycle)
/// for the stepping thread to take (Session::adoptSeek).
struct PreparedSeek {
  uint64_t cycle = 0;
  /// The state reached (null: cancelled).
  std::unique_ptr<MachineState> state;
  /// States kept on the way, as seekCycle() keeps them, by event.
  std::vector<std::pair<uint64_t, std::shared_ptr<MachineState>>> kept;
  uint64_t replayed = 0;   ///< events re-executed
  bool fromCursor = false; ///< stepped on from the cursor (SeekStart)
};

class Session {
public:
  static constexpr size_t kMinCheckpoints = 8;

  /// `init` fills the memories before the first event (the inputs).
  Session(std::shared_ptr<const runtime::Job> job,
          const std::function<void(Machine &)> &init,
          const SessionOptions &options = {});
  ~Session();

  /// Why the session records nothing (its options cannot work: a
  /// checkpoint budget too small for the job's state); empty otherwise.
  const std::string &refusal() const { return refusalText; }

  /// Records until `events` events are done, the run ends or the
  /// recording is cancelled; true once the recording is over (complete()
  /// or cancelled()). Call it from one thread at a time.
  bool record(uint64_t events = UINT64_MAX);
  /// Events recorded so far (while recording; totalEvents() once over).
  uint64_t recordedEvents() const;
  /// The whole run is recorded (it finished, faulted or ran out of budget).
  bool complete() const { return done && !stopped && refusalText.empty(); }
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
  /// The whole trace (detailed()), else an empty one.
  const TraceData &trace() const;
  /// Whether trace() holds every record of the run recorded.
  bool detailed() const { return detail != nullptr; }
  const Overview &overview() const { return *shownOverview; }
  std::shared_ptr<const Overview> sharedOverview() const { return shownOverview; }
  /// The machine at the end of the recorded run (outputs, statistics;
  /// its own trace() is empty).
  const Machine &finalMachine() const { return *endMachine; }
  const runtime::Job &job() const { return *runJob; }

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
  /// To the last event before cycle `c` has passed (all events at <= c
  /// done), forwards or backwards.
  bool seekCycle(uint64_t c);
  /// seekCycle(c) in three parts, so that its replay can run on another
  /// thread while this one goes on: seekStart() (on the stepping thread:
  /// the state kept nearest before c, or a copy of the cursor when it is
  /// nearer), prepareSeekCycle() (any thread; reads only what never
  /// changes, stops early once `cancel` is set) and adoptSeek() (the
  /// stepping thread: the cursor put where the seek ended, the states it
  /// kept kept). The result is seekCycle(c)'s, state for state.
  SeekStart seekStart(uint64_t c);
  PreparedSeek prepareSeekCycle(uint64_t c, const SeekStart &start,
                                const std::atomic<bool> *cancel = nullptr) const;
  bool adoptSeek(PreparedSeek &&seek);
  /// Forwards to the next event whose instruction comes from KTIR line
  /// `line` (or whose DataflowIR op is `op`, when `op` is not empty).
  bool nextEventOf(int line, const std::string &op = {});
  /// Forwards to just before the next event whose engine and pc `match`
  /// accepts (that event not done); `locs` are the Module::locations of
  /// every instruction it may accept (the overview skips the buckets
  /// where none of them runs). False, and not moved, when none follows.
  bool runToNext(const std::function<bool(uint32_t engine, uint32_t pc)> &match,
                 const std::vector<uint32_t> &locs);

  /// Re-executes cycles [from, to) from the checkpoint before them (or
  /// from `start`, startFor(from), when given): their overview at
  /// `buckets`, and every record when the window holds at most
  /// `detailLimit` events.
  RunWindow window(uint64_t from, uint64_t to, size_t buckets, uint64_t detailLimit,
                   const ReplayStart *start = nullptr) const;
  /// The nearest state kept before cycle `from` for a window() on another
  /// thread: the checkpoint before it, and the state a replay kept around
  /// the cursor (fineStateCount()) when one is nearer (a seek keeps them
  /// on its way, so a window just before the cursor replays a fraction of
  /// the interval). Call it on the thread that steps the session; what it
  /// hands out is never changed after (a state shared is not reused).
  ReplayStart startFor(uint64_t from) const;
  /// The Chrome trace (emu/ChromeTrace.h) of cycles [from, to): from the
  /// whole trace when kept, else re-executed; false when `out` fails.
  bool writeChromeTrace(std::ostream &out, uint64_t from = 0,
                        uint64_t to = UINT64_MAX) const;
  /// Re-executes events [from, to) handing every record to `sink`
  /// (scratchpad levels too, seeded with the copies open at `from`);
  /// returns the machine where it stopped.
  std::unique_ptr<Machine> replay(uint64_t from, uint64_t to, TraceSink &sink) const;

  size_t checkpointCount() const { return checkpoints.size(); }
  /// States kept by the replays around where the session was (fine).
  size_t fineStateCount() const { return fine.size(); }
  /// Events the last seek re-executed from the state it restored (0 when
  /// it stepped on from where it was).
  uint64_t lastReplay() const { return lastReplayed; }
  uint64_t checkpointInterval() const { return interval; }
  /// Bytes the checkpoints take (what the budget bounds).
  uint64_t checkpointBytes() const { return checkpointTotal; }
  /// Memory pages the checkpoints keep compressed (PackedState::sealed).
  size_t sealedPageCount() const;
  /// Bytes one machine state takes (registers, FIFOs, queue; not
  /// memories; emu::stateBytes).
  static uint64_t stateBytes(const MachineState &s);

private:
  struct Checkpoint {
    std::shared_ptr<const PackedState> state;
    uint64_t bytes = 0; ///< what it costs beside the one before it
    /// Not sealed yet (PackedState::sealed): the last one taken, whose
    /// pages the recording machine may still share.
    bool open = true;
  };
  /// A state kept by a replay (`fine` below).
  struct Fine {
    uint64_t events = 0;
    std::shared_ptr<MachineState> state; ///< reused when it is dropped
  };
  Session() = default;
  void takeCheckpoint();
  /// Re-executes cycles [from, to) on `m` (its sinks added) from the
  /// checkpoint before them, then on until its scratchpad levels there
  /// are final (or as long again); the events done at both ends.
  void reexecute(Machine &m, uint64_t from, uint64_t to, uint64_t &firstEvent,
                 uint64_t &lastEvent, const ReplayStart *start = nullptr) const;
  void thinCheckpoints();
  /// The checkpoints outgrow the budget, or are denser than needed.
  bool tooMany() const;
  uint64_t costBeside(const PackedState &s, const PackedState *before) const;
  /// The checkpoint to replay from for event `n` / cycle `c`.
  size_t checkpointForEvent(uint64_t n) const;
  size_t checkpointForCycle(uint64_t c) const;
  void restore(size_t checkpoint);
  /// The latest fine state at or before event n whose next event comes
  /// at or before `cycle` (null: none).
  const Fine *fineBefore(uint64_t n, uint64_t cycle) const;
  /// The nearest state kept before event n and cycle `cycle`: checkpoint
  /// k, and the fine state after it when there is one.
  ReplayStart keptBefore(uint64_t n, uint64_t cycle, size_t k) const;
  /// The cursor, not past `kept` when `cursorUsable`, is as good a start.
  bool cursorNearer(bool cursorUsable, const ReplayStart &kept);
  /// The events between the fine states a seek to a cycle keeps.
  uint64_t keepEvery();
  /// Puts the cursor on the nearest state kept before event n and cycle
  /// `cycle` (checkpoint k or a fine state after it), unless it is there
  /// or nearer already (`cursorUsable`: it is not past them).
  void restoreBefore(uint64_t n, uint64_t cycle, size_t k, bool cursorUsable);
  /// Steps the cursor towards `n`, keeping fine states on a long way.
  void replayKeeping(uint64_t n);
  /// Keeps the cursor's state (at event `at`; or `ready`, a state at that
  /// event) as a fine state; the ones farthest from event `near` go past
  /// kFineMax.
  void keepFine(uint64_t at, uint64_t near,
                std::shared_ptr<MachineState> ready = nullptr);
  /// The closest fine states may be (events; from the state's size).
  uint64_t fineSpacing();
  /// Steps the cursor while it is before `n` (and the frontier).
  void stepTo(uint64_t n);
  /// Sets the totals from `full` and a cursor at the start.
  void finalise();
  void dropDetail();

  std::shared_ptr<const runtime::Job> runJob;
  std::unique_ptr<Machine> full, cursor, endMachine;
  /// checkpoints[i] at i * interval; shared with snapshot()s (a state is
  /// never changed: sealing the last one replaces it with a sealed copy).
  std::vector<Checkpoint> checkpoints;
  /// States kept by replays around where the user is, in event order:
  /// a step back starts from the nearest before it (copies as they are:
  /// packing each would cost more than the replay it saves). A replay of
  /// d events keeps kFine of them d / kFine apart, so steps back in a row
  /// replay ever shorter ways, down to fineSpacing(); at most kFineMax,
  /// the farthest from the cursor dropped first.
  static constexpr uint64_t kFine = 16;
  static constexpr size_t kFineMax = 48;
  std::vector<Fine> fine;
  /// The storage of fine states dropped for states a seek made elsewhere
  /// kept (adoptSeek), lent to the next seekStart() (at most kFine).
  std::vector<std::shared_ptr<MachineState>> spare;
  uint64_t fineMin = 0, lastReplayed = 0;
  uint64_t restoredAt = UINT64_MAX; ///< where the last restoreBefore() put it
  uint64_t interval = 4096;
  uint64_t checkpointTotal = 0, budget = 0;
  uint64_t total = 0, endCycle = 0;
  MachineState recorded;
  Options quietOptions;
  SessionOptions sessionOptions;
  /// The overview being recorded (full's sink) and the one shown.
  std::unique_ptr<Overview> live;
  std::shared_ptr<const Overview> shownOverview;
  std::shared_ptr<const TraceData> detail;
  bool detailDropped = false;
  std::string refusalText;
  bool done = false, stopped = false;
};

} // namespace spyre::emu

#endif
