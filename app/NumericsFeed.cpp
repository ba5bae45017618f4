//===- NumericsFeed.cpp - the Numerics dock follows the run ---------------===//

#include "NumericsFeed.h"

#include "EmulatedRunViews.h"
#include "EmulatorRun.h"

#include "CodeEditor.h"
#include "NumericsDock.h"
#include "RunSummary.h"

#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

NumericsFeed::NumericsFeed(QMainWindow *window, EmulatedRunViews *views,
                           EmulatorRun *run, CodeEditor *editor)
    : QObject(window), window(window), run(run), editor(editor) {
  numerics = new NumericsDock(window);
  window->addDockWidget(Qt::BottomDockWidgetArea, numerics);
  if (QDockWidget *summary = views->summaryDock()) {
    window->tabifyDockWidget(summary, numerics);
    // Tabifying raised the new tab; the docks raised before stay on top.
    if (auto *chart = window->findChild<QDockWidget *>("occupancyDock"))
      chart->raise();
  }
  connect(views, &EmulatedRunViews::summarised, this,
          [this](const RunSummaryData &data) {
            if (!data.compared) {
              numerics->clear(RunSummary::outputsVerdict(data));
              return;
            }
            numerics->setVerdict(data.numerics,
                                 tr("%1 on %2").arg(data.kernel, data.arch));
          });
  connect(views, &EmulatedRunViews::runCleared, this,
          [this] { numerics->clear(); });
  connect(numerics, &NumericsDock::elementActivated, this,
          [this](const spyre::driver::JudgedElement &e) { goTo(e); });
}

void NumericsFeed::addToMenu(QMenu *menu) {
  QAction *toggle = numerics->toggleViewAction();
  toggle->setObjectName("showNumericsDock");
  menu->addAction(toggle);
}

bool NumericsFeed::goTo(const spyre::driver::JudgedElement &e) {
  int storeLine = e.storeLine > 0 ? e.storeLine : e.line;
  bool moved = run->hasSession() &&
               run->seekToExecutionOf(storeLine, e.core, e.storeOccurrence);
  QString where;
  for (size_t i = 0; i < e.coords.size(); ++i)
    where += (i ? ", " : "") + QString::number(e.coords[i]);
  if (e.line > 0) {
    // The line that computed it, selected and in view.
    int line = e.line - 1;
    editor->setSelection(line, 0, line, editor->lineLength(line));
    editor->ensureLineVisible(line);
  }
  window->statusBar()->showMessage(
      moved ? tr("Element [%1]: computed by line %2, stored by line %3 on "
                 "core %4 (the run is at that store)")
                  .arg(where)
                  .arg(e.line)
                  .arg(storeLine)
                  .arg(e.core)
            : tr("Element [%1]: computed by line %2; the run has no store "
                 "of it to go to")
                  .arg(where)
                  .arg(e.line),
      8000);
  return moved;
}
