//===- EmulatedRunViews.cpp - the ring, chart and summary follow a run ----===//

#include "EmulatedRunViews.h"

#include "CompileController.h"
#include "models/Bytes.h"
#include "EmulatorRun.h"
#include "ExportFolder.h"
#include "MachineDocks.h"
#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "RingView.h"
#include "RunSummary.h"
#include "TimelineDock.h"
#include "TimelineFeed.h"
#include "TimelineView.h"
#include "WorkerPool.h"

#include "arch/Arch.h"
#include "driver/Occupancy.h"
#include "emu/ChromeTrace.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QScrollBar>
#include <QtConcurrent/QtConcurrentRun>

#include <fstream>
#include <utility>

EmulatedRunViews::EmulatedRunViews(QMainWindow *window, MachineDocks *docks,
                                   EmulatorRun *run, CompileController *compiler)
    : QObject(window), window(window), docks(docks), run(run),
      compiler(compiler) {
  summaryView = new RunSummary(window);
  summaryView->setObjectName("runSummary");
  dock = new QDockWidget(tr("Run summary"), window);
  dock->setObjectName("runSummaryDock");
  dock->setWidget(summaryView);
  window->addDockWidget(Qt::BottomDockWidgetArea, dock);
  // A run is watched on the Timeline and the Scratchpad side by side (the
  // Timeline with the Diagnostics on the left, the chart with this summary
  // on the right).
  auto *chartDock = qobject_cast<QDockWidget *>(docks->chart()->parentWidget());
  auto *timelineDock = window->findChild<QDockWidget *>("timelineDock");
  if (chartDock && timelineDock) {
    // Out of the Diagnostics' tabs, then beside them (splitting a tabbed
    // dock would only add another tab).
    window->removeDockWidget(chartDock);
    window->addDockWidget(Qt::BottomDockWidgetArea, chartDock, Qt::Horizontal);
    chartDock->show();
    window->resizeDocks({timelineDock, chartDock},
                        {window->width() * 11 / 20, window->width() * 9 / 20},
                        Qt::Horizontal);
  }
  if (chartDock)
    window->tabifyDockWidget(chartDock, dock);
  // Tabifying raised the summary; the chart and the diagnostics come first.
  if (chartDock)
    chartDock->raise();
  if (auto *diagnostics = window->findChild<QDockWidget *>("diagnosticsDock"))
    diagnostics->raise();
  QStringList targets;
  for (const std::string &name : spyre::arch::presetNames())
    targets << QString::fromStdString(name);
  summaryView->setCompareTargets(targets);

  if (auto *timelineDock = window->findChild<TimelineDock *>("timelineDock"))
    feed = new TimelineFeed(run, timelineDock, this);
  connect(run, &EmulatorRun::started, this, &EmulatedRunViews::onStarted);
  connect(run, &EmulatorRun::ready, this, &EmulatedRunViews::onReady);
  connect(run, &EmulatorRun::extended, this, &EmulatedRunViews::onExtended);
  connect(run, &EmulatorRun::recordingStopped, this,
          &EmulatedRunViews::onRecordingStopped);
  connect(run, &EmulatorRun::cancelled, this, &EmulatedRunViews::onCancelled);
  connect(run, &EmulatorRun::positionChanged, this,
          &EmulatedRunViews::onPosition);
  connect(run, &EmulatorRun::failed, this, [this](const QStringList &errors) {
    QString why = errors.isEmpty() ? tr("no reason given") : errors.front();
    // A scalar argument without a value: say where values are given.
    if (why.contains(QStringLiteral("no value given for argument")))
      why += tr(" (Run ▸ Inputs… gives scalar arguments their values)");
    summaryAwaited = false;
    summaryView->setStatus(tr("The emulated run failed: %1").arg(why));
    this->docks->chart()->setEmptyText(tr("The emulated run failed: %1").arg(why));
    // Not "running on the emulator…" any more; an older run's chart still
    // shown is said to be that.
    this->docks->chart()->setSubtitle(
        olderRunShown() ? tr("the newest run failed · shown: %1").arg(chartSubtitle())
                        : tr("the emulated run failed"));
  });
  if (compiler)
    connect(compiler, &CompileController::finished, this,
            &EmulatedRunViews::onCompiled);
  connect(&indexer, &QFutureWatcher<Indexes>::finished, this,
          &EmulatedRunViews::onIndexed);
  connect(&ringWindower, &QFutureWatcher<std::shared_ptr<const RingStateIndex>>::finished,
          this, &EmulatedRunViews::onRingWindow);
  connect(docks->chart(), &OccupancyChart::timeClicked, this,
          [this](quint64 cycle) {
            if (this->run->hasSession() && !indexing())
              this->run->requestCycle(cycle);
          });
  // A range dragged on the chart shows that range on the Timeline.
  if (auto *timeline = window->findChild<TimelineView *>("timelineView")) {
    connect(docks->chart(), &OccupancyChart::rangeSelected, timeline,
            [timeline](quint64 from, quint64 to) {
              timeline->setVisibleRange(double(from), double(to));
            });
    connect(docks->chart(), &OccupancyChart::rangeCleared, timeline,
            &TimelineView::fitAll);
  }
  // A summary is laid out in a turn of its own (it takes as long as the
  // chart's series, and its worker may finish in the same turn).
  connect(&mainSummary, &RunSummaryRunner::finished, this, [this] {
    turns.post([this, shown = shownRuns] {
      if (shown != shownRuns)
        return;
      summaryView->setStatus(QString());
      summaryView->setRuns({mainSummary.latest()});
      Q_EMIT summarised(mainSummary.latest());
    });
  });
  connect(&otherSummary, &RunSummaryRunner::finished, this, [this] {
    turns.post([this, shown = shownRuns] {
      if (shown != shownRuns)
        return;
      summaryView->setStatus(QString());
      RunSummaryData first = mainSummary.latest();
      if (!otherSummary.latest().variant.isEmpty() && first.variant.isEmpty())
        first.variant = tr("double buffering on");
      summaryView->setRuns({first, otherSummary.latest()});
    });
  });
  connect(summaryView, &RunSummary::doubleBufferingCompareRequested, this,
          &EmulatedRunViews::compareDoubleBuffering);
  connect(summaryView, &RunSummary::compareRequested, this,
          &EmulatedRunViews::compareWith);
  connect(summaryView, &RunSummary::exportTraceRequested, this,
          &EmulatedRunViews::chooseTraceFile);
  // A cause of the critical path: its stretch on the Timeline, its core
  // first and open.
  connect(summaryView, &RunSummary::causeActivated, this,
          [this](int core, quint64 from, quint64 to) { showOnTimeline(core, from, to); });
}

void EmulatedRunViews::showOnTimeline(int core, quint64 from, quint64 to) {
  auto *timeline = window->findChild<TimelineDock *>("timelineDock");
  if (!timeline || to <= from)
    return;
  timeline->show();
  timeline->raise();
  if (core >= 0 && core < timeline->model().coreCount()) {
    timeline->model().setFocusedCore(core);
    timeline->model().setCollapsed(core, false);
    timeline->view()->rowsChanged();
    timeline->view()->verticalScrollBar()->setValue(0);
  }
  // The stretch with a margin of a tenth on each side.
  const double margin = std::max(1.0, double(to - from) / 10.0);
  timeline->view()->setVisibleRange(std::max(0.0, double(from) - margin),
                                    double(to) + margin);
}

EmulatedRunViews::~EmulatedRunViews() {
  indexer.waitForFinished();
  ringWindower.waitForFinished();
}

void EmulatedRunViews::clearShown() {
  cleared = true;
  chartWaiting = nullptr;
  ++shownRuns; // a summary waiting for its turn is of the previous kernel
  if (feed)
    feed->drop();
  docks->ring()->setLiveState(RingLiveState());
  docks->ring()->setRunPeaks({});
  // The focused core was the previous kernel's: the next one may not use
  // it (an empty chart of "0 B in use on core 8").
  docks->focusCore(-1);
  docks->occupancy()->setTrace(spyre::driver::OccupancyTrace());
  docks->chart()->setSubtitle(QString());
  docks->chart()->setEmptyText(QString());
  summaryView->setRuns({});
  summaryView->setStatus(QString());
  Q_EMIT runCleared();
}

void EmulatedRunViews::addToMenu(QMenu *menu) {
  menu->addAction(dock->toggleViewAction());
}

void EmulatedRunViews::onCompiled() {
  // The ring may be drawn for another target now (MachineDocks): its run
  // state is put again, or taken off when the run is not of that target.
  ringShown = nullptr;
  if (!cleared)
    onPosition();
  // A what-if on the Target menu: the run follows the new target (the
  // compile itself redraws the ring).
  if (!run->hasSession() || run->busy() ||
      compiler->architectureName() == run->input().arch)
    return;
  // Only a run of the kernel compiled follows it: after another kernel
  // was opened (or this one edited), the old run is not made again on
  // the new target as if it were the current kernel's.
  if (compiler->latestSource() != run->input().source)
    return;
  if (!compiler->latest().ok) {
    // No run for the new target: say that the one shown is the old one's.
    QString stale =
        tr("Shown: the run on %1; the kernel does not compile for %2 (see Diagnostics)")
            .arg(QString::fromStdString(run->session()->finalMachine().arch().name),
                 QFileInfo(compiler->architectureName()).fileName());
    docks->chart()->setSubtitle(stale);
    summaryView->setStatus(stale);
    if (auto *timeline = window->findChild<TimelineDock *>("timelineDock"))
      timeline->setStatus(
          tr("Shown: the run on %1.\nThe kernel does not compile for %2 (see Diagnostics).")
              .arg(QString::fromStdString(run->session()->finalMachine().arch().name),
                   QFileInfo(compiler->architectureName()).fileName()));
    return;
  }
  EmulatorRun::Input in = run->input();
  in.arch = compiler->architectureName();
  // This compile's SpyreCode when it is of the run's text (else compiled
  // again for the new target).
  in.spyreCode = compiler->latestSource() == in.source &&
                         compiler->latestArchitecture() == in.arch &&
                         compiler->latestDirectory() == in.directory &&
                         compiler->kernelName() == in.function
                     ? compiler->latest().spyreCode
                     : nullptr;
  run->start(in);
}

void EmulatedRunViews::onStarted() {
  summaryView->setStatus(tr("Running on the emulator…"));
  docks->chart()->setSubtitle(tr("running on the emulator…"));
  docks->chart()->setEmptyText(tr("Recording the run on the emulator…"));
}

bool EmulatedRunViews::indexing() const {
  return inFlight || pendingIndex || chartWaiting || ringWindowInFlight ||
         ringWindowQueued || (feed && feed->filling());
}

bool EmulatedRunViews::olderRunShown() const {
  return run->hasSession() && !cleared;
}

void EmulatedRunViews::onCancelled() {
  // The run asked for never came: what is shown (an older run, or
  // nothing) says so, not "running on the emulator…".
  summaryAwaited = false;
  if (olderRunShown()) {
    docks->chart()->setSubtitle(chartSubtitle());
    docks->chart()->setEmptyText(chartEmptyText());
    summaryView->setStatus(
        tr("Stopped before the new run was recorded; shown: the previous run"));
    return;
  }
  const QString stopped = tr("Stopped before the run was recorded: F5 records it");
  docks->chart()->setSubtitle(tr("stopped before the run was recorded"));
  docks->chart()->setEmptyText(stopped);
  summaryView->setStatus(stopped);
}

void EmulatedRunViews::onReady() {
  cleared = false;
  releaseOnWorker(std::exchange(ring, nullptr)); // the older run's
  index();
  // The summary is the recorded run's (only the interpreter runs, for the
  // comparison): for a run still being recorded it waits for the whole
  // run.
  summaryAwaited = run->growing();
  if (summaryAwaited) {
    summaryView->setStatus(
        tr("The summary is worked out once the whole run is recorded…"));
    return;
  }
  summaryView->setStatus(tr("Working out the run's summary…"));
  mainSummary.start(summaryInput());
}

void EmulatedRunViews::onExtended() {
  if (cleared) // a part of a run taken off (another kernel opened)
    return;
  index();
  if (summaryAwaited && !run->growing()) {
    summaryAwaited = false;
    summaryView->setStatus(tr("Working out the run's summary…"));
    mainSummary.start(summaryInput());
  }
}

void EmulatedRunViews::onRecordingStopped() {
  const spyre::emu::Session *session = run->session();
  if (!session || cleared)
    return;
  summaryAwaited = false;
  summaryView->setStatus(
      tr("The recording was stopped at event %1 (cycle %2): the summary needs "
         "the whole run (F5 records it again)")
          .arg(QLocale().toString(qulonglong(session->totalEvents())),
               QLocale().toString(qulonglong(session->totalCycles()))));
  // The part shown keeps its index; only what the chart says changes.
  docks->chart()->setSubtitle(chartSubtitle());
  docks->chart()->setEmptyText(chartEmptyText());
}

QString EmulatedRunViews::chartEmptyText() const {
  const spyre::emu::Session *session = run->session();
  if (!session)
    return QString();
  const QString cycles = formatCount(session->totalCycles());
  if (run->growing())
    return tr("Recording the run on the emulator… no scratchpad buffer is filled "
              "in its first %1 cycles.")
        .arg(cycles);
  if (session->faulted())
    return tr("The emulated run stopped at cycle %1, before it filled a scratchpad "
              "buffer:\n%2")
        .arg(cycles, QString::fromStdString(session->fault().message).section('\n', 0, 0));
  if (!session->complete())
    return tr("The recording was stopped at cycle %1, before a scratchpad buffer "
              "was filled (F5 records the whole run).")
        .arg(cycles);
  return tr("The run fills no scratchpad buffer (%1 cycles).").arg(cycles);
}

namespace {
uint64_t chartBucketCycles(const spyre::emu::Overview &ov);
} // namespace

QString EmulatedRunViews::chartSubtitle() const {
  const spyre::emu::Session *session = run->session();
  if (!session)
    return QString();
  const EmulatorRun::Input &in = run->input();
  QString what = tr("emulator, %1, %2")
                     .arg(run->inputsSent().describe(),
                          QFileInfo(in.name).fileName());
  QString fills = tr("%1 buffer fills")
                      .arg(formatCount(session->detailed() ? session->trace().lx.size()
                                                           : session->overview().lxIntervals()));
  // A long run's chart is its overview's: say what a point stands for.
  if (!session->detailed())
    fills += tr(" · each step: the most in use in %1 cycles")
                 .arg(formatCount(chartBucketCycles(session->overview())));
  // What state the run is in comes first: a narrow chart cuts the end.
  const QString cycles = formatCount(session->totalCycles());
  if (run->growing())
    return tr("recording: the first %1 cycles · %2 · %3").arg(cycles, what, fills);
  if (session->faulted())
    return tr("stopped by a fault at cycle %1 · %2 · %3").arg(cycles, what, fills);
  if (!session->complete())
    return tr("recording stopped at event %1, cycle %2 · %3 · %4")
        .arg(formatCount(session->totalEvents()), cycles, what, fills);
  return tr("%1 cycles · %2 · %3").arg(cycles, what, fills);
}

namespace {

/// The chart's occupancy of a run the session keeps whole (its interval
/// record) or of a longer one (its overview, at most kChartBuckets
/// buckets).
constexpr size_t kChartBuckets = 1024;

size_t chartFactor(const spyre::emu::Overview &ov) {
  size_t factor = 1;
  while (ov.size() / factor > kChartBuckets)
    factor *= 2;
  return factor;
}

uint64_t chartBucketCycles(const spyre::emu::Overview &ov) {
  return ov.width() * chartFactor(ov);
}

std::shared_ptr<const OccupancyIndex>
occupancyOf(const spyre::emu::Session &session, const spyre::code::Module &module,
            uint64_t capacity, int cores) {
  if (session.detailed())
    return std::make_shared<const OccupancyIndex>(spyre::driver::occupancyFromLxIntervals(
        session.trace().lx, module, capacity, cores));
  const spyre::emu::Overview &ov = session.overview();
  size_t factor = chartFactor(ov);
  return std::make_shared<const OccupancyIndex>(spyre::driver::occupancyFromOverview(
      factor > 1 ? ov.merged(factor) : ov, module, capacity));
}

/// The ring's index around `cycle` of a run the session does not keep
/// whole: kRingCycles re-executed, one cycle a bucket (the scratchpad
/// levels exact at every cycle). Half a window on each side of the cursor
/// is thousands of steps (softmax: ~30 events a cycle); a wider one costs
/// the worker more after every jump (4,096 cycles with the run on until
/// its levels settle: ~60 ms of CPU for softmax, against ~15 ms).
constexpr uint64_t kRingCycles = 1024;

/// The first cycle of the ring's window around `cycle`.
uint64_t ringWindowFrom(uint64_t cycle) {
  return cycle > kRingCycles / 2 ? cycle - kRingCycles / 2 : 0;
}

/// `start`: where the re-execution starts (Session::startFor, taken on
/// the GUI thread: after a seek, a state it kept just before the window).
std::shared_ptr<const RingStateIndex>
ringWindow(const spyre::emu::Session &session, uint64_t cycle,
           const spyre::emu::ReplayStart &start,
           std::vector<RingStateIndex::Engine> engines, int cores,
           const spyre::code::Module &module, uint64_t capacity) {
  uint64_t from = ringWindowFrom(cycle);
  uint64_t to = from + kRingCycles;
  spyre::emu::RunWindow w =
      session.window(from, to, kRingCycles, uint64_t(1) << 20, &start);
  auto lx = std::make_shared<const OccupancyIndex>(
      spyre::driver::occupancyFromOverview(w.overview, module, capacity));
  static const spyre::emu::TraceData none;
  const spyre::emu::TraceData &t = w.detail ? *w.detail : none;
  auto ring = std::make_shared<RingStateIndex>(t.events, t.links, std::move(engines),
                                               cores, std::move(lx));
  ring->setRange(from, to);
  return ring;
}

/// What a worker needs to index the ring of a run (taken on the GUI
/// thread).
struct RingInputs {
  std::shared_ptr<const spyre::code::Module> module;
  std::vector<RingStateIndex::Engine> engines;
  int cores = 0;
  uint64_t capacity = 0; ///< scratchpad bytes per core
};

RingInputs ringInputsOf(const spyre::emu::Session &session) {
  const spyre::emu::Machine &m = session.finalMachine();
  RingInputs in;
  in.module = m.prepared().module;
  in.engines = RingStateIndex::enginesOf(m.prepared());
  in.cores = m.arch().numCores;
  in.capacity = uint64_t(std::max<int64_t>(m.arch().scratchpadBytesPerCore, 0));
  return in;
}

} // namespace

void EmulatedRunViews::index() {
  const spyre::emu::Session *session = run->session();
  if (!session)
    return;
  if (inFlight) { // index the newest run once this one ends
    pendingIndex = true;
    return;
  }
  pendingIndex = false;
  // The worker reads the recorded trace through a shared session (the
  // trace never changes after recording), so nothing is copied here.
  std::shared_ptr<const spyre::emu::Session> shared = run->sharedSession();
  uint64_t cycle = session->cycle();
  // A run kept whole has every record; a longer one re-executes a window
  // from the state kept nearest before it.
  spyre::emu::ReplayStart start;
  if (!session->detailed())
    start = session->startFor(ringWindowFrom(cycle));
  inFlight = true;
  indexer.setFuture(QtConcurrent::run(
      workerPool(), [shared, in = ringInputsOf(*session), cycle,
                     start = std::move(start)]() mutable {
        Indexes out;
        out.occupancy = occupancyOf(*shared, *in.module, in.capacity, in.cores);
        if (shared->detailed())
          out.ring = std::make_shared<const RingStateIndex>(
              shared->trace().events, shared->trace().links, std::move(in.engines),
              in.cores, out.occupancy);
        else
          out.ring = ringWindow(*shared, cycle, start, std::move(in.engines), in.cores,
                                *in.module, in.capacity);
        return out;
      }));
}

void EmulatedRunViews::requestRingWindow(uint64_t cycle) {
  const spyre::emu::Session *session = run->session();
  if (!session || ringWindowInFlight)
    return;
  std::shared_ptr<const spyre::emu::Session> shared = run->sharedSession();
  // From the state the seek that brought the cursor here kept nearest
  // before the window (a fraction of the interval away), not from the
  // checkpoint: the ring is right sooner, and the worker takes less of
  // the cores from the views' repaints.
  spyre::emu::ReplayStart start = session->startFor(ringWindowFrom(cycle));
  ringWindowInFlight = true;
  ringWindower.setFuture(QtConcurrent::run(
      workerPool(), [shared, in = ringInputsOf(*session), cycle,
                     start = std::move(start)]() mutable {
        return ringWindow(*shared, cycle, start, std::move(in.engines), in.cores,
                          *in.module, in.capacity);
      }));
}

namespace {
const QEvent::Type kRingWindowEvent = QEvent::Type(QEvent::registerEventType());
} // namespace

void EmulatedRunViews::queueRingWindow() {
  if (ringWindowQueued)
    return;
  ringWindowQueued = true;
  // Qt posts a window's update request at the low priority: posted after
  // it at the same priority, this comes after the repaint.
  QCoreApplication::postEvent(this, new QEvent(kRingWindowEvent), Qt::LowEventPriority);
}

bool EmulatedRunViews::event(QEvent *e) {
  if (e->type() != kRingWindowEvent)
    return QObject::event(e);
  startQueuedRingWindow();
  return true;
}

void EmulatedRunViews::startQueuedRingWindow() {
  if (!ringWindowQueued)
    return;
  ringWindowQueued = false;
  const spyre::emu::Session *session = run->session();
  if (session && ring && !cleared && !ring->covers(session->cycle()))
    requestRingWindow(session->cycle());
}

void EmulatedRunViews::onRingWindow() {
  if (!ringWindowInFlight || !ringWindower.future().isFinished())
    return;
  ringWindowInFlight = false;
  std::shared_ptr<const RingStateIndex> got = ringWindower.result();
  // Of the run shown (a newer run's index comes through index()).
  if (!got || !run->session() || inFlight || pendingIndex || cleared)
    return;
  releaseOnWorker(std::exchange(ring, got));
  ringShown = nullptr;
  onPosition();
}

void EmulatedRunViews::onIndexed() {
  if (!inFlight || !indexer.future().isFinished())
    return;
  inFlight = false;
  Indexes got = indexer.result();
  if (pendingIndex) {
    index();
    return;
  }
  const spyre::emu::Session *session = run->session();
  if (!session || cleared)
    return;
  // The ring and the cursors at once; the chart's series (10-20 ms of
  // Qt Charts) in a later turn, after the ring's first paint.
  releaseOnWorker(std::exchange(ring, got.ring));
  onPosition();
  if (!chartWaiting)
    turns.post([this] { showChart(); });
  chartWaiting = got.occupancy;
}

void EmulatedRunViews::showChart() {
  std::shared_ptr<const OccupancyIndex> index = std::move(chartWaiting);
  chartWaiting = nullptr;
  const spyre::emu::Session *session = run->session();
  if (!index || !session)
    return;
  // The cursor first: the new series are laid out once, with it.
  docks->chart()->setCursorTime(session->cycle());
  // The index of the run's previous part is freed on a worker.
  std::shared_ptr<const OccupancyIndex> old = docks->occupancy()->sharedIndex();
  docks->occupancy()->setIndex(index);
  releaseOnWorker(std::move(old));
  // A core the run's target does not have (switched to spyre-4core with
  // core 8 focused) is focused no more.
  if (index->trace().cores > 0 && docks->chart()->focusedCore() >= index->trace().cores)
    docks->focusCore(-1);
  docks->chart()->setSubtitle(chartSubtitle());
  // Said when the run fills no buffer (a fault before the first one, a
  // part recorded so far without one): not "Recording…" for ever.
  docks->chart()->setEmptyText(chartEmptyText());
  docks->showChart();
}

void EmulatedRunViews::finishIndexing() {
  // Each turn takes one finished index (and may start the newest run's).
  for (int turn = 0; turn < 8 && (inFlight || pendingIndex); ++turn) {
    indexer.waitForFinished();
    onIndexed();
  }
  startQueuedRingWindow();
  if (ringWindowInFlight) {
    ringWindower.waitForFinished();
    onRingWindow();
  }
  if (feed)
    feed->finishFilling();
  turns.drain();
  docks->chart()->finishPreparing();
}

void EmulatedRunViews::onPosition() {
  const spyre::emu::Session *session = run->session();
  // A part of the run being indexed again: the older part's index holds
  // every cycle up to its frontier.
  // (A run taken off, another kernel opened: its later parts are not
  // drawn until a new run is ready.)
  if (!session || !ring || cleared)
    return;
  uint64_t cycle = session->cycle();
  // The ring drawn for another target (the Target menu switched, the
  // kernel not yet run there): the run's engines and links are not its.
  // (A ring without a target yet, before the first compile, takes it.)
  const spyre::arch::Arch &drawn = docks->ring()->architecture();
  const spyre::arch::Arch &ran = session->finalMachine().arch();
  if (drawn.numCores > 0 && (drawn.name != ran.name || drawn.numCores != ran.numCores)) {
    if (docks->ring()->liveState().valid)
      docks->ring()->setLiveState(RingLiveState());
    ringShown = nullptr;
  } else if (!ring->covers(cycle)) {
    // A window of a long run that ends before the cycle: the one around
    // it is re-executed; until then the ring shows what it showed faded,
    // said to be of an earlier cycle.
    queueRingWindow();
    if (docks->ring()->liveState().valid)
      docks->ring()->setLiveStatePending(cycle);
  } else if (cycle != ringCycle || ring.get() != ringShown) {
    // Most steps stay in the same cycle (about 30 events a cycle in the
    // samples): the ring's state there is the same, and not repainted.
    docks->ring()->setLiveState(ring->at(cycle));
    ringCycle = cycle;
    ringShown = ring.get();
  }
  // Playing a long run: once past the middle of the window shown, the
  // next one (around its end) is re-executed ahead of the cursor, so the
  // ring goes on at the cursor instead of fading at every window's end.
  if (run->playing() && ring->endCycle() != UINT64_MAX && ring->covers(cycle) &&
      cycle >= ring->firstCycle() + (ring->endCycle() - ring->firstCycle()) / 2 &&
      ring->endCycle() < session->totalCycles())
    requestRingWindow(ring->endCycle());
  // The chart may show an interpreter run since (Run on Interpreter): its
  // time is scratchpad events, not cycles.
  if (docks->occupancy()->trace().timeUnit == "cycle") {
    docks->chart()->setCursorTime(cycle);
    // The readout says the ring's bytes, exact at the cycle (a long run's
    // chart draws each bucket's most: 14 KiB where 10 KiB are in use).
    const RingLiveState &live = docks->ring()->liveState();
    std::vector<uint64_t> levels;
    if (live.valid && !docks->ring()->liveStatePending() && live.cycle == cycle)
      for (const auto &c : live.cores)
        levels.push_back(c.lxBytes);
    docks->chart()->setCursorLevels(std::move(levels));
  }
}

RunSummaryRunner::Input EmulatedRunViews::summaryInput() const {
  const EmulatorRun::Input &in = run->input();
  RunSummaryRunner::Input out;
  static_cast<KernelInput &>(out) = in; // the same kernel, target, inputs
  if (const spyre::emu::Session *s = run->session())
    out.spyreCode = s->finalMachine().prepared().module;
  // The whole recorded run is summarised as it is: nothing is emulated
  // again, only the interpreter runs for the comparison.
  if (run->complete())
    out.session = run->sharedSession();
  return out;
}

void EmulatedRunViews::compareWith(const QString &target) {
  if (!run->hasSession())
    return;
  RunSummaryRunner::Input in = summaryInput();
  in.arch = target;
  in.spyreCode = nullptr; // compiled for that target and emulated
  in.session = nullptr;
  summaryView->setStatus(tr("Running %1 on %2 to compare…")
                             .arg(QFileInfo(in.name).fileName(), target));
  otherSummary.start(in);
  dock->raise();
}

void EmulatedRunViews::compareDoubleBuffering() {
  if (!run->hasSession())
    return;
  RunSummaryRunner::Input in = summaryInput();
  in.spyreCode = nullptr; // compiled again, with double-buffer=off
  in.session = nullptr;
  in.doubleBuffer = false;
  in.variant = tr("double buffering off");
  summaryView->setStatus(tr("Running %1 without double buffering to compare…")
                             .arg(QFileInfo(in.name).fileName()));
  otherSummary.start(in);
  dock->raise();
}

bool EmulatedRunViews::exportChromeTrace(const QString &path,
                                         QString &error) const {
  const spyre::emu::Session *session = run->session();
  if (!session) {
    error = tr("no emulated run yet");
    return false;
  }
  // A run kept whole is written whole; a longer one, the cycles the
  // Timeline shows (re-executed: the whole of a long run would not fit
  // any viewer).
  uint64_t from = 0, to = UINT64_MAX;
  if (!session->detailed())
    if (auto *timeline = window->findChild<TimelineView *>("timelineView")) {
      from = uint64_t(std::max(0.0, timeline->visibleFirst()));
      to = uint64_t(std::max(timeline->visibleLast(), double(from + 1)));
    }
  std::ofstream file(path.toStdString());
  if (file)
    session->writeChromeTrace(file, from, to);
  file.close();
  if (!file) {
    error = tr("cannot write %1").arg(path);
    return false;
  }
  return true;
}

void EmulatedRunViews::chooseTraceFile() {
  QString path = ExportFolder::askSave(
      window, tr("Export Chrome trace"),
      QFileInfo(run->input().name).completeBaseName() + ".trace.json",
      tr("Chrome trace (*.json)"));
  if (path.isEmpty())
    return;
  QString error;
  if (!exportChromeTrace(path, error))
    QMessageBox::warning(window, tr("Export Chrome trace"), error);
  else
    summaryView->setStatus(tr("Wrote %1").arg(QFileInfo(path).fileName()));
}
