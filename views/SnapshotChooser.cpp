//===- SnapshotChooser.cpp - which snapshot an IR pane shows --------------===//

#include "SnapshotChooser.h"

SnapshotChooser::SnapshotChooser(Side side, QWidget *parent)
    : QComboBox(parent), paneSide(side) {
  setSizeAdjustPolicy(QComboBox::AdjustToContents);
  setToolTip(tr("Which snapshot this pane shows: follow the pass list, or "
                "pin one"));
  setPasses({});
  connect(this, &QComboBox::currentIndexChanged, this, [this] {
    if (!rebuilding)
      Q_EMIT choiceChanged();
  });
}

void SnapshotChooser::setPasses(const QStringList &passes) {
  QString pinned = pinnedPass();
  passNames = passes;
  rebuilding = true;
  clear();
  addItem(paneSide == Side::Before ? tr("Before the selected pass")
                                 : tr("After the selected pass"));
  for (int i = 0; i < passes.size(); ++i)
    addItem(i == 0 ? passes[i] : tr("after %1").arg(passes[i]), i);
  int index = pinned.isEmpty() ? -1 : passes.indexOf(pinned);
  setCurrentIndex(index < 0 ? 0 : index + 1);
  rebuilding = false;
}

QString SnapshotChooser::pinnedPass() const {
  int i = currentIndex();
  return i > 0 && i - 1 < passNames.size() ? passNames[i - 1] : QString();
}

bool SnapshotChooser::setPinnedPass(const QString &pass) {
  int index = pass.isEmpty() ? 0 : passNames.indexOf(pass) + 1;
  if (index < 0 || (index == 0 && !pass.isEmpty()))
    return false;
  setCurrentIndex(index);
  return true;
}

int SnapshotChooser::resolve(int selectedRow) const {
  int i = currentIndex();
  if (i > 0)
    return i - 1;
  return paneSide == Side::Before && selectedRow > 0 ? selectedRow - 1
                                                   : selectedRow;
}

QString SnapshotChooser::title(int selectedRow) const {
  if (currentIndex() > 0)
    return currentText() + tr(" (pinned)");
  QString pass = selectedRow >= 0 && selectedRow < passNames.size()
                     ? passNames[selectedRow]
                     : QString();
  return (paneSide == Side::Before ? tr("before %1") : tr("after %1")).arg(pass);
}
