//===- MainWindowTest.cpp - a scripted session in the main window ---------===//
//
// Open a sample, wait for the compile, check the pass list and the IR
// panes, type a syntax error and see its diagnostic on its line, undo and
// see it clear. Widgets are found by objectName; waits use QTRY_*.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "IrDiffView.h"
#include "MainWindow.h"
#include "PassListModel.h"

#include <QAbstractItemModel>
#include <QDir>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

class MainWindowTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("main-window-test");
  }

  void scriptedSession() {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QString sample =
        QDir(MainWindow::samplesDirectory()).filePath("rmsnorm_ring.mlir");
    QVERIFY(window.openFile(sample));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latestJob() > 0, 10000);

    auto *passes = window.findChild<QTableView *>("passList");
    QVERIFY(passes);
    QAbstractItemModel *model = passes->model();
    QTRY_COMPARE(model->rowCount(), 3); // input + two passes
    QCOMPARE(model->index(2, 0).data(PassListModel::PassNameRole).toString(),
             QString("normalize-grid"));

    // Selecting a pass shows the IR before and after it.
    QVERIFY(window.selectPass("normalize-grid"));
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    QVERIFY(ir);
    QTRY_VERIFY(ir->rightPane()->text().contains("grid = [8]"));
    QVERIFY(ir->leftPane()->text().contains("grid = [4, 2]"));

    // A syntax error shows up on its line; undo clears it.
    auto *editor = window.findChild<CodeEditor *>("editor");
    QVERIFY(editor);
    int line = editor->lines() - 3;
    editor->setCursorPosition(line, 0);
    editor->insert("%bad = ");
    auto *diagnostics = window.findChild<QTableWidget *>("diagnostics");
    QVERIFY(diagnostics);
    QTRY_VERIFY_WITH_TIMEOUT(diagnostics->rowCount() > 0, 10000);
    QCOMPARE(diagnostics->item(0, 0)->text(), QString("error"));
    QVERIFY(!editor->diagnosticMessagesAt(line + 1).isEmpty() ||
            !editor->diagnosticMessagesAt(line + 2).isEmpty());
    editor->undo();
    QTRY_COMPARE_WITH_TIMEOUT(diagnostics->rowCount(), 0, 10000);
    QCOMPARE(model->rowCount(), 3);

    // A session saved and reopened in a new window restores the text, the
    // selected pass and the layout.
    QVERIFY(window.selectPass("ktir-legality-check"));
    editor->append("// edited in the session\n");
    QTemporaryDir dir;
    QString sessionPath = dir.filePath("s.spyx");
    QTRY_VERIFY_WITH_TIMEOUT(!window.compiler().busy(), 10000);
    QVERIFY(window.saveSession(sessionPath));
    MainWindow reopened;
    reopened.resize(1400, 900);
    reopened.show();
    QVERIFY(reopened.openSession(sessionPath));
    auto *editor2 = reopened.findChild<CodeEditor *>("editor");
    QCOMPARE(editor2->text(), editor->text());
    QVERIFY(editor2->isModified()); // the text differs from the file
    QTRY_COMPARE_WITH_TIMEOUT(reopened.selectedPass(),
                              QString("ktir-legality-check"), 10000);
    QCOMPARE(reopened.saveState(), window.saveState());
  }
};

QTEST_MAIN(MainWindowTest)
#include "MainWindowTest.moc"
