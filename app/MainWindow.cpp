//===- MainWindow.cpp - the Spyre Explorer main window --------------------===//

#include "MainWindow.h"

#include "CodeEditor.h"
#include "FindBar.h"
#include "IrDiffView.h"
#include "PassFilterModel.h"
#include "PassListModel.h"
#include "SnapshotChooser.h"
#include "Theme.h"

#include "arch/Arch.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>

using spyre::driver::Diagnostic;

namespace {
constexpr int kMaxRecent = 8;
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent) {
  setObjectName("mainWindow");
  setAcceptDrops(true);
  buildUi();
  buildMenus();
  // Default layout: the IR panes get most of the width beside the editor.
  resize(1500, 900);
  resizeDocks({findChild<QDockWidget *>("passListDock"),
               findChild<QDockWidget *>("irDock")},
              {350, 760}, Qt::Horizontal);
  resizeDocks({findChild<QDockWidget *>("diagnosticsDock")}, {130},
              Qt::Vertical);
  defaultState = saveState();
  QSettings settings;
  restoreGeometry(settings.value("window/geometry").toByteArray());
  restoreState(settings.value("window/state").toByteArray());
  controller.setDebounceMs(settings.value("compile/debounceMs", 400).toInt());
  connect(&controller, &CompileController::finished, this,
          &MainWindow::onCompiled);
  connect(&controller, &CompileController::started, this, [this] {
    statusLabel->setText(tr("Compiling…"));
  });
  setTheme(settings.value("ui/theme", "system").toString());
  updateTitle();
}

QString MainWindow::samplesDirectory() {
  QString fromEnv = qEnvironmentVariable("SPYRE_SAMPLES_DIR");
  if (!fromEnv.isEmpty() && QDir(fromEnv).exists())
    return fromEnv;
  QDir installed(QCoreApplication::applicationDirPath() +
                 "/../share/spyre-explorer/samples");
  if (installed.exists())
    return installed.absolutePath();
  return QStringLiteral(SPYRE_SOURCE_SAMPLES_DIR);
}

void MainWindow::buildUi() {
  editor = new CodeEditor(this);
  editor->setObjectName("editor");
  findBar = new FindBar(editor, this);
  auto *central = new QWidget(this);
  auto *centralLayout = new QVBoxLayout(central);
  centralLayout->setContentsMargins(0, 0, 0, 0);
  centralLayout->setSpacing(0);
  centralLayout->addWidget(editor, 1);
  centralLayout->addWidget(findBar);
  setCentralWidget(central);
  connect(editor, &QsciScintilla::textChanged, this,
          &MainWindow::onTextChanged);
  connect(editor, &QsciScintilla::cursorPositionChanged, this,
          [this](int line, int) {
            Shown shown = shownSnapshots();
            if (shown.left && shown.right)
              irView->highlightSourceLine(line + 1, shown.left->sourceLines,
                                          shown.right->sourceLines);
          });

  // Pass list.
  auto *passPanel = new QWidget(this);
  auto *passLayout = new QVBoxLayout(passPanel);
  passLayout->setContentsMargins(4, 4, 4, 4);
  filterEdit = new QLineEdit(passPanel);
  filterEdit->setObjectName("passFilter");
  filterEdit->setPlaceholderText(tr("Filter passes"));
  filterEdit->setClearButtonEnabled(true);
  hideUnchanged = new QCheckBox(tr("Hide passes that changed nothing"), passPanel);
  hideUnchanged->setObjectName("hideUnchanged");
  passModel = new PassListModel(this);
  passFilter = new PassFilterModel(this);
  passFilter->setSourceModel(passModel);
  passView = new QTableView(passPanel);
  passView->setObjectName("passList");
  passView->setModel(passFilter);
  passView->setSelectionBehavior(QAbstractItemView::SelectRows);
  passView->setSelectionMode(QAbstractItemView::SingleSelection);
  passView->verticalHeader()->hide();
  // Stage, time and changed always fit; the pass name takes the rest
  // (elided in a narrow dock, whole on hover).
  passView->horizontalHeader()->setSectionResizeMode(
      QHeaderView::ResizeToContents);
  passView->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  passView->setWordWrap(false);
  passLayout->addWidget(filterEdit);
  passLayout->addWidget(hideUnchanged);
  passLayout->addWidget(passView);
  connect(filterEdit, &QLineEdit::textChanged, passFilter,
          &PassFilterModel::setFilterText);
  connect(hideUnchanged, &QCheckBox::toggled, passFilter,
          &PassFilterModel::setHideUnchanged);
  connect(passView->selectionModel(), &QItemSelectionModel::currentRowChanged,
          this, &MainWindow::onPassSelected);
  auto *passDock = new QDockWidget(tr("Passes"), this);
  passDock->setObjectName("passListDock");
  passDock->setWidget(passPanel);
  addDockWidget(Qt::LeftDockWidgetArea, passDock);

  // IR before / after the selected pass.
  irView = new IrDiffView(this);
  irView->setObjectName("irDiff");
  connect(irView, &IrDiffView::irLineClicked, this, [this](int sourceLine) {
    // The ops of that KTIR line in both panes, and the line in the editor.
    editor->highlightLines({sourceLine});
    editor->ensureLineVisible(sourceLine - 1);
    Shown shown = shownSnapshots();
    if (shown.left && shown.right)
      irView->highlightSourceLine(sourceLine, shown.left->sourceLines,
                                  shown.right->sourceLines);
  });
  // Above the panes: which snapshot each shows.
  leftChooser = new SnapshotChooser(SnapshotChooser::Side::Before, this);
  leftChooser->setObjectName("leftSnapshot");
  rightChooser = new SnapshotChooser(SnapshotChooser::Side::After, this);
  rightChooser->setObjectName("rightSnapshot");
  for (SnapshotChooser *chooser : {leftChooser, rightChooser})
    connect(chooser, &SnapshotChooser::choiceChanged, this,
            &MainWindow::onPassSelected);
  auto *irPanel = new QWidget(this);
  auto *irLayout = new QVBoxLayout(irPanel);
  irLayout->setContentsMargins(4, 4, 4, 0);
  auto *chooserRow = new QHBoxLayout;
  chooserRow->addWidget(new QLabel(tr("Left:"), irPanel));
  chooserRow->addWidget(leftChooser);
  chooserRow->addStretch(1);
  chooserRow->addWidget(new QLabel(tr("Right:"), irPanel));
  chooserRow->addWidget(rightChooser);
  irLayout->addLayout(chooserRow);
  irLayout->addWidget(irView, 1);
  auto *irDock = new QDockWidget(tr("IR"), this);
  irDock->setObjectName("irDock");
  irDock->setWidget(irPanel);
  addDockWidget(Qt::RightDockWidgetArea, irDock);

  // Diagnostics.
  diagnosticsView = new QTableWidget(0, 4, this);
  diagnosticsView->setObjectName("diagnostics");
  diagnosticsView->setHorizontalHeaderLabels(
      {tr("Severity"), tr("Where"), tr("Pass"), tr("Message")});
  diagnosticsView->horizontalHeader()->setStretchLastSection(true);
  diagnosticsView->verticalHeader()->hide();
  diagnosticsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
  diagnosticsView->setSelectionBehavior(QAbstractItemView::SelectRows);
  connect(diagnosticsView, &QTableWidget::cellDoubleClicked, this,
          [this](int row, int) {
            int line = diagnosticsView->item(row, 1)->data(Qt::UserRole).toInt();
            if (line > 0) {
              editor->setCursorPosition(line - 1, 0);
              editor->ensureLineVisible(line - 1);
              editor->setFocus();
            }
          });
  auto *diagDock = new QDockWidget(tr("Diagnostics"), this);
  diagDock->setObjectName("diagnosticsDock");
  diagDock->setWidget(diagnosticsView);
  addDockWidget(Qt::BottomDockWidgetArea, diagDock);

  statusLabel = new QLabel(this);
  statusLabel->setObjectName("compileStatus");
  statusBar()->addWidget(statusLabel, 1);
}

void MainWindow::buildMenus() {
  QMenu *file = menuBar()->addMenu(tr("&File"));
  QAction *open = file->addAction(tr("&Open…"), this, [this] {
    if (!maybeSave())
      return;
    QString path = QFileDialog::getOpenFileName(
        this, tr("Open kernel"), QFileInfo(currentPath).absolutePath(),
        tr("KTIR kernels (*.mlir *.ktir);;All files (*)"));
    if (!path.isEmpty())
      openFile(path);
  });
  open->setShortcut(QKeySequence::Open);
  QAction *saveAction = file->addAction(tr("&Save"), this, [this] { save(); });
  saveAction->setShortcut(QKeySequence::Save);
  QAction *saveAsAction =
      file->addAction(tr("Save &As…"), this, [this] { saveAs(); });
  saveAsAction->setShortcut(QKeySequence::SaveAs);
  file->addAction(tr("Open Session…"), this, [this] {
    if (!maybeSave())
      return;
    QString path = QFileDialog::getOpenFileName(
        this, tr("Open session"), QString(),
        tr("Spyre Explorer sessions (*.spyx)"));
    if (!path.isEmpty())
      openSession(path);
  });
  file->addAction(tr("Save Session…"), this, [this] {
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save session"), QString(),
        tr("Spyre Explorer sessions (*.spyx)"));
    if (!path.isEmpty())
      saveSession(path.endsWith(".spyx") ? path : path + ".spyx");
  });
  recentMenu = file->addMenu(tr("Open &Recent"));
  rebuildRecentMenu();
  file->addSeparator();
  QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu *edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(tr("&Undo"), QKeySequence::Undo, editor, &QsciScintilla::undo);
  edit->addAction(tr("&Redo"), QKeySequence::Redo, editor, &QsciScintilla::redo);
  edit->addSeparator();
  edit->addAction(tr("Cu&t"), QKeySequence::Cut, editor, &QsciScintilla::cut);
  edit->addAction(tr("&Copy"), QKeySequence::Copy, editor, &QsciScintilla::copy);
  edit->addAction(tr("&Paste"), QKeySequence::Paste, editor, &QsciScintilla::paste);
  edit->addAction(tr("Select &All"), QKeySequence::SelectAll, editor,
                  [this] { editor->selectAll(); });

  QMenu *samples = menuBar()->addMenu(tr("&Samples"));
  QDir dir(samplesDirectory());
  for (const QString &name : dir.entryList({"*.mlir"}, QDir::Files, QDir::Name))
    samples->addAction(name, this, [this, path = dir.filePath(name)] {
      if (maybeSave())
        openFile(path);
    });

  targetMenu = menuBar()->addMenu(tr("&Target"));
  rebuildTargetMenu();

  // Find / replace: a bar under the editor, not a dialog.
  edit->addSeparator();
  QAction *find = edit->addAction(tr("&Find…"), this,
                                  [this] { findBar->open(false); });
  find->setShortcut(QKeySequence::Find);
  QAction *findNext = edit->addAction(tr("Find &Next"), this,
                                      [this] { findBar->findNext(false); });
  findNext->setShortcut(QKeySequence::FindNext);
  QAction *findPrevious = edit->addAction(
      tr("Find &Previous"), this, [this] { findBar->findNext(true); });
  findPrevious->setShortcut(QKeySequence::FindPrevious);
  QAction *replace = edit->addAction(tr("&Replace…"), this,
                                     [this] { findBar->open(true); });
  replace->setShortcut(QKeySequence(tr("Ctrl+H")));

  QMenu *view = menuBar()->addMenu(tr("&View"));
  QAction *inlineDiff = view->addAction(tr("Show the pass's diff &inline"));
  inlineDiff->setCheckable(true);
  connect(inlineDiff, &QAction::toggled, irView, &IrDiffView::setInlineDiff);
  view->addAction(tr("&Restore default layout"), this,
                  &MainWindow::restoreDefaultLayout);
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

  QMenu *help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About Spyre Explorer"), this, [this] {
    QMessageBox::about(this, tr("About Spyre Explorer"),
                       tr("<b>Spyre Explorer</b><p>Watch KTIR kernels compile "
                          "for the IBM Spyre accelerator, pass by pass.</p>"));
  });

  QToolBar *toolbar = addToolBar(tr("Main"));
  toolbar->setObjectName("mainToolbar");
  toolbar->addAction(open);
  toolbar->addAction(saveAction);
}

void MainWindow::restoreDefaultLayout() { restoreState(defaultState); }

bool MainWindow::openFile(const QString &path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    QMessageBox::warning(this, tr("Open kernel"),
                         tr("Cannot open %1: %2").arg(path, f.errorString()));
    return false;
  }
  loading = true;
  editor->setText(QString::fromUtf8(f.readAll()));
  loading = false;
  editor->setModified(false);
  currentPath = path;
  useKernelDirectory();
  addRecent(path);
  updateTitle();
  controller.compileNow(editor->text(), QFileInfo(path).fileName());
  return true;
}

QString MainWindow::selectedPass() const {
  QModelIndex current = passView->currentIndex();
  return current.isValid()
             ? current.data(PassListModel::PassNameRole).toString()
             : QString();
}

bool MainWindow::saveSession(const QString &path) {
  QJsonObject session;
  session["format"] = "spyre-explorer-session";
  session["version"] = 1;
  session["source"] = editor->text();
  session["file"] = currentPath;
  session["arch"] = archPath;
  session["selectedPass"] = selectedPass();
  session["leftSnapshot"] = leftChooser->pinnedPass();
  session["rightSnapshot"] = rightChooser->pinnedPass();
  session["layout"] = QString::fromLatin1(saveState().toBase64());
  session["geometry"] = QString::fromLatin1(saveGeometry().toBase64());
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      f.write(QJsonDocument(session).toJson()) < 0) {
    QMessageBox::warning(this, tr("Save session"),
                         tr("Cannot write %1: %2").arg(path, f.errorString()));
    return false;
  }
  return true;
}

bool MainWindow::openSession(const QString &path) {
  QFile f(path);
  QJsonParseError error{};
  QJsonDocument doc;
  if (f.open(QIODevice::ReadOnly))
    doc = QJsonDocument::fromJson(f.readAll(), &error);
  QJsonObject session = doc.object();
  if (!f.isOpen() || error.error != QJsonParseError::NoError ||
      session["format"].toString() != "spyre-explorer-session") {
    QMessageBox::warning(this, tr("Open session"),
                         tr("%1 is not a Spyre Explorer session%2")
                             .arg(path, error.error != QJsonParseError::NoError
                                            ? ": " + error.errorString()
                                            : QString()));
    return false;
  }
  restoreState(QByteArray::fromBase64(session["layout"].toString().toLatin1()));
  restoreGeometry(
      QByteArray::fromBase64(session["geometry"].toString().toLatin1()));
  archPath = session["arch"].toString();
  controller.setArchitecture(archPath);
  rebuildTargetMenu();
  passToSelect = session["selectedPass"].toString();
  leftToPin = session["leftSnapshot"].toString();
  rightToPin = session["rightSnapshot"].toString();
  loading = true;
  editor->setText(session["source"].toString());
  loading = false;
  currentPath = session["file"].toString();
  useKernelDirectory();
  // The text may differ from the file on disk: treat it as unsaved.
  editor->setModified(currentPath.isEmpty() ||
                      [&] {
                        QFile source(currentPath);
                        return !source.open(QIODevice::ReadOnly) ||
                               QString::fromUtf8(source.readAll()) !=
                                   editor->text();
                      }());
  updateTitle();
  controller.compileNow(editor->text(), sourceName());
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
}

void MainWindow::changeEvent(QEvent *event) {
  // The platform switched between light and dark.
  if (event->type() == QEvent::PaletteChange && editor && irView)
    updateViewThemes();
  QMainWindow::changeEvent(event);
}

QString MainWindow::sourceName() const {
  return currentPath.isEmpty() ? QStringLiteral("untitled.mlir")
                               : QFileInfo(currentPath).fileName();
}

void MainWindow::setArchitecture(const QString &arch) {
  archPath = arch;
  controller.setArchitecture(arch);
  rebuildTargetMenu();
  controller.compileNow(editor->text(), sourceName());
}

QString MainWindow::effectiveTarget() const {
  // Empty means the default preset, which presetNames() lists first.
  return archPath.isEmpty()
             ? QString::fromStdString(spyre::arch::presetNames().front())
             : archPath;
}

void MainWindow::useKernelDirectory() {
  controller.setKernelDirectory(
      currentPath.isEmpty() ? QString() : QFileInfo(currentPath).absolutePath());
}

void MainWindow::rebuildTargetMenu() {
  targetMenu->clear();
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
    QAction *action = targetMenu->addAction(
        label, this, [this, arch] { setArchitecture(arch); });
    action->setCheckable(true);
    action->setChecked(!fromKernelChecked && arch == current);
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
        this, tr("Open architecture"), QString(),
        tr("Architecture descriptions (*.toml);;All files (*)"));
    if (!path.isEmpty())
      setArchitecture(path);
  });
}

bool MainWindow::selectPass(const QString &name) {
  for (int row = 0; row < passFilter->rowCount(); ++row) {
    QModelIndex index = passFilter->index(row, 0);
    if (index.data(PassListModel::PassNameRole).toString() == name) {
      passView->setCurrentIndex(index);
      return true;
    }
  }
  return false;
}

void MainWindow::onTextChanged() {
  if (loading)
    return;
  updateTitle();
  controller.requestCompile(editor->text(), sourceName());
}

void MainWindow::onCompiled() {
  const spyre::driver::CompileResult &result = controller.latest();
  QString selected = passToSelect.isEmpty() ? selectedPass() : passToSelect;
  passToSelect.clear();
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
  passModel->setSnapshots(result.snapshots);
  if (selected.isEmpty() || !selectPass(selected))
    passView->setCurrentIndex(passFilter->index(passFilter->rowCount() - 1, 0));
  showDiagnostics(result.diagnostics);
  QString declared = QString::fromStdString(result.targetFromKernel);
  if (declared != kernelTarget) {
    kernelTarget = declared;
    rebuildTargetMenu();
  }
  double total = 0;
  for (const auto &s : result.snapshots)
    total += s.wallMs;
  statusLabel->setText(
      result.ok ? tr("%1 passes in %2 ms for %3")
                      .arg(result.snapshots.empty() ? 0 : result.snapshots.size() - 1)
                      .arg(total, 0, 'f', 2)
                      .arg(kernelTarget.isEmpty()
                               ? QFileInfo(effectiveTarget()).fileName()
                               : tr("from kernel: %1").arg(kernelTarget))
                : tr("%n error(s)", nullptr,
                     static_cast<int>(std::count_if(
                         result.diagnostics.begin(), result.diagnostics.end(),
                         [](const Diagnostic &d) {
                           return d.severity == Diagnostic::Severity::Error;
                         }))));
}

void MainWindow::onPassSelected() {
  Shown shown = shownSnapshots();
  if (!shown.left || !shown.right)
    return;
  irView->setTexts(QString::fromStdString(shown.left->ir),
                   QString::fromStdString(shown.right->ir),
                   leftChooser->title(shown.row), rightChooser->title(shown.row));
  irView->setSourceMaps(shown.left->sourceLines, shown.right->sourceLines);
}

MainWindow::Shown MainWindow::shownSnapshots() const {
  QModelIndex current = passView->currentIndex();
  if (!current.isValid())
    return {};
  int row = passFilter->mapToSource(current).row();
  return {passModel->snapshot(leftChooser->resolve(row)),
          passModel->snapshot(rightChooser->resolve(row)), row};
}

void MainWindow::showDiagnostics(const std::vector<Diagnostic> &diagnostics) {
  // Only the kernel's own diagnostics are marked in the editor; others
  // (e.g. a malformed architecture file) name their file in the table.
  std::string kernel = sourceName().toStdString();
  auto inKernel = [&](const Diagnostic &d) {
    return d.file.empty() || d.file == kernel;
  };
  std::vector<Diagnostic> own;
  std::copy_if(diagnostics.begin(), diagnostics.end(), std::back_inserter(own),
               inKernel);
  editor->setDiagnostics(own);
  diagnosticsView->setRowCount(0);
  for (const Diagnostic &d : diagnostics) {
    int row = diagnosticsView->rowCount();
    diagnosticsView->insertRow(row);
    const char *severity = d.severity == Diagnostic::Severity::Error ? "error"
                           : d.severity == Diagnostic::Severity::Warning
                               ? "warning"
                           : d.severity == Diagnostic::Severity::Note ? "note"
                                                                      : "remark";
    diagnosticsView->setItem(row, 0, new QTableWidgetItem(tr(severity)));
    auto *where = new QTableWidgetItem(
        inKernel(d) ? QString::number(d.line)
                    : QStringLiteral("%1:%2")
                          .arg(QString::fromStdString(d.file))
                          .arg(d.line));
    // Double-clicking jumps only to lines of the kernel.
    where->setData(Qt::UserRole, inKernel(d) ? d.line : 0);
    diagnosticsView->setItem(row, 1, where);
    diagnosticsView->setItem(row, 2, new QTableWidgetItem(
                                         QString::fromStdString(d.pass)));
    diagnosticsView->setItem(row, 3, new QTableWidgetItem(
                                         QString::fromStdString(d.message)));
  }
}

bool MainWindow::maybeSave() {
  if (!editor->isModified())
    return true;
  auto answer = QMessageBox::warning(
      this, tr("Unsaved changes"),
      tr("The kernel has unsaved changes. Save them?"),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save)
    return save();
  return answer == QMessageBox::Discard;
}

bool MainWindow::save() {
  return currentPath.isEmpty() ? saveAs() : writeFile(currentPath);
}

bool MainWindow::saveAs() {
  QString path = QFileDialog::getSaveFileName(
      this, tr("Save kernel"), currentPath,
      tr("KTIR kernels (*.mlir *.ktir);;All files (*)"));
  return !path.isEmpty() && writeFile(path);
}

bool MainWindow::writeFile(const QString &path) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      f.write(editor->text().toUtf8()) < 0) {
    QMessageBox::warning(this, tr("Save kernel"),
                         tr("Cannot write %1: %2").arg(path, f.errorString()));
    return false;
  }
  currentPath = path;
  useKernelDirectory();
  editor->setModified(false);
  addRecent(path);
  updateTitle();
  return true;
}

void MainWindow::updateTitle() {
  QString name = currentPath.isEmpty() ? tr("untitled")
                                       : QFileInfo(currentPath).fileName();
  setWindowTitle(QStringLiteral("%1%2 — Spyre Explorer")
                     .arg(name, editor && editor->isModified() ? "*" : ""));
}

void MainWindow::addRecent(const QString &path) {
  QSettings settings;
  QStringList recent = settings.value("recentFiles").toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > kMaxRecent)
    recent.removeLast();
  settings.setValue("recentFiles", recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  if (!recentMenu)
    return;
  recentMenu->clear();
  QSettings settings;
  for (const QString &path : settings.value("recentFiles").toStringList())
    recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
      if (maybeSave())
        openFile(path);
    })->setToolTip(path);
  recentMenu->setEnabled(!recentMenu->isEmpty());
}

void MainWindow::closeEvent(QCloseEvent *event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/state", saveState());
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
