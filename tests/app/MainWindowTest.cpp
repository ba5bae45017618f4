//===- MainWindowTest.cpp - a scripted session in the main window ---------===//
//
// Open a sample, wait for the compile, check the pass list and the IR
// panes, type a syntax error and see its diagnostic on its line, undo and
// see it clear. Widgets are found by objectName; waits use QTRY_*.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "CompileController.h"
#include "FindBar.h"
#include "IrDiffView.h"
#include "MainWindow.h"
#include "models/PassListModel.h"
#include "SnapshotChooser.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
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
    // The input, then every pass down to SpyreCode.
    QTRY_VERIFY(model->rowCount() > 3);
    const int rows = model->rowCount();
    QCOMPARE(model->index(3, 0).data(PassListModel::PassNameRole).toString(),
             QString("normalize-grid"));
    QCOMPARE(model->index(rows - 1, 0).data(PassListModel::PassNameRole).toString(),
             QString("lower-to-spyrecode"));

    // Keyboard navigation: Up / Down walk the pass list.
    passes->setFocus();
    passes->setCurrentIndex(model->index(0, 0));
    QTest::keyClick(passes, Qt::Key_Down);
    QCOMPARE(window.selectedPass(), QString("select-kernel"));
    QTest::keyClick(passes, Qt::Key_Down);
    QCOMPARE(window.selectedPass(), QString("ktir-legality-check"));
    QTest::keyClick(passes, Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(window.selectedPass(), QString("lower-to-spyrecode"));

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
    QCOMPARE(model->rowCount(), rows);

    // Either pane can pin any snapshot, whatever pass is selected.
    auto *leftChooser = window.findChild<SnapshotChooser *>("leftSnapshot");
    auto *rightChooser = window.findChild<SnapshotChooser *>("rightSnapshot");
    QVERIFY(leftChooser && rightChooser);
    QCOMPARE(leftChooser->count(), 1 + rows); // "follow" + every snapshot
    QVERIFY(rightChooser->setPinnedPass("normalize-grid"));
    QVERIFY(window.selectPass("input"));
    QTRY_VERIFY(ir->rightPane()->text().contains("grid = [8]"));
    QVERIFY(ir->leftPane()->text().contains("grid = [4, 2]"));
    QVERIFY(ir->rightTitle()->text().contains("pinned"));
    QVERIFY(!rightChooser->setPinnedPass("no-such-pass"));

    // A session saved and reopened in a new window restores the text, the
    // selected pass, the pinned snapshots and the layout.
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
    QVERIFY(reopened.isModified()); // the text differs from the file
    QTRY_COMPARE_WITH_TIMEOUT(reopened.selectedPass(),
                              QString("ktir-legality-check"), 10000);
    QCOMPARE(reopened.saveState(), window.saveState());
    auto *reopenedRight = reopened.findChild<SnapshotChooser *>("rightSnapshot");
    QCOMPARE(reopenedRight->pinnedPass(), QString("normalize-grid"));
    QCOMPARE(reopened.findChild<SnapshotChooser *>("leftSnapshot")->pinnedPass(),
             QString());
  }

  // The target changes what the legality check accepts; a broken
  // architecture file is reported against that file, not the kernel.
  void architecture() {
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(
        QDir(MainWindow::samplesDirectory()).filePath("elementwise_add.mlir")));
    auto *diagnostics = window.findChild<QTableWidget *>("diagnostics");
    auto *editor = window.findChild<CodeEditor *>("editor");
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 10000);

    window.setArchitecture("spyre-4core");
    QTRY_VERIFY_WITH_TIMEOUT(diagnostics->rowCount() > 0, 10000);
    QVERIFY(diagnostics->item(0, 3)->text().contains(
        "the grid has 32 tiles but the target has 4 cores"));
    QCOMPARE(diagnostics->item(0, 2)->text(), QString("ktir-legality-check"));

    QTemporaryDir dir;
    QFile bad(dir.filePath("bad.toml"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("name = \"x\"\ncores = oops\n");
    bad.close();
    window.setArchitecture(bad.fileName());
    QTRY_VERIFY_WITH_TIMEOUT(
        diagnostics->rowCount() > 0 &&
            diagnostics->item(0, 1)->text().startsWith(bad.fileName() + ":2"),
        10000);
    QVERIFY(editor->diagnosticMessagesAt(2).isEmpty());

    window.setArchitecture("spyre");
    QTRY_COMPARE_WITH_TIMEOUT(diagnostics->rowCount(), 0, 10000);
    QVERIFY(window.compiler().latest().ok);
  }

  // A kernel that declares its device (imported next to the file) is
  // compiled for it: the Target menu says so, whatever preset is chosen.
  void targetFromKernel() {
    MainWindow window;
    window.show();
    window.setArchitecture("spyre-4core");
    QVERIFY(window.openFile(
        QDir(MainWindow::samplesDirectory()).filePath("device_sub.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 10000);
    QCOMPARE(window.compiler().latest().targetFromKernel,
             std::string("sample_device"));
    QMenu *target = nullptr;
    for (QAction *action : window.menuBar()->actions())
      if (action->text() == "&Target")
        target = action->menu();
    QVERIFY(target);
    QAction *fromKernel = target->actions().value(0);
    QVERIFY(fromKernel);
    QCOMPARE(fromKernel->text(), QString("from kernel: sample_device"));
    QVERIFY(fromKernel->isChecked());
    for (QAction *action : target->actions())
      if (action != fromKernel)
        QVERIFY(!action->isChecked());
  }

  // View ▸ Theme switches the whole application, editor and IR panes
  // included; "system" brings the platform's palette back.
  void themes() {
    MainWindow window;
    window.show();
    // A compile sets the Passes list's text colour (stale or not).
    QVERIFY(window.openFile(
        QDir(MainWindow::samplesDirectory()).filePath("elementwise_add.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 30000);
    auto *passes = window.findChild<QTableView *>("passList");
    QVERIFY(passes);
    auto *editor = window.findChild<CodeEditor *>("editor");
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    QColor systemWindow = QApplication::palette().color(QPalette::Window);
    bool systemDark = systemWindow.lightness() < 128;
    QCOMPARE(window.themeName(), QString("system"));
    QCOMPARE(editor->isDarkTheme(), systemDark);

    window.setTheme("dark");
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
    QVERIFY(editor->isDarkTheme());
    QVERIFY(ir->isDarkTheme());
    // The panes' paper is their lexer's default style background.
    auto paper = [ir] {
      return QColor(QRgb(ir->leftPane()->SendScintilla(QsciScintillaBase::SCI_STYLEGETBACK,
                                                        QsciScintillaBase::STYLE_DEFAULT)));
    };
    QVERIFY(paper().lightness() < 128);
    // The pass names are light on the dark list (they stayed black).
    QTRY_VERIFY(passes->palette().color(QPalette::Text).lightness() >= 128);

    window.setTheme("light");
    QTRY_VERIFY(passes->palette().color(QPalette::Text).lightness() < 128);
    QVERIFY(!editor->isDarkTheme());
    QVERIFY(paper().lightness() >= 128);

    window.setTheme("bogus"); // unknown names mean "system"
    QCOMPARE(window.themeName(), QString("system"));
    QCOMPARE(QApplication::palette().color(QPalette::Window), systemWindow);
    QCOMPARE(ir->isDarkTheme(), systemDark);
  }

  // Ctrl+F opens the find bar; typing finds incrementally, Enter goes to
  // the next match, replace-all is one undo step, Escape closes the bar.
  void findBar() {
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(
        QDir(MainWindow::samplesDirectory()).filePath("elementwise_add.mlir")));
    auto *editor = window.findChild<CodeEditor *>("editor");
    auto *bar = window.findChild<FindBar *>("findBar");
    QVERIFY(editor && bar);
    QVERIFY(!bar->isVisible());
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    editor->setFocus();
    editor->setCursorPosition(0, 0);
    QTest::keyClick(editor, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(bar->isVisible());
    QTRY_VERIFY(bar->findField()->hasFocus());

    QTest::keyClicks(bar->findField(), "ktdp.load");
    QCOMPARE(editor->selectedText(), QString("ktdp.load"));
    int first = 0, index = 0;
    editor->getCursorPosition(&first, &index);
    QTest::keyClick(bar->findField(), Qt::Key_Return);
    int second = 0;
    editor->getCursorPosition(&second, &index);
    QVERIFY(second > first);
    QTest::keyClick(bar->findField(), Qt::Key_Return, Qt::ShiftModifier);
    int back = 0;
    editor->getCursorPosition(&back, &index);
    QCOMPARE(back, first);

    QString before = editor->text();
    int loads = before.count("ktdp.load");
    bar->replaceField()->setText("ktdp.LOAD");
    QCOMPARE(bar->replaceAll(), loads);
    QCOMPARE(editor->text().count("ktdp.LOAD"), loads);
    editor->undo();
    QCOMPARE(editor->text(), before);

    // Replace acts on a selection that is a match; otherwise it first only
    // shows the next match.
    editor->setSelection(0, 0, 0, 2); // "//", not a match
    bar->replaceCurrent();
    QCOMPARE(editor->text(), before);
    QCOMPARE(editor->selectedText(), QString("ktdp.load"));
    bar->replaceCurrent();
    QCOMPARE(editor->text().count("ktdp.LOAD"), 1);
    QCOMPARE(editor->selectedText(), QString("ktdp.load")); // the next one
    editor->undo();
    QCOMPARE(editor->text(), before);

    bar->findField()->setText("no such text anywhere");
    QVERIFY(!bar->findNext());
    QTest::keyClick(bar->findField(), Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
  }

  // A burst of requests ends with the newest one's result; the older
  // running compile is cancelled rather than finished and shown.
  void newestCompileWins() {
    CompileController controller;
    QString source =
        QString("module {\n  func.func @f() attributes {grid = [%1]} {\n"
                "    return\n  }\n}\n");
    int shown = 0;
    connect(&controller, &CompileController::finished, this,
            [&shown] { ++shown; });
    for (int i = 1; i <= 20; ++i)
      controller.compileNow(source.arg(i), "burst.mlir");
    QTRY_VERIFY_WITH_TIMEOUT(!controller.busy() && shown > 0, 10000);
    QTest::qWait(50);
    QCOMPARE(shown, 1);
    QCOMPARE(controller.latestJob(), quint64(20));
    QVERIFY(controller.latest().snapshots.front().ir.find("grid = [20]") !=
            std::string::npos);
  }
};

QTEST_MAIN(MainWindowTest)
#include "MainWindowTest.moc"
