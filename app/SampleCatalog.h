//===- SampleCatalog.h - the bundled sample kernels -------------*- C++ -*-===//
//
// The samples folder's kernels with the one-line description from each
// file's header comment ("// name.mlir -- what it does: ..."), for the
// Samples menu.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_SAMPLECATALOG_H
#define SPYRE_APP_SAMPLECATALOG_H

#include <QList>
#include <QString>

class SampleCatalog {
public:
  struct Sample {
    QString path;
    QString name;        ///< file name
    QString description; ///< from the header; empty if none
  };
  /// The *.mlir files of `directory`, by name.
  static QList<Sample> list(const QString &directory);
  /// The description in the first comment line: what follows " -- " (or
  /// the whole comment when there is none), without a trailing ':'.
  static QString descriptionOf(const QString &firstLine);
  /// Whether `path` is a file of the samples folder `directory`.
  static bool isSample(const QString &path, const QString &directory);
};

#endif
