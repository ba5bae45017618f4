//===- SampleCatalog.cpp - the bundled sample kernels ---------------------===//

#include "SampleCatalog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

QList<SampleCatalog::Sample> SampleCatalog::list(const QString &directory) {
  QList<Sample> out;
  QDir dir(directory);
  for (const QString &name : dir.entryList({"*.mlir"}, QDir::Files, QDir::Name)) {
    Sample s;
    s.path = dir.absoluteFilePath(name);
    s.name = name;
    QFile f(s.path);
    if (f.open(QIODevice::ReadOnly))
      s.description = descriptionOf(QString::fromUtf8(f.readLine(4096)));
    out << s;
  }
  return out;
}

QString SampleCatalog::descriptionOf(const QString &firstLine) {
  QString line = firstLine.trimmed();
  if (!line.startsWith(QLatin1String("//")))
    return QString();
  line = line.mid(2).trimmed();
  const int dash = line.indexOf(QLatin1String(" -- "));
  if (dash >= 0)
    line = line.mid(dash + 4).trimmed();
  while (line.endsWith(':') || line.endsWith('.'))
    line.chop(1);
  return line.trimmed();
}

bool SampleCatalog::isSample(const QString &path, const QString &directory) {
  const QString dir = QFileInfo(directory).canonicalFilePath();
  const QString fileDir = QFileInfo(path).canonicalPath();
  return !dir.isEmpty() && dir == fileDir;
}
