//===- RecentFiles.cpp - File > Open Recent -------------------------------===//

#include "RecentFiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

RecentFiles::RecentFiles(QMenu *menu, QObject *parent)
    : QObject(parent), recentMenu(menu) {
  recentMenu->setToolTipsVisible(true);
  rebuild();
}

QStringList RecentFiles::paths() const {
  QStringList out;
  for (const QString &path : QSettings().value("recentFiles").toStringList())
    if (QFileInfo(path).isAbsolute() && !out.contains(path))
      out << path;
  return out;
}

void RecentFiles::add(const QString &path) {
  const QString absolute = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
  QStringList recent = paths();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > kMax)
    recent.removeLast();
  QSettings().setValue("recentFiles", recent);
  rebuild();
}

void RecentFiles::rebuild() {
  recentMenu->clear();
  for (const QString &path : paths()) {
    QFileInfo info(path);
    QAction *action = recentMenu->addAction(
        QStringLiteral("%1 — %2").arg(info.fileName(),
                                      QDir::toNativeSeparators(info.path())));
    action->setToolTip(QDir::toNativeSeparators(path));
    action->setData(path);
    connect(action, &QAction::triggered, this,
            [this, path] { Q_EMIT openRequested(path); });
  }
  recentMenu->setEnabled(!recentMenu->isEmpty());
}
