//===- EmulatorRun.h - one emulated run, stepped from the GUI ---*- C++ -*-===//
//
// Owns the emulated run the Run menu steps through. start() compiles the
// kernel (or takes a SpyreCode module already compiled), places inputs
// from a seed exactly as the interpreter does (driver/Emulate.h's
// emulatorArguments) and records the whole run as an emu::Session, all on
// a worker thread; one run is prepared at a time and the newest request
// wins (LatestJob, as RunController). The session then lives on the GUI
// thread: the step methods move its position and emit positionChanged();
// a click's seek in a long run (requestCycle) replays on a worker and
// moves it once done, unless another move came first.
//
// A long run is shown while it is recorded: after a quarter of a second
// of recording (Input::firstPartMs) the worker hands over a copy of the
// run recorded so far (Session::snapshot(); ready() for the first,
// extended() for each later one, twice as late each time, and for the
// whole run), so the
// views start within a second and the session can be stepped up to its
// frontier (growing()). A newer run, stopRecording() (Stop) and the
// destructor (closing the window) cancel a recording within a few
// thousand events; Stop before the first part is shown cancels the run
// (cancelled()). Sessions replaced are freed on a worker.
//
// What a view needs:
//   session()    the recorded run: trace() (TraceEvent, LxInterval,
//                FifoSample, LinkTransfer, HbmTransfer), totalEvents(),
//                totalCycles(), position(), cycle(), machine(); null until
//                ready() and after a failure. Read it on the GUI thread.
//                While growing(), totalEvents() is the frontier so far.
//   current()    the instruction the next event runs (debugger style: the
//                line about to execute): engine, core, pc, KTIR line,
//                DataflowIR op and line, SpyreCode listing line.
//   signals      started() when a run is being prepared, ready() when its
//                session is there (position 0), extended() when a longer
//                copy of the same run replaced it (the position kept),
//                positionChanged() after
//                every move, failed(messages) when it could not be made,
//                playingChanged(bool) as play()/pause() toggle.
//
// play() steps `eventsPerTick` events every `tickMs` milliseconds until the
// end (or pause()), so a run can be watched.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_EMULATORRUN_H
#define SPYRE_APP_EMULATORRUN_H

#include "KernelInput.h"
#include "LatestJob.h"
#include "RunTarget.h"

#include "driver/Emulate.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class EmulatorRun : public QObject {
  Q_OBJECT

public:
  struct Input : KernelInput {
    /// A long run is handed over while it is recorded: once it has
    /// recorded for firstPartMs (and holds at least minPartEvents events:
    /// the samples' short runs stay whole), then each time twice as late;
    /// and / or at firstFrontier events, then at twice as many (tests);
    /// 0: not by that measure.
    qint64 firstPartMs = 250;
    uint64_t minPartEvents = uint64_t(1) << 16;
    uint64_t firstFrontier = 0;
    /// What the session keeps (emu::SessionOptions): the checkpoints'
    /// bytes (a setting: Run ▸ Inputs…, --checkpoint-budget), the events
    /// of a run whose whole trace is kept, the overview's buckets.
    uint64_t checkpointBudget = uint64_t(512) << 20;
    uint64_t detailEvents = uint64_t(1) << 19;
    size_t overviewBuckets = spyre::emu::Overview::kDefaultBuckets;
  };

  /// Where the run is: the instruction the next event executes.
  struct Point {
    int engine = -1; ///< Prepared::engines index; -1: the run has ended
    int core = -1;
    int program = -1;
    uint32_t pc = 0;
    int ktirLine = 0;     ///< 1-based; 0 unknown
    int dataflowLine = 0; ///< 1-based line of the DataflowIR snapshot; 0
    int listingLine = 0;  ///< 1-based line of the SpyreCode listing; 0
    QString op;           ///< the DataflowIR op ("dflow.dma")
    QString engineName;   ///< "core 3 sfu#0"
  };

  explicit EmulatorRun(QObject *parent = nullptr);
  ~EmulatorRun() override;

  /// Prepares a run of `input` (cancels / supersedes one being prepared).
  void start(const Input &input);
  /// Preparing a run right now (also one stopped, until its worker ends).
  bool busy() const { return jobs.busy(); }
  /// A run asked for is being compiled or recorded and will be shown (its
  /// first part, more parts, or a failure): what Stop can end.
  bool recording() const { return wanted; }
  /// The session shown is a part of a run still being recorded: it will
  /// be extended().
  bool growing() const;
  /// The session shown is a whole run (not a part, not a stopped one).
  bool complete() const { return liveSession && liveSession->complete(); }
  /// Stops the run being compiled or recorded (recording()): the part
  /// shown stays, not complete(), and recordingStopped() is emitted when
  /// that part was growing(); cancelled() when nothing of the run was
  /// shown yet (the session shown, if any, is an older run's). Nothing when
  /// no run is being made.
  void stopRecording();
  bool hasSession() const { return liveSession != nullptr; }
  const spyre::emu::Session *session() const { return liveSession.get(); }
  /// The same session, shared: a worker may read its trace() (recorded
  /// once, never changed by stepping) without copying it.
  std::shared_ptr<const spyre::emu::Session> sharedSession() const {
    return liveSession;
  }
  /// The input of the session shown.
  const Input &input() const { return shownInput; }
  /// What of input()'s inputs the session shown was given: not the files
  /// and values of arguments its kernel does not have.
  const RunInputs &inputsSent() const { return shownSent; }
  /// The input of the newest run asked for (recording, or to be recorded
  /// once the job running now has stopped).
  const Input &requested() const { return pending; }
  /// The SpyreCode listing of the session's module (what the SpyreCode
  /// pane shows), used for Point::listingLine.
  const QString &listing() const { return listingText; }

  Point current() const;

  /// Why the newest run failed (failed() was emitted; errors first, then
  /// their notes); empty once a run is started again.
  const std::vector<spyre::driver::Diagnostic> &failure() const { return failureDiagnostics; }
  /// What the preparation of the run shown said about it without failing
  /// (which tile each number of a multi-dimensional grid's inter-tile sets
  /// is, the grid a kernel without one runs on, automatic addresses): the
  /// notes spyre-run prints before its result; empty when none.
  const std::vector<spyre::driver::Diagnostic> &notes() const { return shownNotes; }

  // Each returns false (and leaves the position) when there is no session
  // or nothing to move to.
  bool stepEvent();
  bool stepBack();
  bool stepCycle();
  bool seekEvent(uint64_t event);
  /// The last event at or before cycle `c` done (backwards too).
  bool runToCycle(uint64_t c);
  /// runToCycle(c) as a click asks for it: in a run the session keeps
  /// whole, at once; in a longer one the replay (up to a checkpoint
  /// interval) runs on a worker and the session moves, with
  /// positionChanged(), once it is done, the GUI thread free meanwhile
  /// (seeking()). Any other move (or a newer request, or another run)
  /// before then supersedes it: the position is never one the user has
  /// since moved away from.
  void requestCycle(uint64_t c);
  /// A requestCycle() is on its way.
  bool seeking() const { return seekInFlight; }
  /// Waits for the worker of the last requestCycle(), taken or dropped,
  /// and takes its result now (the event loop would, later).
  void finishSeeking();
  /// Runs until the next event's instruction comes from KTIR `line` (that
  /// event not yet done, so current() is on the line); false, and not
  /// moved, when no later event does.
  bool runToNextEventOfLine(int line);
  /// Runs until the next event's instruction (its program, pc and
  /// location) matches `target` (RunTarget: a KTIR line, a DataflowIR op's
  /// line, one SpyreCode instruction), past the current event first;
  /// false, and not moved, when no later event matches.
  bool runToNextEventOf(const RunTarget &target);
  /// Moves to the `occurrence`-th execution (from 1) on core `core` of a
  /// DMA from KTIR `line` (or, when the line has no DMA, of any of its
  /// instructions; 0 or past the last: the last), so that it is the event
  /// about to run; false, and not moved, when there is none. What the
  /// Numerics dock's click does with the store that wrote an element.
  bool seekToExecutionOf(int line, int core, unsigned occurrence);
  /// Back to the run's start (position 0).
  bool reset();

  void play();
  void pause();
  bool playing() const { return timer.isActive(); }
  void setPlayRate(int eventsPerTick, int tickMs);
  int eventsPerTick() const { return perTick; }

  /// What a worker does (no Qt object touched): compile if needed, place
  /// the inputs, record the session. Null session with `errors` on failure.
  struct Prepared {
    std::shared_ptr<spyre::emu::Session> session;
    std::shared_ptr<const spyre::code::Module> module;
    QStringList errors;
    /// The errors (then their notes) as diagnostics, when they came as
    /// such (compile and input placement).
    std::vector<spyre::driver::Diagnostic> diagnostics;
    /// A run made: the notes its preparation gave (notes()).
    std::vector<spyre::driver::Diagnostic> notes;
    /// The module's listing, with the instruction each line prints.
    std::shared_ptr<const spyre::code::Listing> listing;
    /// The inputs the run was given (those of the kernel's arguments).
    RunInputs sent;
  };
  /// `publish` (may be empty) receives each part of a long run as it is
  /// recorded, on the worker's thread.
  static std::shared_ptr<Prepared>
  prepare(const Input &input, const std::atomic<bool> *cancel,
          const std::function<void(std::shared_ptr<Prepared>)> &publish = {});


Q_SIGNALS:
  void started();
  void ready();
  void extended();
  void positionChanged();
  void failed(const QStringList &errors);
  void playingChanged(bool playing);
  /// stopRecording() cut the run shown short: the session stays at the
  /// frontier it had (neither complete() nor growing() any more).
  void recordingStopped();
  /// stopRecording() ended a run before any part of it was shown: no
  /// ready() or failed() follows for it.
  void cancelled();

private:
  void launch();
  bool moved(bool ok);
  /// A requestCycle() on its way is superseded (a move, a newer session).
  void dropSeek();
  void onSeeked();
  /// The event (from the run's start) of seekToExecutionOf's execution,
  /// the session left somewhere; nullopt when there is none.
  std::optional<uint64_t> findExecution(int line, int core, unsigned occurrence,
                                        bool dmaOnly);
  /// Shows `p`'s session, made by the job of `generation`.
  void adopt(quint64 generation, const std::shared_ptr<Prepared> &p);

  Input pending, running, shownInput;
  RunInputs shownSent; ///< what of shownInput's inputs its session was given
  std::vector<spyre::driver::Diagnostic> failureDiagnostics;
  std::vector<spyre::driver::Diagnostic> shownNotes; ///< of the session shown
  LatestJob jobs;
  QFutureWatcher<std::shared_ptr<Prepared>> watcher;
  QFutureWatcher<std::shared_ptr<spyre::emu::PreparedSeek>> seeker;
  std::shared_ptr<std::atomic<bool>> seekCancel;    ///< of the seek on its way
  const spyre::emu::Session *seekSession = nullptr; ///< it is of
  bool seekInFlight = false;
  std::shared_ptr<spyre::emu::Session> liveSession;
  std::shared_ptr<const spyre::code::Module> codeModule;
  QString listingText;
  /// The listing listingText is the text of (Point::listingLine).
  std::shared_ptr<const spyre::code::Listing> codeListing;
  QTimer timer;
  int perTick = 1;
  quint64 generation = 0;  ///< of the newest request (start, stop)
  quint64 sessionGen = 0;  ///< of the job liveSession came from
  quint64 runningGen = 0;  ///< of the job running
  bool wanted = false;     ///< recording(): a run asked for, not yet ended
};

#endif
