//===- ShortcutsDialog.cpp - Help > Keyboard Shortcuts --------------------===//

#include "ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {
void walk(const QMenu *menu, const QString &path, QList<QPair<QString, QString>> &out) {
  for (QAction *action : menu->actions()) {
    const QString name = path + QStringLiteral(" ▸ ") + QString(action->text()).remove('&');
    if (action->menu())
      walk(action->menu(), name, out);
    else if (!action->shortcuts().isEmpty()) {
      QStringList keys;
      for (const QKeySequence &k : action->shortcuts())
        keys << k.toString(QKeySequence::NativeText);
      out.append({name, keys.join(QStringLiteral(", "))});
    }
  }
}
} // namespace

QList<QPair<QString, QString>> ShortcutsDialog::collect(const QMenuBar *menus) {
  QList<QPair<QString, QString>> out;
  for (QAction *top : menus->actions())
    if (top->menu())
      walk(top->menu(), QString(top->text()).remove('&'), out);
  return out;
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menus, QWidget *parent) : QDialog(parent) {
  setObjectName("shortcutsDialog");
  setWindowTitle(tr("Keyboard Shortcuts"));
  QList<QPair<QString, QString>> rows = collect(menus);
  rows.append({tr("Editor ▸ Go to definition of an SSA value"), tr("Ctrl+click")});
  rows.append({tr("Find bar ▸ Next / previous match"), tr("Enter / Shift+Enter")});
  rows.append({tr("Find bar ▸ Close"), tr("Escape")});
  rows.append({tr("Pass list ▸ Previous / next pass"), tr("Up / Down")});
  rows.append({tr("IR pane ▸ Find in this pane"), tr("Ctrl+F (with the focus in the pane)")});
  rows.append({tr("Timeline ▸ Zoom around the pointer"), tr("Wheel")});
  rows.append({tr("Timeline ▸ Pan / scroll the lanes"), tr("Drag, horizontal wheel / Shift+wheel")});
  rows.append({tr("Timeline ▸ Move the current cycle (seeks the run)"),
               tr("Drag the cursor, or click the ruler")});
  rows.append({tr("Timeline ▸ Collapse / focus a core"), tr("Click / double-click its label")});
  shortcutTable = new QTableWidget(rows.size(), 2, this);
  shortcutTable->setObjectName("shortcutsTable");
  shortcutTable->setHorizontalHeaderLabels({tr("Command"), tr("Keys")});
  shortcutTable->verticalHeader()->hide();
  shortcutTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
  shortcutTable->setWordWrap(false);
  for (int r = 0; r < rows.size(); ++r) {
    shortcutTable->setItem(r, 0, new QTableWidgetItem(rows[r].first));
    shortcutTable->setItem(r, 1, new QTableWidgetItem(rows[r].second));
  }
  shortcutTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  shortcutTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(shortcutTable);
  layout->addWidget(buttons);
  resize(620, 520);
}
