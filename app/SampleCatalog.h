//===- SampleCatalog.h - the bundled sample kernels -------------*- C++ -*-===//
//
// The samples folder's kernels, from simple to hard (samples/ORDER), with the one-line description from each
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
  /// The *.mlir files of `directory`, from simple to hard: in the order
  /// its ORDER file lists them, then the others by name.
  static QList<Sample> list(const QString &directory);
  /// The names ORDER lists (one a line; '#' starts a comment).
  static QStringList order(const QString &directory);
  /// The description in the header's first comment line: what follows
  /// " -- " (or the whole comment when there is none), continued on the
  /// next comment lines until a sentence ends, a blank comment line or an
  /// indented formula; without a trailing ':' or '.'; at most 100
  /// characters (cut with "…").
  static QString descriptionOf(const QStringList &headerLines);
  /// Whether `path` is a file of the samples folder `directory`.
  static bool isSample(const QString &path, const QString &directory);
};

#endif
