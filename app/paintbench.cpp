//===- paintbench.cpp - repaint times of the ring view and the chart ------===//
//
//   spyre-explorer-paintbench [EVENTS]   (offscreen or under Xvfb)
//
// Prints, for the ring view with 32 and 4 cores and for the occupancy
// chart with EVENTS (default 100000) scratchpad events on one core: how
// long a rebuild holds the GUI thread and how long until its picture
// shows (the series prepared on a worker, then, for comparison, on the
// GUI thread), then the median and the longest of 100 synchronous
// repaints of each widget. Numbers go to
// docs/app-performance.md.
//
//===----------------------------------------------------------------------===//

#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "RingView.h"
#include "StallWatch.h"

#include "arch/Arch.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsView>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

namespace {

struct Times {
  double median = 0, longest = 0;
};

template <typename Paint> Times measure(Paint paint, int runs = 100) {
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    QElapsedTimer timer;
    timer.start();
    paint();
    ms.push_back(double(timer.nsecsElapsed()) / 1e6);
  }
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.back()};
}

spyre::arch::Arch preset(const char *name) {
  std::vector<spyre::arch::Diagnostic> errors;
  return *spyre::arch::parseArch(*spyre::arch::presetText(name), name, errors);
}

} // namespace

int main(int argc, char **argv) {
  QApplication app(argc, argv);
  int events = argc > 1 ? std::max(1, atoi(argv[1])) : 100000;

  for (const char *name : {"spyre", "spyre-4core"}) {
    RingView ring;
    spyre::arch::Arch arch = preset(name);
    ring.setArchitecture(arch);
    spyre::driver::PassSnapshot snapshot;
    snapshot.pass = "place-tiles";
    for (int tile = 0; tile < arch.numCores; ++tile)
      snapshot.placement.push_back(tile);
    snapshot.buffers.push_back({"memref<4x256xf16>", 2048, 0, 1});
    ring.setSnapshot(&snapshot);
    ring.setRunPeaks(std::vector<uint64_t>(size_t(arch.numCores), 65536));
    ring.focusCore(3);
    ring.resize(700, 700);
    ring.show();
    app.processEvents();
    Times t = measure([&] { ring.repaint(); });
    std::printf("ring view, %d cores, 700x700: repaint median %.2f ms, "
                "longest %.2f ms\n",
                arch.numCores, t.median, t.longest);
    // As during a run: another cycle's state before each repaint (busy
    // engines, scratchpad fill, a third of the links carrying traffic).
    int cycle = 0;
    Times live = measure([&] {
      RingLiveState state;
      state.valid = true;
      state.cycle = uint64_t(++cycle);
      state.lxCapacity = uint64_t(arch.scratchpadBytesPerCore);
      for (int c = 0; c < arch.numCores; ++c) {
        RingLiveState::Core core;
        core.engines = 5;
        if ((c + cycle) % 3 == 0)
          core.busy = {"sfu#0", "l1lu#0"};
        core.lxBytes = uint64_t((c * 7 + cycle) % 64) * 8192;
        state.cores.push_back(core);
      }
      for (int l = cycle % 3; l < arch.numCores; l += 3)
        state.links.push_back({l, l % 2, 4096, l % 4 == 0});
      ring.setLiveState(std::move(state));
      ring.repaint();
    });
    std::printf("ring view, %d cores, 700x700, a run's state changing at "
                "each repaint: median %.2f ms, longest %.2f ms\n",
                arch.numCores, live.median, live.longest);
  }

  spyre::driver::OccupancyTrace trace;
  trace.capacityBytes = 2u << 20;
  trace.cores = 1;
  std::mt19937 rng(1);
  uint64_t inUse = 0;
  for (int i = 1; i <= events; ++i) {
    bool alloc = inUse < 4096 || (rng() % 2 && inUse < (1u << 20));
    int64_t delta = alloc ? 4096 : -4096;
    inUse = uint64_t(int64_t(inUse) + delta);
    trace.events.push_back(
        {0, uint64_t(i), delta, inUse, 0, int(rng() % 9) + 1, "op"});
  }
  OccupancyModel model;
  OccupancyChart chart;
  chart.resize(1200, 420);
  chart.show();
  app.processEvents();
  // A rebuild: how long the GUI thread is held (the longest gap between
  // ticks of a 1 ms timer) and how long until the new picture is shown.
  auto rebuild = [&](auto change, const char *what) {
    QElapsedTimer timer;
    StallWatch stalls;
    bool shown = false;
    auto done = QObject::connect(&chart, &OccupancyChart::redrawn,
                                 [&] { shown = true; });
    stalls.start();
    timer.start();
    change();
    double call = double(timer.nsecsElapsed()) / 1e6;
    stalls.tick();
    while (!shown)
      app.processEvents(QEventLoop::WaitForMoreEvents);
    app.processEvents();
    double total = double(timer.nsecsElapsed()) / 1e6;
    stalls.stop();
    double longestGap = stalls.longest();
    QObject::disconnect(done);
    auto *view = chart.findChild<QGraphicsView *>("occupancyChartView");
    Times paint = measure([&] { view->viewport()->repaint(); });
    std::printf("chart, %d events, %s: picture after %.1f ms, GUI thread "
                "held at most %.1f ms (the call %.1f ms), %d points; repaint "
                "median %.2f ms, longest %.2f ms\n",
                events, what, total, longestGap, call, chart.plottedPoints(),
                paint.median, paint.longest);
  };
  // The app indexes a run's trace on a worker thread too.
  QElapsedTimer indexing;
  indexing.start();
  auto index = std::make_shared<const OccupancyIndex>(trace);
  std::printf("indexing %d events (on a worker in the app): %.1f ms\n", events,
              double(indexing.nsecsElapsed()) / 1e6);
  rebuild([&] {
    model.setIndex(index);
    chart.setModel(&model);
  }, "all cores (one line)");
  rebuild([&] { chart.setFocusedCore(0); }, "core 0 stacked by line");
  // The same with the series built on the GUI thread (as before).
  chart.setBackgroundThreshold(events + 1);
  rebuild([&] { chart.setFocusedCore(-1); },
          "all cores, built on the GUI thread");
  rebuild([&] { chart.setFocusedCore(0); },
          "core 0 stacked, built on the GUI thread");
  return 0;
}
