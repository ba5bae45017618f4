//===- RunControls.cpp - run and step the emulator from the window --------===//

#include "RunControls.h"

#include "driver/RunArgsComment.h"

#include "ArgumentNames.h"
#include "RunInputsDialog.h"

#include "CodeEditor.h"
#include "IrDiffView.h"
#include "IrPane.h"
#include "MarkerLines.h"
#include "TimelineDock.h"
#include "models/TimelineModel.h"
#include "TimelineView.h"

#include <Qsci/qsciscintilla.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QInputDialog>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

RunControls::RunControls(QMainWindow *mainWindow, CodeEditor *kernelEditor,
                         IrDiffView *irView,
                         std::function<EmulatorRun::Input()> input,
                         std::function<Shown()> shown)
    : QObject(mainWindow), window(mainWindow), editor(kernelEditor), ir(irView),
      inputOf(std::move(input)), shownOf(std::move(shown)) {
  dock = new TimelineDock(window);
  window->addDockWidget(Qt::BottomDockWidgetArea, dock);
  // A tab of the bottom area, beside the diagnostics and the chart.
  if (auto *diagnostics = window->findChild<QDockWidget *>("diagnosticsDock")) {
    window->tabifyDockWidget(diagnostics, dock);
    diagnostics->raise();
  }

  QStyle *style = QApplication::style();
  auto make = [&](const QString &text, const QString &name, QKeySequence key,
                  QStyle::StandardPixmap icon, const QString &tip) {
    auto *a = new QAction(style->standardIcon(icon), text, this);
    a->setObjectName(name);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
    a->setStatusTip(tip);
    return a;
  };
  continueAct = make(tr("Run on &Emulator / Continue"), "runContinue", QKeySequence(Qt::Key_F5),
                     QStyle::SP_MediaPlay, QString());
  pauseAct = make(tr("&Pause"), "runPause", QKeySequence(Qt::Key_F6), QStyle::SP_MediaPause,
                  tr("Pause the playing run"));
  stopAct = make(tr("&Stop"), "runStop", QKeySequence(Qt::SHIFT | Qt::Key_F5),
                 QStyle::SP_MediaStop, tr("Stop and go back to the run's start"));
  stepEventAct = make(tr("Step &Event"), "stepEvent", QKeySequence(Qt::Key_F10),
                      QStyle::SP_MediaSkipForward, tr("Run one event (one engine issues or blocks)"));
  stepCycleAct = make(tr("Step C&ycle"), "stepCycle", QKeySequence(Qt::Key_F11),
                      QStyle::SP_MediaSeekForward, tr("Run every event of the next cycle"));
  stepBackAct = make(tr("Step &Back"), "stepBack", QKeySequence(Qt::SHIFT | Qt::Key_F10),
                     QStyle::SP_MediaSkipBackward, tr("Undo one event (replayed from a checkpoint)"));
  runToLineAct = make(tr("Run to &Cursor"), "runToLine",
                      QKeySequence(Qt::CTRL | Qt::Key_F10), QStyle::SP_ArrowDown,
                      tr("Run to the next event of what is under the cursor: the KTIR "
                         "line in the editor, the DataflowIR op or SpyreCode instruction "
                         "in an IR pane"));
  inputsAct = new QAction(style->standardIcon(QStyle::SP_FileDialogContentsView),
                          tr("&Inputs…"), this);
  inputsAct->setObjectName("runInputs");
  inputsAct->setToolTip(tr("Choose the seed and .npy files the kernel's arrays start from"));
  inputsAct->setStatusTip(inputsAct->toolTip());
  connect(inputsAct, &QAction::triggered, this, [this] { editInputs(); });
  kernelArguments = new ArgumentNames(this);
  connect(kernelArguments, &ArgumentNames::changed, this, &RunControls::updateRunTip);
  updateRunTip();
  // The cursor "Run to Cursor" follows: the editor's or an IR pane's,
  // whichever the user was in last.
  cursorPane = editor;
  connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
    if (now && (now == editor || now == ir->leftPane() || now == ir->rightPane()))
      cursorPane = now;
  });
  runToCycleAct = make(tr("Run to C&ycle…"), "runToCycle",
                       QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F10),
                       QStyle::SP_ArrowForward, tr("Go to a cycle of the run, forwards or back"));
  for (QAction *a : {continueAct, pauseAct, stopAct, stepEventAct, stepCycleAct,
                     stepBackAct, runToLineAct, runToCycleAct})
    window->addAction(a); // shortcuts work before the menu exists

  connect(continueAct, &QAction::triggered, this, &RunControls::runOrContinue);
  connect(pauseAct, &QAction::triggered, &run, &EmulatorRun::pause);
  connect(stopAct, &QAction::triggered, this, [this] {
    afterReady = nullptr;
    run.pause();
    // A run being compiled or recorded stops too (a part recorded stays;
    // before its first part, it does not start: cancelled()).
    // An older run shown while a new one was compiled stays where it is.
    const bool olderShown = run.recording() && !run.growing();
    run.stopRecording();
    if (run.hasSession() && !hidden && !olderShown)
      run.reset();
    updateActions();
  });
  connect(stepEventAct, &QAction::triggered, this,
          [this] { withSession([this] { run.stepEvent(); }); });
  connect(stepCycleAct, &QAction::triggered, this,
          [this] { withSession([this] { run.stepCycle(); }); });
  connect(stepBackAct, &QAction::triggered, this, [this] {
    run.pause();
    run.stepBack();
  });
  connect(runToLineAct, &QAction::triggered, this, &RunControls::runToCursorLine);
  connect(runToCycleAct, &QAction::triggered, this, &RunControls::askCycle);

  connect(&run, &EmulatorRun::ready, this, &RunControls::onReady);
  // A longer part of the run being recorded: what waited for it goes on.
  connect(&run, &EmulatorRun::extended, this, [this] {
    const spyre::emu::Session *s = run.session();
    run.setPlayRate(int(std::max<uint64_t>(1, s->totalEvents() / 330)), 30);
    // The whole run is in: the status bar no longer says "recording the
    // rest…".
    if (!run.growing() && !hidden)
      announceRun();
    std::function<void()> then = std::move(afterReady);
    afterReady = nullptr;
    if (then)
      then();
  });
  connect(&run, &EmulatorRun::positionChanged, this, &RunControls::onPosition);
  connect(&run, &EmulatorRun::playingChanged, this, &RunControls::updateActions);
  connect(&run, &EmulatorRun::started, this, [this] {
    dock->setStatus(tr("Recording the run on the emulator…"));
    window->statusBar()->showMessage(tr("Recording the run on the emulator…"));
    updateActions();
  });
  // The part shown is all there will be: the status says so at once.
  connect(&run, &EmulatorRun::recordingStopped, this, [this] {
    if (hidden)
      return;
    announceRun();
    onPosition();
  });
  connect(&run, &EmulatorRun::cancelled, this, [this] {
    afterReady = nullptr;
    const QString stopped = tr("Stopped before the run was recorded");
    window->statusBar()->showMessage(stopped, 5000);
    if (run.hasSession() && !hidden) {
      onPosition(); // the older run shown, where it is
      dock->setStatus(tr("%1; shown: the previous run (F5 records the new one)").arg(stopped));
    } else {
      dock->setStatus(tr("%1: F5 records it and plays it, F10 records it and stops before "
                         "its first event").arg(stopped));
    }
    updateActions();
  });
  connect(&run, &EmulatorRun::failed, this, [this](const QStringList &errors) {
    afterReady = nullptr;
    QString first = errors.value(0, tr("the run failed"));
    // An older run still shown below is said to be that.
    dock->setStatus(run.hasSession() && !hidden
                        ? tr("The emulated run failed: %1\nShown: the previous run").arg(first)
                        : tr("The emulated run failed: %1").arg(first));
    window->statusBar()->showMessage(tr("The emulated run failed: %1").arg(first), 10000);
    updateActions();
  });
  connect(dock->view(), &TimelineView::cycleRequested, this, [this](uint64_t c) {
    if (hidden)
      return;
    run.requestCycle(c);
  });
  updateActions();
}

void RunControls::addActions(QMenu *menu) {
  QAction *before = menu->actions().value(0);
  for (QAction *a : {continueAct, pauseAct, stopAct})
    menu->insertAction(before, a);
  menu->insertSeparator(before);
  for (QAction *a : {stepEventAct, stepCycleAct, stepBackAct, runToLineAct, runToCycleAct})
    menu->insertAction(before, a);
  menu->insertSeparator(before);
  menu->insertAction(before, inputsAct);
  menu->insertSeparator(before);
  menu->addAction(dock->toggleViewAction());

  bar = new QToolBar(tr("Run"), window);
  bar->setObjectName("runToolBar");
  bar->setIconSize(QSize(16, 16));
  bar->addActions({continueAct, pauseAct, stopAct});
  bar->addSeparator();
  bar->addActions({stepBackAct, stepEventAct, stepCycleAct, runToLineAct});
  bar->addSeparator();
  bar->addAction(inputsAct);
  window->addToolBar(Qt::TopToolBarArea, bar);
}

bool RunControls::sessionCurrent() const {
  // A run hidden when another kernel was opened is not shown by any view
  // (the Timeline, the chart and the summary were cleared): back on its
  // kernel, F5 / F10 record it again so that every view shows it.
  return !hidden && sessionOfCurrentInput();
}

bool RunControls::sessionOfCurrentInput() const {
  if (!run.hasSession() || !inputOf)
    return false;
  EmulatorRun::Input now = currentInput();
  const EmulatorRun::Input &had = run.input();
  // A recording stopped before its end is recorded again; another kernel
  // of the module chosen in the Kernel box is another run.
  return now.sameRunAs(had) && (run.complete() || run.growing());
}

EmulatorRun::Input RunControls::currentInput() const {
  EmulatorRun::Input in = inputOf ? inputOf() : EmulatorRun::Input();
  in.seed = chosenInputs.seed;
  in.inputFiles = chosenInputs.files;
  in.scalars = chosenInputs.scalars;
  // The kernel's own `// RUN-ARGS: --arg NAME=VALUE` for the values the
  // Inputs dialog was not given (a malformed line gives none).
  spyre::driver::RunArgsComment comment;
  std::string ignored;
  if (spyre::driver::readRunArgsComment(in.source.toStdString(), comment, ignored))
    for (auto &[name, value] : comment.args)
      in.scalars.emplace(QString::fromStdString(name), QString::fromStdString(value));
  return in;
}

void RunControls::setInputs(const RunInputs &inputs) {
  chosenInputs = inputs;
  updateRunTip();
  Q_EMIT inputsChanged();
}

RunInputs RunControls::inputsSent() const {
  const std::optional<QStringList> &names = kernelArguments->names();
  return names ? chosenInputs.forArguments(*names) : chosenInputs;
}

void RunControls::readKernelArguments() {
  const EmulatorRun::Input in = currentInput();
  kernelArguments->read(in.source, in.name, in.function);
}

void RunControls::updateRunTip() {
  QString tip = tr("Record the kernel's run on the emulator (inputs: %1) and play it; "
                   "continue a paused run")
                    .arg(inputsSent().describe());
  continueAct->setStatusTip(tip);
  continueAct->setToolTip(QStringLiteral("%1 (%2)").arg(
      tip, continueAct->shortcut().toString(QKeySequence::NativeText)));
  inputsAct->setText(chosenInputs.files.empty() ? tr("&Inputs…")
                                                : tr("&Inputs (%1 files)…")
                                                      .arg(chosenInputs.files.size()));
}

bool RunControls::editInputs(const QString &focusArgument) {
  EmulatorRun::Input in = currentInput();
  RunInputsDialog dialog(chosenInputs, in.source, in.name, window);
  dialog.setObjectName("runInputsDialog");
  if (!focusArgument.isEmpty())
    dialog.focusArgument(focusArgument);
  if (dialog.exec() == QDialog::Accepted && dialog.inputs() != chosenInputs) {
    setInputs(dialog.inputs());
    window->statusBar()->showMessage(
        tr("Runs start from %1 (F5 records a new run)").arg(inputsSent().describe()), 8000);
    return true;
  }
  return false;
}

void RunControls::startRun(std::function<void()> then) {
  if (!inputOf)
    return;
  afterReady = std::move(then);
  run.start(currentInput());
}

void RunControls::withSession(std::function<void()> step) {
  run.pause();
  if (sessionCurrent()) {
    step();
    return;
  }
  // The run starts at its first event, highlighted. A recording of this
  // very input is waited for; one of another kernel (or inputs) gives way.
  EmulatorRun::Input now = currentInput();
  const EmulatorRun::Input &asked = run.requested();
  bool askedAlready = run.recording() && now.sameRunAs(asked);
  if (!askedAlready)
    startRun(nullptr);
}

void RunControls::runOrContinue() {
  if (sessionCurrent()) {
    if (run.session()->position() >= run.session()->totalEvents() && !run.growing())
      run.reset();
    run.play();
    return;
  }
  startRun([this] { run.play(); });
}

void RunControls::runTo(uint64_t n, std::function<void(bool)> done) {
  // Past the frontier of a run still being recorded, it waits for the
  // part that holds event n (or for the whole run).
  auto go = std::make_shared<std::function<void()>>();
  *go = [this, n, done, self = std::weak_ptr<std::function<void()>>(go)] {
    if (n > run.session()->totalEvents() && run.growing()) {
      if (auto again = self.lock())
        afterReady = [again] { (*again)(); };
      return;
    }
    uint64_t target = std::min<uint64_t>(n, run.session()->totalEvents());
    bool ok = run.seekEvent(target) || run.session()->position() == target;
    if (done)
      done(ok);
  };
  if (sessionCurrent())
    (*go)();
  else
    startRun([go] { (*go)(); });
}

void RunControls::documentChanged() {
  afterReady = nullptr;
  run.pause();
  hidden = true;
  dock->model().reset({}, 0);
  dock->view()->modelChanged();
  dock->setStatus(tr("No emulated run of this kernel yet: F5 records one and plays it, "
                     "F10 records one and stops before its first event"));
  dock->setNote(QString()); // what the old run's stretches stood for
  shownLine = 0;
  editor->clearHighlightedLines();
  ir->leftPane()->markerDeleteAll(IrPane::ExecutionMarker);
  ir->rightPane()->markerDeleteAll(IrPane::ExecutionMarker);
  updateActions();
}

void RunControls::onReady() {
  // The Timeline is filled by TimelineFeed (EmulatedRunViews).
  // A run of the kernel open before the current one, finished late.
  if (hidden && !sessionOfCurrentInput())
    return;
  hidden = false;
  const spyre::emu::Session *s = run.session();
  // A run plays in about ten seconds, however long it is.
  run.setPlayRate(int(std::max<uint64_t>(1, s->totalEvents() / 330)), 30);
  dock->show();
  dock->raise();
  if (!dock->isFloating() && dock->height() < window->height() / 3)
    window->resizeDocks({dock}, {window->height() / 3}, Qt::Vertical);
  // The whole run in view once the dock has its size (it was fitted to the
  // width it had behind the Diagnostics tab, so a narrow window cut the
  // run's end off).
  QTimer::singleShot(0, dock->view(), &TimelineView::fitAll);
  announceRun();
  std::function<void()> then = std::move(afterReady);
  afterReady = nullptr;
  if (then)
    then();
  onPosition();
}

void RunControls::announceRun() {
  const spyre::emu::Session *s = run.session();
  if (!s)
    return;
  const QString events = QLocale().toString(qulonglong(s->totalEvents()));
  const QString cycles = QLocale().toString(qulonglong(s->totalCycles()));
  if (s->faulted())
    window->statusBar()->showMessage(
        tr("The emulated run stopped: %1")
            .arg(QString::fromStdString(s->fault().message).section('\n', 0, 0)),
        10000);
  else if (run.growing())
    window->statusBar()->showMessage(
        tr("Emulated run: the first %1 events (%2 cycles) shown; recording the rest…")
            .arg(events, cycles),
        5000);
  else if (!run.complete())
    window->statusBar()->showMessage(
        tr("Recording stopped at event %1 (cycle %2)").arg(events, cycles), 5000);
  else
    window->statusBar()->showMessage(
        tr("Emulated run recorded: %1 events, %2 cycles").arg(events, cycles), 5000);
}

void RunControls::onPosition() {
  const spyre::emu::Session *s = run.session();
  if (!s || hidden)
    return;
  dock->view()->setCursorCycle(s->cycle());
  if (run.playing())
    dock->view()->revealCursor();
  EmulatorRun::Point p = run.current();
  QLocale loc;
  // A part of a run whose recording was stopped (Stop): not the run's end.
  bool cutShort = !run.complete() && !run.growing();
  QString where =
      p.engine < 0 && run.growing()
          ? tr("the end of the part recorded so far (recording the rest…)")
      : p.engine < 0 && cutShort && !s->faulted()
          ? tr("the end of the part recorded (the recording was stopped)")
      : p.engine < 0
          ? (s->faulted() ? tr("stopped: %1").arg(QString::fromStdString(
                                 s->fault().message).section('\n', 0, 0))
                          : tr("the run has ended"))
          : tr("next: %1 pc %2 · %3 · %4")
                .arg(p.engineName)
                .arg(p.pc)
                .arg(p.op.isEmpty() ? tr("?") : p.op)
                .arg(p.ktirLine > 0 ? tr("KTIR line %1").arg(p.ktirLine)
                                    : tr("no KTIR line"));
  dock->setStatus((run.growing() ? tr("cycle %1 / %2 · event %3 / %4 so far\n%5")
                    : cutShort    ? tr("cycle %1 / %2 · event %3 / %4 (recording stopped)\n%5")
                                  : tr("cycle %1 / %2 · event %3 / %4\n%5"))
                      .arg(loc.toString(qulonglong(s->cycle())),
                           loc.toString(qulonglong(s->totalCycles())),
                           loc.toString(qulonglong(s->position())),
                           loc.toString(qulonglong(s->totalEvents())), where));
  showPoint(p);
  updateActions();
}

void RunControls::showPoint(const EmulatorRun::Point &p) {
  shownLine = p.ktirLine;
  if (p.ktirLine > 0) {
    editor->highlightLines({p.ktirLine});
    editor->ensureLineVisible(p.ktirLine - 1);
  } else {
    editor->clearHighlightedLines();
  }
  Shown shown = shownOf ? shownOf() : Shown();
  if (shown.left && shown.right && !ir->isStale())
    ir->highlightSourceLine(p.ktirLine, shown.left->sourceLines,
                            shown.right->sourceLines);
  // The exact instruction where a pane shows the SpyreCode, the exact op
  // where it shows the DataflowIR the SpyreCode was made from: its 0-based
  // line in `pane`, or -1.
  auto lineOf = [&](QsciScintilla *pane, const spyre::driver::PassSnapshot *snap) -> int {
    if (!snap || p.engine < 0 || ir->isStale())
      return -1;
    int line = 0;
    if (snap == shown.spyreCode) {
      // The pane's own text: the snapshot's listing, which says where each
      // instruction is printed.
      line = snap->listing ? snap->listing->lineOf(p.program, p.pc) : 0;
    } else if (snap == shown.dataflow) {
      line = p.dataflowLine;
    }
    return line > 0 && line <= pane->lines() ? line - 1 : -1;
  };
  auto exact = [&](QsciScintilla *pane, const spyre::driver::PassSnapshot *snap) -> int {
    int at = lineOf(pane, snap);
    // Untouched when the run stays on that line (a marker change repaints
    // the pane's whole text).
    markers::setLines(pane, IrPane::ExecutionMarker,
                      at >= 0 ? QVector<int>{at} : QVector<int>());
    return at;
  };
  int left = exact(ir->leftPane(), shown.left);
  int right = exact(ir->rightPane(), shown.right);
  ir->revealLines(left, right);
}

void RunControls::focusCore(int core) {
  if (core < 0 || core == dock->model().focusedCore())
    return;
  dock->model().setFocusedCore(core);
  dock->view()->rowsChanged();
}

void RunControls::refreshHighlight() {
  if (run.hasSession() && !hidden)
    showPoint(run.current());
}

void RunControls::updateActions() {
  const spyre::emu::Session *s = hidden ? nullptr : run.session();
  bool playing = run.playing();
  bool atStart = !s || s->position() == 0;
  continueAct->setEnabled(!playing);
  pauseAct->setEnabled(playing);
  // A recording still going on can be stopped from its first event too
  // (F10 on a long run shows its start while the rest is recorded).
  // So can a run still being compiled, before anything of it is shown.
  stopAct->setEnabled(run.recording() || (s && (!atStart || playing)));
  stepBackAct->setEnabled(s && !atStart);
  // Stepping forwards stays enabled at the run's end: after an edit it
  // records the new kernel's run.
  runToCycleAct->setEnabled(s != nullptr);
}

void RunControls::askCycle() {
  const spyre::emu::Session *s = run.session();
  if (!s)
    return;
  bool ok = false;
  QString text = QInputDialog::getText(
      window, tr("Run to Cycle"),
      tr("Cycle (0 – %1):").arg(QLocale().toString(qulonglong(s->totalCycles()))),
      QLineEdit::Normal, QString::number(s->cycle()), &ok);
  if (!ok)
    return;
  qulonglong c = text.trimmed().remove(QLocale().groupSeparator()).remove(',').toULongLong(&ok);
  if (!ok) {
    window->statusBar()->showMessage(tr("\"%1\" is not a cycle number").arg(text), 5000);
    return;
  }
  run.pause();
  run.runToCycle(std::min<qulonglong>(c, s->totalCycles()));
  dock->view()->revealCursor();
}

RunTarget RunControls::targetUnderCursor() const {
  auto *pane = cursorPane ? qobject_cast<QsciScintilla *>(cursorPane.data()) : nullptr;
  if (!pane)
    pane = editor;
  int line = 0, index = 0;
  pane->getCursorPosition(&line, &index);
  ++line;
  if (pane == editor)
    return RunTarget::ktirLine(line);
  Shown shown = shownOf ? shownOf() : Shown();
  const spyre::driver::PassSnapshot *snap =
      pane == ir->leftPane() ? shown.left : shown.right;
  RunTarget none;
  if (!snap || ir->isStale()) {
    none.why = tr("the IR pane does not show the current compile");
    return none;
  }
  if (snap == shown.spyreCode)
    return RunTarget::instructionAt(snap->listing.get(), line);
  if (snap == shown.dataflow)
    return RunTarget::dataflowLine(line);
  return RunTarget::sourceLineOf(snap->sourceLines, line);
}

void RunControls::runToCursorLine() {
  RunTarget target = targetUnderCursor();
  if (target.kind == RunTarget::Kind::None) {
    window->statusBar()->showMessage(tr("Run to Cursor: %1").arg(target.why), 5000);
    return;
  }
  auto go = [this, target] {
    if (!run.runToNextEventOf(target))
      window->statusBar()->showMessage(
          tr("No later event runs %1").arg(target.describe()), 5000);
    dock->view()->revealCursor();
  };
  run.pause();
  if (sessionCurrent())
    go();
  else
    startRun(go);
}
