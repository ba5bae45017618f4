//===- RecentFiles.h - File > Open Recent -----------------------*- C++ -*-===//
//
// The recently opened kernels and sessions, newest first, as absolute paths
// in the settings ("recentFiles"), so they open the same file whatever
// folder the app starts from. The menu shows "name — folder" with the full
// path as tool tip; entries that were stored relative (by older versions)
// are dropped, since their folder is unknown.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_RECENTFILES_H
#define SPYRE_APP_RECENTFILES_H

#include <QObject>
#include <QStringList>

class QMenu;

class RecentFiles : public QObject {
  Q_OBJECT

public:
  static constexpr int kMax = 8;
  explicit RecentFiles(QMenu *menu, QObject *parent = nullptr);

  /// Puts `path` (made absolute) first.
  void add(const QString &path);
  QStringList paths() const;

Q_SIGNALS:
  void openRequested(const QString &path);

private:
  void rebuild();
  QMenu *recentMenu;
};

#endif
