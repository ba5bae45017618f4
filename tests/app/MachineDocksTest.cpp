//===- MachineDocksTest.cpp - ring and scratchpad docks in the window -----===//
//
// A scripted session: open a sample, the ring follows the selected pass
// (no placement before place-tiles, the tiles after it), F5 runs the
// kernel on the interpreter and fills the chart, clicking a core focuses
// the chart on it, the chart exports, and the 4-core preset shows 4 cores.
//
//===----------------------------------------------------------------------===//

#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "RingView.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class MachineDocksTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("machine-docks-test");
  }

  void scriptedSession() {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString sample =
        QDir(MainWindow::samplesDirectory()).filePath("distributed_view.mlir");
    QVERIFY(window.openFile(sample));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latestJob() > 0, 20000);

    auto *ring = window.findChild<RingView *>("ringView");
    QVERIFY(ring);
    QVERIFY(ring->isVisible());
    QCOMPARE(ring->coreCount(), 32);
    // The last pass is selected: the grid's 4 tiles are on cores 0..3.
    QTRY_VERIFY(ring->hasPlacement());
    for (int core = 0; core < 4; ++core)
      QCOMPARE(ring->tilesOn(core), std::vector<int>{core});
    QVERIFY(ring->tilesOn(4).empty());
    // Before place-tiles there is no placement, and the view says so.
    QVERIFY(window.selectPass("input"));
    QVERIFY(!ring->hasPlacement());
    QVERIFY(window.selectPass("place-tiles"));
    QVERIFY(ring->hasPlacement());

    // F5: a run on the interpreter fills the chart.
    auto *chart = window.findChild<OccupancyChart *>("occupancyChart");
    QVERIFY(chart);
    QVERIFY(chart->model()->isEmpty());
    QSignalSpy ran(&window.machine()->runner(), &RunController::finished);
    QAction *run = window.machine()->runAction();
    QVERIFY(run);
    // F5 is the emulated run (RunControls); the interpreter is Ctrl+F5.
    QCOMPARE(run->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_F5));
    run->trigger();
    QVERIFY(ran.wait(60000));
    QVERIFY(window.machine()->runner().latest().result.ok);
    QVERIFY(!chart->model()->isEmpty());
    QVERIFY(chart->isVisible()); // the dock came to the front
    QVERIFY(chart->plottedPoints() > 0);
    OccupancyModel::Peak peak = chart->model()->peak(-1);
    QVERIFY(peak.bytes > 0);

    // Two runs asked for at once: the first is cancelled, only the newest
    // reports.
    ran.clear();
    RunController::Input input{QString(), "distributed_view.mlir", QString()};
    {
      QFile f(sample);
      QVERIFY(f.open(QIODevice::ReadOnly));
      input.source = QString::fromUtf8(f.readAll());
    }
    quint64 before = window.machine()->runner().latestJob();
    window.machine()->runner().run(input);
    window.machine()->runner().run(input);
    QVERIFY(ran.wait(60000));
    QCOMPARE(window.machine()->runner().latestJob(), before + 2);
    QTest::qWait(300);
    QCOMPARE(ran.count(), 1);
    QVERIFY(!window.machine()->runner().busy());
    QVERIFY(window.machine()->runner().latest().result.ok);

    // Clicking a core on the ring focuses the chart on it.
    ring::Layout l = ring->currentLayout();
    QTest::mouseClick(ring, Qt::LeftButton, {}, l.cores[2].toPoint());
    QCOMPARE(ring->focusedCore(), 2);
    QCOMPARE(chart->focusedCore(), 2);
    QVERIFY(ring->coreDescription(2).contains("interpreter run peak"));

    QTemporaryDir dir;
    QVERIFY(chart->exportPng(dir.filePath("c.png")));
    QVERIFY(chart->exportSvg(dir.filePath("c.svg")));
    QVERIFY(QFile(dir.filePath("c.png")).size() > 1000);
    QVERIFY(QFile(dir.filePath("c.svg")).size() > 1000);

    // The 4-core preset: the ring shows 4 cores.
    window.setArchitecture("spyre-4core");
    QTRY_COMPARE_WITH_TIMEOUT(ring->coreCount(), 4, 20000);
    QTRY_VERIFY(ring->hasPlacement());
    QCOMPARE(ring->currentLayout().cores.size(), size_t(4));
    QCOMPARE(ring->focusedCore(), 2); // still a core of the ring
    window.setArchitecture("spyre");
    QTRY_COMPARE_WITH_TIMEOUT(ring->coreCount(), 32, 20000);
  }
};

QTEST_MAIN(MachineDocksTest)
#include "MachineDocksTest.moc"
