//===- SmallerPointsTest.cpp - issue 27's "smaller points seen" -----------===//
//
// The chart's cursor is no series and is in no export; "All cores" draws
// the fullest cores and an envelope; idle cores are one Timeline row; a
// layout saved at one size is scaled at another; a new kernel starts at
// the editor's left edge; a compile error raises Diagnostics; export
// dialogs start in the kernel's folder; Compare with… leaves out the
// run's own target; a Details tooltip is bounded; F1 opens the user
// guide; the Passes table shows time and Δ at 1920 px; samples go from
// simple to hard; "ignore value numbering" in diffs.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "DiagnosticsTable.h"
#include "EmulatedRunViews.h"
#include "ExportFolder.h"
#include "IrDiffView.h"
#include "models/LineDiff.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "models/OccupancyPlot.h"
#include "models/PassListModel.h"
#include "RunControls.h"
#include "RunSummary.h"
#include "SampleCatalog.h"
#include "TimelineDock.h"
#include "models/TimelineModel.h"
#include "TimelineView.h"
#include "WhenShown.h"
#include "WindowWithSample.h"

#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QImage>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>

namespace {

/// The folder the file dialog `open` shows starts in.
QString dialogFolder(const std::function<void()> &open) {
  QString folder;
  whenShown([] { return qobject_cast<QFileDialog *>(QApplication::activeModalWidget()); },
            [&](QWidget *w) {
              auto *dialog = static_cast<QFileDialog *>(w);
              folder = dialog->directory().absolutePath();
              dialog->reject();
            });
  open();
  return folder;
}

} // namespace

class SmallerPointsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("smaller-points-test");
    QSettings().clear();
  }

  void chartCursorIsNoSeriesAndNotExported() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    QVERIFY(recordWholeRun(window));
    OccupancyChart *chart = window.machine()->chart();
    chart->finishPreparing();
    QVERIFY(!chart->seriesNames().contains("now"));
    chart->setCursorTime(300);
    QVERIFY(!chart->cursorLineInScene().isNull());
    QTemporaryDir dir;
    QVERIFY(chart->exportPng(dir.filePath("with.png")));
    chart->clearCursor();
    QVERIFY(chart->cursorLineInScene().isNull());
    QVERIFY(chart->exportPng(dir.filePath("without.png")));
    QCOMPARE(QImage(dir.filePath("with.png")), QImage(dir.filePath("without.png")));
    // At 1024x700: a plot that can be read, its time axis ending with the
    // run (not at the next round number, 30 % further).
    const uint64_t cycles = window.runs()->emulator().session()->totalCycles();
    // (It ends at the last scratchpad event, a few cycles before the end.)
    QVERIFY2(chart->timeAxisEnd() <= double(cycles) && chart->timeAxisEnd() >= 0.9 * double(cycles),
             qPrintable(QString::number(chart->timeAxisEnd())));
    QVERIFY2(chart->plotArea().height() >= 90, qPrintable(QString::number(chart->plotArea().height())));
    QVERIFY(chart->plotArea().width() >= 200);
  }

  void allCoresAreTheFullestAndAnEnvelope() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    QVERIFY(recordWholeRun(window));
    OccupancyChart *chart = window.machine()->chart();
    chart->setFocusedCore(-1);
    chart->finishPreparing();
    const QStringList names = chart->seriesNames();
    QVERIFY2(names.contains("all 32 cores: range"), qPrintable(names.join(", ")));
    int lines = 0;
    for (const QString &n : names)
      lines += n.startsWith("core ");
    QCOMPARE(lines, OccupancyPlot::kLinedCores);
  }

  void idleCoresAreOneTimelineRow() {
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1920, 1080)));
    QVERIFY(window.openFile(QStringLiteral(SPYRE_TEST_KERNELS_DIR) + "/one_element_f32.mlir"));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latest().spyreCode != nullptr; },
                            60000));
    QVERIFY(recordWholeRun(window));
    const TimelineModel &model = window.runs()->timeline()->model();
    QCOMPARE(model.coreCount(), 32);
    QCOMPARE(int(model.idleCores().size()), 31);
    int idleRows = 0, headers = 0;
    for (const auto &r : model.rows()) {
      idleRows += r.idle;
      headers += !r.idle && r.engine < 0;
    }
    QCOMPARE(idleRows, 1);
    QCOMPARE(headers, 1);
    // The whole run, and not past its end.
    TimelineView *view = window.runs()->timeline()->view();
    view->fitAll();
    QVERIFY(view->visibleLast() <= double(model.endCycle()) * 1.02 + 1);
  }

  void layoutSavedSmallIsScaledLarge() {
    QSettings().clear();
    {
      MainWindow small;
      QVERIFY(showWithSample(small, "softmax.mlir", QSize(1024, 700)));
      QVERIFY(small.close());
    }
    MainWindow large;
    large.resize(1920, 1080);
    large.show();
    QVERIFY(QTest::qWaitForWindowExposed(&large));
    auto *ir = large.findChild<QDockWidget *>("irDock");
    QVERIFY(QTest::qWaitFor([&] { return ir->width() > 1920 * 3 / 10; }, 3000));
    QSettings().clear();
  }

  // A layout the user made (here: a session's, with a tall bottom row)
  // keeps its shares as the window is resized: 1920x1080 -> 1024x700
  // leaves the editor and the IR panes ten lines at least (not 9 and 3),
  // and back to 1920x1080 the IR dock gets its share of the width again
  // (not every new pixel to the editor).
  void userLayoutKeepsItsSharesAcrossSizes() {
    QSettings().clear();
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    auto *ir = window.findChild<QDockWidget *>("irDock");
    auto *timeline = window.findChild<QDockWidget *>("timelineDock");
    timeline->raise();
    window.resizeDocks({timeline}, {620}, Qt::Vertical);
    QVERIFY(QTest::qWaitFor([&] { return timeline->height() > 560; }, 3000));
    QVERIFY(window.saveSession(dir.filePath("tall.spyx")));
    QVERIFY(window.openSession(dir.filePath("tall.spyx")));
    QTest::qWait(50);
    const double irShare = double(ir->width()) / window.width();
    QVERIFY2(irShare > 0.3, qPrintable(QString::number(irShare)));

    window.resize(1024, 700);
    QTest::qWait(400); // scaled once the resize settles
    auto *pane = window.findChild<IrDiffView *>("irDiff")->leftPane();
    auto *editor = window.findChild<CodeEditor *>("editor");
    const int line = int(pane->SendScintilla(QsciScintillaBase::SCI_TEXTHEIGHT, 0UL));
    QVERIFY(QTest::qWaitFor([&] { return pane->height() >= 10 * line; }, 3000));
    QVERIFY2(editor->height() >= 10 * line,
             qPrintable(QStringLiteral("%1 < 10 x %2").arg(editor->height()).arg(line)));
    // The bottom row still has the most of what it had.
    QVERIFY2(timeline->height() > 200, qPrintable(QStringLiteral("timeline %1 pane %2 line %3 editor %4").arg(timeline->height()).arg(pane->height()).arg(line).arg(editor->height())));

    window.resize(1920, 1080);
    QTest::qWait(400);
    QVERIFY2(QTest::qWaitFor(
                 [&] { return std::abs(double(ir->width()) / window.width() - irShare) < 0.05; },
                 3000),
             qPrintable(QStringLiteral("%1 of %2, was %3")
                            .arg(ir->width())
                            .arg(window.width())
                            .arg(irShare)));
    QSettings().clear();
  }

  // A session saved at 1920x1080, opened in a window of 1024x700, then
  // the window made 1920x1080 again: the docks come back to the shares
  // they were saved with (the GUI tester's finding: the IR panes stayed
  // ~250 px each, the editor took ~1,200 px).
  void sessionOpenedSmallerComesBackToItsShares() {
    QSettings().clear();
    QTemporaryDir dir;
    double irShare = 0, passesShare = 0;
    {
      MainWindow saved;
      QVERIFY(showWithSample(saved, "softmax.mlir", QSize(1920, 1080)));
      QTest::qWait(50);
      auto *ir = saved.findChild<QDockWidget *>("irDock");
      auto *passes = saved.findChild<QDockWidget *>("passListDock");
      QVERIFY(ir && passes);
      irShare = double(ir->width()) / saved.width();
      passesShare = double(passes->width()) / saved.width();
      QVERIFY(saved.saveSession(dir.filePath("wide.spyx")));
    }
    QSettings().clear();
    MainWindow window;
    QVERIFY(showWithSample(window, "row_sum.mlir", QSize(1024, 700)));
    window.resize(1024, 700); // where the window manager keeps it
    QVERIFY(window.openSession(dir.filePath("wide.spyx")));
    window.resize(1024, 700);
    QTest::qWait(400);
    window.resize(1920, 1080);
    QTest::qWait(400);
    auto *ir = window.findChild<QDockWidget *>("irDock");
    auto *passes = window.findChild<QDockWidget *>("passListDock");
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                   return std::abs(double(ir->width()) / window.width() - irShare) < 0.05 &&
                          std::abs(double(passes->width()) / window.width() - passesShare) <
                              0.05;
                 },
                 3000),
             qPrintable(QStringLiteral("IR %1, passes %2 of %3; saved with shares %4, %5")
                            .arg(ir->width())
                            .arg(passes->width())
                            .arg(window.width())
                            .arg(irShare)
                            .arg(passesShare)));
    QSettings().clear();
  }

  void newKernelStartsAtTheLeftEdge() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    auto *editor = window.findChild<CodeEditor *>("editor");
    editor->SendScintilla(QsciScintillaBase::SCI_SETXOFFSET, 400UL);
    QVERIFY(editor->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET) > 0);
    QVERIFY(window.openSample(MainWindow::samplesDirectory() + "/row_sum.mlir"));
    QCOMPARE(int(editor->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET)), 0);
  }

  void compileErrorRaisesDiagnostics() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    auto *timeline = window.findChild<QDockWidget *>("timelineDock");
    auto *diagnostics = window.findChild<QDockWidget *>("diagnosticsDock");
    timeline->raise();
    QVERIFY(QTest::qWaitFor([&] { return diagnostics->visibleRegion().isEmpty(); }, 2000));
    auto *editor = window.findChild<CodeEditor *>("editor");
    editor->setCursorPosition(28, 0);
    editor->insert("this is not mlir\n");
    QVERIFY(QTest::qWaitFor([&] { return !diagnostics->visibleRegion().isEmpty(); }, 20000));
  }

  void exportDialogsStartInTheKernelsFolder() {
    QTemporaryDir dir;
    QFile::copy(MainWindow::samplesDirectory() + "/row_sum.mlir", dir.filePath("mine.mlir"));
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    QVERIFY(window.openFile(dir.filePath("mine.mlir")));
    const QString folder = QDir(dir.path()).canonicalPath();
    QCOMPARE(QDir(ExportFolder::directory()).canonicalPath(), folder);
    QCOMPARE(QDir(dialogFolder([&] {
               ExportFolder::askSave(&window, "x", "chart.png", "PNG (*.png)");
             })).canonicalPath(),
             folder);
    auto *report = window.findChild<QAction *>("exportReport");
    QVERIFY(report);
    QCOMPARE(QDir(dialogFolder([&] { report->trigger(); })).canonicalPath(), folder);
  }

  // An untitled kernel's dialogs start in the folder of the last file
  // opened or saved, not in the folder the process started in.
  void untitledDialogsStartInTheLastFolder() {
    QSettings().clear();
    QTemporaryDir started, worked;
    const QString before = QDir::currentPath();
    QDir::setCurrent(started.path());
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    QVERIFY(window.filePath().isEmpty());
    QVERIFY(window.saveSession(QDir(worked.path()).filePath("s.spyx")));
    const QString folder = QDir(worked.path()).canonicalPath();
    QCOMPARE(QDir(ExportFolder::directory()).canonicalPath(), folder);
    QCOMPARE(QDir(dialogFolder([&] { window.saveAs(); })).canonicalPath(), folder);
    auto *report = window.findChild<QAction *>("exportReport");
    QCOMPARE(QDir(dialogFolder([&] { report->trigger(); })).canonicalPath(), folder);
    // Another sample (untitled too): the same folder.
    QVERIFY(window.openSample(MainWindow::samplesDirectory() + "/row_sum.mlir"));
    QCOMPARE(QDir(dialogFolder([&] { window.saveAs(); })).canonicalPath(), folder);
    QDir::setCurrent(before);
    QSettings().clear();
  }

  void compareLeavesOutTheRunsTarget() {
    MainWindow window;
    QVERIFY(showWithSample(window, "row_sum.mlir", QSize(1024, 700)));
    QVERIFY(recordWholeRun(window));
    const QStringList offered = window.runViews()->summary()->offeredTargets();
    QVERIFY2(!offered.contains("spyre") && offered.contains("spyre-4core"),
             qPrintable(offered.join(", ")));
  }

  void detailsTooltipIsBounded() {
    DiagnosticsTable table;
    spyre::driver::Diagnostic error;
    error.message = "'dflow.dma' op is wrong";
    spyre::driver::Diagnostic dump;
    dump.severity = spyre::driver::Diagnostic::Severity::Note;
    dump.message = "see current operation: ";
    for (int i = 0; i < 500; ++i)
      dump.message += "\"dflow.something\"() " + std::string(300, 'x') + "\n";
    QVERIFY(DiagnosticsTable::isOpDump(dump));
    table.setDiagnostics({error, dump}, "k.mlir");
    const QString tip = table.item(0, DiagnosticsTable::MessageColumn)->toolTip();
    const QStringList lines = tip.split('\n');
    QVERIFY2(lines.size() <= DiagnosticsTable::kTooltipLines + 6, qPrintable(QString::number(lines.size())));
    for (const QString &l : lines)
      QVERIFY(l.size() <= DiagnosticsTable::kTooltipColumns + 12);
    QVERIFY(tip.contains("more lines"));
  }

  // A long message wraps in a narrow dock (a 1024x700 window's) instead of
  // being cut to its first words.
  void longMessagesWrap() {
    DiagnosticsTable table;
    table.resize(320, 200);
    spyre::driver::Diagnostic error;
    error.line = 31;
    error.pass = "lower-to-spyrecode";
    error.message = "custom op 'garbage' is unknown (tried 'func.garbage' as well): a "
                    "dialect of that name is not registered, or the op is misspelled";
    table.setDiagnostics({error}, "k.mlir");
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    const int line = table.fontMetrics().height();
    QVERIFY2(table.rowHeight(0) >= 3 * line, qPrintable(QString::number(table.rowHeight(0))));
  }

  void f1OpensTheUserGuide() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    QTest::keyClick(&window, Qt::Key_F1);
    auto *dialog = window.findChild<QDialog *>("documentation");
    QVERIFY(dialog);
    const QString text = dialog->findChild<QTextBrowser *>()->toPlainText();
    QVERIFY2(text.contains("A first tour") && text.contains("Keys"), qPrintable(text.left(200)));
    dialog->close();
  }

  void passesTableShowsTimeAndDeltaWhenWide() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    auto *table = window.findChild<QTableView *>("passList");
    QVERIFY(QTest::qWaitFor([&] { return !table->isColumnHidden(PassListModel::TimeColumn); },
                            3000));
    QVERIFY(!table->isColumnHidden(PassListModel::ChangedColumn));
  }

  void samplesGoFromSimpleToHard() {
    const QList<SampleCatalog::Sample> samples =
        SampleCatalog::list(MainWindow::samplesDirectory());
    QStringList names;
    for (const auto &s : samples)
      names << s.name;
    QCOMPARE(names.front(), QStringLiteral("elementwise_add.mlir"));
    QVERIFY(names.indexOf("row_sum.mlir") < names.indexOf("softmax.mlir"));
    QVERIFY(names.indexOf("softmax.mlir") < names.indexOf("matmul_kloop.mlir"));
    QCOMPARE(names.back(), QStringLiteral("rmsnorm_ring.mlir"));
    // Every sample of the folder is listed once.
    QCOMPARE(names.size(), QDir(MainWindow::samplesDirectory())
                               .entryList({"*.mlir"}, QDir::Files)
                               .size());
  }

  void ignoreValueNumbering() {
    const QString left = "%9 = arith.addf %8, %arg1 : f16\n^bb2:\n%c0 = arith.constant 0 : index";
    const QString right =
        "%11 = arith.addf %10, %arg2 : f16\n^bb3:\n%c1 = arith.constant 1 : index";
    LineDiff::Options options;
    QCOMPARE(LineDiff::compute(left, right, options).hunks().size(), 1);
    QVERIFY(!LineDiff::compute(left, right, options).identical());
    options.ignoreValueNumbering = true;
    LineDiff d = LineDiff::compute(left, right, options);
    // The renumbered lines are the same; the other constant is not.
    QCOMPARE(d.left()[0].kind, LineDiff::Kind::Same);
    QCOMPARE(d.left()[1].kind, LineDiff::Kind::Same);
    QVERIFY(d.left()[2].kind != LineDiff::Kind::Same);
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    QVERIFY(window.findChild<QAction *>("ignoreValueNumberingAction"));
    ir->setTexts(left, right, "a", "b");
    const int all = ir->diff().hunks().size();
    ir->setIgnoreValueNumbering(true);
    QVERIFY(ir->diff().hunks().size() <= all);
    QCOMPARE(ir->changedLinesRight().size() + ir->addedLines().size(), 1);
  }
};

QTEST_MAIN(SmallerPointsTest)
#include "SmallerPointsTest.moc"
