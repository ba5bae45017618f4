//===- StageBisectTest.cpp - Run ▸ Find the Pass That Changed the Output ===//
//
// The explorer's bisect, offscreen: the Passes list's Output column fills
// off the GUI thread with the numerics verdict of each snapshot; a pass
// that reorders a sum gets ≈ (within rounding) and is selected; a broken
// pass (--perturb-after) gets the first ✗, is selected, and the KTIR line
// that stored its worst element is marked; every snapshot of a kernel
// whose passes keep the bits gets ✓; Stop cancels; Run This Snapshot (an
// IR pane's context menu) runs the snapshot it shows, alone.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "IrDiffView.h"
#include "IrPane.h"
#include "models/PassListModel.h"
#include "PassListPanel.h"
#include "RunInputsDialog.h"
#include "RunNoteBar.h"
#include "RunNotes.h"
#include "StageBisect.h"
#include "WindowWithSample.h"
#include "WithoutRunArgs.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>

namespace {

using Output = PassListModel::Output;

PassListModel *modelOf(MainWindow &window) {
  return window.findChild<PassListPanel *>()->model();
}

} // namespace

class StageBisectTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  /// softmax: stream-row-passes reorders the row sums (per-lane
  /// partials), so its snapshot is the first ≈ (within rounding of the
  /// shadow), not ✗; every one before it is ✓ and none is ✗. It is
  /// selected (the diff shows the reordering); no line is marked.
  void reorderingIsWithinRounding() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1500, 900)));
    StageBisect *bisect = window.bisect();
    QSignalSpy finished(bisect, &StageBisect::finished);
    bisect->findAction()->trigger();
    // Off the GUI thread: the action returns at once, the rows are pending.
    QVERIFY(bisect->busy());
    PassListModel *model = modelOf(window);
    QCOMPARE(model->output(0), Output::Running);
    QVERIFY(bisect->stopAction()->isEnabled());
    QVERIFY(finished.wait(180000));
    QVERIFY2(bisect->latest().ok, qPrintable(bisect->latest().summary));
    const int first = model->rowOfPass("stream-row-passes");
    QVERIFY(first > 0);
    for (int row = 0; row < first; ++row)
      QCOMPARE(model->output(row), Output::Exact);
    for (int row = first; row < model->rowCount(); ++row)
      QVERIFY(model->output(row) == Output::Exact ||
              model->output(row) == Output::WithinRounding);
    QCOMPARE(model->output(first), Output::WithinRounding);
    QVERIFY(bisect->latest().firstPass.isEmpty());
    QCOMPARE(bisect->latest().inexactPass, QString("stream-row-passes"));
    const QString tip = model->index(first, PassListModel::OutputColumn)
                            .data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("within rounding") && tip.contains("ulps"), qPrintable(tip));
    QCOMPARE(model->index(first, PassListModel::OutputColumn).data().toString(),
             QString(QChar(0x2248)));
    QCOMPARE(window.selectedPass(), QString("stream-row-passes"));
    QCOMPARE(bisect->latest().wrongLine, 0);
    const QString status = window.statusBar()->currentMessage();
    QVERIFY2(status.contains("No snapshot is WRONG") && status.contains("stream-row-passes"),
             qPrintable(status));
    QVERIFY(!bisect->stopAction()->isEnabled());
    QVERIFY(bisect->findAction()->isEnabled());
  }

  /// softmax broken right after stream-row-passes (one subtraction's
  /// operands swapped, as spyre-run --perturb-after does): its snapshot is
  /// the first ✗, selected, every one before it ✓, and line 85 (the store
  /// of y, where the worst element was written) is marked in the editor.
  void findsTheFirstWrongPass() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1500, 900)));
    StageBisect *bisect = window.bisect();
    bisect->setPerturbAfter("stream-row-passes");
    QSignalSpy finished(bisect, &StageBisect::finished);
    bisect->findAction()->trigger();
    QVERIFY(finished.wait(180000));
    QVERIFY2(bisect->latest().ok, qPrintable(bisect->latest().summary));
    PassListModel *model = modelOf(window);
    const int first = model->rowOfPass("stream-row-passes");
    QVERIFY(first > 0);
    for (int row = 0; row < first; ++row)
      QCOMPARE(model->output(row), Output::Exact);
    QCOMPARE(model->output(first), Output::Wrong);
    QCOMPARE(bisect->latest().firstPass, QString("stream-row-passes"));
    const QString tip = model->index(first, PassListModel::OutputColumn)
                            .data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("WRONG") && tip.contains("shadow"), qPrintable(tip));
    // The first ✗ is selected: the diff shows the change that broke it.
    QCOMPARE(window.selectedPass(), QString("stream-row-passes"));
    QTableView *table = window.findChild<PassListPanel *>()->view();
    QVERIFY(!table->isColumnHidden(PassListModel::OutputColumn));
    QCOMPARE(model->index(first, PassListModel::OutputColumn).data().toString(),
             QString(QChar(0x2717)));
    // y is stored on line 85 of the sample: marked in the editor.
    QCOMPARE(bisect->latest().wrongLine, 85);
    auto *editor = window.findChild<CodeEditor *>();
    QVERIFY(editor->markersAtLine(84) & (1 << CodeEditor::HighlightMarker));
    const QString status = window.statusBar()->currentMessage();
    QVERIFY2(status.contains("WRONG: stream-row-passes") && status.contains("line 85"),
             qPrintable(status));
  }

  /// A kernel whose passes keep every bit: ✓ on every row. At 1024x700
  /// the Out column is shown and every visible column fits the viewport.
  void everySnapshotAgrees() {
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1024, 700)));
    QSignalSpy finished(window.bisect(), &StageBisect::finished);
    window.bisect()->findAction()->trigger();
    QVERIFY(finished.wait(180000));
    PassListModel *model = modelOf(window);
    for (int row = 0; row < model->rowCount(); ++row)
      QCOMPARE(model->output(row), Output::Exact);
    QVERIFY(window.bisect()->latest().firstPass.isEmpty());
    QVERIFY(window.bisect()->latest().inexactPass.isEmpty());
    QVERIFY(window.statusBar()->currentMessage().contains("exactly the KTIR's"));
    QTableView *table = window.findChild<PassListPanel *>()->view();
    QVERIFY(!table->isColumnHidden(PassListModel::OutputColumn));
    int right = 0;
    for (int c = 0; c < PassListModel::ColumnCount; ++c)
      if (!table->isColumnHidden(c))
        right = std::max(right, table->columnViewportPosition(c) +
                                    table->horizontalHeader()->sectionSize(c));
    QString sizes;
    for (int c = 0; c < PassListModel::ColumnCount; ++c)
      sizes += QString(" %1:%2%3").arg(c).arg(table->horizontalHeader()->sectionSize(c))
                   .arg(table->isColumnHidden(c) ? "h" : "");
    QVERIFY2(right <= table->viewport()->width(),
             qPrintable(QString("columns end at %1 in a %2-pixel viewport;%3 width %4")
                            .arg(right).arg(table->viewport()->width()).arg(sizes).arg(table->width())));
  }

  /// Run This Snapshot after a bisect: that pass's row is judged again,
  /// every other row keeps its verdict (the Out column was emptied).
  void runThisSnapshotKeepsTheOthers() {
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1500, 900)));
    QSignalSpy finished(window.bisect(), &StageBisect::finished);
    window.bisect()->findAction()->trigger();
    QVERIFY(finished.wait(180000));
    PassListModel *model = modelOf(window);
    QVERIFY(window.selectPass("lower-to-dataflow"));
    auto *pane = qobject_cast<IrPane *>(window.findChild<IrDiffView *>()->rightPane());
    QScopedPointer<QMenu> menu(pane->createContextMenu(nullptr));
    auto *run = menu->findChild<QAction *>("runSnapshotAction");
    QVERIFY(run && run->isEnabled());
    run->trigger();
    QCOMPARE(model->output(model->rowOfPass("lower-to-dataflow")), Output::Running);
    QVERIFY(finished.wait(120000));
    for (int r = 0; r < model->rowCount(); ++r)
      QCOMPARE(model->output(r), Output::Exact);
  }

  /// Stop: the job ends cancelled, no row is left pending.
  void stopCancels() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1500, 900)));
    StageBisect *bisect = window.bisect();
    QSignalSpy finished(bisect, &StageBisect::finished);
    bisect->findAction()->trigger();
    bisect->stopAction()->trigger();
    QVERIFY(finished.wait(60000));
    QVERIFY(!bisect->latest().ok);
    QVERIFY(bisect->latest().cancelled);
    PassListModel *model = modelOf(window);
    for (int row = 0; row < model->rowCount(); ++row)
      QVERIFY(model->output(row) != Output::Running);
    QVERIFY(bisect->findAction()->isEnabled());
  }

  /// A scalar without a value: the bisect says so where a failed F5 does
  /// (the note over the run's views with Give %s a value…, Diagnostics),
  /// not only in the status bar; OK in the Inputs dialog it opens runs the
  /// bisect again.
  void missingValueSaidAsF5Does() {
    QTemporaryDir dir;
    const QString path = withoutRunArgs("generic_plain.mlir", dir);
    QVERIFY(!path.isEmpty());
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(path));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latestJob() > 0, 20000);
    StageBisect *bisect = window.bisect();
    QSignalSpy finished(bisect, &StageBisect::finished);
    bisect->findAction()->trigger();
    QVERIFY(finished.wait(120000));
    QVERIFY(!bisect->latest().ok);
    auto *notes = window.findChild<RunNotes *>();
    QVERIFY(notes);
    QCOMPARE(notes->missingArgument(), QString("s"));
    QVERIFY2(notes->note().contains("no value given for argument %s"),
             qPrintable(notes->note()));
    QVERIFY(!notes->failureDiagnostics().empty());
    RunNoteBar *bar = window.findChildren<RunNoteBar *>().value(0);
    QVERIFY(bar && bar->button());
    QCOMPARE(bar->button()->text(), QString("Give %s a value…"));
    // The button: the Inputs dialog at %s; OK with a value runs it again.
    QTimer answer;
    answer.setInterval(50);
    connect(&answer, &QTimer::timeout, &window, [&] {
      auto *dialog = window.findChild<RunInputsDialog *>("runInputsDialog");
      if (dialog && dialog->isVisible() && dialog->setScalar("s", "100"))
        answer.stop(), dialog->accept();
    });
    answer.start();
    bar->button()->click();
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() == 2, 120000);
    QVERIFY2(bisect->latest().ok, qPrintable(bisect->latest().summary));
    QVERIFY(notes->missingArgument().isEmpty());
    QVERIFY(notes->failureDiagnostics().empty());
  }

  /// Run This Snapshot on the right-hand pane: that pass's row alone.
  void runThisSnapshot() {
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1500, 900)));
    QVERIFY(window.selectPass("lower-to-dataflow"));
    auto *pane = qobject_cast<IrPane *>(window.findChild<IrDiffView *>()->rightPane());
    QVERIFY(pane);
    QScopedPointer<QMenu> menu(pane->createContextMenu(nullptr));
    auto *run = menu->findChild<QAction *>("runSnapshotAction");
    QVERIFY(run && run->isEnabled());
    QSignalSpy finished(window.bisect(), &StageBisect::finished);
    run->trigger();
    QVERIFY(finished.wait(120000));
    PassListModel *model = modelOf(window);
    const int row = model->rowOfPass("lower-to-dataflow");
    QCOMPARE(model->output(row), Output::Exact);
    for (int r = 0; r < model->rowCount(); ++r)
      if (r != row)
        QCOMPARE(model->output(r), Output::Unknown);
    QVERIFY(window.statusBar()->currentMessage().contains("exact"));
  }
};

QTEST_MAIN(StageBisectTest)
#include "StageBisectTest.moc"
