//===- runbench.cpp - an emulated run in the real window, measured --------===//
//
//   spyre-explorer-runbench KERNEL.mlir [STEPS]   (offscreen or under Xvfb)
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
// changed): median and longest, wall and GUI-thread CPU; and the
// process's resident memory with the run loaded. Numbers go to
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
#include "StallWatch.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

double rssMb() {
  QFile status("/proc/self/status");
  if (!status.open(QIODevice::ReadOnly))
    return 0;
  for (const QByteArray &line : status.readAll().split('\n'))
    if (line.startsWith("VmRSS:"))
      return line.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("SpyreExplorerBench");
  if (argc < 2) {
    std::fprintf(stderr, "usage: spyre-explorer-runbench KERNEL.mlir [STEPS]\n");
    return 2;
  }
  int steps = argc > 2 ? std::max(1, atoi(argv[2])) : 200;
  MainWindow window;
  window.resize(1500, 900);
  window.show();
  if (!window.openFile(QString::fromLocal8Bit(argv[1])))
    return 2;
  while (window.compiler().latestJob() == 0)
    app.processEvents(QEventLoop::WaitForMoreEvents, 50);
  app.processEvents();
  if (!window.compiler().latest().ok) {
    std::fprintf(stderr, "the kernel did not compile\n");
    return 1;
  }
  EmulatorRun &run = window.runs()->emulator();
  EmulatedRunViews *views = window.runViews();

  QElapsedTimer clock;
  StallWatch stalls;
  double readyMs = -1, completeMs = -1, shownMs = -1;
  int parts = 0;
  QObject::connect(&run, &EmulatorRun::ready,
                   [&] { readyMs = double(clock.nsecsElapsed()) / 1e6; ++parts; });
  QObject::connect(&run, &EmulatorRun::extended, [&] { ++parts; });
  bool failed = false;
  QObject::connect(&run, &EmulatorRun::failed, [&] { failed = true; });
  auto showing = [&] {
    return readyMs >= 0 && !views->indexing() &&
           !window.machine()->chart()->isPreparing();
  };
  clock.start();
  stalls.start();
  window.runs()->runTo(0, nullptr);
  // Until the ring, the chart and the timeline show the first part (or
  // the whole run), then until the whole run is recorded and shown.
  while (!showing() && !failed)
    app.processEvents(QEventLoop::WaitForMoreEvents, 5);
  shownMs = double(clock.nsecsElapsed()) / 1e6;
  double firstStall = stalls.longest(), firstStallCpu = stalls.longestCpu();
  uint64_t firstEvents = run.session() ? run.session()->totalEvents() : 0;
  while (!failed && !(run.complete() && !run.busy() && showing())) {
    if (completeMs < 0 && run.complete())
      completeMs = double(clock.nsecsElapsed()) / 1e6;
    app.processEvents(QEventLoop::WaitForMoreEvents, 5);
  }
  if (completeMs < 0)
    completeMs = double(clock.nsecsElapsed()) / 1e6;
  app.processEvents();
  double allShownMs = double(clock.nsecsElapsed()) / 1e6;
  stalls.stop();
  if (failed) {
    std::fprintf(stderr, "the emulated run failed\n");
    return 1;
  }
  const auto *session = run.session();
  std::printf("%s: %llu events, %llu cycles\n"
              "  first shown: %llu events, ready after %.0f ms, ring, chart and "
              "timeline showing it after %.0f ms (longest GUI-thread stall "
              "until then %.1f ms wall, %.1f ms CPU)\n"
              "  whole run: recorded after %.0f ms in %d part(s), shown after "
              "%.0f ms; longest GUI-thread stall %.1f ms wall, %.1f ms CPU\n",
              argv[1], (unsigned long long)session->totalEvents(),
              (unsigned long long)session->totalCycles(),
              (unsigned long long)firstEvents, readyMs, shownMs, firstStall,
              firstStallCpu, completeMs, parts, allShownMs, stalls.longest(),
              stalls.longestCpu());

  // Steps, each painted: the ring, the chart and the timeline.
  std::vector<double> ms, cpu;
  // CPU time of each part of a step: the step with what follows it
  // (highlights, status, cursors), then each view's repaint.
  double partCpu[5] = {0, 0, 0, 0, 0};
  QWidget *timeline = window.findChild<QWidget *>("timelineView");
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
  // The same number of steps as the app takes them: each followed by the
  // event loop, which repaints only what changed (the ring's state does
  // not change within a cycle).
  std::vector<double> appMs, appCpu;
  for (int i = 0; i < steps; ++i) {
    QElapsedTimer t;
    t.start();
    double c0 = StallWatch::cpuMs();
    if (!run.stepEvent())
      break;
    app.processEvents();
    appMs.push_back(double(t.nsecsElapsed()) / 1e6);
    appCpu.push_back(StallWatch::cpuMs() - c0);
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
                "(GUI-thread CPU median %.2f ms, longest %.2f ms); resident "
                "memory %.0f MB\n",
                ms.size(), ms[ms.size() / 2], ms.back(), cpu[cpu.size() / 2],
                cpu.back(), rssMb());
  return 0;
}
