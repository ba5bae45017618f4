//===- MainWindow.cpp - the Spyre Explorer main window --------------------===//

#include "MainWindow.h"

#include "models/Bytes.h"
#include "CodeEditor.h"
#include "DiagnosticsTable.h"
#include "ExportFolder.h"
#include "KernelChooser.h"
#include "EmulatedRunViews.h"
#include "NumericsFeed.h"
#include "FindBar.h"
#include "IrDiffView.h"
#include "KernelFile.h"
#include "models/PassListModel.h"
#include "PassDocks.h"
#include "PassListPanel.h"
#include "RecentFiles.h"
#include "RingView.h"
#include "RunControls.h"
#include "RunNotes.h"
#include "RunNoteBar.h"
#include "RunSummary.h"
#include "DockShares.h"
#include "OccupancyChart.h"
#include "SampleCatalog.h"
#include "SessionFile.h"
#include "SessionReport.h"
#include "ShortcutsDialog.h"
#include "SnapshotChooser.h"
#include "StageBisect.h"
#include "Theme.h"
#include "TimelineDock.h"
#include "TimelineView.h"

#include "arch/Arch.h"
#include "driver/Architecture.h"

#include <Qsci/qsciscintilla.h>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdio>

using spyre::driver::Diagnostic;

namespace {
QString absolute(const QString &path) {
  return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent) {
  setObjectName("mainWindow");
  setAcceptDrops(true);
  buildUi();
  buildMenus();
  dockShares = new DockShares(this, [this] { return topRowMinimum(); });
  resize(1500, 900);
  QSettings settings;
  restoreGeometry(settings.value("window/geometry").toByteArray());
  // A saved layout wins over the default one applied at the first show.
  layoutApplied = restoreState(settings.value("window/state").toByteArray());
  userLayout = layoutApplied;
  // The size the layout was saved at: shown at another size, the docks
  // keep their share of the window instead of their pixels.
  if (layoutApplied)
    layoutSavedAt = settings.value("window/stateSize").toSize();
  controller.setDebounceMs(settings.value("compile/debounceMs", 400).toInt());
  // What an emulated run's checkpoints may take (issue 26).
  checkpointBudget =
      uint64_t(std::max<qlonglong>(0, settings.value("emulator/checkpointBudgetMiB", 512)
                                          .toLongLong()))
      << 20;
  connect(&controller, &CompileController::finished, this, &MainWindow::onCompiled);
  connect(&controller, &CompileController::started, this,
          [this] { statusLabel->setText(tr("Compiling…")); });
  setTheme(settings.value("ui/theme", "system").toString());
  setZoom(settings.value("ui/zoom", 0).toInt());
  untitledName = QStringLiteral("untitled.mlir");
  updateTitle();
}

QString MainWindow::samplesDirectory() {
  QString fromEnv = qEnvironmentVariable("SPYRE_SAMPLES_DIR");
  if (!fromEnv.isEmpty() && QDir(fromEnv).exists())
    return fromEnv;
  QDir installed(QCoreApplication::applicationDirPath() + "/../share/spyre-explorer/samples");
  if (installed.exists())
    return installed.absolutePath();
  return QStringLiteral(SPYRE_SOURCE_SAMPLES_DIR);
}

QString MainWindow::docsDirectory() {
  QDir installed(QCoreApplication::applicationDirPath() + "/../share/doc/spyre-explorer");
  if (installed.exists("user-guide.md"))
    return installed.absolutePath();
  return QStringLiteral(SPYRE_SOURCE_DOCS_DIR);
}

void MainWindow::buildUi() {
  editor = new CodeEditor(this);
  editor->setObjectName("editor");
  // Line numbers, margins and about 40 columns of text.
  editor->setMinimumWidth(editor->fontMetrics().averageCharWidth() * 40 + 60);
  findBar = new FindBar(editor, this);
  auto *central = new QWidget(this);
  auto *centralLayout = new QVBoxLayout(central);
  centralLayout->setContentsMargins(0, 0, 0, 0);
  centralLayout->setSpacing(0);
  centralLayout->addWidget(editor, 1);
  centralLayout->addWidget(findBar);
  setCentralWidget(central);
  connect(editor, &QsciScintilla::textChanged, this, &MainWindow::onTextChanged);
  // The title's "*" follows the undo stack's save point.
  connect(editor, &QsciScintilla::modificationChanged, this, [this] { updateTitle(); });
  connect(editor, &QsciScintilla::cursorPositionChanged, this, [this](int line, int) {
    const int row = passPanel->shownRow();
    const auto *left = passPanel->model()->snapshot(leftChooser->resolve(row));
    const auto *right = passPanel->model()->snapshot(rightChooser->resolve(row));
    if (left && right && !irView->isStale())
      irView->highlightSourceLine(line + 1, left->sourceLines, right->sourceLines);
  });

  passPanel = new PassListPanel(this);
  connect(passPanel, &PassListPanel::selectedPassChanged, this, &MainWindow::showSelectedPass);
  auto *passDock = new QDockWidget(tr("Passes"), this);
  passDock->setObjectName("passListDock");
  passDock->setWidget(passPanel);
  addDockWidget(Qt::LeftDockWidgetArea, passDock);

  // IR before / after the selected pass.
  irView = new IrDiffView(this);
  irView->setObjectName("irDiff");
  irView->setMinimumWidth(2 * (editor->fontMetrics().averageCharWidth() * 24 + 60));
  connect(irView, &IrDiffView::irLineClicked, this, [this](int sourceLine) {
    editor->highlightLines({sourceLine});
    editor->ensureLineVisible(sourceLine - 1);
    const int row = passPanel->shownRow();
    const auto *left = passPanel->model()->snapshot(leftChooser->resolve(row));
    const auto *right = passPanel->model()->snapshot(rightChooser->resolve(row));
    if (left && right)
      irView->highlightSourceLine(sourceLine, left->sourceLines, right->sourceLines);
  });
  leftChooser = new SnapshotChooser(SnapshotChooser::Side::Before, this);
  leftChooser->setObjectName("leftSnapshot");
  rightChooser = new SnapshotChooser(SnapshotChooser::Side::After, this);
  rightChooser->setObjectName("rightSnapshot");
  for (SnapshotChooser *chooser : {leftChooser, rightChooser}) {
    chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    chooser->setMinimumContentsLength(14);
    connect(chooser, &SnapshotChooser::choiceChanged, this, &MainWindow::showSelectedPass);
  }
  auto *irPanel = new QWidget(this);
  auto *irLayout = new QVBoxLayout(irPanel);
  irLayout->setContentsMargins(4, 4, 4, 0);
  auto *chooserRow = new QHBoxLayout;
  chooserRow->addWidget(new QLabel(tr("Left:"), irPanel));
  chooserRow->addWidget(leftChooser, 1);
  chooserRow->addSpacing(12);
  chooserRow->addWidget(new QLabel(tr("Right:"), irPanel));
  chooserRow->addWidget(rightChooser, 1);
  irLayout->addLayout(chooserRow);
  irLayout->addWidget(irView, 1);
  auto *irDock = new QDockWidget(tr("IR"), this);
  irDock->setObjectName("irDock");
  irDock->setWidget(irPanel);
  addDockWidget(Qt::RightDockWidgetArea, irDock);

  diagnosticsView = new DiagnosticsTable(this);
  connect(diagnosticsView, &DiagnosticsTable::lineActivated, this, [this](int line) {
    editor->setCursorPosition(line - 1, 0);
    editor->ensureLineVisible(line - 1);
    editor->setFocus();
  });
  auto *diagDock = new QDockWidget(tr("Diagnostics"), this);
  diagDock->setObjectName("diagnosticsDock");
  diagDock->setWidget(diagnosticsView);
  addDockWidget(Qt::BottomDockWidgetArea, diagDock);

  statusLabel = new QLabel(this);
  statusLabel->setObjectName("compileStatus");
  statusBar()->addWidget(statusLabel, 1);

  machineDocks = new MachineDocks(this, &controller);
  runControls = new RunControls(
      this, editor, irView,
      [this] {
        EmulatorRun::Input in;
        in.checkpointBudget = checkpointBudget;
        in.noLxLimit = noLxLimit();
        in.source = editor->text();
        in.name = sourceName();
        in.arch = archPath;
        in.directory = currentPath.isEmpty() ? importDirectory
                                             : QFileInfo(currentPath).absolutePath();
        in.function = controller.kernelName();
        // The current compile's SpyreCode when it is of this very text,
        // target and directory: the run is not compiled again.
        if (controller.latest().spyreCode && controller.latestSource() == in.source &&
            controller.latestArchitecture() == in.arch &&
            controller.latestDirectory() == in.directory)
          in.spyreCode = controller.latest().spyreCode;
        return in;
      },
      [this] {
        RunControls::Shown shown;
        const int row = passPanel->shownRow();
        const PassListModel *model = passPanel->model();
        shown.left = model->snapshot(leftChooser->resolve(row));
        shown.right = model->snapshot(rightChooser->resolve(row));
        const auto &all = model->snapshots();
        // lower-to-spyrecode is last; its locations name the DataflowIR
        // snapshot just before it.
        if (all.size() >= 2 && all.back().stage == "SpyreCode") {
          shown.spyreCode = &all.back();
          shown.dataflow = &all[all.size() - 2];
        }
        return shown;
      });
  // A core focused in the ring comes first in the timeline, and back.
  connect(machineDocks->ring(), &RingView::coreFocused, runControls, &RunControls::focusCore);
  connect(runControls->timeline()->view(), &TimelineView::coreFocused, machineDocks,
          &MachineDocks::focusCore);
  emulatedViews = new EmulatedRunViews(this, machineDocks,
                                       &runControls->emulator(), &controller);
  numericsFeed = new NumericsFeed(this, emulatedViews, &runControls->emulator(),
                                  editor);
  passDocks = new PassDocks(this, passPanel);
  // What the run's views say when the run they show is not the editor's
  // kernel any more, or the newest run failed.
  runNotes = new RunNotes(runControls,
                          {runControls->timeline()->noteBar(),
                           machineDocks->chart()->noteBar(),
                           emulatedViews->summary()->noteBar(), machineDocks->ringNoteBar()},
                          [this] { return editCount; }, this);
  // A run of no kernel chosen ran the module's first: named in the note.
  runNotes->setFirstKernel([this] {
    const auto &kernels = controller.latest().kernels;
    return controller.latestSource() == editor->text() && !kernels.empty()
               ? QString::fromStdString(kernels.front())
               : QString();
  });
  connect(&controller, &CompileController::finished, runNotes, &RunNotes::update);
  // The F5 tooltip names the inputs of the kernel's own arguments only.
  connect(&controller, &CompileController::finished, runControls,
          &RunControls::readKernelArguments);
  connect(runControls, &RunControls::inputsChanged, runNotes, &RunNotes::update);
  connect(&runControls->emulator(), &EmulatorRun::ready, this,
          &MainWindow::refreshDiagnostics);
  connect(runNotes, &RunNotes::failureChanged, this, [this](bool failed) {
    refreshDiagnostics();
    if (failed)
      raiseDiagnostics();
  });
}

void MainWindow::raiseDiagnostics() {
  if (auto *dock = findChild<QDockWidget *>("diagnosticsDock")) {
    dock->show();
    dock->raise();
  }
}

void MainWindow::refreshDiagnostics() {
  std::vector<Diagnostic> all = controller.latest().diagnostics;
  if (runNotes)
    for (Diagnostic &d : runNotes->failureDiagnostics())
      all.push_back(std::move(d));
  // What the run shown was told about itself (which tile each number of a
  // 2-D grid's inter-tile sets is, ...), as spyre-run prints it.
  if (runControls)
    for (Diagnostic d : runControls->emulator().notes()) {
      d.pass = "emulated run";
      all.push_back(std::move(d));
    }
  showDiagnostics(all);
}

void MainWindow::buildMenus() {
  QMenu *file = menuBar()->addMenu(tr("&File"));
  QAction *newAction = file->addAction(tr("&New"), this, [this] {
    if (maybeSave())
      newFile();
  });
  newAction->setShortcut(QKeySequence::New);
  QAction *open = file->addAction(tr("&Open…"), this, [this] {
    if (!maybeSave())
      return;
    QString path = QFileDialog::getOpenFileName(
        this, tr("Open kernel"),
        currentPath.isEmpty() ? lastFolder() : QFileInfo(currentPath).absolutePath(),
        tr("KTIR kernels (*.mlir *.ktir);;Spyre Explorer sessions (*.spyx);;All files (*)"));
    if (!path.isEmpty())
      path.endsWith(".spyx") ? openSession(path) : openFile(path);
  });
  open->setShortcut(QKeySequence::Open);
  QMenu *recentMenu = file->addMenu(tr("Open &Recent"));
  recentMenu->setObjectName("recentMenu");
  recent = new RecentFiles(recentMenu, this);
  connect(recent, &RecentFiles::openRequested, this, &MainWindow::openFromRecent);
  file->addSeparator();
  QAction *saveAction = file->addAction(tr("&Save"), this, [this] { save(); });
  saveAction->setShortcut(QKeySequence::Save);
  file->addAction(tr("Save &As…"), this, [this] { saveAs(); })
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  file->addSeparator();
  file->addAction(tr("Open Session…"), this, [this] {
    if (!maybeSave())
      return;
    QString path = QFileDialog::getOpenFileName(this, tr("Open session"),
                                                QFileInfo(sessionProposal()).absolutePath(),
                                                tr("Spyre Explorer sessions (*.spyx)"));
    if (!path.isEmpty())
      openSession(path);
  });
  file->addAction(tr("Save Session…"), this, [this] {
    QString path = QFileDialog::getSaveFileName(this, tr("Save session"), sessionProposal(),
                                                tr("Spyre Explorer sessions (*.spyx)"));
    if (!path.isEmpty())
      saveSession(path.endsWith(".spyx") ? path : path + ".spyx");
  });
  file->addSeparator();
  QAction *report = file->addAction(tr("Export &Report…"), this, [this] {
    const QString path = ExportFolder::askSave(
        this, tr("Export report"), QFileInfo(sourceName()).completeBaseName() + ".html",
        tr("HTML page (*.html)"));
    if (!path.isEmpty())
      exportReport(path.endsWith(".html", Qt::CaseInsensitive) ? path : path + ".html");
  });
  report->setObjectName("exportReport");
  report->setToolTip(tr("One HTML file with the kernel, the passes and their diffs, the ring, "
                        "the run's timeline, chart and summary"));
  file->addSeparator();
  file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

  QMenu *edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(tr("&Undo"), QKeySequence::Undo, editor, &QsciScintilla::undo);
  edit->addAction(tr("&Redo"), QKeySequence::Redo, editor, &QsciScintilla::redo);
  edit->addSeparator();
  edit->addAction(tr("Cu&t"), QKeySequence::Cut, editor, &QsciScintilla::cut);
  edit->addAction(tr("&Copy"), QKeySequence::Copy, this, [this] {
    // Copy from whichever pane has the focus.
    if (QsciScintilla *pane = irView->focusedPane())
      pane->copy();
    else
      editor->copy();
  });
  edit->addAction(tr("&Paste"), QKeySequence::Paste, editor, &QsciScintilla::paste);
  edit->addAction(tr("Select &All"), QKeySequence::SelectAll, this, [this] {
    if (QsciScintilla *pane = irView->focusedPane())
      pane->selectAll();
    else
      editor->selectAll();
  });
  // Find / replace: a bar under the editor (or under the IR panes when one
  // of them has the focus), not a dialog.
  edit->addSeparator();
  auto activeFindBar = [this]() -> FindBar * {
    QWidget *focus = QApplication::focusWidget();
    const bool inIr = irView->focusedPane() ||
                      (focus && irView->findBar()->isAncestorOf(focus));
    return inIr ? irView->findBar() : findBar;
  };
  QAction *find = edit->addAction(tr("&Find…"), this, [this] {
    if (QsciScintilla *pane = irView->focusedPane())
      irView->openFind(pane);
    else
      findBar->open(false);
  });
  find->setShortcut(QKeySequence::Find);
  edit->addAction(tr("Find &Next"), this, [activeFindBar] { activeFindBar()->findNext(false); })
      ->setShortcut(QKeySequence::FindNext);
  edit->addAction(tr("Find &Previous"), this,
                  [activeFindBar] { activeFindBar()->findNext(true); })
      ->setShortcut(QKeySequence::FindPrevious);
  edit->addAction(tr("&Replace…"), this, [this] { findBar->open(true); })
      ->setShortcut(QKeySequence(tr("Ctrl+H")));
  passDocks->addToMenu(edit);
  edit->addSeparator();
  edit->addAction(tr("Go to &Definition"), this, [this] { editor->jumpToDefinitionAtCursor(); })
      ->setShortcut(QKeySequence(Qt::Key_F2));
  edit->addAction(tr("Go &Back"), this, [this] { editor->goBack(); })
      ->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));

  QMenu *samples = menuBar()->addMenu(tr("&Samples"));
  samples->setToolTipsVisible(true);
  for (const SampleCatalog::Sample &sample : SampleCatalog::list(samplesDirectory())) {
    QString label = sample.name;
    if (!sample.description.isEmpty())
      label += QStringLiteral(" — ") + sample.description;
    QAction *action = samples->addAction(label, this, [this, path = sample.path] {
      if (maybeSave())
        openSample(path);
    });
    action->setToolTip(tr("Opens a copy of %1").arg(QDir::toNativeSeparators(sample.path)));
  }

  targetMenu = menuBar()->addMenu(tr("&Target"));
  rebuildTargetMenu();
  machineDocks->addRunMenu(menuBar(), [this] {
    // The chosen inputs and the kernel's own RUN-ARGS values, as F5's.
    const EmulatorRun::Input current = runControls->currentInput();
    RunController::Input in{editor->text(), sourceName(), archPath, current.seed,
                            current.inputFiles, current.scalars, controller.kernelName()};
    in.noLxLimit = noLxLimit();
    return in;
  });
  noLxLimitAction = new QAction(tr("Interpreter Without LX &Limit"), this);
  noLxLimitAction->setObjectName("noLxLimit");
  noLxLimitAction->setCheckable(true);
  noLxLimitAction->setStatusTip(
      tr("Give the interpreter, the reference of every run, a 512 MiB scratchpad "
         "per core, for kernels whose tiles are larger than LX (the compiled "
         "program streams them; the emulator keeps the target's LX)"));
  stageBisect = new StageBisect(passPanel, editor,
                                [this] { return runControls->currentInput(); }, this);
  // The result stays in the status bar until the next message.
  connect(stageBisect, &StageBisect::message, this,
          [this](const QString &text) { statusBar()->showMessage(text); });
  connect(stageBisect, &StageBisect::selectPassRequested, this,
          [this](const QString &pass) { selectPass(pass); });
  connect(irView, &IrDiffView::runSnapshotRequested, stageBisect,
          &StageBisect::runSnapshot);
  // A bisect that cannot run the kernel says why where a failed F5 does
  // (the note over the run's views, Diagnostics, Give %n a value…).
  connect(stageBisect, &StageBisect::started, runNotes, &RunNotes::clearFailure);
  connect(stageBisect, &StageBisect::failed, runNotes, [this] {
    runNotes->showFailure(stageBisect->latest().failure,
                          tr("Finding the pass that changed the output"),
                          tr("find the pass"), [this] { stageBisect->findChangingPass(); });
  });
  if (auto *runMenu = qobject_cast<QMenu *>(machineDocks->runAction()->parent())) {
    runControls->addActions(runMenu);
    emulatedViews->addToMenu(runMenu);
    numericsFeed->addToMenu(runMenu);
    runMenu->addSeparator();
    runMenu->addAction(stageBisect->findAction());
    runMenu->addAction(stageBisect->stopAction());
    runMenu->addSeparator();
    runMenu->addAction(noLxLimitAction);
  }

  buildViewMenu(menuBar()->addMenu(tr("&View")));
  buildHelpMenu();

  QToolBar *toolbar = addToolBar(tr("Main toolbar"));
  toolbar->setObjectName("mainToolbar");
  toolbar->addAction(newAction);
  toolbar->addAction(open);
  toolbar->addAction(saveAction);
  // A module of several kernels: which one is compiled, shown and run.
  kernelChooser = new KernelChooser(this);
  kernelChooserAction = toolbar->addWidget(kernelChooser);
  kernelChooserAction->setVisible(false);
  connect(kernelChooser, &KernelChooser::kernelChosen, this, [this](const QString &name) {
    controller.setKernel(name);
    requestedEdit = editCount;
    requestedDocument = documentId;
    controller.compileNow(editor->text(), sourceName());
  });
}

void MainWindow::buildViewMenu(QMenu *view) {
  // One toggle per dock, rebuilt when the menu opens so every dock (also
  // ones added later) is listed.
  QMenu *docks = view->addMenu(tr("&Docks and Toolbars"));
  docks->setObjectName("docksMenu");
  connect(docks, &QMenu::aboutToShow, this, [this, docks] {
    docks->clear();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
      docks->addAction(dock->toggleViewAction());
    for (QToolBar *bar : findChildren<QToolBar *>())
      docks->addAction(bar->toggleViewAction());
  });
  // Populated once now as well, so shortcuts and tests see the toggles.
  Q_EMIT docks->aboutToShow();
  view->addSeparator();
  QAction *inlineDiff = view->addAction(tr("Show the pass's diff &inline"));
  inlineDiff->setCheckable(true);
  connect(inlineDiff, &QAction::toggled, irView, &IrDiffView::setInlineDiff);
  QAction *ignoreWs = view->addAction(tr("Ignore &whitespace in diffs"));
  ignoreWs->setCheckable(true);
  ignoreWs->setChecked(irView->ignoresWhitespace());
  connect(ignoreWs, &QAction::toggled, irView, &IrDiffView::setIgnoreWhitespace);
  QAction *ignoreNumbers = view->addAction(tr("Ignore value &numbering in diffs"));
  ignoreNumbers->setObjectName("ignoreValueNumberingAction");
  ignoreNumbers->setCheckable(true);
  ignoreNumbers->setToolTip(tr("%9 → %11 alone is not a change"));
  connect(ignoreNumbers, &QAction::toggled, irView, &IrDiffView::setIgnoreValueNumbering);
  QAction *wrap = view->addAction(tr("&Wrap long IR lines"));
  wrap->setCheckable(true);
  connect(wrap, &QAction::toggled, irView, &IrDiffView::setWrapLines);
  view->addAction(irView->nextChangeAction());
  view->addAction(irView->previousChangeAction());
  view->addSeparator();
  QAction *zoomIn = view->addAction(tr("Zoom &In"), this, [this] { setZoom(zoomLevel + 1); });
  zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
  view->addAction(tr("Zoom &Out"), this, [this] { setZoom(zoomLevel - 1); })
      ->setShortcut(QKeySequence::ZoomOut);
  view->addAction(tr("&Reset Zoom"), this, [this] { setZoom(0); })
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  view->addSeparator();
  QMenu *themeMenu = view->addMenu(tr("&Theme"));
  auto *themeGroup = new QActionGroup(themeMenu);
  for (auto [name, label] : {std::pair{"system", tr("Follow the &system")},
                             std::pair{"light", tr("&Light")},
                             std::pair{"dark", tr("&Dark")}}) {
    QAction *action = themeMenu->addAction(label, this, [this, name = QString(name)] {
      setTheme(name);
      QSettings().setValue("ui/theme", name);
    });
    action->setCheckable(true);
    action->setData(QString(name));
    themeGroup->addAction(action);
    themeActions.append(action);
  }
  view->addAction(tr("Restore &Default Layout"), this, &MainWindow::restoreDefaultLayout);
}

void MainWindow::buildHelpMenu() {
  QMenu *help = menuBar()->addMenu(tr("&Help"));
  QAction *guide = help->addAction(tr("&User Guide"), this,
                                   [this] { showDocumentation(QStringLiteral("user-guide.md")); });
  guide->setShortcut(QKeySequence::HelpContents);
  guide->setObjectName("userGuide");
  help->addAction(tr("How the App Is &Built"), this,
                  [this] { showDocumentation(QStringLiteral("app.md")); })
      ->setObjectName("developerDocumentation");
  help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        ShortcutsDialog dialog(menuBar(), this);
        dialog.exec();
      })->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1)); // Ctrl+/ is QScintilla's
  help->addSeparator();
  help->addAction(tr("&About Spyre Explorer"), this, [this] {
    QMessageBox::about(
        this, tr("About Spyre Explorer"),
        tr("<b>Spyre Explorer %1</b><p>Watch KTIR kernels compile for the IBM Spyre "
           "accelerator, pass by pass.</p><p>Documentation: %2</p>")
            .arg(QCoreApplication::applicationVersion(),
                 QDir::toNativeSeparators(docsDirectory() + "/app.md").toHtmlEscaped()));
  });
}

void MainWindow::showDocumentation(const QString &page) {
  const QString path = docsDirectory() + "/" + page;
  auto *dialog = new QDialog(this);
  dialog->setObjectName("documentation");
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(page == QLatin1String("user-guide.md")
                             ? tr("Spyre Explorer user guide")
                             : tr("Spyre Explorer documentation — %1")
                                   .arg(QDir::toNativeSeparators(path)));
  auto *browser = new QTextBrowser(dialog);
  browser->setOpenExternalLinks(true);
  browser->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
  if (browser->toPlainText().isEmpty())
    browser->setPlainText(tr("The documentation is not installed (looked for %1).").arg(path));
  auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
  connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
  auto *layout = new QVBoxLayout(dialog);
  layout->addWidget(browser);
  layout->addWidget(buttons);
  dialog->resize(760, 640);
  dialog->show();
  dialog->raise();
  dialog->activateWindow();
}

void MainWindow::showEvent(QShowEvent *event) {
  QMainWindow::showEvent(event);
  if (!layoutApplied) {
    layoutApplied = true;
    restoreDefaultLayout();
  }
  if (layoutSavedAt.isValid())
    QTimer::singleShot(0, this, [this] { rescaleSavedLayout(); });
  else
    QTimer::singleShot(0, dockShares, &DockShares::remember);
}

void MainWindow::rescaleSavedLayout() {
  const QSize from = std::exchange(layoutSavedAt, QSize());
  if (!from.isValid() || from.width() <= 0 || from.height() <= 0)
    return;
  const double wide = double(width()) / from.width(), tall = double(height()) / from.height();
  // Within a tenth of the size it was saved at: the pixels are right.
  if (std::abs(wide - 1) < 0.1 && std::abs(tall - 1) < 0.1 &&
      !std::exchange(savedSharesRemembered, false)) {
    dockShares->remember();
    return;
  }
  if (!std::exchange(savedSharesRemembered, false))
    dockShares->rememberAt(from);
  dockShares->scale();
}

int MainWindow::topRowMinimum() const {
  QsciScintilla *pane = irView->leftPane();
  const int line = int(pane->SendScintilla(QsciScintillaBase::SCI_TEXTHEIGHT, 0UL));
  // What the dock needs besides its panes, from the size hints (its sizes
  // now may be squeezed by the resize being scaled).
  const auto *irDock = findChild<QDockWidget *>("irDock");
  const int above =
      irDock && irDock->isVisible() && !irDock->isFloating()
          ? std::max(0, irDock->minimumSizeHint().height() - pane->minimumSizeHint().height())
          : 0;
  return above + 10 * line + pane->horizontalScrollBar()->sizeHint().height();
}

bool MainWindow::event(QEvent *event) {
  // Presses that reach the window itself are on a dock separator (or the
  // window's frame): from then on the user decides the dock sizes.
  if (event->type() == QEvent::MouseButtonPress &&
      !childAt(static_cast<QMouseEvent *>(event)->position().toPoint()))
    userLayout = true;
  // A separator let go: the docks' new sizes are the ones to keep.
  if (event->type() == QEvent::MouseButtonRelease)
    QTimer::singleShot(0, dockShares, &DockShares::remember);
  return QMainWindow::event(event);
}

void MainWindow::resizeEvent(QResizeEvent *event) {
  QMainWindow::resizeEvent(event);
  dockShares->windowResized();
  // Until the user places the docks, they keep their proportions at every
  // window size (QMainWindow alone gives the whole change to the editor).
  // Once they placed them, each dock keeps its share of the window (a
  // layout saved at another size is scaled once shown, by
  // rescaleSavedLayout()).
  if (layoutApplied && !resizePending && !layoutSavedAt.isValid()) {
    resizePending = true;
    QTimer::singleShot(0, this, [this] {
      resizePending = false;
      if (layoutSavedAt.isValid())
        return;
      if (userLayout)
        dockShares->scale();
      else
        applyDefaultSizes();
    });
  }
}

void MainWindow::restoreDefaultLayout() {
  for (QDockWidget *dock : findChildren<QDockWidget *>())
    dock->show();
  userLayout = false;
  applyDefaultSizes();
}

void MainWindow::applyDefaultSizes() {
  // Passes as wide as their names (a fifth of the window at most), the IR
  // panes about half of it, the editor the rest.
  const int w = width();
  auto *passDock = findChild<QDockWidget *>("passListDock");
  auto *irDock = findChild<QDockWidget *>("irDock");
  // The Ring shares the Passes column: a fifth of the window (up to 320
  // px) even when the names need less, so the ring's tiles stay readable.
  const int fewest = passPanel->minimumSizeHint().width();
  // A wide window (1920 px) has room for every column of the pass list,
  // its time and Δ included: up to a quarter of the window then.
  const int widest = std::max({w >= 1600 ? w / 4 : w / 5, 200, fewest});
  const int passes = std::clamp(
      std::max({passPanel->sizeHint().width(), std::min(w / 5, 320),
                w >= 1600 ? passPanel->fullWidth() + 4 : 0}),
      fewest, widest);
  resizeDocks({passDock, irDock}, {passes, std::max(w * 44 / 100, irView->minimumWidth())},
              Qt::Horizontal);
  resizeDocks({findChild<QDockWidget *>("diagnosticsDock")},
              {std::clamp(height() / 8, 80, 200)}, Qt::Vertical);
  // A run is watched on the Timeline and the Scratchpad side by side: the
  // Timeline 11/20 of the bottom row at every window size (at 1024 px it
  // kept the split made at the window's first size: 110 px of tracks).
  // Each side is a group of tabs: its raised dock stands for it.
  auto raised = [this](std::initializer_list<const char *> names) {
    for (const char *name : names)
      if (auto *dock = findChild<QDockWidget *>(name);
          dock && dock->isVisible() && !dock->isFloating() &&
          dockWidgetArea(dock) == Qt::BottomDockWidgetArea)
        return dock;
    return static_cast<QDockWidget *>(nullptr);
  };
  QDockWidget *left = raised({"timelineDock", "diagnosticsDock"});
  QDockWidget *right = raised({"occupancyDock", "runSummaryDock", "showNumericsDock"});
  if (left && right && left->x() < right->x()) {
    const int row = left->width() + right->width();
    resizeDocks({left, right}, {row * 11 / 20, row * 9 / 20}, Qt::Horizontal);
  }
}

void MainWindow::setZoom(int zoom) {
  zoomLevel = std::clamp(zoom, -8, 20);
  editor->zoomTo(zoomLevel);
  irView->setZoom(zoomLevel);
  QSettings().setValue("ui/zoom", zoomLevel);
}

void MainWindow::showStatusMessage(const QString &text) { statusBar()->showMessage(text, 8000); }

void MainWindow::showError(const QString &title, const QString &text) {
  if (batchMode) {
    std::fprintf(stderr, "spyre-explorer: error: %s\n", qPrintable(text));
    return;
  }
  QMessageBox::warning(this, title, text);
}

void MainWindow::loadText(const QString &text, const QString &path,
                          const QString &untitled, const QString &directory) {
  loading = true;
  editor->setText(text);
  // Another kernel starts at its left edge (the previous one may have been
  // scrolled far right).
  editor->SendScintilla(QsciScintillaBase::SCI_SETXOFFSET, 0UL);
  editor->setCursorPosition(0, 0);
  // A new document: undo must not go back into the previous one.
  editor->SendScintilla(QsciScintillaBase::SCI_EMPTYUNDOBUFFER);
  editor->setModified(false);
  loading = false;
  currentPath = path;
  untitledName = untitled.isEmpty() ? QStringLiteral("untitled.mlir") : untitled;
  // A new document compiles its first kernel until another is chosen.
  controller.setKernel(QString());
  // Where a device declaration's import is looked for: the kernel's
  // folder, or the sample's for an untitled copy of a sample.
  importDirectory = directory;
  useKernelDirectory();
  forcedModified = false;
  ++documentId;
  // The runs shown were of the previous kernel.
  if (runControls)
    runControls->documentChanged();
  if (emulatedViews)
    emulatedViews->clearShown();
  if (runNotes)
    runNotes->update();
  updateTitle();
  requestedEdit = editCount;
  requestedDocument = documentId;
  controller.compileNow(editor->text(), sourceName());
}

bool MainWindow::openFile(const QString &path) {
  if (SampleCatalog::isSample(path, samplesDirectory()))
    return openSample(path);
  KernelFile::Read read = KernelFile::read(path);
  if (!read.ok) {
    showError(tr("Open kernel"), read.error);
    return false;
  }
  loadText(read.text, absolute(path), QString());
  recent->add(currentPath);
  return true;
}

bool MainWindow::openSample(const QString &path) {
  KernelFile::Read read = KernelFile::read(path);
  if (!read.ok) {
    showError(tr("Open sample"), read.error);
    return false;
  }
  loadText(read.text, QString(), QFileInfo(path).fileName(),
           QFileInfo(path).absolutePath());
  return true;
}

void MainWindow::newFile() {
  loadText(QStringLiteral("module {\n}\n"), QString(), QStringLiteral("untitled.mlir"));
}

void MainWindow::openFromRecent(const QString &path) {
  if (!maybeSave())
    return;
  if (path.endsWith(".spyx"))
    openSession(path);
  else
    openFile(path);
}

QString MainWindow::selectedPass() const { return passPanel->shownPass(); }
QStringList MainWindow::passNames() const { return passPanel->passNames(); }
bool MainWindow::selectPass(const QString &name) { return passPanel->selectPass(name); }

bool MainWindow::exportReport(const QString &path) {
  // The run's views take what is recorded first (indexes on workers).
  runViews()->finishIndexing();
  QString error;
  if (!SessionReport::write(*this, path, &error)) {
    showError(tr("Export report"), error);
    return false;
  }
  showStatusMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
  return true;
}

bool MainWindow::isModified() const { return forcedModified || editor->isModified(); }

bool MainWindow::saveSession(const QString &path) {
  SessionFile s;
  s.source = editor->text();
  s.file = currentPath;
  if (currentPath.isEmpty())
    s.untitledName = untitledName;
  s.arch = archPath;
  s.selectedPass = selectedPass();
  s.leftPin = leftChooser->pinnedPass();
  s.rightPin = rightChooser->pinnedPass();
  s.layout = saveState();
  s.layoutSize = size();
  s.dockSizes = dockShares->shownSizes();
  s.geometry = saveGeometry();
  s.inputs = runControls->inputs();
  QString error;
  if (!s.save(path, &error)) {
    showError(tr("Save session"), error);
    return false;
  }
  recent->add(path);
  useExportFolder();
  return true;
}

bool MainWindow::openSession(const QString &path) {
  QString error;
  std::optional<SessionFile> s = SessionFile::load(path, &error);
  if (!s) {
    showError(tr("Open session"), error);
    return false;
  }
  const QSize saved = s->layoutSize;
  restoreState(s->layout);
  restoreGeometry(s->geometry);
  // Restored into a window of another size, the docks are squeezed (or
  // stretched) at once: their sizes then are not the session's. The
  // session's own sizes are the ones scaled to the window
  // (rescaleSavedLayout()); an older session has none.
  if (saved.isValid() && !s->dockSizes.empty()) {
    dockShares->rememberSizes(saved, s->dockSizes);
    savedSharesRemembered = true;
  }
  layoutApplied = true;
  // The session's layout at this window's size (its geometry may not be
  // honoured: another screen, a window manager).
  layoutSavedAt = saved;
  if (isVisible())
    QTimer::singleShot(0, this, [this] { rescaleSavedLayout(); });
  userLayout = true;
  archPath = s->arch;
  runControls->setInputs(s->inputs);
  controller.setArchitecture(archPath);
  rebuildTargetMenu();
  passPanel->setWantedPass(s->selectedPass);
  leftToPin = s->leftPin;
  rightToPin = s->rightPin;
  // The file's text first, as the saved state, then the session's text as
  // one undoable edit: undo returns to the file and clears the "*".
  KernelFile::Read onDisk =
      s->file.isEmpty() ? KernelFile::Read{} : KernelFile::read(s->file);
  loadText(onDisk.ok ? onDisk.text : s->source, s->file, s->untitledName);
  if (onDisk.ok && onDisk.text != s->source) {
    loading = true;
    editor->beginUndoAction();
    editor->selectAll();
    editor->replaceSelectedText(s->source);
    editor->endUndoAction();
    editor->setCursorPosition(0, 0);
    loading = false;
    controller.compileNow(editor->text(), sourceName());
  }
  // Text that is on no disk (untitled, or its file is gone) is unsaved.
  forcedModified = !onDisk.ok && !s->source.isEmpty();
  updateTitle();
  recent->add(path);
  useExportFolder();
  return true;
}

void MainWindow::setTheme(const QString &name) {
  QString which = theme::normalized(name);
  // At start-up "system" needs no switch: the platform's look is in place.
  if (which != themeChoice || which != QLatin1String("system"))
    theme::apply(which);
  themeChoice = which;
  for (QAction *action : themeActions)
    action->setChecked(action->data().toString() == which);
  updateViewThemes();
}

void MainWindow::updateViewThemes() {
  bool dark = theme::isDark();
  if (editor->isDarkTheme() != dark)
    editor->setDarkTheme(dark);
  if (irView->isDarkTheme() != dark)
    irView->setDarkTheme(dark);
  if (runControls)
    runControls->timeline()->view()->setDarkTheme(dark);
}

void MainWindow::changeEvent(QEvent *event) {
  // The platform switched between light and dark.
  if (event->type() == QEvent::PaletteChange && editor && irView)
    updateViewThemes();
  QMainWindow::changeEvent(event);
}

QString MainWindow::sourceName() const {
  return currentPath.isEmpty() ? untitledName : QFileInfo(currentPath).fileName();
}

void MainWindow::setNoLxLimit(bool on) { noLxLimitAction->setChecked(on); }

bool MainWindow::noLxLimit() const {
  return noLxLimitAction && noLxLimitAction->isChecked();
}

void MainWindow::setArchitecture(const QString &arch) {
  archPath = arch;
  controller.setArchitecture(arch);
  rebuildTargetMenu();
  if (runNotes)
    runNotes->update();
  requestedEdit = editCount;
  requestedDocument = documentId;
  controller.compileNow(editor->text(), sourceName());
}

QString MainWindow::effectiveTarget() const {
  // Empty means the default preset, which presetNames() lists first.
  return archPath.isEmpty() ? QString::fromStdString(spyre::arch::presetNames().front())
                            : archPath;
}

void MainWindow::useKernelDirectory() {
  controller.setKernelDirectory(currentPath.isEmpty()
                                    ? importDirectory
                                    : QFileInfo(currentPath).absolutePath());
  useExportFolder();
}

void MainWindow::useExportFolder() {
  // Exports are proposed beside the kernel (an untitled one: where Save As
  // proposes it).
  ExportFolder::setDirectory(currentPath.isEmpty() ? lastFolder()
                                                   : QFileInfo(currentPath).absolutePath());
}

QString MainWindow::lastFolder() const {
  // Open Recent's first entry is the file last opened or saved.
  for (const QString &path : recent->paths())
    if (const QDir folder = QFileInfo(path).absoluteDir(); folder.exists())
      return folder.absolutePath();
  return QDir::currentPath();
}

void MainWindow::rebuildTargetMenu() {
  targetMenu->clear();
  targetMenu->setToolTipsVisible(true);
  auto *group = new QActionGroup(targetMenu);
  // A kernel that declares its device is compiled for it; the choice
  // below applies to kernels that do not.
  QString current = effectiveTarget();
  bool fromKernelChecked = !kernelTarget.isEmpty();
  if (fromKernelChecked) {
    QAction *fromKernel =
        targetMenu->addAction(tr("from kernel: %1").arg(kernelTarget));
    fromKernel->setCheckable(true);
    fromKernel->setChecked(true);
    fromKernel->setEnabled(false);
    group->addAction(fromKernel);
    targetMenu->addSeparator();
  }
  auto addTarget = [&](const QString &label, const QString &arch) {
    // "spyre — 32 cores, 2 MiB scratchpad per core" (the units the chart uses)
    QString text = label;
    std::vector<Diagnostic> errors;
    if (auto a = spyre::driver::loadArchitecture(arch.toStdString(), errors))
      text += tr(" — %1 cores, %2 scratchpad per core")
                  .arg(a->numCores)
                  .arg(formatBytes(a->scratchpadBytesPerCore));
    QAction *action = targetMenu->addAction(text, this, [this, arch] { setArchitecture(arch); });
    action->setCheckable(true);
    action->setChecked(!fromKernelChecked && arch == current);
    action->setToolTip(arch);
    group->addAction(action);
  };
  QStringList presets;
  for (const std::string &name : spyre::arch::presetNames())
    presets << QString::fromStdString(name);
  for (const QString &name : presets)
    addTarget(name, name);
  if (!presets.contains(current)) // a TOML file
    addTarget(QFileInfo(current).fileName(), current);
  targetMenu->addSeparator();
  targetMenu->addAction(tr("Open Architecture File…"), this, [this] {
    QString path = QFileDialog::getOpenFileName(
        this, tr("Open architecture"), ExportFolder::directory(),
        tr("Architecture descriptions (*.toml);;All files (*)"));
    if (!path.isEmpty())
      setArchitecture(absolute(path));
  });
}

void MainWindow::onTextChanged() {
  if (loading)
    return;
  ++editCount;
  updateTitle();
  if (runNotes)
    runNotes->update();
  requestedEdit = editCount;
  requestedDocument = documentId;
  controller.requestCompile(editor->text(), sourceName());
}

void MainWindow::onCompiled() {
  const spyre::driver::CompileResult &result = controller.latest();
  if (result.snapshots.empty()) {
    // Nothing parsed: never let the previous IR pass for this text's.
    if (haveGoodCompile) {
      QString age;
      if (goodDocument != requestedDocument)
        age = tr("of %1, the last kernel that compiled").arg(goodName);
      else if (requestedEdit == goodEdit)
        age = tr("of this text");
      else
        age = requestedEdit - goodEdit == 1
                  ? tr("1 edit ago")
                  : tr("%1 edits ago").arg(requestedEdit - goodEdit);
      irView->setStale(tr("The kernel does not compile (see Diagnostics). Shown: the IR of "
                          "the last successful compile, %1.")
                           .arg(age));
      passPanel->setStale(true);
    } else {
      passPanel->setSnapshots({});
      passDocks->snapshotsChanged();
      irView->setTexts(QString(), QString(), QString(), QString());
      irView->setStale(tr("The kernel does not compile (see Diagnostics): no IR to show."));
    }
  } else {
    haveGoodCompile = true;
    goodEdit = requestedEdit;
    goodDocument = requestedDocument;
    goodName = sourceName();
    QStringList passes;
    for (const auto &snapshot : result.snapshots)
      passes << QString::fromStdString(snapshot.pass);
    leftChooser->setPasses(passes); // keeps its pin, emits nothing
    rightChooser->setPasses(passes);
    if (!leftToPin.isEmpty() || !rightToPin.isEmpty()) {
      QSignalBlocker quietLeft(leftChooser), quietRight(rightChooser);
      leftChooser->setPinnedPass(leftToPin);
      rightChooser->setPinnedPass(rightToPin);
      leftToPin.clear();
      rightToPin.clear();
    }
    irView->setStale(QString());
    passPanel->setStale(false);
    passPanel->setSnapshots(result.snapshots); // shows the kept pass
    passDocks->snapshotsChanged();
    // The first pass names known (or other ones): the default layout gives
    // the pass list their width, unless the user placed the docks.
    const int wanted = passPanel->fullWidth();
    if (layoutApplied && !userLayout && wanted != passListWidth) {
      passListWidth = wanted;
      applyDefaultSizes();
    }
  }
  refreshDiagnostics();
  // A compile that fails (after one that did not) brings the Diagnostics
  // to the front, also from behind the Timeline's tab.
  const bool failedNow = std::any_of(
      result.diagnostics.begin(), result.diagnostics.end(),
      [](const Diagnostic &d) { return d.severity == Diagnostic::Severity::Error; });
  if (failedNow && !compileFailed)
    raiseDiagnostics();
  compileFailed = failedNow;
  if (!result.kernels.empty()) { // else it did not parse: keep the list
    QStringList kernels;
    for (const std::string &k : result.kernels)
      kernels << QString::fromStdString(k);
    kernelChooser->setKernels(kernels, QString::fromStdString(result.function));
    kernelChooserAction->setVisible(kernels.size() > 1);
  }
  QString declared = QString::fromStdString(result.targetFromKernel);
  if (declared != kernelTarget) {
    kernelTarget = declared;
    rebuildTargetMenu();
  }
  double total = 0;
  for (const auto &s : result.snapshots)
    total += s.wallMs;
  const int errors = int(std::count_if(
      result.diagnostics.begin(), result.diagnostics.end(),
      [](const Diagnostic &d) { return d.severity == Diagnostic::Severity::Error; }));
  statusLabel->setText(
      result.ok ? tr("%1 passes in %2 ms for %3")
                      .arg(result.snapshots.empty() ? 0 : result.snapshots.size() - 1)
                      .arg(total, 0, 'f', 2)
                      .arg(kernelTarget.isEmpty()
                               ? QFileInfo(effectiveTarget()).fileName()
                               : tr("from kernel: %1").arg(kernelTarget))
                : errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors));
}

void MainWindow::showSelectedPass() {
  const int row = passPanel->shownRow();
  machineDocks->showSnapshot(passPanel->model()->snapshot(row));
  if (passDocks)
    passDocks->selectionChanged();
  const auto *left = passPanel->model()->snapshot(leftChooser->resolve(row));
  const auto *right = passPanel->model()->snapshot(rightChooser->resolve(row));
  if (!left || !right)
    return;
  irView->setTexts(QString::fromStdString(left->ir), QString::fromStdString(right->ir),
                   leftChooser->title(row), rightChooser->title(row));
  irView->setSourceMaps(left->sourceLines, right->sourceLines);
  irView->setSnapshotPasses(QString::fromStdString(left->pass),
                            QString::fromStdString(right->pass));
  if (runControls)
    runControls->refreshHighlight();
}

void MainWindow::showDiagnostics(const std::vector<Diagnostic> &diagnostics) {
  // Only the kernel's own diagnostics are marked in the editor; others
  // (e.g. a malformed architecture file) name their file in the table.
  const std::string kernel = sourceName().toStdString();
  std::vector<Diagnostic> own;
  for (const Diagnostic &d : DiagnosticsTable::withoutOpDumps(diagnostics))
    if (d.file.empty() || d.file == kernel)
      own.push_back(d);
  editor->setDiagnostics(own);
  diagnosticsView->setDiagnostics(diagnostics, kernel);
}

bool MainWindow::maybeSave() {
  if (!isModified())
    return true;
  if (batchMode)
    return true; // nothing to ask in a --screenshot run
  auto answer = QMessageBox::warning(
      this, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(sourceName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save)
    return save();
  return answer == QMessageBox::Discard;
}

bool MainWindow::save() { return currentPath.isEmpty() ? saveAs() : writeFile(currentPath); }

QString MainWindow::sessionProposal() const {
  // Beside the kernel, named after it (an untitled one: in the folder of
  // the last file opened or saved, as Save As proposes it).
  const QFileInfo kernel(currentPath.isEmpty() ? QDir(lastFolder()).filePath(untitledName)
                                               : currentPath);
  return kernel.dir().filePath(kernel.completeBaseName() + QStringLiteral(".spyx"));
}

bool MainWindow::saveAs() {
  // Untitled kernels (sample copies included) are proposed in the folder
  // of the last file opened or saved (else the current folder), never in
  // the samples folder.
  const QString proposal = currentPath.isEmpty()
                               ? QDir(lastFolder()).filePath(untitledName)
                               : currentPath;
  QString path = QFileDialog::getSaveFileName(this, tr("Save kernel"), proposal,
                                              tr("KTIR kernels (*.mlir *.ktir);;All files (*)"));
  return !path.isEmpty() && writeFile(path);
}

bool MainWindow::writeFile(const QString &path) {
  QString error;
  if (!KernelFile::write(path, editor->text(), &error)) {
    showError(tr("Save kernel"), error);
    return false;
  }
  currentPath = absolute(path);
  forcedModified = false;
  useKernelDirectory();
  editor->setModified(false);
  recent->add(currentPath);
  updateTitle();
  return true;
}

void MainWindow::updateTitle() {
  const QString name = currentPath.isEmpty() ? untitledName : QFileInfo(currentPath).fileName();
  const QString where =
      currentPath.isEmpty()
          ? tr(" (untitled)")
          : QStringLiteral(" — %1").arg(QDir::toNativeSeparators(QFileInfo(currentPath).path()));
  setWindowTitle(QStringLiteral("%1%2%3 — Spyre Explorer")
                     .arg(name, editor && isModified() ? "*" : "", where));
}

void MainWindow::closeEvent(QCloseEvent *event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/state", saveState());
  settings.setValue("window/stateSize", size());
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
  if (event->mimeData()->hasUrls())
    event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event) {
  const auto urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.front().isLocalFile() || !maybeSave())
    return;
  QString path = urls.front().toLocalFile();
  if (path.endsWith(".spyx"))
    openSession(path);
  else
    openFile(path);
}
