//===- EmulatedRunViewsTest.cpp - ring, chart and summary follow a run ----===//
//
// A scripted session on the real docks: run softmax on the emulator, the
// chart gets the run's LX intervals (in cycles), the ring the state at the
// current cycle; step 10 events, then back 3: the ring's live state and
// the chart's cursor are the trace's at the session's cycle; clicking the
// chart moves the run to that cycle; the summary's numbers are
// emu::summarise's of the recorded run, and working them out started no
// second emulation; the Chrome trace is written; a comparison with the
// 4-core preset shows both runs side by side. A recording stopped while
// it is shown in parts says so on the chart and in the summary.
//
//===----------------------------------------------------------------------===//

#include "SampleText.h"
#include "CompileController.h"
#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "MachineDocks.h"
#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "RingView.h"
#include "RunController.h"
#include "RunSummary.h"
#include "RunViewsRig.h"

#include "driver/Emulate.h"
#include "emu/Report.h"

#include <QFile>
#include <QGraphicsView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMainWindow>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

} // namespace

class EmulatedRunViewsTest : public QObject {
  Q_OBJECT

  /// The ring and the chart show the state at the session's cycle.
  void checkAtCursor(EmulatedRunViews &views, MachineDocks &docks,
                     const EmulatorRun &run) {
    uint64_t cycle = run.session()->cycle();
    const RingLiveState &live = docks.ring()->liveState();
    QVERIFY(live.valid);
    QCOMPARE(live.cycle, cycle);
    RingLiveState expected = views.ringIndex()->at(cycle);
    QCOMPARE(live.links.size(), expected.links.size());
    for (size_t c = 0; c < live.cores.size(); ++c) {
      QCOMPARE(live.cores[c].busy, expected.cores[c].busy);
      // The scratchpad bytes are the LX intervals covering the cycle.
      uint64_t held = 0;
      for (const auto &i : run.session()->trace().lx)
        if (size_t(i.core) == c && i.start <= cycle && i.end > cycle)
          held += uint64_t(i.bytes);
      QCOMPARE(live.cores[c].lxBytes, held);
    }
    QVERIFY(docks.chart()->cursorTime());
    QCOMPARE(*docks.chart()->cursorTime(), cycle);
  }

private Q_SLOTS:
  void followsTheRun() {
    RunViewsRig rig;
    auto &[window, compiler, docks, run, views] = rig;
    QVERIFY(rig.show({1200, 800}));

    QSignalSpy ready(&run, &EmulatorRun::ready);
    EmulatorRun::Input in;
    in.source = sampleText("softmax.mlir");
    in.name = "softmax.mlir";
    in.seed = 0;
    run.start(in);
    QVERIFY(ready.wait(60000));
    // The recording was the one emulation; the summary adds none.
    uint64_t emulations = spyre::driver::emulationsStarted();
    views.finishIndexing();
    const spyre::emu::Session *session = run.session();
    QVERIFY(session);
    // The chart holds the emulator's trace: cycles, one event per fill and
    // one per release of every LX buffer copy.
    OccupancyModel *model = docks.occupancy();
    QCOMPARE(model->trace().timeUnit, std::string("cycle"));
    QCOMPARE(model->rowCount(), int(2 * session->trace().lx.size()));
    QVERIFY(docks.chart()->plottedPoints() > 0);
    spyre::emu::Summary summary = spyre::emu::summarise(session->finalMachine());
    QCOMPARE(int64_t(model->peak(-1).bytes),
             *std::max_element(summary.peakLxBytes.begin(),
                               summary.peakLxBytes.end()));
    checkAtCursor(views, docks, run);

    // Step 10 events, back 3: the views follow.
    for (int i = 0; i < 10; ++i)
      QVERIFY(run.stepEvent());
    checkAtCursor(views, docks, run);
    for (int i = 0; i < 3; ++i)
      QVERIFY(run.stepBack());
    QCOMPARE(run.session()->position(), 7ull);
    checkAtCursor(views, docks, run);
    // Somewhere busy: the middle of the run.
    QVERIFY(run.runToCycle(session->totalCycles() / 2));
    checkAtCursor(views, docks, run);
    int busy = 0;
    for (const auto &c : docks.ring()->liveState().cores)
      busy += int(c.busy.size()) + int(c.blocked.size());
    QVERIFY(busy > 0);

    // A click on the chart moves the run there.
    auto *view = docks.chart()->findChild<QGraphicsView *>("occupancyChartView");
    QVERIFY(view && view->isVisible());
    QSignalSpy clicked(docks.chart(), &OccupancyChart::timeClicked);
    QPoint at(view->viewport()->width() / 3, view->viewport()->height() / 2);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(clicked.count(), 1);
    quint64 asked = clicked.at(0).at(0).toULongLong();
    QVERIFY(run.session()->cycle() <= asked);
    checkAtCursor(views, docks, run);

    // The summary: the recorded run's numbers.
    QTRY_VERIFY_WITH_TIMEOUT(!views.summarising() &&
                                 views.summary()->runs().size() == 1,
                             60000);
    const RunSummaryData &data = views.summary()->runs().front();
    QVERIFY(data.ok);
    QCOMPARE(data.summary.totalCycles, summary.totalCycles);
    QCOMPARE(data.summary.peakLxBytes, summary.peakLxBytes);
    QCOMPARE(data.summary.bottleneck, summary.bottleneck);
    QCOMPARE(data.summary.events, session->totalEvents());
    QCOMPARE(data.summary.engines.size(), summary.engines.size());
    for (size_t i = 0; i < summary.engines.size(); ++i)
      QCOMPARE(data.summary.engines[i].busyCycles, summary.engines[i].busyCycles);
    QCOMPARE(data.summary.links.size(), summary.links.size());
    QCOMPARE(spyre::driver::emulationsStarted(), emulations);
    QVERIFY(data.compared);
    QVERIFY(views.summary()->plainText().contains("Outputs"));

    // Run on Interpreter replaces the chart's trace: the emulated run's
    // cursor (a cycle) leaves it, and stepping does not bring it back. A
    // value still chosen for another kernel's %M is not in the chart's
    // subtitle (it named another kernel's scalars).
    QSignalSpy interpreted(&docks.runner(), &RunController::finished);
    docks.addRunMenu(window.menuBar(), [&] {
      return RunController::Input{in.source, in.name, QString(), 0, {}, {{"M", "9"}}};
    });
    docks.run();
    QVERIFY(interpreted.wait(60000));
    QVERIFY2(!docks.chart()->subtitleText().contains("%M"),
             qPrintable(docks.chart()->subtitleText()));
    QVERIFY(docks.chart()->subtitleText().contains("seed 0"));
    QCOMPARE(model->trace().timeUnit, std::string("event"));
    QVERIFY(!docks.chart()->cursorTime());
    QVERIFY(run.stepEvent());
    QVERIFY(!docks.chart()->cursorTime());

    // Chrome trace.
    QTemporaryDir dir;
    QString error;
    QString path = dir.filePath("run.json");
    QVERIFY2(views.exportChromeTrace(path, error), qPrintable(error));
    QFile trace(path);
    QVERIFY(trace.open(QIODevice::ReadOnly));
    QJsonDocument json = QJsonDocument::fromJson(trace.readAll());
    QVERIFY(json.isObject() || json.isArray());
    QVERIFY(!views.exportChromeTrace(dir.filePath("no/such/dir/x.json"), error));

    // Compare with the 4-core preset: softmax's 32 tiles do not fit, and
    // the second column says so.
    views.compareWith("spyre-4core");
    QTRY_VERIFY_WITH_TIMEOUT(views.summary()->runs().size() == 2, 60000);
    QCOMPARE(views.summary()->runs()[1].cores, 4);
    QVERIFY(!views.summary()->runs()[1].ok);
    QVERIFY(views.summary()->plainText().contains("failed: "));
  }

  void stoppedRecordingSaysSo() {
    RunViewsRig rig;
    auto &[window, compiler, docks, run, views] = rig;
    QVERIFY(rig.show({1024, 700}));
    // softmax in parts of 64, 128, ... events; the recording is stopped
    // inside the first part's ready() (the job is still running then: its
    // end is delivered after the part).
    EmulatorRun::Input in;
    in.source = sampleText("softmax.mlir");
    in.name = "softmax.mlir";
    in.firstPartMs = 0;
    in.firstFrontier = 64;
    bool wasGrowing = false;
    uint64_t shownEvents = 0;
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QSignalSpy stopped(&run, &EmulatorRun::recordingStopped);
    connect(&run, &EmulatorRun::ready, this, [&] {
      wasGrowing = run.growing();
      shownEvents = run.session()->totalEvents();
      run.stopRecording();
    });
    run.start(in);
    QVERIFY(ready.wait(60000));
    QVERIFY(wasGrowing);
    QCOMPARE(stopped.count(), 1);
    QVERIFY(!run.growing());
    QVERIFY(!run.complete());
    QTRY_VERIFY_WITH_TIMEOUT(!run.busy(), 30000);
    views.finishIndexing();
    QString subtitle = docks.chart()->subtitleText();
    QVERIFY2(!subtitle.contains("the first"), qPrintable(subtitle));
    QVERIFY2(subtitle.startsWith(QStringLiteral("recording stopped at event %1")
                                   .arg(QLocale().toString(qulonglong(shownEvents)))),
             qPrintable(subtitle));
    QVERIFY2(subtitle.contains(QStringLiteral("cycle %1").arg(
                 QLocale().toString(qulonglong(run.session()->totalCycles())))),
             qPrintable(subtitle));
    // The summary is not worked out from a part, and says why.
    QVERIFY(!views.summarising());
    QVERIFY(views.summary()->runs().empty());
    QVERIFY2(views.summary()->statusText().contains("recording was stopped"),
             qPrintable(views.summary()->statusText()));
  }

  void failedRunSaysWhy() {
    RunViewsRig rig;
    auto &[window, compiler, docks, run, views] = rig;
    // generic_plain takes %s: f32; no value given.
    QFile f(QStringLiteral(SPYRE_TEST_KERNELS_DIR "/generic_plain.mlir"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    EmulatorRun::Input in;
    in.source = QString::fromUtf8(f.readAll());
    in.name = "generic_plain.mlir";
    QSignalSpy failed(&run, &EmulatorRun::failed);
    run.start(in);
    QVERIFY(failed.wait(60000));
    QCOMPARE(docks.chart()->subtitleText(), QString("the emulated run failed"));
    QString status = views.summary()->statusText();
    QVERIFY2(status.contains("%s") && status.contains("Inputs…"), qPrintable(status));
  }

  void targetSwitchReruns() {
    QMainWindow window;
    CompileController compiler;
    compiler.setDebounceMs(0);
    MachineDocks docks(&window, &compiler);
    EmulatorRun run;
    EmulatedRunViews views(&window, &docks, &run, &compiler);
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QSignalSpy compiled(&compiler, &CompileController::finished);
    EmulatorRun::Input in;
    in.source = sampleText("transpose_tile.mlir");
    in.name = "transpose_tile.mlir";
    in.arch = "spyre";
    compiler.setArchitecture("spyre");
    compiler.compileNow(in.source, in.name);
    QVERIFY(compiled.wait(60000));
    QCOMPARE(docks.ring()->coreCount(), 32);
    run.start(in);
    QVERIFY(ready.wait(60000));
    views.finishIndexing();
    QCOMPARE(int(docks.ring()->liveState().cores.size()), 32);
    uint64_t cycles32 = run.session()->totalCycles();
    // Target ▸ spyre-4core: the compile redraws the ring, the run follows.
    compiler.setArchitecture("spyre-4core");
    compiler.compileNow(in.source, in.name);
    QVERIFY(compiled.wait(60000));
    QCOMPARE(docks.ring()->coreCount(), 4);
    QVERIFY(ready.wait(60000));
    views.finishIndexing();
    QCOMPARE(run.input().arch, QString("spyre-4core"));
    QCOMPARE(run.session()->finalMachine().arch().numCores, 4);
    QCOMPARE(int(docks.ring()->liveState().cores.size()), 4);
    QVERIFY(run.session()->totalCycles() != cycles32);
    QTRY_VERIFY_WITH_TIMEOUT(!views.summarising() &&
                                 !views.summary()->runs().empty() &&
                                 views.summary()->runs().front().cores == 4,
                             60000);
    QCOMPARE(views.summary()->runs().front().summary.totalCycles,
             run.session()->totalCycles());

    // Another kernel opened, then the target switched back: the old run
    // is not made again for the new target (it is not this kernel's).
    views.clearShown();
    QString other = sampleText("elementwise_add.mlir");
    compiler.compileNow(other, "elementwise_add.mlir");
    QVERIFY(compiled.wait(60000));
    QSignalSpy started(&run, &EmulatorRun::started);
    compiler.setArchitecture("spyre");
    compiler.compileNow(other, "elementwise_add.mlir");
    QVERIFY(compiled.wait(60000));
    QCOMPARE(docks.ring()->coreCount(), 32);
    QCOMPARE(started.count(), 0);
    QVERIFY(!run.busy());
    QVERIFY(views.summary()->runs().empty());
  }
};

QTEST_MAIN(EmulatedRunViewsTest)
#include "EmulatedRunViewsTest.moc"
