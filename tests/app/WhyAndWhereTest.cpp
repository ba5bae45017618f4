//===- WhyAndWhereTest.cpp - answers to "why" (issue 27, 7-9) -------------===//
//
//  7. The Pass notes dock renders the selected pass's description (its
//     options as a table) and follows the selection; a pass list tooltip
//     does not stay up when the selection moves.
//  8. The Run summary says why the run takes its cycles: each engine
//     kind's time and the critical path's three largest causes, each a
//     link that shows its stretch on the Timeline.
//  9. Search all passes: the passes where an op's count changes, the
//     first one selected; the IR find bar counts again when the pass
//     shown changes.
//
//===----------------------------------------------------------------------===//

#include "EmulatedRunViews.h"
#include "FindBar.h"
#include "IrDiffView.h"
#include "MainWindow.h"
#include "PassDocks.h"
#include "models/PassListModel.h"
#include "PassNotesDock.h"
#include "PassSearchDock.h"
#include "RunControls.h"
#include "RunSummary.h"
#include "TimelineDock.h"
#include "models/TimelineModel.h"
#include "TimelineView.h"
#include "WindowWithSample.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTableView>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextTable>
#include <QToolTip>

#include <Qsci/qsciscintilla.h>

class WhyAndWhereTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("why-and-where-test");
  }

  void passNotesFollowTheSelection() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    PassNotesDock *notes = window.passes()->notes();
    QVERIFY(window.selectPass("double-buffer"));
    QCOMPARE(notes->pass(), QStringLiteral("double-buffer"));
    QTextDocument *doc = notes->browser()->document();
    const QString text = doc->toPlainText();
    QVERIFY2(text.contains("double-buffer") && text.contains("fills copy"), qPrintable(text));
    // Rendered: no Markdown syntax left, the options a table.
    QVERIFY2(!text.contains("####") && !text.contains("```"), qPrintable(text));
    QTextTable *options = nullptr;
    for (QTextBlock b = doc->begin(); b.isValid() && !options; b = b.next())
      options = QTextCursor(b).currentTable();
    QVERIFY2(options, "the options are not a table");
    bool arch = false;
    for (int r = 0; r < options->rows(); ++r)
      arch = arch || options->cellAt(r, 0).firstCursorPosition().block().text() == "-off";
    QVERIFY(arch);
    QVERIFY(window.selectPass("place-tiles"));
    QCOMPARE(notes->pass(), QStringLiteral("place-tiles"));
    QVERIFY(!notes->browser()->toPlainText().contains("fills copy"));
  }

  void passListTooltipDoesNotStick() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    auto *table = window.findChild<QTableView *>("passList");
    QVERIFY(table);
    const QModelIndex first = table->model()->index(1, 0);
    const QRect r = table->visualRect(first);
    QHelpEvent help(QEvent::ToolTip, r.center(), table->viewport()->mapToGlobal(r.center()));
    QApplication::sendEvent(table->viewport(), &help);
    QVERIFY(QTest::qWaitFor([] { return QToolTip::isVisible(); }, 3000));
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Down);
    QVERIFY(!QToolTip::isVisible());
    // Home: the first pass; End: the last.
    QTest::keyClick(table, Qt::Key_Home);
    QCOMPARE(window.selectedPass(), QStringLiteral("input"));
    QTest::keyClick(table, Qt::Key_End);
    QCOMPARE(window.selectedPass(), window.passNames().back());
  }

  void whyTheRunTakesItsCycles() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    QVERIFY(recordWholeRun(window));
    RunSummary *summary = window.runViews()->summary();
    QCOMPARE(int(summary->runs().size()), 1);
    const spyre::emu::WaitProfile &why = summary->runs().front().why;
    QVERIFY(!why.empty());
    QCOMPARE(why.pathCycles, why.totalCycles);
    QVERIFY(!why.causes.empty());
    const QString text = summary->plainText();
    QVERIFY2(text.contains("Why ") && text.contains("critical path"), qPrintable(text));
    QVERIFY(text.contains(QString::fromStdString(why.causes.front().sentence)));
    // Every engine kind's time adds up.
    for (const auto &u : why.units)
      QCOMPARE(u.busy + u.hbm + u.ring + u.channel + u.barrier + u.idle, u.total);
    // A cause clicked: its core first and open, its stretch in view.
    for (size_t i = 0; i < why.causes.size(); ++i) {
      const auto &c = why.causes[i];
      summary->activateCause(int(i));
      TimelineDock *dock = window.runs()->timeline();
      QCOMPARE(dock->model().focusedCore(), c.core);
      QVERIFY(!dock->model().isCollapsed(c.core));
      QVERIFY(dock->view()->visibleFirst() <= double(c.from));
      QVERIFY(dock->view()->visibleLast() >= double(c.to));
      QVERIFY(dock->view()->visibleLast() - dock->view()->visibleFirst() <
              2.0 * double(c.to - c.from) + 4);
    }
  }

  void searchAllPasses() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    PassSearchDock *search = window.passes()->search();
    search->search("dflow.send");
    QVERIFY(!search->changes().empty());
    const auto &first = search->changes().front();
    QCOMPARE(first.before, 0);
    QVERIFY(first.after > 0);
    // The first pass where the count changes is selected, and it is the
    // pass that introduces the op.
    QCOMPARE(window.selectedPass(), first.pass);
    const auto &snapshots = window.compiler().latest().snapshots;
    QVERIFY(QString::fromStdString(snapshots[size_t(first.row)].ir).contains("dflow.send"));
    QVERIFY(!QString::fromStdString(snapshots[size_t(first.row - 1)].ir).contains("dflow.send"));
    QCOMPARE(search->results()->count(), int(search->changes().size()));
    // An op that is never there.
    search->search("no.such_op");
    QVERIFY(search->changes().empty());
    QCOMPARE(search->results()->count(), 0);
    // Ctrl+Shift+F focuses the field.
    QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(QTest::qWaitFor([&] { return search->field()->hasFocus(); }, 2000));
  }

  // Point 4: the KTIR lines of the splats, the reductions and the store
  // mark the DataflowIR and SpyreCode made from them.
  void ktirLinesMarkTheirCode() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    QVERIFY(window.selectPass("lower-to-spyrecode"));
    auto *editor = window.findChild<QsciScintilla *>("editor");
    IrDiffView *ir = window.findChild<IrDiffView *>("irDiff");
    // 57: the max reduce, 62: tensor.splat of the max, 68: the sum reduce,
    // 76: tensor.splat of the sum, 79: the division, 85: the store.
    for (int line : {57, 62, 68, 76, 79, 85}) {
      editor->setCursorPosition(line - 1, 0);
      // (QScintilla says the cursor moved when it next updates.)
      QVERIFY2(QTest::qWaitFor([&] { return !ir->sourceHighlightedLinesLeft().isEmpty() &&
                                            !ir->sourceHighlightedLinesRight().isEmpty(); },
                               2000),
               qPrintable(QString::number(line)));
    }
  }

  void findCountFollowsThePass() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1920, 1080)));
    QVERIFY(window.selectPass("lower-to-dataflow"));
    IrDiffView *ir = window.findChild<IrDiffView *>("irDiff");
    ir->openFind(ir->rightPane());
    ir->findBar()->findField()->setText("dflow.dma");
    QVERIFY(ir->findBar()->findNext());
    const QString before = ir->findBar()->statusLabel()->text();
    QVERIFY2(before.contains(" of "), qPrintable(before));
    QVERIFY(window.selectPass("input"));
    // The input (KTIR) has no dflow.dma at all.
    QCOMPARE(ir->findBar()->statusLabel()->text(), QStringLiteral("no matches"));
  }
};

QTEST_MAIN(WhyAndWhereTest)
#include "WhyAndWhereTest.moc"
