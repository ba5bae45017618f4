//===- RunStateTest.cpp - every dock says how an emulated run ended -------===//
//
// A run that stops on a fault, and a run stopped (Stop) before anything of
// it was shown: the Timeline, the Scratchpad chart, the Run summary and
// the Run controls all say so, none keeps saying "Recording…" or
// "running…"; and no view complains on stderr that a format string lacks
// a placeholder (QString::arg's "Argument missing").
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "models/PassListModel.h"
#include "PassListPanel.h"
#include "RingView.h"
#include "RunControls.h"
#include "RunSummary.h"
#include "TimelineDock.h"
#include "WindowWithSample.h"

#include <QAction>
#include <QDir>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

namespace {

bool saysBusy(const QString &text) {
  return text.contains("Recording", Qt::CaseInsensitive) ||
         text.contains("running", Qt::CaseInsensitive);
}

} // namespace

class RunStateTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("run-state-test");
  }

  void init() {
    QTest::failOnWarning(QRegularExpression(QStringLiteral("^QString::arg")));
  }

  // A run the emulator stops on a fault (here its cycle budget, a few
  // cycles: before any scratchpad buffer is filled).
  void faultIsShownInEveryDock() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latest().spyreCode != nullptr; },
                            60000));
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    QSignalSpy ready(&run, &EmulatorRun::ready);
    EmulatorRun::Input in = rc->currentInput();
    in.cycleBudget = 2;
    run.start(in);
    QVERIFY(ready.wait(60000));
    QVERIFY(run.session()->faulted());
    window.runViews()->finishIndexing();
    QVERIFY(QTest::qWaitFor([&] { return !window.runViews()->summarising(); }, 60000));
    window.runViews()->finishIndexing();

    OccupancyChart *chart = window.machine()->chart();
    const QString subtitle = chart->subtitleText();
    QVERIFY2(subtitle.contains("stopped by a fault"), qPrintable(subtitle));
    // The chart shows the part recorded before the fault, or says why
    // there is none: never "Recording the run on the emulator…".
    QVERIFY2(!saysBusy(chart->emptyText()), qPrintable(chart->emptyText()));
    QVERIFY2(chart->emptyText().contains("stopped at cycle") &&
                 chart->emptyText().contains("cycle budget"),
             qPrintable(chart->emptyText()));
    const QString summary = window.runViews()->summary()->statusText();
    QVERIFY2(!saysBusy(summary), qPrintable(summary));

    // The Timeline at the run's end names the fault.
    QVERIFY(run.seekEvent(run.session()->totalEvents()));
    const QString where = rc->timeline()->status();
    QVERIFY2(where.contains("stopped:") && where.contains("cycle budget"), qPrintable(where));
    // Idle controls: nothing being recorded, nothing to stop but a rewind.
    QVERIFY(!run.recording());
    QVERIFY(rc->continueAction()->isEnabled());
    QVERIFY(!rc->pauseAction()->isEnabled());
  }

  // Stop while the run is still being compiled (before its first part is
  // shown): the run never starts, the compile is still shown, the
  // controls are idle and every dock says the run was stopped.
  void stopBeforeTheFirstPartCancels() {
    MainWindow window;
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QSignalSpy failed(&run, &EmulatorRun::failed);
    QSignalSpy cancelled(&run, &EmulatorRun::cancelled);
    QSignalSpy compiled(&window.compiler(), &CompileController::finished);
    QVERIFY(window.openFile(QDir(MainWindow::samplesDirectory()).filePath("matmul_kloop.mlir")));
    // F5 at once: no SpyreCode of this text yet, the run compiles it.
    QVERIFY(rc->currentInput().spyreCode == nullptr);
    rc->continueAction()->trigger();
    QVERIFY(run.recording());
    QVERIFY(rc->stopAction()->isEnabled());
    rc->stopAction()->trigger();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!run.recording());
    QVERIFY(!rc->stopAction()->isEnabled());
    QVERIFY(rc->continueAction()->isEnabled());
    QVERIFY(!rc->pauseAction()->isEnabled());

    // The compile goes on and is shown; the run's worker ends; nothing of
    // the run appears.
    QVERIFY(compiled.count() > 0 || compiled.wait(60000));
    QVERIFY(QTest::qWaitFor([&] { return !run.busy(); }, 60000));
    QTest::qWait(100); // a part or a result still queued would land here
    QCOMPARE(ready.count(), 0);
    QCOMPARE(failed.count(), 0);
    QVERIFY(!run.hasSession());
    QVERIFY(window.compiler().latest().ok);
    QVERIFY(window.findChild<PassListPanel *>()->model()->rowCount() > 1);
    const QString timeline = rc->timeline()->status();
    QVERIFY2(timeline.startsWith("Stopped before the run was recorded"), qPrintable(timeline));
    OccupancyChart *chart = window.machine()->chart();
    QVERIFY2(!saysBusy(chart->subtitleText()), qPrintable(chart->subtitleText()));
    QVERIFY2(!saysBusy(chart->emptyText()), qPrintable(chart->emptyText()));
    const QString summary = window.runViews()->summary()->statusText();
    QVERIFY2(!saysBusy(summary), qPrintable(summary));
    QVERIFY(!rc->stopAction()->isEnabled());

    // F5 again records and plays it.
    rc->continueAction()->trigger();
    QVERIFY(ready.wait(60000));
    QVERIFY(run.session()->totalEvents() > 0);
  }

  // A long run's Timeline says what a stretch stands for; another kernel
  // opened, its empty Timeline says nothing of the old run's stretches.
  void anotherKernelTakesTheStretchNote() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    QSignalSpy ready(&run, &EmulatorRun::ready);
    EmulatorRun::Input in = rc->currentInput();
    in.detailEvents = 1000; // kept as an overview only
    run.start(in);
    QVERIFY(ready.wait(60000));
    QVERIFY(QTest::qWaitFor([&] { return !run.busy() && run.complete(); }, 60000));
    QVERIFY(QTest::qWaitFor([&] { return rc->timeline()->note().contains("each stretch"); },
                            20000));
    QVERIFY(window.openFile(QDir(MainWindow::samplesDirectory()).filePath("row_sum.mlir")));
    QVERIFY2(rc->timeline()->status().startsWith("No emulated run of this kernel yet"),
             qPrintable(rc->timeline()->status()));
    QTest::qWait(100); // a model or window still queued would land here
    QVERIFY2(rc->timeline()->note().isEmpty(), qPrintable(rc->timeline()->note()));
  }

  // A run shown in parts while it is recorded: once the whole run is in,
  // the status bar no longer says "recording the rest…".
  void wholeRunReplacesThePartsMessage() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    QSignalSpy ready(&run, &EmulatorRun::ready);
    EmulatorRun::Input in = rc->currentInput();
    in.firstFrontier = 64; // a first part of 64 events, then the rest
    in.firstPartMs = 0;
    bool grewAtFirst = false;
    QString atFirst;
    connect(&run, &EmulatorRun::ready, this, [&] {
      grewAtFirst = run.growing();
      atFirst = window.statusBar()->currentMessage();
    });
    run.start(in);
    QVERIFY(ready.wait(60000));
    // The part arrives before the job's end is taken: it is growing.
    QVERIFY(grewAtFirst);
    QVERIFY2(atFirst.contains("recording the rest"), qPrintable(atFirst));
    QVERIFY(QTest::qWaitFor([&] { return !run.busy() && run.complete(); }, 60000));
    const QString now = window.statusBar()->currentMessage();
    QVERIFY2(!now.contains("recording the rest"), qPrintable(now));
    QVERIFY2(now.startsWith("Emulated run recorded: "), qPrintable(now));
    const QString timeline = rc->timeline()->status();
    QVERIFY2(!timeline.contains("so far"), qPrintable(timeline));
  }

  // The Target menu switches to a target the kernel does not compile for
  // while a run on the old one is shown: the ring, now drawn with the new
  // target's cores, does not show the old run's engines and links on them.
  void ringShowsNoRunOfAnotherTarget() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    QVERIFY(recordFirstPart(window));
    QVERIFY(run.stepCycle());
    RingView *ring = window.machine()->ring();
    QVERIFY(ring->liveState().valid);
    QCOMPARE(ring->coreCount(), 32);

    bool checked = false, liveAfterSwitch = true, liveAfterStep = true;
    int cores = 0;
    auto watch = connect(&window.compiler(), &CompileController::finished, this, [&] {
      if (window.compiler().latest().ok)
        return; // softmax's 32 tiles do not fit the 4-core preset
      cores = ring->coreCount();
      liveAfterSwitch = ring->liveState().valid;
      run.stepCycle();
      liveAfterStep = ring->liveState().valid;
      checked = true;
    });
    window.setArchitecture("spyre-4core");
    QVERIFY(QTest::qWaitFor([&] { return checked; }, 60000));
    disconnect(watch);
    QCOMPARE(cores, 4);
    QVERIFY(!liveAfterSwitch);
    QVERIFY(!liveAfterStep);

    // Back on the run's target: its state at the current cycle again,
    // without a step (looked at as the compile is taken: a run on the
    // target it names may start then).
    checked = false;
    bool liveBack = false;
    uint64_t ringCycle = 0, runCycle = 1;
    watch = connect(&window.compiler(), &CompileController::finished, this, [&] {
      if (!window.compiler().latest().ok)
        return;
      cores = ring->coreCount();
      liveBack = ring->liveState().valid;
      ringCycle = ring->liveState().cycle;
      runCycle = run.session()->cycle();
      checked = true;
    });
    window.setArchitecture("spyre");
    QVERIFY(QTest::qWaitFor([&] { return checked; }, 60000));
    disconnect(watch);
    QCOMPARE(cores, 32);
    QVERIFY(liveBack);
    QCOMPARE(ringCycle, runCycle);
  }

  // Stop while a new run of an edited kernel is compiled: the older run
  // stays shown where it was, and the docks say it is the older one.
  void stopKeepsTheOlderRunShown() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    QVERIFY(recordFirstPart(window));
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QVERIFY(run.stepEvent());
    const uint64_t at = run.session()->position();
    const auto *older = run.session();

    // An edit, then F10: a new run of the new text is asked for.
    window.findChild<CodeEditor *>("editor")->insertAt(QStringLiteral("// edited\n"), 0, 0);
    QVERIFY(rc->currentInput().spyreCode == nullptr);
    rc->stepEventAction()->trigger();
    QVERIFY(run.recording());
    rc->stopAction()->trigger();
    QVERIFY(!run.recording());
    QCOMPARE(run.session(), older);
    QCOMPARE(run.session()->position(), at);
    const QString timeline = rc->timeline()->status();
    QVERIFY2(timeline.contains("shown: the previous run"), qPrintable(timeline));
    OccupancyChart *chart = window.machine()->chart();
    QVERIFY2(!saysBusy(chart->subtitleText()), qPrintable(chart->subtitleText()));
    QVERIFY(QTest::qWaitFor([&] { return !run.busy(); }, 60000));
    QTest::qWait(100);
    QCOMPARE(ready.count(), 0); // the stopped run delivered nothing
    QCOMPARE(run.session(), older);

    // A broken kernel's run fails: the older run is still shown below,
    // and both the Timeline and the chart say so.
    QSignalSpy failed(&run, &EmulatorRun::failed);
    auto *editor = window.findChild<CodeEditor *>("editor");
    editor->append(QStringLiteral("\ngarbage(\n"));
    rc->stepEventAction()->trigger();
    QVERIFY(failed.wait(60000));
    QCOMPARE(run.session(), older);
    const QString after = rc->timeline()->status();
    QVERIFY2(after.startsWith("The emulated run failed: ") &&
                 after.endsWith("Shown: the previous run"),
             qPrintable(after));
    QVERIFY2(chart->subtitleText().startsWith("the newest run failed · shown: "),
             qPrintable(chart->subtitleText()));
  }
};

QTEST_MAIN(RunStateTest)
#include "RunStateTest.moc"
