//===- PassDocks.h - the Pass notes and Search passes docks -----*- C++ -*-===//
//
// Puts the two docks about passes into the window, as tabs beside the Ring
// under the pass list: Pass notes (the selected pass's description, its
// options as a table: it follows the selection) and Search passes (which
// passes change how often a text occurs: choosing one selects it in the
// pass list). Edit ▸ Search All Passes… (Ctrl+Shift+F) opens the search.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_PASSDOCKS_H
#define SPYRE_APP_PASSDOCKS_H

#include <QObject>

class PassListPanel;
class PassNotesDock;
class PassSearchDock;
class QMainWindow;
class QMenu;

class PassDocks : public QObject {
  Q_OBJECT

public:
  PassDocks(QMainWindow *window, PassListPanel *passes);

  /// Adds Search All Passes… to `menu`.
  void addToMenu(QMenu *menu);
  /// The pass list shows new snapshots (a compile, or a failed one).
  void snapshotsChanged();
  /// The pass the IR panes show changed.
  void selectionChanged();

  PassNotesDock *notes() const { return notesDock; }
  PassSearchDock *search() const { return searchDock; }

private:
  QMainWindow *window;
  PassListPanel *passes;
  PassNotesDock *notesDock = nullptr;
  PassSearchDock *searchDock = nullptr;
};

#endif
