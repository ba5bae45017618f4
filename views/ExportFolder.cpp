//===- ExportFolder.cpp - where export dialogs start ----------------------===//

#include "ExportFolder.h"

#include <QDir>
#include <QFileDialog>

namespace {
QString &folder() {
  static QString f;
  return f;
}
} // namespace

void ExportFolder::setDirectory(const QString &directory) { folder() = directory; }

QString ExportFolder::directory() {
  return folder().isEmpty() ? QDir::currentPath() : folder();
}

QString ExportFolder::proposal(const QString &fileName) {
  return QDir(directory()).filePath(fileName);
}

QString ExportFolder::askSave(QWidget *parent, const QString &caption,
                              const QString &fileName, const QString &filter) {
  return QFileDialog::getSaveFileName(parent, caption, proposal(fileName), filter);
}
