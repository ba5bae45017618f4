//===- ShortcutsDialog.h - Help > Keyboard Shortcuts ------------*- C++ -*-===//
//
// A table of every menu command that has a shortcut, read from the menu
// bar itself (so it cannot drift from the menus), plus the keys that work
// without a menu entry (Ctrl+click, Enter in the find bar, ...).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_SHORTCUTSDIALOG_H
#define SPYRE_APP_SHORTCUTSDIALOG_H

#include <QDialog>

class QMenuBar;
class QTableWidget;

class ShortcutsDialog : public QDialog {
  Q_OBJECT

public:
  explicit ShortcutsDialog(const QMenuBar *menus, QWidget *parent = nullptr);

  /// "Menu ▸ Command" and its shortcut, for every menu action that has one.
  static QList<QPair<QString, QString>> collect(const QMenuBar *menus);
  QTableWidget *table() const { return shortcutTable; }

private:
  QTableWidget *shortcutTable;
};

#endif
