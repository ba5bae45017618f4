//===- PassDocks.cpp - the Pass notes and Search passes docks -------------===//

#include "PassDocks.h"

#include "models/PassListModel.h"
#include "PassListPanel.h"
#include "PassNotesDock.h"
#include "PassSearchDock.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

PassDocks::PassDocks(QMainWindow *mainWindow, PassListPanel *passList)
    : QObject(mainWindow), window(mainWindow), passes(passList) {
  notesDock = new PassNotesDock(window);
  searchDock = new PassSearchDock(window);
  window->addDockWidget(Qt::LeftDockWidgetArea, notesDock);
  window->addDockWidget(Qt::LeftDockWidgetArea, searchDock);
  // Tabs beside the Ring, under the pass list; the Ring stays in front.
  if (auto *ring = window->findChild<QDockWidget *>("ringDock")) {
    window->tabifyDockWidget(ring, notesDock);
    window->tabifyDockWidget(notesDock, searchDock);
    ring->raise();
  }
  searchDock->setSnapshots(&passes->model()->snapshots());
  connect(searchDock, &PassSearchDock::passChosen, passes,
          [this](const QString &pass) { passes->selectPass(pass); });
}

void PassDocks::addToMenu(QMenu *menu) {
  QAction *find = menu->addAction(tr("Search All &Passes…"), this,
                                  [this] { searchDock->focusField(); });
  find->setObjectName("searchAllPasses");
  find->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
  find->setToolTip(tr("Which passes change how often an op name or text occurs"));
}

void PassDocks::snapshotsChanged() {
  searchDock->setSnapshots(&passes->model()->snapshots());
}

void PassDocks::selectionChanged() {
  notesDock->showPass(passes->model()->snapshot(passes->shownRow()));
}
