//===- SmallWindowTest.cpp - the window at 1024x700, and a second kernel ---===//
//
// What a user met at the smallest supported size, checked so it stays
// fixed: the Passes table fits its dock (no column cut at the edge: in a
// narrow dock the time and changed columns give way and the stage is a
// swatch), the Scratchpad chart puts its legend beside a short plot, the
// timeline's status keeps two whole lines and the Timeline its share of the
// bottom row; and opening another kernel
// after a run no longer shows that run's highlight, timeline, ring state
// and chart as if they were the new kernel's.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "IrDiffView.h"
#include "IrPane.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "models/PassListModel.h"
#include "PassListPanel.h"
#include "RingView.h"
#include "RunControls.h"
#include "TimelineDock.h"
#include "models/TimelineModel.h"
#include "WindowWithSample.h"

#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

class SmallWindowTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("small-window-test");
  }

  void at1024x700() {
    MainWindow window;
    QVERIFY(showWithSample(window, "matmul_kloop.mlir", QSize(1024, 700)));
    QTest::qWait(50);

    // The pass table: every visible column ends inside the viewport.
    auto *panel = window.findChild<PassListPanel *>();
    QTableView *table = panel->view();
    int right = 0;
    for (int c = 0; c < PassListModel::ColumnCount; ++c)
      if (!table->isColumnHidden(c))
        right = std::max(right, table->columnViewportPosition(c) +
                                    table->horizontalHeader()->sectionSize(c));
    QVERIFY(!table->isColumnHidden(PassListModel::StageColumn));
    QVERIFY2(right <= table->viewport()->width(),
             qPrintable(QString("columns end at %1 in a %2-pixel viewport")
                            .arg(right).arg(table->viewport()->width())));
    QVERIFY(!table->horizontalScrollBar()->isVisible());
    // matmul_kloop's long pass names leave the stage its swatch only.
    QVERIFY(panel->model()->isCompact());
    QVERIFY(table->isColumnHidden(PassListModel::TimeColumn));
    // The stage is named in the tooltip.
    QVERIFY(panel->model()->index(1, 0).data(Qt::ToolTipRole).toString().contains(
        panel->model()->index(1, 0).data(PassListModel::StageRole).toString()));

    // Run; the chart's legend is beside its short plot.
    window.resize(1024, 700);
    window.restoreDefaultLayout();
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QTest::keyClick(&window, Qt::Key_F10);
    QVERIFY(ready.wait(120000));
    window.runViews()->finishIndexing();
    for (int i = 0; i < 5; ++i)
      QTest::keyClick(&window, Qt::Key_F10);
    auto *status = rc->timeline()->findChild<QLabel *>("timelineStatus");
    QVERIFY(status->text().contains('\n'));
    QVERIFY(status->height() >= 2 * status->fontMetrics().lineSpacing());
    QVERIFY(rc->highlightedLine() > 0);
    OccupancyChart *chart = window.machine()->chart();
    QVERIFY(!window.machine()->occupancy()->isEmpty());
    // The Timeline keeps its share of the bottom row beside the chart (it
    // kept the split of the window's first size: 110 pixels of tracks).
    auto *timelineDock = window.findChild<QDockWidget *>("timelineDock");
    auto *chartDock = window.findChild<QDockWidget *>("occupancyDock");
    QVERIFY(timelineDock && chartDock);
    timelineDock->raise();
    window.restoreDefaultLayout();
    QTest::qWait(50);
    const int row = timelineDock->width() + chartDock->width();
    QVERIFY2(timelineDock->width() * 100 >= row * 35,
             qPrintable(QString("Timeline %1 of %2 pixels")
                            .arg(timelineDock->width()).arg(row)));

    // A focused core is the old kernel's: it goes with it (else the new
    // kernel's chart is empty, "0 B in use on core 8", under "All cores").
    window.machine()->focusCore(8);
    QCOMPARE(chart->focusedCore(), 8);
    // Another kernel: nothing of the old run is shown as the new one's.
    QVERIFY(window.openFile(
        QDir(MainWindow::samplesDirectory()).filePath("softmax.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latestJob() > 1, 20000);
    QVERIFY(!rc->showsRun());
    QCOMPARE(rc->highlightedLine(), 0);
    auto *editor = window.findChild<CodeEditor *>();
    for (int l = 0; l < editor->lines(); ++l)
      QVERIFY(!(editor->markersAtLine(l) & (1 << CodeEditor::HighlightMarker)));
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    QCOMPARE(ir->rightPane()->markerFindNext(0, 1 << IrPane::ExecutionMarker), -1);
    QVERIFY(rc->timeline()->model().isEmpty());
    QVERIFY(!window.machine()->ring()->liveState().valid);
    QVERIFY(window.machine()->occupancy()->isEmpty());
    QVERIFY(chart->emptyText().startsWith("No run yet"));
    QCOMPARE(chart->focusedCore(), -1);
    QCOMPARE(window.machine()->ring()->focusedCore(), -1);
    QVERIFY(!rc->stepBackAction()->isEnabled());
    // F10 records the new kernel's run.
    QTest::keyClick(&window, Qt::Key_F10);
    QVERIFY(ready.wait(120000));
    QVERIFY(rc->showsRun());
    QVERIFY(run.input().name.contains("softmax"));
    QVERIFY(rc->highlightedLine() > 0);
    QVERIFY(!rc->timeline()->model().isEmpty());
  }
};

QTEST_MAIN(SmallWindowTest)
#include "SmallWindowTest.moc"
