//===- MachineDocks.cpp - the ring and scratchpad docks, and runs ---------===//

#include "MachineDocks.h"

#include "models/Bytes.h"
#include "CompileController.h"
#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "RingView.h"
#include "RunNoteBar.h"

#include "driver/Architecture.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenuBar>
#include <QVBoxLayout>

#include <algorithm>

MachineDocks::MachineDocks(QMainWindow *window, CompileController *compiler)
    : QObject(window), window(window), compiler(compiler) {
  ringView = new RingView(window);
  ringView->setObjectName("ringView");
  ringView->setToolTip(QString()); // per-core tooltips only
  // The note over the ring says, as the run's other views do, when the
  // run it shows is not the editor's kernel (RunNotes).
  ringNote = new RunNoteBar(window);
  ringNote->setObjectName("ringNote");
  auto *ringBox = new QWidget(window);
  auto *ringLayout = new QVBoxLayout(ringBox);
  ringLayout->setContentsMargins(0, 0, 0, 0);
  ringLayout->setSpacing(0);
  ringLayout->addWidget(ringNote);
  ringLayout->addWidget(ringView, 1);
  ringDock = new QDockWidget(tr("Ring"), window);
  ringDock->setObjectName("ringDock");
  ringDock->setWidget(ringBox);

  model = new OccupancyModel(this);
  chartView = new OccupancyChart(window);
  chartView->setObjectName("occupancyChart");
  chartView->setModel(model);
  chartDock = new QDockWidget(tr("Scratchpad"), window);
  chartDock->setObjectName("occupancyDock");
  chartDock->setWidget(chartView);

  // The ring under the pass list, the left column running the window's
  // full height (the ring needs it more than the bottom area needs the
  // width); the chart in the bottom area, a tab beside the diagnostics.
  window->setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  QDockWidget *passes = window->findChild<QDockWidget *>("passListDock");
  QDockWidget *diagnostics = window->findChild<QDockWidget *>("diagnosticsDock");
  window->addDockWidget(Qt::LeftDockWidgetArea, ringDock);
  if (passes)
    window->splitDockWidget(passes, ringDock, Qt::Vertical);
  window->addDockWidget(Qt::BottomDockWidgetArea, chartDock);
  if (diagnostics) {
    window->tabifyDockWidget(diagnostics, chartDock);
    diagnostics->raise();
  }

  connect(ringView, &RingView::coreFocused, chartView,
          &OccupancyChart::setFocusedCore);
  connect(chartView, &OccupancyChart::coreChosen, ringView,
          &RingView::focusCore);
  connect(compiler, &CompileController::finished, this,
          &MachineDocks::onCompiled);
  connect(&controller, &RunController::finished, this, &MachineDocks::onRun);
  connect(&controller, &RunController::started, this, [this] {
    chartView->setSubtitle(tr("running on the interpreter…"));
    chartView->setEmptyText(tr("Running the kernel on the interpreter…"));
    if (runAct)
      runAct->setText(tr("&Run on Interpreter (running…)"));
  });
}

void MachineDocks::addRunMenu(QMenuBar *menuBar,
                              std::function<RunController::Input()> input) {
  inputOf = std::move(input);
  QMenu *menu = menuBar->addMenu(tr("&Run"));
  runAct = menu->addAction(tr("&Run on Interpreter"), this, &MachineDocks::run);
  runAct->setObjectName("runOnInterpreter");
  // F5 runs on the emulator (RunControls); the interpreter is Ctrl+F5.
  runAct->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
  runAct->setToolTip(tr("Run the kernel on the reference interpreter with "
                        "random inputs (seed 0) and chart each core's "
                        "scratchpad"));
  menu->addSeparator();
  menu->addAction(ringDock->toggleViewAction());
  menu->addAction(chartDock->toggleViewAction());
}

void MachineDocks::onCompiled() {
  QString arch = compiler->architectureName();
  if (arch == archShown)
    return;
  archShown = arch;
  std::vector<spyre::driver::Diagnostic> ignored; // the compile shows them
  auto loaded = spyre::driver::loadArchitecture(arch.toStdString(), ignored);
  ringView->setArchitecture(loaded ? *loaded : spyre::arch::Arch());
}

void MachineDocks::showSnapshot(const spyre::driver::PassSnapshot *snapshot) {
  ringView->setSnapshot(snapshot);
}

void MachineDocks::run() {
  if (!inputOf)
    return;
  controller.run(inputOf());
}

void MachineDocks::focusCore(int core) {
  ringView->focusCore(core);
  chartView->setFocusedCore(core);
}

void MachineDocks::onRun() {
  const RunController::Outcome &out = controller.latest();
  const RunController::Input &input = controller.latestInput();
  if (runAct)
    runAct->setText(tr("&Run on Interpreter"));
  model->setTrace(out.trace);
  // An emulated run's cursor (a cycle) means nothing on this trace (its
  // scratchpad events).
  chartView->clearCursor();
  std::vector<uint64_t> peaks(size_t(std::max(out.cores, 0)), 0);
  for (const auto &e : out.trace.events)
    if (e.core >= 0 && size_t(e.core) < peaks.size())
      peaks[size_t(e.core)] = std::max(peaks[size_t(e.core)], e.inUse);
  ringView->setRunPeaks(out.result.ok ? peaks : std::vector<uint64_t>());
  // The inputs the kernel's own arguments got, not another kernel's values.
  QString what = tr("interpreter, %1, %2")
                     .arg(out.sent.describe(),
                          QFileInfo(input.name).fileName());
  if (out.result.ok) {
    chartView->setSubtitle(tr("%1 · %2 scratchpad events")
                               .arg(what, formatCount(out.trace.events.size())));
    // Seen only when the run allocates nothing: not "Running…" for ever.
    chartView->setEmptyText(tr("The interpreter's run allocates no scratchpad buffer."));
  } else {
    QString why = out.result.diagnostics.empty()
                      ? tr("the run failed")
                      : QString::fromStdString(
                            out.result.diagnostics.front().message);
    chartView->setSubtitle(tr("%1 · failed: %2").arg(what, why));
    chartView->setEmptyText(tr("The run failed: %1").arg(why));
  }
  showChart();
}

void MachineDocks::showChart() {
  chartDock->raise();
  // A chart needs some height: the bottom area gets a third of the window
  // when it has less.
  if (chartDock->height() < window->height() / 3 && !chartDock->isFloating())
    window->resizeDocks({chartDock}, {window->height() / 3}, Qt::Vertical);
}
