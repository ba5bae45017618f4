//===- LongRunViewsTest.cpp - a run longer than every limit, in the views -===//
//
// Issue 26: no view shows part of a run as if it were the whole. softmax
// is recorded with limits far below its length (1,000 events of trace, 64
// buckets of overview, a checkpoint budget of a few states), so nothing of
// it is kept whole; the same run recorded whole gives the expected
// numbers. Then:
//   * the Timeline reaches the run's last cycle, each engine's busy cycles
//     are the whole run's, and the dock says what a stretch stands for;
//     zoomed in to a few buckets, the cycles shown are re-executed and
//     drawn instruction by instruction, as the whole run's there;
//   * the Scratchpad chart reaches the run's end, its peak is the run's,
//     and its subtitle says each step is the most in use in N cycles;
//   * the ring at the middle of the run (a window re-executed around the
//     cursor) shows the whole run's state there: busy and blocked
//     engines, scratchpad bytes, link traffic;
//   * the Run summary's numbers are the whole run's.
//
//===----------------------------------------------------------------------===//

#include "CompileController.h"
#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "MachineDocks.h"
#include "OccupancyChart.h"
#include "RingView.h"
#include "RunSummary.h"
#include "SampleText.h"
#include "SessionReport.h"
#include "TimelineDock.h"
#include "TimelineFeed.h"
#include "TimelineView.h"
#include "models/Bytes.h"
#include "models/OccupancyModel.h"
#include "models/RingLiveState.h"
#include "models/TimelineModel.h"

#include "driver/Emulate.h"
#include "emu/Report.h"

#include <QFile>
#include <QMainWindow>
#include <QSignalSpy>
#include <QTest>

namespace {

/// The run views with a Timeline dock (as the main window has one).
struct Rig {
  QMainWindow window;
  CompileController compiler;
  MachineDocks docks{&window, &compiler};
  TimelineDock *timeline = [this] {
    auto *d = new TimelineDock(&window);
    window.addDockWidget(Qt::BottomDockWidgetArea, d);
    return d;
  }();
  EmulatorRun run;
  EmulatedRunViews views{&window, &docks, &run, &compiler};
};

uint64_t busyOf(const TimelineModel &m, int engine) {
  return m.lanes()[size_t(engine)].busyCycles;
}

/// A kernel (softmax: `reps` 0; bench/softmax_scaled.mlir: its
/// repetitions).
struct Kernel {
  QString name, text;
  int reps = 0;
};

/// The kernel's run recorded whole (what every view must show).
spyre::driver::Emulation recordedWhole(const Kernel &k) {
  spyre::driver::EmulateRequest request;
  request.run.source = k.text.toStdString();
  request.run.sourceName = k.name.toStdString();
  request.run.seed = 0;
  if (k.reps > 0)
    request.run.args["reps"].text = std::to_string(k.reps);
  spyre::emu::SessionOptions keepAll;
  keepAll.detailEvents = uint64_t(1) << 30;
  return spyre::driver::startSession(request, keepAll);
}

/// The same run in `rig`'s views with limits far below its length.
bool startLimited(Rig &rig, const Kernel &k, const spyre::emu::Session &all) {
  rig.window.resize(1400, 900);
  rig.window.show();
  if (!QTest::qWaitForWindowExposed(&rig.window))
    return false;
  EmulatorRun::Input in;
  in.source = k.text;
  in.name = k.name;
  if (k.reps > 0)
    in.scalars["reps"] = QString::number(k.reps);
  in.detailEvents = 1000;
  in.overviewBuckets = 64;
  in.checkpointBudget = 16 * spyre::emu::Session::stateBytes(all.finalMachine().state());
  QSignalSpy ready(&rig.run, &EmulatorRun::ready);
  rig.run.start(in);
  if (!ready.wait(60000))
    return false;
  if (!QTest::qWaitFor([&] { return rig.run.complete() && !rig.run.busy(); }, 60000))
    return false;
  rig.views.finishIndexing();
  return rig.run.session() && !rig.run.session()->detailed();
}

/// The ring shows the whole run's state at the session's cycle: busy and
/// blocked engines, scratchpad bytes, link traffic.
void checkRing(const Rig &rig, const spyre::emu::Session &all) {
  const uint64_t cycle = rig.run.session()->cycle();
  RingStateIndex exact(all.trace().events, all.trace().links,
                       RingStateIndex::enginesOf(all.finalMachine().prepared()),
                       all.finalMachine().arch().numCores, nullptr);
  RingLiveState want = exact.at(cycle);
  const RingLiveState &live = rig.docks.ring()->liveState();
  QVERIFY(live.valid);
  QVERIFY(!rig.docks.ring()->liveStatePending());
  QCOMPARE(live.cycle, cycle);
  QCOMPARE(live.cores.size(), want.cores.size());
  for (size_t c = 0; c < live.cores.size(); ++c) {
    QCOMPARE(live.cores[c].busy, want.cores[c].busy);
    QCOMPARE(live.cores[c].blocked, want.cores[c].blocked);
    uint64_t held = 0;
    for (const auto &i : all.trace().lx)
      if (size_t(i.core) == c && i.start <= cycle && i.end > cycle)
        held += uint64_t(i.bytes);
    QCOMPARE(live.cores[c].lxBytes, held);
  }
  QCOMPARE(live.links.size(), want.links.size());
  for (size_t l = 0; l < live.links.size(); ++l) {
    QCOMPARE(live.links[l].link, want.links[l].link);
    QCOMPARE(live.links[l].direction, want.links[l].direction);
    QCOMPARE(live.links[l].bytes, want.links[l].bytes);
  }
}

} // namespace

class LongRunViewsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void longerThanEveryLimit() {
    const Kernel softmax{"softmax.mlir", sampleText("softmax.mlir")};
    spyre::driver::Emulation whole = recordedWhole(softmax);
    QVERIFY(whole.session && whole.session->detailed());
    const spyre::emu::Session &all = *whole.session;
    Rig rig;
    QVERIFY(startLimited(rig, softmax, all));
    const spyre::emu::Session *s = rig.run.session();
    QVERIFY(s && !s->detailed());
    QCOMPARE(s->totalEvents(), all.totalEvents());
    QCOMPARE(s->totalCycles(), all.totalCycles());

    // The Timeline: the whole run, its busy cycles, and what it stands for.
    TimelineModel &model = rig.timeline->model();
    QCOMPARE(model.endCycle(), all.totalCycles());
    std::unique_ptr<TimelineModel> expected = TimelineFeed::build(all);
    for (int e = 0; e < int(model.lanes().size()); ++e)
      QCOMPARE(busyOf(model, e), busyOf(*expected, e));
    QVERIFY2(rig.timeline->note().contains("cycles"), qPrintable(rig.timeline->note()));
    // Zoomed in to a few buckets: that window re-executed, every
    // instruction drawn as the whole run's.
    TimelineView *view = rig.timeline->view();
    const double mid = double(all.totalCycles()) / 2;
    view->setVisibleRange(mid, mid + 40);
    // The feed asks for the window once the range has settled.
    QTRY_VERIFY_WITH_TIMEOUT(rig.timeline->note().contains("every instruction"), 20000);
    for (int e = 0; e < int(model.lanes().size()); ++e) {
      auto inside = [&](const TimelineModel &m) {
        std::vector<timeline::Interval> out;
        for (const timeline::Interval &i : m.lanes()[size_t(e)].busy)
          if (i.start >= uint64_t(mid) && i.end <= uint64_t(mid) + 40)
            out.push_back(i);
        return out;
      };
      auto got = inside(model), want = inside(*expected);
      QCOMPARE(got.size(), want.size());
      for (size_t k = 0; k < got.size(); ++k) {
        QCOMPARE(got[k].start, want[k].start);
        QCOMPARE(got[k].end, want[k].end);
        QCOMPARE(got[k].line, want[k].line);
      }
    }

    // The chart: to the end, the run's peak, and what a step stands for.
    spyre::emu::Summary summary = spyre::emu::summarise(all.finalMachine());
    const int64_t peak = *std::max_element(summary.peakLxBytes.begin(),
                                           summary.peakLxBytes.end());
    QCOMPARE(int64_t(rig.docks.occupancy()->peak(-1).bytes), peak);
    QVERIFY(rig.docks.occupancy()->sharedIndex()->endTime() + s->overview().width() * 2 >=
            all.totalCycles());
    QVERIFY2(rig.docks.chart()->subtitleText().contains("the most in use in"),
             qPrintable(rig.docks.chart()->subtitleText()));

    // The ring in the middle of the run: the whole run's state there.
    QVERIFY(rig.run.runToCycle(all.totalCycles() / 2));
    rig.views.finishIndexing();
    checkRing(rig, all);

    // The chart's readout at the cursor says what the ring says, the bytes
    // in use at that cycle, not the most of the bucket the chart draws
    // there (matmul_kloop: "14 KiB in use on core 8" beside the ring's 10).
    auto heldAt = [&](int core, uint64_t cycle) {
      uint64_t held = 0;
      for (const auto &i : all.trace().lx)
        if (i.core == core && i.start <= cycle && i.end > cycle)
          held += uint64_t(i.bytes);
      return held;
    };
    bool compared = false;
    const int cores = all.finalMachine().arch().numCores;
    for (uint64_t cycle = all.totalCycles() / 3; cycle < all.totalCycles() && !compared;
         cycle += 13) {
      for (int c = 0; c < cores && !compared; ++c) {
        if (heldAt(c, cycle) == rig.docks.occupancy()->valueAt(c, cycle))
          continue;
        QVERIFY(rig.run.runToCycle(cycle));
        rig.views.finishIndexing();
        if (rig.run.session()->cycle() != cycle)
          break;
        checkRing(rig, all);
        rig.docks.focusCore(c);
        const QString want = QString("cycle %1: %2 in use on core %3")
                                 .arg(formatCount(cycle), formatBytes(heldAt(c, cycle)))
                                 .arg(c);
        QCOMPARE(rig.docks.chart()->cursorText(), want);
        rig.docks.focusCore(-1);
        compared = true;
      }
    }
    QVERIFY(compared);

    // The Run summary: the whole run's numbers.
    QTRY_VERIFY_WITH_TIMEOUT(!rig.views.summarising() &&
                                 rig.views.summary()->runs().size() == 1,
                             120000);
    const RunSummaryData &data = rig.views.summary()->runs().front();
    QCOMPARE(data.summary.totalCycles, summary.totalCycles);
    QCOMPARE(data.summary.events, summary.events);
    QVERIFY(data.summary.peakLxBytes == summary.peakLxBytes);
    QCOMPARE(data.summary.bottleneck, summary.bottleneck);
    // Why N cycles needs the whole trace, not kept: the summary says so
    // (it was left out without a word).
    QVERIFY(data.why.empty());
    QVERIFY2(rig.views.summary()->plainText().contains("is not worked out"),
             qPrintable(rig.views.summary()->plainText()));
    // and so does the exported report's run summary.
    const QString report = SessionReport::runSummaryHtml(data);
    QVERIFY2(report.contains("is not worked out for this run"), qPrintable(report));
  }

  /// Jumps anywhere in a long run, as clicks on the Timeline: until the
  /// window around the new cycle is re-executed the ring says that what it
  /// shows is of an earlier cycle (faded), then it shows the whole run's
  /// state there; and so at the steps after each jump, forwards and back,
  /// and at the first cycles of the window (the transfers under way when
  /// its re-execution started, from a state the seek kept on its way).
  void ringAfterJumpsIsTheRunsState() {
    // softmax eight times over (about 8,300 cycles): a jump leaves the
    // ring's window (1,024 cycles) behind.
    QFile file(QStringLiteral(SPYRE_SAMPLES_DIR "/../bench/softmax_scaled.mlir"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Kernel scaled{"softmax_scaled.mlir", QString::fromUtf8(file.readAll()), 8};
    spyre::driver::Emulation whole = recordedWhole(scaled);
    QVERIFY(whole.session && whole.session->detailed());
    const spyre::emu::Session &all = *whole.session;
    Rig rig;
    QVERIFY(startLimited(rig, scaled, all));
    const spyre::emu::Session *s = rig.run.session();
    const uint64_t total = all.totalCycles();
    int pending = 0;
    for (uint64_t cycle :
         {total * 4 / 5, total / 5, total / 2, total / 2 - 700, total - 3}) {
      QVERIFY(rig.run.runToCycle(cycle));
      const RingLiveState before = rig.docks.ring()->liveState();
      if (rig.docks.ring()->liveStatePending()) {
        ++pending;
        // The state of the cycle before the jump, said to be that.
        QVERIFY(before.cycle != s->cycle());
        QVERIFY2(rig.docks.ring()->headerText().contains(
                     QStringLiteral("working out cycle %1").arg(formatCount(s->cycle()))),
                 qPrintable(rig.docks.ring()->headerText()));
      }
      rig.views.finishIndexing();
      checkRing(rig, all);
      for (int i = 0; i < 40 && rig.run.stepEvent(); ++i)
        rig.views.finishIndexing();
      checkRing(rig, all);
      for (int i = 0; i < 60; ++i)
        QVERIFY(rig.run.stepBack());
      rig.views.finishIndexing();
      checkRing(rig, all);
    }
    // Every jump but the one 700 cycles back left the window.
    QVERIFY(pending >= 4);
  }
};

QTEST_MAIN(LongRunViewsTest)
#include "LongRunViewsTest.moc"
