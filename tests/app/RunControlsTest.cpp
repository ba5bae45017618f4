//===- RunControlsTest.cpp - stepping the emulated run in the window -----===//
//
// A scripted session through the keys a user presses: open a sample, F10
// records the run and stops before its first event, ten more F10 are ten
// events, and the editor's highlighted line, the SpyreCode pane's marked
// instruction and the timeline's cursor agree with the run's position;
// Shift+F10 three times is the state seen after seven; F11 steps a cycle;
// Shift+F5 goes back to the start; F5 plays to the end.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "EmulatorRun.h"
#include "IrDiffView.h"
#include "IrPane.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "RingView.h"
#include "RunControls.h"
#include "TimelineDock.h"
#include "models/TimelineModel.h"
#include "TimelineView.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

namespace {

struct State {
  uint64_t position = 0, cycle = 0;
  int line = 0;
  int listingMarker = -1; ///< 0-based line marked in the right pane
  uint64_t timelineCursor = 0;
  bool operator==(const State &o) const {
    return position == o.position && cycle == o.cycle && line == o.line &&
           listingMarker == o.listingMarker && timelineCursor == o.timelineCursor;
  }
};

State stateOf(MainWindow &w) {
  RunControls *rc = w.runs();
  const spyre::emu::Session *s = rc->emulator().session();
  State st;
  st.position = s->position();
  st.cycle = s->cycle();
  st.line = rc->highlightedLine();
  auto *right = w.findChild<IrDiffView *>("irDiff")->rightPane();
  st.listingMarker = right->markerFindNext(0, 1 << IrPane::ExecutionMarker);
  st.timelineCursor = rc->timeline()->view()->cursorCycle();
  return st;
}

} // namespace

class RunControlsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("run-controls-test");
  }

  void stopSaysTheRunIsAPart() {
    MainWindow window;
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    // softmax in parts of 64, 128, ... events; Stop pressed inside the
    // first part's ready() (its job still runs then).
    QFile f(QDir(MainWindow::samplesDirectory()).filePath("softmax.mlir"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    EmulatorRun::Input in;
    in.source = QString::fromUtf8(f.readAll());
    in.name = "softmax.mlir";
    in.firstPartMs = 0;
    in.firstFrontier = 64;
    bool wasGrowing = false, stopEnabled = false;
    QSignalSpy ready(&run, &EmulatorRun::ready);
    connect(&run, &EmulatorRun::ready, this, [&] {
      wasGrowing = run.growing();
      // At the run's first event, not playing: Stop still stops the
      // recording.
      stopEnabled = rc->stopAction()->isEnabled();
      rc->stopAction()->trigger();
    });
    run.start(in);
    QVERIFY(ready.wait(60000));
    QVERIFY(wasGrowing);
    QCOMPARE(run.session()->position(), uint64_t(0));
    QVERIFY(stopEnabled);
    QTRY_VERIFY_WITH_TIMEOUT(!run.busy(), 30000);
    QVERIFY(!run.complete());
    QString status = rc->timeline()->status();
    QVERIFY2(status.contains("(recording stopped)"), qPrintable(status));
    // At the part's end: not "the run has ended".
    QVERIFY(run.seekEvent(run.session()->totalEvents()));
    status = rc->timeline()->status();
    QVERIFY2(status.contains("the recording was stopped") &&
                 !status.contains("the run has ended"),
             qPrintable(status));
  }

  void stepWithTheKeys() {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(
        QDir(MainWindow::samplesDirectory()).filePath("elementwise_add.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latestJob() > 0, 20000);
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    auto *editor = window.findChild<CodeEditor *>();
    QVERIFY(editor);

    // F10 without a run records one and stops before its first event.
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QTest::keyClick(&window, Qt::Key_F10);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 60000);
    QCOMPARE(run.session()->position(), uint64_t(0));
    // The timeline has a lane per engine, the focused core's first.
    TimelineModel &model = rc->timeline()->model();
    QCOMPARE(model.lanes().size(), run.session()->machine().prepared().engines.size());
    QCOMPARE(model.rows().front().core, 0);
    QVERIFY(model.intervalCount() > 0);

    State after7;
    for (int i = 1; i <= 10; ++i) {
      QTest::keyClick(&window, Qt::Key_F10);
      if (i == 7)
        after7 = stateOf(window);
    }
    State after10 = stateOf(window);
    QCOMPARE(after10.position, uint64_t(10));
    // The highlight is the instruction about to run: its KTIR line in the
    // editor, its SpyreCode instruction in the right pane (the last pass,
    // lower-to-spyrecode, is selected), the cycle on the timeline.
    EmulatorRun::Point p = run.current();
    QVERIFY(p.ktirLine > 0);
    QCOMPARE(after10.line, p.ktirLine);
    QVERIFY(editor->markersAtLine(p.ktirLine - 1) & (1 << CodeEditor::HighlightMarker));
    QVERIFY(after10.listingMarker >= 0);
    auto *right = window.findChild<IrDiffView *>("irDiff")->rightPane();
    QString text = right->text(after10.listingMarker).trimmed();
    QVERIFY2(text.startsWith(QString::number(p.pc) + ": "), qPrintable(text));
    // ... and scrolled into view (the left pane's scrolling does not drag
    // it away).
    int top = IrDiffView::firstVisibleLine(right);
    int rows = int(right->SendScintilla(QsciScintillaBase::SCI_LINESONSCREEN));
    QVERIFY2(after10.listingMarker >= top && after10.listingMarker < top + rows,
             qPrintable(QString("marker %1, shown %2..%3").arg(after10.listingMarker)
                            .arg(top).arg(top + rows)));
    QCOMPARE(after10.timelineCursor, after10.cycle);

    for (int i = 0; i < 3; ++i)
      QTest::keyClick(&window, Qt::Key_F10, Qt::ShiftModifier);
    QVERIFY(stateOf(window) == after7);

    // What one step costs: the key, the highlights, the timeline's repaint
    // (printed for docs/app-performance.md).
    std::vector<double> ms, paint;
    for (int i = 0; i < 50; ++i) {
      QElapsedTimer t;
      t.start();
      QTest::keyClick(&window, Qt::Key_F10);
      qint64 key = t.nsecsElapsed();
      rc->timeline()->view()->viewport()->repaint();
      ms.push_back(double(t.nsecsElapsed()) / 1e6);
      paint.push_back(double(t.nsecsElapsed() - key) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    std::sort(paint.begin(), paint.end());
    qInfo("a step (F10, highlights, timeline repaint): median %.2f ms, longest "
          "%.2f ms; of which the timeline's repaint: median %.2f ms",
          ms[ms.size() / 2], ms.back(), paint[paint.size() / 2]);
    for (int i = 0; i < 50; ++i)
      QTest::keyClick(&window, Qt::Key_F10, Qt::ShiftModifier);
    QVERIFY(stateOf(window) == after7);

    // F11: one cycle further.
    uint64_t cycle = run.session()->cycle();
    QTest::keyClick(&window, Qt::Key_F11);
    QVERIFY(run.session()->cycle() > cycle);

    // Shift+F5: back to the start; F5 plays to the end.
    QTest::keyClick(&window, Qt::Key_F5, Qt::ShiftModifier);
    QCOMPARE(run.session()->position(), uint64_t(0));
    QVERIFY(!rc->stepBackAction()->isEnabled());
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(run.playing());
    QVERIFY(rc->pauseAction()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!run.playing(), 30000);
    QCOMPARE(run.session()->position(), run.session()->totalEvents());
    QVERIFY(rc->timeline()->status().contains("the run has ended"));
    QCOMPARE(ready.count(), 1); // the same recorded run throughout

    // A core focused in the ring comes first in the timeline, expanded;
    // double-clicking a core's label in the timeline focuses the ring.
    window.machine()->ring()->focusCore(5);
    QCOMPARE(model.rows().front().core, 5);
    QVERIFY(!model.isCollapsed(5));
    TimelineView *view = rc->timeline()->view();
    int row9 = -1;
    for (int r = 0; r < int(model.rows().size()); ++r)
      if (model.rows()[size_t(r)].core == 9 && model.rows()[size_t(r)].engine < 0)
        row9 = r;
    QVERIFY(row9 >= 0);
    rc->timeline()->show();
    rc->timeline()->raise();
    view->verticalScrollBar()->setValue(0);
    view->verticalScrollBar()->setValue(view->rowRect(row9).top() - view->rulerHeight());
    QRect r9 = view->rowRect(row9);
    QVERIFY(r9.top() >= view->rulerHeight() && r9.bottom() < view->viewport()->height());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, QPoint(20, r9.center().y()));
    QCOMPARE(window.machine()->ring()->focusedCore(), 9);
    QCOMPARE(model.rows().front().core, 9);

    // Editing the kernel makes the run stale: F10 records a new one.
    editor->append("\n");
    QTest::keyClick(&window, Qt::Key_F10);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 2, 60000);
    QCOMPARE(run.session()->position(), uint64_t(0));
  }
};

QTEST_MAIN(RunControlsTest)
#include "RunControlsTest.moc"
