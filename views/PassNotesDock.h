//===- PassNotesDock.h - the selected pass's description --------*- C++ -*-===//
//
// The Pass notes dock ("passNotesDock" -> "passNotes"): the pass the IR
// panes show, its stage, time and whether it changed the IR, and its
// description rendered from Markdown, its options as a table (the pass
// list's tooltip is the same text; here it can be read while the panes
// are looked at, and it follows the selection).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_PASSNOTESDOCK_H
#define SPYRE_VIEWS_PASSNOTESDOCK_H

#include "driver/Compile.h"

#include <QDockWidget>

class QTextBrowser;

class PassNotesDock : public QDockWidget {
  Q_OBJECT

public:
  explicit PassNotesDock(QWidget *parent = nullptr);

  /// Shows `snapshot`'s pass (null: none compiled yet).
  void showPass(const spyre::driver::PassSnapshot *snapshot);
  /// The pass shown ("" for none).
  QString pass() const { return shownPass; }
  QTextBrowser *browser() const { return notes; }
  /// The page for `snapshot`, as HTML (pure).
  static QString html(const spyre::driver::PassSnapshot &snapshot);

private:
  QTextBrowser *notes = nullptr;
  QString shownPass;
};

#endif
