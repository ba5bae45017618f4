//===- runbench.cpp - an emulated run in the real window, measured --------===//
//
//   spyre-explorer-runbench KERNEL.mlir [STEPS] [--arg NAME=VALUE]...
//                           [--checkpoint-budget MIB]  (offscreen or Xvfb)
//
// Opens the kernel in the main window, waits for its compile, then starts
// the emulated run as F5's first press does (RunControls::runTo(0): record
// the run, stay at its start) while a 1 ms timer watches the GUI thread.
// Prints: the time until the run (or, for a long one, its first part) is
// ready, until the ring, the Scratchpad chart and the timeline show it,
// until the whole run is recorded and shown, the longest GUI-thread stall
// meanwhile; then
// STEPS (default 200) single steps (F10), each followed by a forced
// repaint of the ring, the chart and the timeline (the worst case), then
// STEPS more as the app takes them (the event loop repaints what
// changed): median and longest, wall and GUI-thread CPU; then STEPS / 4
// jumps as a user makes them anywhere in the run (a click on the
// Timeline: EmulatorRun::requestCycle, its replay on a worker in a long
// run, until the run has moved; a step back just after it; a run to the
// next event of a KTIR line, Ctrl+F10), each with the event loop's
// repaints: the longest and the median, and the longest GUI-thread CPU
// time (the other moves run on the GUI thread); then STEPS / 4 clicks on
// the Timeline again, each until the ring too shows the click's cycle (a
// long run's ring state is a window re-executed on a worker after a
// jump): the first repaint and the ring, with the GUI thread's CPU split
// between the move (the seek and the views' updates) and the repaints;
// then STEPS / 20 zooms of the Timeline below a bucket of a long run's
// overview, each until the window re-executed on a worker is drawn; and
// when the run's summary was shown; then the run played from its start
// at F5's rate: how many cycles the ring's state lags the cursor (the
// most, the median, how often it is faded) and how long after the end it
// catches up; and the process's
// resident memory with the run loaded and its peak (VmHWM), and the
// recording's events per second. `--arg` gives a scalar argument (the
// scaled kernels of bench/ take their size so). Numbers go to
// docs/app-performance.md.
//
//===----------------------------------------------------------------------===//

#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "RingView.h"
#include "RunControls.h"
#include "RunInputs.h"
#include "StallWatch.h"
#include "TimelineFeed.h"
#include "TimelineView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QMetaEnum>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <random>
#include <vector>

namespace {

/// A field of /proc/self/status in MB ("VmRSS:", "VmHWM:").
double statusMb(const char *field) {
  QFile status("/proc/self/status");
  if (!status.open(QIODevice::ReadOnly))
    return 0;
  const QByteArray key(field);
  for (const QByteArray &line : status.readAll().split('\n'))
    if (line.startsWith(key))
      return line.mid(key.size()).trimmed().split(' ').front().toDouble() / 1024.0;
  return 0;
}

double rssMb() { return statusMb("VmRSS:"); }

/// "longest / median ms" of `ms`.
QByteArray worstAndMedian(std::vector<double> ms) {
  if (ms.empty())
    return "-";
  std::sort(ms.begin(), ms.end());
  return QByteArray::number(ms.back(), 'f', 1) + " / " +
         QByteArray::number(ms[ms.size() / 2], 'f', 2) + " ms";
}

/// The six widgets whose paint events cost most (ms, divided by `divide`).
void printTop(const std::map<QByteArray, double> &costs, double divide) {
  std::vector<std::pair<double, QByteArray>> byCost;
  for (const auto &[what, spent] : costs)
    byCost.push_back({spent, what});
  std::sort(byCost.rbegin(), byCost.rend());
  for (size_t i = 0; i < byCost.size() && i < 6; ++i)
    std::printf("%s %s %.2f ms", i ? "," : "", byCost[i].second.constData(),
                byCost[i].first / divide);
  std::printf("\n");
}

/// The application, timing each event it delivers from the event loop
/// (not the ones sent from inside another): the longest, in the GUI
/// thread's CPU time, with its receiver and type, says what held a stall.
class TimedApplication : public QApplication {
public:
  using QApplication::QApplication;
  bool notify(QObject *receiver, QEvent *event) override {
    if (event->type() == QEvent::Paint && paints) {
      double c0 = StallWatch::cpuMs();
      ++depth;
      bool done = QApplication::notify(receiver, event);
      --depth;
      (*paints)[widgetName(receiver)] += StallWatch::cpuMs() - c0;
      return done;
    }
    if (depth > 0) {
      ++depth;
      bool done = QApplication::notify(receiver, event);
      --depth;
      return done;
    }
    if (watching && receiver == ticks && event->type() == QEvent::Timer) {
      // A tick of the stall watch: the events since the last one held
      // the thread together.
      double sum = 0;
      for (const auto &e : turn)
        sum += e.first;
      if (sum > longestTurnCpu) {
        longestTurnCpu = sum, longestTurn = turn;
        longestTurnPaints = turnPaints;
      }
      turn.clear();
      turnPaints.clear();
    }
    QByteArray what = describe(receiver, event);
    ++depth;
    double c0 = StallWatch::cpuMs();
    bool done = QApplication::notify(receiver, event);
    double spent = StallWatch::cpuMs() - c0;
    --depth;
    if (watching && spent > 0.5)
      turn.push_back({spent, what});
    return done;
  }
  /// "QScrollBar in codeEditor": the class, and the nearest named
  /// ancestor (Qt's own parts are named qt_...).
  static QByteArray widgetName(QObject *o) {
    QByteArray out = o->metaObject()->className();
    for (QObject *up = o; up; up = up->parent()) {
      QByteArray name = up->objectName().toUtf8();
      if (!name.isEmpty() && !name.startsWith("qt_"))
        return out + (up == o ? " " : " in ") + name;
    }
    return out;
  }
  static QByteArray describe(QObject *receiver, QEvent *event) {
    QByteArray type = QMetaEnum::fromType<QEvent::Type>().valueToKey(event->type());
    QByteArray name = receiver->objectName().toUtf8();
    QByteArray out = type + " to " + receiver->metaObject()->className();
    if (!name.isEmpty())
      out += " \"" + name + "\"";
    if (QObject *parent = receiver->parent())
      out += QByteArray(" (in ") + parent->metaObject()->className() + ")";
    return out;
  }
  bool watching = false;
  const QObject *ticks = nullptr; ///< the stall watch's timer
  /// The events over 0.5 ms of CPU since the last tick, and of the turn
  /// that held the thread longest.
  std::vector<std::pair<double, QByteArray>> turn, longestTurn;
  std::map<QByteArray, double> turnPaints, longestTurnPaints;
  double longestTurnCpu = 0;
  /// When set: the CPU time of each widget's paint events, by widget.
  std::map<QByteArray, double> *paints = nullptr;
  int depth = 0;
};

} // namespace

int main(int argc, char **argv) {
  TimedApplication app(argc, argv);
  QApplication::setOrganizationName("SpyreExplorerBench");
  const QStringList args = QApplication::arguments();
  QString kernel;
  int steps = 200;
  RunInputs inputs;
  qint64 budgetMiB = -1;
  for (int i = 1; i < args.size(); ++i) {
    if (args[i] == "--arg" && i + 1 < args.size() && args[i + 1].contains('=')) {
      QString pair = args[++i];
      inputs.scalars[pair.section('=', 0, 0)] = pair.section('=', 1);
    } else if (args[i] == "--checkpoint-budget" && i + 1 < args.size()) {
      budgetMiB = args[++i].toLongLong();
    } else if (kernel.isEmpty()) {
      kernel = args[i];
    } else {
      steps = std::max(1, args[i].toInt());
    }
  }
  if (kernel.isEmpty()) {
    std::fprintf(stderr, "usage: spyre-explorer-runbench KERNEL.mlir [STEPS] "
                         "[--arg NAME=VALUE]... [--checkpoint-budget MIB]\n");
    return 2;
  }
  MainWindow window;
  window.resize(1500, 900);
  window.show();
  if (budgetMiB >= 0)
    window.setCheckpointBudget(uint64_t(budgetMiB) << 20);
  if (!window.openFile(kernel))
    return 2;
  window.runs()->setInputs(inputs);
  while (window.compiler().latestJob() == 0)
    app.processEvents(QEventLoop::WaitForMoreEvents);
  app.processEvents();
  if (!window.compiler().latest().ok) {
    std::fprintf(stderr, "the kernel did not compile\n");
    return 1;
  }
  EmulatorRun &run = window.runs()->emulator();
  EmulatedRunViews *views = window.runViews();
  // Each wait below blocks until an event comes
  // (processEvents(WaitForMoreEvents)): processEvents(flags, ms) returns at
  // once when none is pending, so a loop of it held a core the workers
  // being waited for could have had.

  QElapsedTimer clock;
  StallWatch stalls;
  double readyMs = -1, completeMs = -1, shownMs = -1;
  int parts = 0;
  QObject::connect(&run, &EmulatorRun::ready,
                   [&] { readyMs = double(clock.nsecsElapsed()) / 1e6; ++parts; });
  QObject::connect(&run, &EmulatorRun::extended, [&] { ++parts; });
  bool failed = false;
  QObject::connect(&run, &EmulatorRun::failed, [&] { failed = true; });
  double summaryMs = -1;
  QObject::connect(views, &EmulatedRunViews::summarised,
                   [&] { summaryMs = double(clock.nsecsElapsed()) / 1e6; });
  auto showing = [&] {
    return readyMs >= 0 && !views->indexing() &&
           !window.machine()->chart()->isPreparing();
  };
  clock.start();
  stalls.start();
  app.ticks = stalls.ticks();
  app.watching = true;
  app.paints = &app.turnPaints;
  window.runs()->runTo(0, nullptr);
  // Until the ring, the chart and the timeline show the first part (or
  // the whole run), then until the whole run is recorded and shown.
  while (!showing() && !failed)
    app.processEvents(QEventLoop::WaitForMoreEvents);
  shownMs = double(clock.nsecsElapsed()) / 1e6;
  double firstStall = stalls.longest(), firstStallCpu = stalls.longestCpu();
  uint64_t firstEvents = run.session() ? run.session()->totalEvents() : 0;
  while (!failed && !(run.complete() && !run.busy() && showing())) {
    if (completeMs < 0 && run.complete())
      completeMs = double(clock.nsecsElapsed()) / 1e6;
    app.processEvents(QEventLoop::WaitForMoreEvents);
  }
  if (completeMs < 0)
    completeMs = double(clock.nsecsElapsed()) / 1e6;
  app.processEvents();
  double allShownMs = double(clock.nsecsElapsed()) / 1e6;
  stalls.stop();
  app.watching = false;
  app.paints = nullptr;
  if (failed) {
    std::fprintf(stderr, "the emulated run failed\n");
    return 1;
  }
  const auto *session = run.session();
  std::printf("%s: %llu events, %llu cycles, recorded at %.3g events/s\n"
              "  first shown: %llu events, ready after %.0f ms, ring, chart and "
              "timeline showing it after %.0f ms (longest GUI-thread stall "
              "until then %.1f ms wall, %.1f ms CPU)\n"
              "  whole run: recorded after %.0f ms in %d part(s), shown after "
              "%.0f ms; longest GUI-thread stall %.1f ms wall, %.1f ms CPU\n",
              qPrintable(kernel), (unsigned long long)session->totalEvents(),
              (unsigned long long)session->totalCycles(),
              completeMs > 0 ? double(session->totalEvents()) / (completeMs / 1e3) : 0.0,
              (unsigned long long)firstEvents, readyMs, shownMs, firstStall,
              firstStallCpu, completeMs, parts, allShownMs, stalls.longest(),
              stalls.longestCpu());
  std::printf("  the longest turn of the event loop, events over 0.5 ms (CPU):");
  for (const auto &[spent, what] : app.longestTurn)
    std::printf("\n    %.1f ms %s", spent, what.constData());
  std::printf("\n    of which paint events:");
  printTop(app.longestTurnPaints, 1.0);

  // Steps, each painted: the ring, the chart and the timeline.
  std::vector<double> ms, cpu;
  // CPU time of each part of a step: the step with what follows it
  // (highlights, status, cursors), then each view's repaint.
  double partCpu[5] = {0, 0, 0, 0, 0};
  QWidget *timeline = window.findChild<QWidget *>("timelineView");
  const int layersBefore = window.machine()->ring()->layerBuilds();
  for (int i = 0; i < steps; ++i) {
    QElapsedTimer t;
    t.start();
    double c0 = StallWatch::cpuMs();
    if (!run.stepEvent())
      break;
    double c1 = StallWatch::cpuMs();
    window.machine()->ring()->repaint();
    double c2 = StallWatch::cpuMs();
    window.machine()->chart()->repaint();
    double c3 = StallWatch::cpuMs();
    if (timeline && timeline->isVisible())
      timeline->repaint();
    double c4 = StallWatch::cpuMs();
    app.processEvents();
    double c5 = StallWatch::cpuMs();
    partCpu[0] += c1 - c0, partCpu[1] += c2 - c1, partCpu[2] += c3 - c2;
    partCpu[3] += c4 - c3, partCpu[4] += c5 - c4;
    ms.push_back(double(t.nsecsElapsed()) / 1e6);
    cpu.push_back(c5 - c0);
  }
  if (!ms.empty())
    std::printf("  mean CPU per step: step %.2f ms, ring %.2f ms, chart %.2f ms, "
                "timeline %.2f ms, events after %.2f ms\n",
                partCpu[0] / ms.size(), partCpu[1] / ms.size(),
                partCpu[2] / ms.size(), partCpu[3] / ms.size(),
                partCpu[4] / ms.size());
  std::printf("  the ring's cached layers drawn %d time(s) in %zu steps\n",
              window.machine()->ring()->layerBuilds() - layersBefore, ms.size());
  // The same number of steps as the app takes them: each followed by the
  // event loop, which repaints only what changed (the ring's state does
  // not change within a cycle).
  std::vector<double> appMs, appCpu;
  std::map<QByteArray, double> paints, stepPaints, worstPaints;
  double worstCpu = -1, worstStep = 0;
  app.paints = &stepPaints;
  for (int i = 0; i < steps; ++i) {
    QElapsedTimer t;
    t.start();
    stepPaints.clear();
    double c0 = StallWatch::cpuMs();
    if (!run.stepEvent())
      break;
    double c1 = StallWatch::cpuMs();
    app.processEvents();
    appMs.push_back(double(t.nsecsElapsed()) / 1e6);
    appCpu.push_back(StallWatch::cpuMs() - c0);
    for (const auto &[what, spent] : stepPaints)
      paints[what] += spent;
    if (appCpu.back() > worstCpu)
      worstCpu = appCpu.back(), worstStep = c1 - c0, worstPaints = stepPaints;
  }
  app.paints = nullptr;
  // Where a step's paint goes: the widgets costing most, on average and
  // in the step that took longest.
  if (!appMs.empty()) {
    std::printf("  paint events, CPU per step:");
    printTop(paints, double(appMs.size()));
    std::printf("  the longest step (%.2f ms CPU: the step %.2f ms, then):",
                worstCpu, worstStep);
    printTop(worstPaints, 1.0);
  }
  std::sort(appMs.begin(), appMs.end());
  std::sort(appCpu.begin(), appCpu.end());
  if (!appMs.empty())
    std::printf("  %zu steps as the app paints them: median %.2f ms, longest "
                "%.2f ms (CPU median %.2f ms, longest %.2f ms)\n",
                appMs.size(), appMs[appMs.size() / 2], appMs.back(),
                appCpu[appCpu.size() / 2], appCpu.back());
  std::sort(ms.begin(), ms.end());
  std::sort(cpu.begin(), cpu.end());
  if (!ms.empty())
    std::printf("%zu steps: step + repaint median %.2f ms, longest %.2f ms "
                "(GUI-thread CPU median %.2f ms, longest %.2f ms)\n",
                ms.size(), ms[ms.size() / 2], ms.back(), cpu[cpu.size() / 2],
                cpu.back());
  // Jumps anywhere in the run, each with the repaints that follow it.
  std::mt19937_64 random(42);
  std::vector<int> lines;
  for (const auto &l : session->finalMachine().prepared().module->locations)
    if (l.ktirLine > 0)
      lines.push_back(l.ktirLine);
  std::vector<double> clickMs, backMs, lineMs;
  double clickCpu = 0, backCpu = 0, lineCpu = 0; // the longest, GUI thread
  auto timed = [&](std::vector<double> &into, double &cpu, const std::function<void()> &move) {
    QElapsedTimer t;
    t.start();
    double c0 = StallWatch::cpuMs();
    move();
    app.processEvents();
    into.push_back(double(t.nsecsElapsed()) / 1e6);
    cpu = std::max(cpu, StallWatch::cpuMs() - c0);
  };
  const uint64_t cycles = std::max<uint64_t>(session->totalCycles(), 1);
  const bool summaryDuringJumps = views->summarising();
  // A click as the Timeline makes it: the seek on a worker in a long run;
  // timed until the run has moved and the views are repainted.
  auto click = [&](uint64_t c) {
    run.requestCycle(c);
    while (run.seeking())
      app.processEvents(QEventLoop::WaitForMoreEvents);
  };
  for (int i = 0; i < std::max(1, steps / 4); ++i) {
    timed(clickMs, clickCpu, [&] { click(random() % cycles); });
    timed(backMs, backCpu, [&] { run.stepBack(); });
    if (!lines.empty())
      timed(lineMs, lineCpu,
            [&] { run.runToNextEventOfLine(lines[random() % lines.size()]); });
  }
  std::printf("  jumps, longest / median (longest GUI-thread CPU): a click on the "
              "timeline %s (%.1f ms); a step back after it %s (%.1f ms); a run to a "
              "KTIR line %s (%.1f ms)\n",
              worstAndMedian(clickMs).constData(), clickCpu,
              worstAndMedian(backMs).constData(), backCpu,
              worstAndMedian(lineMs).constData(), lineCpu);
  // Clicks one after another as a user makes them: each until the ring
  // shows its cycle (not the state of the cycle before, faded, while the
  // window around it is re-executed).
  RingView *ringView = window.machine()->ring();
  std::vector<double> firstMs, ringMs, seekMs;
  double moveCpu = 0, paintCpu = 0, firstCpu = 0;
  uint64_t longestReplay = 0;
  std::map<QByteArray, double> clickPaints, worstClickPaints;
  for (int i = 0; i < std::max(1, steps / 4); ++i) {
    QElapsedTimer t;
    t.start();
    clickPaints.clear();
    app.paints = &clickPaints;
    double c0 = StallWatch::cpuMs();
    click(random() % cycles);
    seekMs.push_back(double(t.nsecsElapsed()) / 1e6);
    double c1 = StallWatch::cpuMs();
    app.processEvents();
    double c2 = StallWatch::cpuMs();
    app.paints = nullptr;
    if (c2 - c1 > paintCpu)
      worstClickPaints = clickPaints;
    firstMs.push_back(double(t.nsecsElapsed()) / 1e6);
    moveCpu = std::max(moveCpu, c1 - c0);
    paintCpu = std::max(paintCpu, c2 - c1);
    firstCpu = std::max(firstCpu, c2 - c0);
    longestReplay = std::max(longestReplay, session->lastReplay());
    while (ringView->liveStatePending() && t.elapsed() < 10000)
      app.processEvents(QEventLoop::WaitForMoreEvents);
    ringMs.push_back(double(t.nsecsElapsed()) / 1e6);
  }
  std::printf("  clicks one by one (the run's summary %s): moved (replaying up to %llu "
              "events) %s, repainted %s (longest GUI-thread CPU %.1f ms: until moved "
              "%.1f ms, the repaints after %.1f ms); the ring showing the click's "
              "cycle %s\n",
              summaryDuringJumps ? "being worked out meanwhile" : "done",
              (unsigned long long)longestReplay, worstAndMedian(seekMs).constData(),
              worstAndMedian(firstMs).constData(), firstCpu, moveCpu, paintCpu,
              worstAndMedian(ringMs).constData());
  std::printf("    paint events of the click that repainted longest:");
  printTop(worstClickPaints, 1.0);
  // Zooms of the Timeline to a quarter of an overview bucket somewhere in
  // a long run: the window around it is re-executed on a worker (after
  // the zoom has settled for TimelineFeed's 150 ms) and drawn.
  auto *feed = window.findChild<TimelineFeed *>();
  auto *timelineView = window.findChild<TimelineView *>("timelineView");
  if (feed && timelineView && timelineView->isVisible() && !session->detailed()) {
    std::vector<double> zoomMs;
    uint64_t zoomEvents = 0;
    const uint64_t quarter = std::max<uint64_t>(session->overview().width() / 4, 1);
    for (int i = 0; i < std::max(1, steps / 20); ++i) {
      const double first = double(random() % cycles), last = first + double(quarter);
      QElapsedTimer t;
      t.start();
      timelineView->setVisibleRange(first, last);
      auto drawn = [&] {
        const spyre::emu::RunWindow *w = feed->window();
        return !feed->filling() && w && double(w->fromCycle) <= first &&
               double(w->toCycle) >= std::min(last, double(cycles));
      };
      while (!drawn() && t.elapsed() < 60000)
        app.processEvents(QEventLoop::WaitForMoreEvents);
      zoomMs.push_back(double(t.nsecsElapsed()) / 1e6);
      if (const spyre::emu::RunWindow *w = feed->window())
        zoomEvents = std::max(zoomEvents, w->lastEvent - w->firstEvent);
    }
    timelineView->fitAll();
    app.processEvents();
    std::printf("  a zoom to a quarter of a timeline bucket (%llu cycles): the window "
                "re-executed and drawn after %s (150 ms of it the wait for the zoom "
                "to settle; windows of up to %llu events)\n",
                (unsigned long long)quarter, worstAndMedian(zoomMs).constData(),
                (unsigned long long)zoomEvents);
  }
  // Playback as F5 plays the run (RunControls' rate: the whole run in
  // 330 ticks of 30 ms) from its start: at every tick, how many cycles
  // the ring's state is behind the cursor (a long run's ring is a window
  // re-executed on a worker; meanwhile it shows an earlier cycle, faded).
  {
    run.requestCycle(0);
    QElapsedTimer settle;
    settle.start();
    while ((run.seeking() || ringView->liveStatePending()) && settle.elapsed() < 60000)
      app.processEvents(QEventLoop::WaitForMoreEvents);
    run.setPlayRate(int(std::max<uint64_t>(1, session->totalEvents() / 330)), 30);
    std::vector<double> lags;
    size_t behind = 0;
    QElapsedTimer t;
    t.start();
    run.play();
    while (run.playing() && t.elapsed() < 120000) {
      app.processEvents(QEventLoop::WaitForMoreEvents);
      const RingLiveState &live = ringView->liveState();
      const uint64_t at = session->cycle();
      // Faded, it shows another cycle (before a seek back: a later one).
      const bool faded = !live.valid || ringView->liveStatePending();
      const uint64_t shown = live.valid ? live.cycle : 0;
      lags.push_back(!faded ? 0.0 : double(at > shown ? at - shown : shown - at));
      behind += faded ? 1 : 0;
    }
    const double playedMs = double(t.nsecsElapsed()) / 1e6;
    while (ringView->liveStatePending() && t.elapsed() < 120000)
      app.processEvents(QEventLoop::WaitForMoreEvents);
    const double caughtMs = double(t.nsecsElapsed()) / 1e6 - playedMs;
    std::vector<double> sorted = lags;
    std::sort(sorted.begin(), sorted.end());
    std::printf("  playback (F5's rate, %.0f ms): the ring's cycle off the cursor's by %.0f "
                "cycles at most, %.0f median, %.0f %% of %zu looks at it faded; caught "
                "up %.0f ms after the end\n",
                playedMs, sorted.empty() ? 0.0 : sorted.back(),
                sorted.empty() ? 0.0 : sorted[sorted.size() / 2],
                lags.empty() ? 0.0 : 100.0 * double(behind) / double(lags.size()),
                lags.size(), caughtMs);
  }
  if (summaryMs >= 0)
    std::printf("  the run's summary shown after %.0f ms\n", summaryMs);
  else
    std::printf("  the run's summary not shown yet\n");
  std::printf("  resident memory %.0f MB, peak %.0f MB\n", rssMb(), statusMb("VmHWM:"));
  return 0;
}
