//===- SampleText.h - a sample kernel's text, for the app's tests -*- C++ -*-===//
#ifndef SPYRE_TESTS_APP_SAMPLETEXT_H
#define SPYRE_TESTS_APP_SAMPLETEXT_H

#include "MainWindow.h"

#include <QDir>
#include <QFile>
#include <QString>

/// The text of samples/`name` (empty when it cannot be read).
inline QString sampleText(const QString &name) {
  QFile f(QDir(MainWindow::samplesDirectory()).filePath(name));
  if (!f.open(QIODevice::ReadOnly))
    return {};
  return QString::fromUtf8(f.readAll());
}

#endif
