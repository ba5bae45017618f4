//===- ExportFolder.h - where export dialogs start --------------*- C++ -*-===//
//
// Every "Export…" and "Save … As" dialog of the window proposes its file in
// the kernel's folder (the app sets it when a kernel is opened or saved;
// an untitled kernel: the folder of the last file opened or saved, as
// Save As proposes), not in whatever folder the process started in.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_EXPORTFOLDER_H
#define SPYRE_VIEWS_EXPORTFOLDER_H

#include <QString>

class QWidget;

class ExportFolder {
public:
  /// The folder proposals start in ("" : the process's folder).
  static void setDirectory(const QString &directory);
  static QString directory();
  /// `fileName` in that folder.
  static QString proposal(const QString &fileName);
  /// Asks where to save, starting at proposal(`fileName`); "" when
  /// cancelled. `filter` as QFileDialog's.
  static QString askSave(QWidget *parent, const QString &caption, const QString &fileName,
                         const QString &filter);
};

#endif
