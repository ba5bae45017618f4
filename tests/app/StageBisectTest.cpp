//===- StageBisectTest.cpp - Run ▸ Find the Pass That Changed the Output ===//
//
// The explorer's bisect, offscreen: the Passes list's Output column fills
// off the GUI thread, the first ✗ is selected and the KTIR line that stored
// the first differing element is marked; every snapshot of a kernel whose
// passes keep the bits gets ✓; Stop cancels; Run This Snapshot (an IR
// pane's context menu) runs the snapshot it shows, alone.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "IrDiffView.h"
#include "IrPane.h"
#include "models/PassListModel.h"
#include "PassListPanel.h"
#include "StageBisect.h"
#include "WindowWithSample.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QStatusBar>
#include <QTableView>

namespace {

using Output = PassListModel::Output;

PassListModel *modelOf(MainWindow &window) {
  return window.findChild<PassListPanel *>()->model();
}

} // namespace

class StageBisectTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  /// softmax under exact equality: stream-row-passes reorders the row
  /// sums, so its snapshot is the first ✗; every one before it is ✓.
  void findsTheFirstDifferingPass() {
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
      QCOMPARE(model->output(row), Output::Agrees);
    QCOMPARE(model->output(first), Output::Differs);
    QCOMPARE(bisect->latest().firstPass, QString("stream-row-passes"));
    QVERIFY(model->index(first, PassListModel::OutputColumn)
                .data(Qt::ToolTipRole).toString().contains("ulps"));
    // The first ✗ is selected: the diff shows the change that broke it.
    QCOMPARE(window.selectedPass(), QString("stream-row-passes"));
    // The column is shown, with its marks.
    QTableView *table = window.findChild<PassListPanel *>()->view();
    QVERIFY(!table->isColumnHidden(PassListModel::OutputColumn));
    QCOMPARE(model->index(first, PassListModel::OutputColumn).data().toString(),
             QString(QChar(0x2717)));
    // y is stored on line 85 of the sample: marked in the editor.
    QCOMPARE(bisect->latest().firstLine, 85);
    auto *editor = window.findChild<CodeEditor *>();
    QVERIFY(editor->markersAtLine(84) & (1 << CodeEditor::HighlightMarker));
    QVERIFY(window.statusBar()->currentMessage().contains("stream-row-passes"));
    QVERIFY(!bisect->stopAction()->isEnabled());
    QVERIFY(bisect->findAction()->isEnabled());
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
      QCOMPARE(model->output(row), Output::Agrees);
    QVERIFY(window.bisect()->latest().firstPass.isEmpty());
    QVERIFY(window.statusBar()->currentMessage().contains("equal the KTIR"));
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
    QCOMPARE(model->output(row), Output::Agrees);
    for (int r = 0; r < model->rowCount(); ++r)
      if (r != row)
        QCOMPARE(model->output(r), Output::Unknown);
    QVERIFY(window.statusBar()->currentMessage().contains("agrees"));
  }
};

QTEST_MAIN(StageBisectTest)
#include "StageBisectTest.moc"
