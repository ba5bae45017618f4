//===- WithoutRunArgs.h - a test kernel without its RUN-ARGS line -*- C++ -*-===//
//
// The explorer runs a kernel with the scalar values of its own
// `// RUN-ARGS:` line; a test of what a run without a value does writes
// the kernel without that line.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_APP_WITHOUTRUNARGS_H
#define SPYRE_TESTS_APP_WITHOUTRUNARGS_H

#include <QFile>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

/// tests/kernels' `name` without its `// RUN-ARGS:` line, written in `dir`;
/// "" when it cannot be.
inline QString withoutRunArgs(const QString &name, const QTemporaryDir &dir) {
  QFile in(QStringLiteral(SPYRE_TEST_KERNELS_DIR) + "/" + name);
  if (!in.open(QIODevice::ReadOnly))
    return {};
  QStringList lines = QString::fromUtf8(in.readAll()).split('\n');
  lines.removeIf([](const QString &l) { return l.startsWith("// RUN-ARGS:"); });
  const QString path = dir.filePath(name);
  QFile out(path);
  if (!out.open(QIODevice::WriteOnly))
    return {};
  out.write(lines.join('\n').toUtf8());
  return path;
}

#endif
