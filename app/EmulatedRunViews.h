//===- EmulatedRunViews.h - the ring, chart and summary follow a run -*- C++ -*-===//
//
// Connects the emulated run (EmulatorRun, stepped by RunControls) to the
// machine views: when a run is ready its LX intervals become the
// Scratchpad chart's trace (in cycles, stacked by buffer) and its events
// and link transfers the ring's live state (RingStateIndex), both indexed
// on a worker thread from copies of the trace; at every step the ring shows
// the state at the current cycle and the chart its cursor there; clicking
// the chart moves the run to that cycle, dragging a range there shows the
// range on the Timeline, which TimelineFeed fills. A run still being
// recorded is shown in parts (EmulatorRun::extended()): each part is
// indexed again, the summary is worked out once per run. It owns the Run summary dock: the
// summary of each run (RunSummaryRunner, off the GUI thread), "Export
// Chrome trace…" (the recorded run, emu/ChromeTrace.h) and "Compare
// with…" (the same kernel on another target, side by side). Switching the
// target re-runs the kernel the run was made of on the new target.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_EMULATEDRUNVIEWS_H
#define SPYRE_APP_EMULATEDRUNVIEWS_H

#include "RunSummaryRunner.h"
#include "TurnQueue.h"

#include "models/RingLiveState.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>

class CompileController;
class EmulatorRun;
class MachineDocks;
class QDockWidget;
class QMainWindow;
class QMenu;
class RunSummary;
class TimelineFeed;

class EmulatedRunViews : public QObject {
  Q_OBJECT

public:
  /// `compiler`: when a compile for another target than the run's
  /// finishes (Target menu), the run is made again on that target.
  EmulatedRunViews(QMainWindow *window, MachineDocks *docks, EmulatorRun *run,
                   CompileController *compiler);
  ~EmulatedRunViews() override;

  RunSummary *summary() const { return summaryView; }
  QDockWidget *summaryDock() const { return dock; }
  /// True until the chart, the ring and the timeline have the newest
  /// run's trace (or part of it).
  bool indexing() const;
  /// Waits for the trace's indexes and the timeline (tests, --screenshot).
  void finishIndexing();
  bool summarising() const {
    return mainSummary.busy() || otherSummary.busy() || turns.pending();
  }
  const RingStateIndex *ringIndex() const { return ring.get(); }

  /// Writes the recorded run as Chrome trace JSON; false with `error`.
  bool exportChromeTrace(const QString &path, QString &error) const;
  /// Runs the current kernel on `target` and shows both summaries.
  void compareWith(const QString &target);
  /// Runs the current kernel on the same target without double buffering
  /// and shows both summaries (their cycle counts side by side).
  void compareDoubleBuffering();
  /// Another kernel was opened: the ring's run state, the chart and the
  /// summary of the previous one's run are cleared.
  void clearShown();
  /// The Run summary dock's toggle, for the Run menu.
  void addToMenu(QMenu *menu);
  /// Shows cycles [from, to) of `core` on the Timeline (a cause of the
  /// Run summary's "Why" clicked): the core first and open, the range in
  /// view with a margin.
  void showOnTimeline(int core, quint64 from, quint64 to);

Q_SIGNALS:
  /// The summary of the run shown is on show (its numerics verdict too).
  void summarised(const RunSummaryData &data);
  /// The run shown is no longer (another kernel, a new run started).
  void runCleared();

private:
  struct Indexes {
    std::shared_ptr<const OccupancyIndex> occupancy;
    std::shared_ptr<const RingStateIndex> ring;
  };
  void onStarted();
  void onReady();
  void onExtended();
  void onRecordingStopped();
  void onCancelled();
  /// The run session() holds is on show (not cleared for another kernel).
  bool olderRunShown() const;
  /// What the chart says when the run shown fills no scratchpad buffer.
  QString chartEmptyText() const;
  /// The chart's subtitle for the run shown: its inputs and kernel, its
  /// cycles (the first N while recording; where it was stopped), its fills.
  QString chartSubtitle() const;
  void index();
  /// A long run's ring index around `cycle` (a window re-executed).
  void requestRingWindow(uint64_t cycle);
  /// requestRingWindow() around the cursor once the repaints the move
  /// asked for are done (an event posted behind their update request):
  /// the worker does not take a core from the move's first picture.
  void queueRingWindow();
  void startQueuedRingWindow();
  bool event(QEvent *e) override;
  void onRingWindow();
  void onPosition();
  void onIndexed();
  /// The newest occupancy index on the chart (a turn of its own).
  void showChart();
  void onCompiled();
  void chooseTraceFile();
  RunSummaryRunner::Input summaryInput() const;

  QMainWindow *window;
  MachineDocks *docks;
  EmulatorRun *run;
  CompileController *compiler;
  RunSummary *summaryView = nullptr;
  QDockWidget *dock = nullptr;
  RunSummaryRunner mainSummary, otherSummary;
  TimelineFeed *feed = nullptr;
  QFutureWatcher<Indexes> indexer;
  QFutureWatcher<std::shared_ptr<const RingStateIndex>> ringWindower;
  bool ringWindowInFlight = false;
  bool ringWindowQueued = false; ///< queueRingWindow() not yet started
  bool pendingIndex = false; ///< a newer run is ready: index it next
  bool inFlight = false;     ///< a worker's result not yet taken
  bool summaryAwaited = false; ///< started once the growing run is whole
  std::shared_ptr<const RingStateIndex> ring;
  const RingStateIndex *ringShown = nullptr; ///< the ring's state is of
  uint64_t ringCycle = 0;                    ///< this index at this cycle
  QString compareTarget;
  /// The chart's series and the summary, each in a turn of its own.
  TurnQueue turns{this};
  /// The occupancy index the chart gets in its turn (null: none waiting).
  std::shared_ptr<const OccupancyIndex> chartWaiting;
  quint64 shownRuns = 0; ///< clearShown() calls so far
  bool cleared = false;  ///< clearShown() since the last run was ready
};

#endif
