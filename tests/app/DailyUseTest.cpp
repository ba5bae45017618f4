//===- DailyUseTest.cpp - the main window as a daily tool -----------------===//
//
// Files and sessions keep absolute paths; the "*" follows undo; binary
// files are refused; samples open as untitled copies; the IR panes never
// show stale IR unmarked; the selected pass is kept by name; the layout at
// 1024x700; docks keep their size when the find bar opens and closes; a
// pane's own search; zoom; menus that list what they do. Widgets are found
// by objectName; waits use QTRY_* / QSignalSpy::wait.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "CompileController.h"
#include "FindBar.h"
#include "IrDiffView.h"
#include "MainWindow.h"
#include "models/PassListModel.h"
#include "SampleCatalog.h"
#include "SessionFile.h"
#include "ShortcutsDialog.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace {

QString sampleText(const char *name = "elementwise_add.mlir") {
  QFile f(QDir(MainWindow::samplesDirectory()).filePath(name));
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

bool writeText(const QString &path, const QByteArray &bytes) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// Waits for the compile the window has started to be shown.
bool waitCompiled(MainWindow &window) {
  QSignalSpy spy(&window.compiler(), &CompileController::finished);
  return spy.wait(15000);
}

QAction *menuAction(MainWindow &window, const QString &menu, const QString &text) {
  for (QAction *top : window.menuBar()->actions())
    if (QString(top->text()).remove('&') == menu)
      for (QAction *a : top->menu()->actions())
        if (QString(a->text()).remove('&') == text)
          return a;
  return nullptr;
}

} // namespace

class DailyUseTest : public QObject {
  Q_OBJECT

  QTemporaryDir settingsDir;
  QString startDir;

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("daily-use-test");
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    startDir = QDir::currentPath();
  }
  void cleanup() { QDir::setCurrent(startDir); }

  // 1. Paths are absolute; a session also finds its kernel when both moved.
  void absolutePaths() {
    QTemporaryDir a, b, c;
    QVERIFY(writeText(a.filePath("k.mlir"), sampleText().toUtf8()));
    QDir::setCurrent(a.path());
    QString sessionPath;
    {
      MainWindow window;
      window.setBatchMode(true);
      window.show();
      QVERIFY(window.openFile("k.mlir"));
      QCOMPARE(window.filePath(), QDir(a.path()).filePath("k.mlir"));
      QVERIFY(QFileInfo(window.filePath()).isAbsolute());
      QCOMPARE(QSettings().value("recentFiles").toStringList().value(0), window.filePath());
      auto *recent = window.findChild<QMenu *>("recentMenu");
      QVERIFY(recent && recent->toolTipsVisible());
      QCOMPARE(recent->actions().value(0)->toolTip(), QDir::toNativeSeparators(window.filePath()));
      window.findChild<CodeEditor *>("editor")->append("// edited\n");
      // Save Session… proposes the kernel's folder and name, not the
      // process's current folder.
      QDir::setCurrent(b.path());
      QCOMPARE(window.sessionProposal(), QDir(a.path()).filePath("k.spyx"));
      QDir::setCurrent(a.path());
      sessionPath = a.filePath("s.spyx");
      QVERIFY(window.saveSession(sessionPath));
    }
    QFile sessionFile(sessionPath);
    QVERIFY(sessionFile.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(sessionFile.readAll()).object();
    sessionFile.close();
    QCOMPARE(json["file"].toString(), QDir(a.path()).filePath("k.mlir"));
    QCOMPARE(json["fileRelative"].toString(), QStringLiteral("k.mlir"));

    // Reopened from another folder: Save writes the kernel where it is.
    QDir::setCurrent(b.path());
    {
      MainWindow window;
      window.setBatchMode(true);
      window.show();
      QVERIFY(window.openSession(sessionPath));
      QCOMPARE(window.filePath(), QDir(a.path()).filePath("k.mlir"));
      QVERIFY(window.save());
      QVERIFY(!QFileInfo::exists(b.filePath("k.mlir")));
      QFile saved(a.filePath("k.mlir"));
      QVERIFY(saved.open(QIODevice::ReadOnly));
      QVERIFY(saved.readAll().contains("// edited"));
    }
    // The session moved together with its kernel: the relative path wins.
    QVERIFY(QFile::rename(a.filePath("k.mlir"), c.filePath("k.mlir")));
    QVERIFY(QFile::rename(sessionPath, c.filePath("s.spyx")));
    std::optional<SessionFile> moved = SessionFile::load(c.filePath("s.spyx"), nullptr);
    QVERIFY(moved);
    QCOMPARE(moved->file, QDir(c.path()).filePath("k.mlir"));
  }

  // 2. The "*" follows the undo stack's clean state.
  void cleanStateFollowsUndo() {
    QTemporaryDir dir;
    QVERIFY(writeText(dir.filePath("k.mlir"), sampleText().toUtf8()));
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(dir.filePath("k.mlir")));
    auto *editor = window.findChild<CodeEditor *>("editor");
    QVERIFY(!window.windowTitle().contains('*'));
    QVERIFY(!editor->isUndoAvailable()); // undo cannot go back to the last file
    editor->setCursorPosition(0, 0);
    editor->insert("x");
    QVERIFY(window.isModified());
    QVERIFY(window.windowTitle().contains("k.mlir*"));
    editor->undo();
    QVERIFY(!window.isModified());
    QVERIFY2(!window.windowTitle().contains('*'), qPrintable(window.windowTitle()));
    editor->redo();
    QVERIFY(window.windowTitle().contains('*'));
  }

  // 3. Binary files are refused whole; nothing is loaded, nothing written.
  void binaryRefused_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("NUL byte") << QByteArray("module {\n}\n\0\x7f" "ELF", 15);
    QTest::newRow("invalid UTF-8") << QByteArray("module {\n// \xff\xfe\n}\n");
  }
  void binaryRefused() {
    QFETCH(QByteArray, bytes);
    QTemporaryDir dir;
    QVERIFY(writeText(dir.filePath("k.mlir"), sampleText().toUtf8()));
    QVERIFY(writeText(dir.filePath("bin.mlir"), bytes));
    MainWindow window;
    window.setBatchMode(true);
    window.show();
    QVERIFY(window.openFile(dir.filePath("k.mlir")));
    auto *editor = window.findChild<CodeEditor *>("editor");
    const QString before = editor->text();
    QVERIFY(!window.openFile(dir.filePath("bin.mlir")));
    QCOMPARE(editor->text(), before);
    QCOMPARE(window.filePath(), QDir(dir.path()).filePath("k.mlir"));
    QVERIFY(!window.openFile(dir.path())); // a directory
    QFile f(dir.filePath("bin.mlir"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), bytes);
  }

  // 4. A bundled sample opens as an untitled copy.
  void sampleOpensAsCopy() {
    MainWindow window;
    window.show();
    const QString sample = QDir(MainWindow::samplesDirectory()).filePath("softmax.mlir");
    QVERIFY(window.openFile(sample));
    QVERIFY(window.filePath().isEmpty());
    QVERIFY(window.windowTitle().startsWith("softmax.mlir"));
    QVERIFY(window.windowTitle().contains("untitled"));
    QVERIFY(window.openSample(sample));
    QVERIFY(window.filePath().isEmpty());
    // Samples list their description.
    QAction *softmax = nullptr;
    for (QAction *top : window.menuBar()->actions())
      if (QString(top->text()).remove('&') == "Samples")
        for (QAction *a : top->menu()->actions())
          if (a->text().startsWith("softmax.mlir"))
            softmax = a;
    QVERIFY(softmax);
    QVERIFY2(softmax->text().contains(" — ") && softmax->text().size() > 20,
             qPrintable(softmax->text()));
    // A description that runs over two header lines is read whole, up to
    // the formula.
    QCOMPARE(SampleCatalog::descriptionOf(
                 {"// d.mlir -- one tensor spread over HBM and two cores'\n",
                  "// scratchpads, read through a view:\n", "//   B = A\n"}),
             QString("one tensor spread over HBM and two cores' scratchpads, read through a view"));
    QCOMPARE(SampleCatalog::descriptionOf({"// r.mlir -- row sum: OUT[m] = sum X\n", "//\n"}),
             QString("row sum: OUT[m] = sum X"));
    QCOMPARE(SampleCatalog::descriptionOf({"module {\n"}), QString());
  }

  // 5. A kernel that does not parse: the panes keep the last good IR, greyed
  // and labelled; fixing it makes them current again.
  void staleIrMarked() {
    QTemporaryDir dir;
    QVERIFY(writeText(dir.filePath("k.mlir"), sampleText().toUtf8()));
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(dir.filePath("k.mlir")));
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    auto *banner = window.findChild<QLabel *>("staleBanner");
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 15000);
    QVERIFY(!ir->isStale());
    const QString shown = ir->rightPane()->text();
    auto *editor = window.findChild<CodeEditor *>("editor");
    editor->setCursorPosition(editor->lines() - 1, 0);
    editor->insert("%broken = = \n");
    QTRY_VERIFY_WITH_TIMEOUT(ir->isStale(), 15000);
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains("last successful compile, 1 edit ago"),
             qPrintable(banner->text()));
    QCOMPARE(ir->rightPane()->text(), shown);
    editor->insert("x");
    QTRY_VERIFY_WITH_TIMEOUT(banner->text().contains("2 edits ago"), 15000);
    editor->undo();
    editor->undo();
    QTRY_VERIFY_WITH_TIMEOUT(!ir->isStale(), 15000);
    QVERIFY(!banner->isVisible());
  }

  // 6. The selected pass is kept by name.
  void selectionKept() {
    QTemporaryDir dir;
    QVERIFY(writeText(dir.filePath("k.mlir"), sampleText().toUtf8()));
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(dir.filePath("k.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 15000);
    auto *passes = window.findChild<QTableView *>("passList");
    // Default: the last pass that changed the IR, never "input".
    QString lastChanged;
    for (const auto &s : window.compiler().latest().snapshots)
      if (s.changed)
        lastChanged = QString::fromStdString(s.pass);
    QCOMPARE(window.selectedPass(), lastChanged);
    QVERIFY(window.selectPass("normalize-grid"));
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    const QString shown = ir->rightPane()->text();
    // A typo and its undo.
    auto *editor = window.findChild<CodeEditor *>("editor");
    editor->setCursorPosition(editor->lines() - 1, 0);
    editor->insert("%oops = \n");
    QTRY_VERIFY_WITH_TIMEOUT(!window.compiler().latest().ok, 15000);
    editor->undo();
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 15000);
    QCOMPARE(window.selectedPass(), QString("normalize-grid"));
    QCOMPARE(passes->currentIndex().data(PassListModel::PassNameRole).toString(),
             QString("normalize-grid"));
    QCOMPARE(ir->rightPane()->text(), shown);
    // Filtering does not move it.
    auto *filter = window.findChild<QLineEdit *>("passFilter");
    QTest::keyClicks(filter, "dataflow");
    QCOMPARE(window.selectedPass(), QString("normalize-grid"));
    QCOMPARE(ir->rightPane()->text(), shown);
    filter->clear();
    QCOMPARE(passes->currentIndex().data(PassListModel::PassNameRole).toString(),
             QString("normalize-grid"));
    // Another kernel: same pass.
    QVERIFY(window.openSample(QDir(MainWindow::samplesDirectory()).filePath("softmax.mlir")));
    QVERIFY(waitCompiled(window));
    QCOMPARE(window.selectedPass(), QString("normalize-grid"));
  }

  // 7. At 1024x700 nothing is squeezed to nothing.
  void minimumSizes() {
    QSettings().remove("window");
    MainWindow window;
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openSample(QDir(MainWindow::samplesDirectory()).filePath("rmsnorm_ring.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 15000);
    QCoreApplication::processEvents();
    QVERIFY(window.minimumSizeHint().width() <= 1024);
    QCOMPARE(window.width(), 1024);
    auto *editor = window.findChild<CodeEditor *>("editor");
    const int ch = editor->fontMetrics().averageCharWidth();
    QVERIFY2(editor->width() >= 40 * ch, qPrintable(QString::number(editor->width())));
    auto *passes = window.findChild<QTableView *>("passList");
    int longest = 0;
    for (const auto &s : window.compiler().latest().snapshots)
      longest = std::max(longest, passes->fontMetrics().horizontalAdvance(
                                      QString::fromStdString(s.pass)));
    QVERIFY(passes->columnWidth(PassListModel::PassColumn) >= longest);
    QVERIFY2(passes->viewport()->width() >= longest,
             qPrintable(QString("%1 < %2").arg(passes->viewport()->width()).arg(longest)));
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    QVERIFY(ir->leftPane()->width() >= 24 * ch);
    QVERIFY(ir->rightPane()->width() >= 24 * ch);
    QVERIFY(window.findChild<QDockWidget *>("diagnosticsDock")->height() >= 60);
  }

  // 8. Opening and closing the find bars leaves the docks as they were.
  void dockSizesStable() {
    MainWindow window;
    window.resize(1024, 700);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openSample(QDir(MainWindow::samplesDirectory()).filePath("softmax.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 15000);
    QCoreApplication::processEvents();
    auto *passDock = window.findChild<QDockWidget *>("passListDock");
    auto *irDock = window.findChild<QDockWidget *>("irDock");
    const QSize passSize = passDock->size(), irSize = irDock->size();
    auto *editor = window.findChild<CodeEditor *>("editor");
    auto *bar = window.findChild<FindBar *>("findBar");
    for (int i = 0; i < 5; ++i) {
      editor->setFocus();
      QTest::keyClick(editor, i % 2 ? Qt::Key_H : Qt::Key_F, Qt::ControlModifier);
      QTRY_VERIFY(bar->isVisible());
      QCoreApplication::processEvents();
      QCOMPARE(passDock->size(), passSize);
      QCOMPARE(irDock->size(), irSize);
      QTest::keyClick(bar->findField(), Qt::Key_Escape);
      QVERIFY(!bar->isVisible());
      QCoreApplication::processEvents();
      QCOMPARE(passDock->size(), passSize);
      QCOMPARE(irDock->size(), irSize);
    }
    // Ctrl+H: the focused field is the one whose text is selected.
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_H, Qt::ControlModifier);
    QTRY_VERIFY(bar->findField()->hasFocus());
    QCOMPARE(bar->findField()->selectedText(), bar->findField()->text());
  }

  // 12. Ctrl+F with the focus in an IR pane searches that pane.
  void paneSearch() {
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openSample(QDir(MainWindow::samplesDirectory()).filePath("softmax.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 15000);
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    auto *irBar = window.findChild<FindBar *>("irFindBar");
    auto *editorBar = window.findChild<FindBar *>("findBar");
    ir->leftPane()->setFocus();
    QTRY_VERIFY(ir->leftPane()->hasFocus());
    QTest::keyClick(ir->leftPane(), Qt::Key_F, Qt::ControlModifier);
    QVERIFY(irBar->isVisible());
    QVERIFY(!editorBar->isVisible());
    QCOMPARE(irBar->editor(), ir->leftPane());
    QTest::keyClicks(irBar->findField(), "func.func");
    QCOMPARE(ir->leftPane()->selectedText(), QString("func.func"));
    QVERIFY(irBar->statusLabel()->text().contains(" of "));
  }

  // 13, 14. Zoom, dock toggles, help, targets, go back.
  void menus() {
    MainWindow window;
    window.show();
    auto *editor = window.findChild<CodeEditor *>("editor");
    auto *ir = window.findChild<IrDiffView *>("irDiff");
    window.setZoom(0);
    menuAction(window, "View", "Zoom In")->trigger();
    QCOMPARE(int(editor->SendScintilla(QsciScintillaBase::SCI_GETZOOM)), 1);
    QCOMPARE(int(ir->rightPane()->SendScintilla(QsciScintillaBase::SCI_GETZOOM)), 1);
    menuAction(window, "View", "Reset Zoom")->trigger();
    QCOMPARE(window.zoom(), 0);

    auto *docks = window.findChild<QMenu *>("docksMenu");
    QVERIFY(docks);
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
      QVERIFY2(docks->actions().contains(dock->toggleViewAction()),
               qPrintable(dock->objectName()));
    window.findChild<QDockWidget *>("diagnosticsDock")->toggleViewAction()->trigger();
    QVERIFY(!window.findChild<QDockWidget *>("diagnosticsDock")->isVisible());

    QVERIFY(menuAction(window, "Help", "User Guide"));
    QVERIFY(menuAction(window, "Help", "How the App Is Built"));
    QVERIFY(menuAction(window, "Help", "Keyboard Shortcuts"));
    QVERIFY(menuAction(window, "Help", "About Spyre Explorer"));
    QVERIFY(QFileInfo::exists(MainWindow::docsDirectory() + "/app.md"));
    QVERIFY(QFileInfo::exists(MainWindow::docsDirectory() + "/user-guide.md"));
    const auto shortcuts = ShortcutsDialog::collect(window.menuBar());
    auto keysOf = [&](const QString &command) {
      for (const auto &p : shortcuts)
        if (p.first == command)
          return p.second;
      return QString();
    };
    QCOMPARE(keysOf("File ▸ New"), QKeySequence(QKeySequence::New).toString(QKeySequence::NativeText));
    QVERIFY(!keysOf("File ▸ Save As…").isEmpty());
    QCOMPARE(keysOf("Edit ▸ Go Back"), QKeySequence(Qt::ALT | Qt::Key_Left).toString(QKeySequence::NativeText));
    QCOMPARE(keysOf("View ▸ Next Change"), QString("F7"));

    QAction *spyre = nullptr;
    for (QAction *top : window.menuBar()->actions())
      if (QString(top->text()).remove('&') == "Target")
        for (QAction *a : top->menu()->actions())
          if (a->text().startsWith("spyre —"))
            spyre = a;
    QVERIFY(spyre);
    // In the units the Scratchpad chart uses (binary: "2 MiB", not "2 MB").
    QVERIFY2(spyre->text().endsWith("32 cores, 2 MiB scratchpad per core"),
             qPrintable(spyre->text()));

    // Go to definition and back, with the keys the menu shows, typed into
    // the editor (QScintilla must not swallow them).
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    editor->setText("%a = op\n\n\n%b = use %a\n");
    editor->setFocus();
    editor->setCursorPosition(3, 11);
    QTest::keyClick(editor, Qt::Key_F2);
    int line = 0, index = 0;
    editor->getCursorPosition(&line, &index);
    QCOMPARE(line, 0);
    QTest::keyClick(editor, Qt::Key_Left, Qt::AltModifier);
    editor->getCursorPosition(&line, &index);
    QCOMPARE(line, 3);
    QCOMPARE(index, 11);
    // Every menu shortcut reaches its action with the focus in the editor.
    QSignalSpy zoomed(menuAction(window, "View", "Zoom In"), &QAction::triggered);
    QTest::keyClick(editor, Qt::Key_Plus, Qt::ControlModifier);
    QCOMPARE(zoomed.count(), 1);
    QTest::keyClick(editor, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(window.zoom(), 0);
    QSignalSpy help(menuAction(window, "Help", "Keyboard Shortcuts"), &QAction::triggered);
    QTimer::singleShot(0, &window, [] {
      if (QWidget *dialog = QApplication::activeModalWidget())
        dialog->close();
    });
    QTest::keySequence(editor, menuAction(window, "Help", "Keyboard Shortcuts")->shortcut());
    QCOMPARE(help.count(), 1);
  }
};

QTEST_MAIN(DailyUseTest)
#include "DailyUseTest.moc"
